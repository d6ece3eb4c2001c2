"""The bulk import in autocommit mode (as the commands run it: batches commit one by one,
COPY, ANALYZE), on PostgreSQL."""

import io

import pytest
from django.core.management import call_command
from django.db import connection

from leagues.models import Club
from leagues.selectors import live_standings
from leagues.stats import standings_rebuild
from leagues.stats_models import PlayerSeasonStat, PlayerSessionStat, RatingEvent
from scoring.models import Round

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def rows(club):
    return {
        "season": sorted(
            PlayerSeasonStat.objects.filter(season__club=club).values_list(
                "player_id", "net", "rounds", "sessions", "wins", "birds_hit"
            )
        ),
        "session": PlayerSessionStat.objects.filter(club=club).count(),
        "events": RatingEvent.objects.filter(club=club).count(),
    }


def test_a_committed_bulk_import_stores_what_a_rebuild_computes():
    out = io.StringIO()
    call_command(
        "generate_demo_league",
        players=16,
        sessions=60,
        slug="pipe",
        batch=7,
        verbosity=0,
        stdout=out,
    )
    club = Club.objects.get(slug="pipe")
    season = club.seasons.get()
    assert "60 sessions" in out.getvalue() and "0 failed" in out.getvalue()
    assert Round.objects.filter(session__season=season).count() >= 60 * 6
    imported = rows(club)
    assert imported["events"] == 60 * 4 * 2  # season and club ratings, four players a session
    standings_rebuild(club=club)
    assert rows(club) == imported
    live = {(r.player.pk, r.net, r.rounds) for r in live_standings(season=season)}
    assert {(p, n, r) for p, n, r, *_ in imported["season"]} == live
