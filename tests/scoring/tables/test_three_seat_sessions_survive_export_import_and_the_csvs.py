"""A season played at three seats (rounds with kongs, a voided round, a paper session)
exports and imports to the same rounds and standings; the season's round downloads keep
a column a seat of four and leave the missing fourth seat blank; paper sessions take one
net a seat."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.club_file import club_export_lines, lines_import
from scoring.models import Round, Session, Transfer
from scoring.services import paper_session_record, round_record, round_void, session_finish
from scoring.standings.models import STAT_FIELDS, PlayerSeasonStat
from tests.api_helpers import club_url, token_client
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import DRAW_KONGS, KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(club, players, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)
    for data in (KONG_WIN, TONGPAO):
        round_record(session=session, data=data, actor=recorder)
    round_void(
        round=round_record(session=session, data=DRAW_KONGS, actor=recorder),
        reason="录错",
        actor=recorder,
    )
    session_finish(session=session, actor=recorder)
    paper_session_record(season=season, players=players[3:6], nets=[5, -2, -3], actor=recorder)
    return season


def standings(season):
    rows = PlayerSeasonStat.objects.filter(season=season).select_related("player")
    return sorted((r.player.display_name, *(getattr(r, f) for f in STAT_FIELDS)) for r in rows)


def test_an_exported_three_seat_season_imports_to_the_same_rounds_and_standings(
    club, recorder, three
):
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    lines[0] = json.dumps(header, ensure_ascii=False)
    exported = [json.loads(line) for line in lines[1:]]

    report, copy = lines_import(lines=lines, actor=recorder)

    assert report.ok and report.sessions == 2
    assert sorted(len(s["players"]) for s in exported) == [3, 3]
    copied = copy.seasons.get(name=three.name)
    assert standings(copied) == standings(three)
    old = Round.objects.filter(session__season=three).order_by("number")
    new = Round.objects.filter(session__season=copied).order_by("number")
    assert [(r.data, r.result, r.is_void) for r in new] == [
        (r.data, r.result, r.is_void) for r in old
    ]
    kongs = Transfer.objects.filter(round__session__season=copied, event="kong")
    assert (
        kongs.count() == Transfer.objects.filter(round__session__season=three, event="kong").count()
    )


def test_the_rounds_csv_has_a_column_a_seat_of_the_seasons_table_of_three(reader, three):
    response = reader.get(reverse("season-rounds-csv", args=[three.club.slug, three.pk]))

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    seats, nets = slice(15, 18), slice(18, 21)
    assert rows[0][seats] == ["1号位", "2号位", "3号位"]
    assert "4号位" not in rows[0] and "4号位得分" not in rows[0]  # no empty fourth seat
    first = rows[1]
    assert first[seats] == ["张三", "李四", "王五"]
    assert first[nets] == ["-11", "14", "-3"]
    assert all(len(row) == len(rows[0]) for row in rows)


def test_the_api_rounds_csv_keeps_its_columns_at_three_seats(member, three):
    response = token_client(member).get(club_url(three.club, f"seasons/{three.pk}/rounds.csv"))

    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    header = rows[0]
    first = dict(zip(header, rows[1], strict=True))
    assert (first["player_2"], first["player_3"], first["net_1"], first["net_3"]) == (
        "王五",
        "",
        "14",
        "",
    )


def test_a_paper_session_of_a_three_seat_season_takes_three_nets(club, players, recorder):
    season = make_table_season(club, 3)

    with pytest.raises(ValidationError) as info:
        paper_session_record(season=season, players=players[:3], nets=[5, -5, 0, 0], actor=recorder)

    assert list(info.value.message_dict) == ["nets"]
    assert "3" in info.value.message_dict["nets"][0]
    assert not Session.objects.exists()


def test_the_paper_page_asks_for_one_net_a_seat(rec, club, players):
    season = make_table_season(club, 3)
    url = reverse("paper-session-new", args=[club.slug, season.pk])
    form = {f"player_{i}": p.display_name for i, p in enumerate(players[:3])}
    form.update({"net_0": "7", "net_1": "-3", "net_2": "-4", "started_at": "", "table_label": ""})

    assert len(rec.get(url).context["form"].seats()) == 3
    response = rec.post(url, form)

    assert response.status_code == 302
    assert Session.objects.get().result.paper_nets == [7, -3, -4]
