"""A season's session count is kept as sessions come and go (leagues.SeasonSessionCount),
so that the club page, the season page and the API show it without counting the sessions
of a big season on every read (docs/performance.md, "Ten times the data")."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from leagues.models import SeasonSessionCount
from leagues.selectors import season_list
from scoring import services
from scoring.club_file import lines_import
from scoring.models import Session
from scoring.selectors import session_count
from scoring.standings.rebuild import standings_rebuild
from tests.factories import make_season, round_self_draw

pytestmark = pytest.mark.django_db


def counted(season):
    """What the pages show beside what the sessions are."""
    shown = {s.pk: s.sessions_count for s in season_list(club=season.club)}[season.pk]
    return session_count(season=season), shown, Session.objects.filter(season=season).count()


def start(season, players, recorder):
    return services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )


def test_sessions_started_and_deleted_are_counted(season, players, recorder, organiser):
    assert counted(season) == (0, 0, 0)
    start(season, players, recorder)
    mistake = start(season, players, recorder)
    assert counted(season) == (2, 2, 2)

    services.session_delete(session=mistake, actor=organiser)

    assert counted(season) == (1, 1, 1)


def test_an_empty_season_counts_none_beside_a_full_one(club, season, players, recorder):
    empty = make_season(club, name="空赛季")
    start(season, players, recorder)

    assert counted(empty) == (0, 0, 0) and counted(season) == (1, 1, 1)


def test_an_import_counts_its_sessions_and_a_bad_line_adds_none(
    season, players, recorder, organiser
):
    names = [p.display_name for p in players[:4]]
    good = {"season": season.name, "players": names, "rounds": [round_self_draw(0)]}
    bad = {**good, "rounds": [{"dealer": 9}]}
    lines = [json.dumps(x, ensure_ascii=False) for x in (good, good, bad)]

    report, _ = lines_import(lines=lines, actor=organiser, club=season.club)

    assert report.sessions == 2 and len(report.failed) == 1
    assert counted(season) == (2, 2, 2)


def test_rebuild_standings_counts_the_sessions_again(season, players, recorder):
    start(season, players, recorder)
    SeasonSessionCount.objects.filter(season=season).update(sessions=7)  # gone wrong
    assert session_count(season=season) == 7

    standings_rebuild(season=season)

    assert counted(season) == (1, 1, 1)


def test_the_season_page_and_the_club_page_never_count_the_sessions(
    client, season, players, recorder, member
):
    start(season, players, recorder)
    client.force_login(member)
    pages = [
        reverse("club", args=[season.club.slug]),
        reverse("season", args=[season.club.slug, season.pk]),
    ]
    for url in pages:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts = [  # (a page's sessions count their rounds: that is not this)
            q["sql"]
            for q in ctx.captured_queries
            if 'COUNT("scoring_session"' in q["sql"]
            or ("COUNT(*)" in q["sql"] and 'FROM "scoring_session"' in q["sql"])
        ]
        assert counts == [], url
