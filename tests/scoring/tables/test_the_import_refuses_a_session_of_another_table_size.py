"""The import checks a session's table like 开一场: four names for a season of three are
refused naming ``players``, and a round carrying a ruleset of another table size than
its session's is refused naming the round; nothing of the line is stored. A season
whose table size changed exports and imports as it was played."""

from __future__ import annotations

import json

import pytest

from leagues.services import season_update
from scoring.club_file import club_export_lines, lines_import
from scoring.models import Round, Session
from scoring.services import round_record, session_start
from tests.factories import make_ruleset, make_table_season, round_self_draw
from tests.scoring.tables.rounds import KONG_WIN

pytestmark = pytest.mark.django_db


def line(season, players, rounds):
    names = [p.display_name for p in players]
    return json.dumps(
        {"season": season.name, "players": names, "rounds": rounds}, ensure_ascii=False
    )


def test_four_names_for_a_season_of_three_are_refused(club, players, organiser):
    season = make_table_season(club, 3)

    report, _ = lines_import(
        lines=[line(season, players[:4], [KONG_WIN])], actor=organiser, club=club
    )

    assert [(e["field"], e["code"]) for e in report.failed[0][1]] == [("players", "players")]
    assert not Session.objects.exists()


def test_a_round_scored_for_four_in_a_session_of_three_is_refused(club, players, organiser):
    season = make_table_season(club, 3)
    four = {"round": round_self_draw(3), "ruleset": {"preset": "changsha-67"}}

    report, _ = lines_import(
        lines=[line(season, players[:3], [KONG_WIN, four])], actor=organiser, club=club
    )

    assert [(e["field"], e["code"]) for e in report.failed[0][1]] == [
        ("rounds[1]", "table_size_changed")
    ]
    assert not Round.objects.exists() and not Session.objects.exists()


def test_a_season_that_went_from_four_to_three_round_trips(
    club, season, players, recorder, organiser
):
    four = session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)
    round_record(session=four, data=round_self_draw(2), actor=recorder)
    three_rules = make_ruleset(club, {"preset": "changsha-67", "players": 3, "kong_pay": True})
    season_update(season=season, ruleset=three_rules, actor=organiser)
    three = session_start(season=season, players=players[4:7], first_dealer=0, actor=recorder)
    round_record(session=three, data=KONG_WIN, actor=recorder)
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)

    report, copy = lines_import(lines=lines, actor=recorder)

    assert report.ok and report.sessions == 2, report.failed
    copied = Round.objects.filter(session__season__club=copy).order_by("session__started_at")
    assert [len(r.result["net"]) for r in copied] == [4, 3]
