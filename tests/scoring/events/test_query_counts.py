"""The board, the event page and the API's board read a fixed number of queries, however
many tables and seating rounds the night has."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import services
from tests.api_helpers import club_url
from tests.factories import make_players, round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def night(season, club, organiser, *, players, rounds):
    """A night of ``players`` (a multiple of four) over ``rounds`` rounds, every table
    started with one round recorded, the last one still playing, and a penalty."""
    roster = make_players(club, [f"选手{players}-{i}" for i in range(players)])
    event = services.event_create(season=season, name=f"夜{players}", date=season.start_date,
                                  actor=organiser)  # fmt: skip
    enter(event, roster, organiser)
    for n in range(rounds):
        rnd = services.round_draw(event=event, actor=organiser, seed=n)
        for table in rnd.tables.all():
            session = services.table_start(table=table, actor=organiser)
            scoring_services.round_record(session=session, data=round_self_draw(0),
                                          actor=organiser)  # fmt: skip
            if n < rounds - 1:
                scoring_services.session_finish(session=session, actor=organiser)
    services.penalty_give(season=season, event=event, player=roster[0], amount=-5,
                          reason="迟到", actor=organiser)  # fmt: skip
    return event


def count(get):
    with CaptureQueriesContext(connection) as ctx:
        response = get()
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.slow
@pytest.mark.parametrize(
    "url",
    [
        lambda club, event: reverse("event", args=[club.slug, event.pk]),
        lambda club, event: reverse("event-board", args=[club.slug, event.pk]),
        lambda club, event: reverse("event-follow", args=[club.slug, event.pk]),
        lambda club, event: reverse("event-follow", args=[club.slug, event.pk]) + "#html",
    ],
    ids=["event page", "board", "follow", "follow with the board"],
)
def test_the_night_pages_read_as_many_queries_for_two_tables_as_for_six(
    client, organiser, club, season, url
):
    small = night(season, club, organiser, players=8, rounds=1)
    large = night(season, club, organiser, players=24, rounds=3)
    client.force_login(organiser)
    path = url(club, small)
    accept = {"Accept": "text/html"} if path.endswith("#html") else {}

    def get(event):
        return lambda: client.get(url(club, event).removesuffix("#html"), headers=accept)

    assert count(get(small)) == count(get(large))


@pytest.mark.slow
def test_the_api_board_reads_as_many_queries_for_two_tables_as_for_six(
    api_as, organiser, club, season
):
    small = night(season, club, organiser, players=8, rounds=1)
    large = night(season, club, organiser, players=24, rounds=3)
    api = api_as("organiser")
    api.get(club_url(club, "events/"))  # the token's first use is written down once

    def board(event):
        return lambda: api.get(club_url(club, f"events/{event.pk}/board/"))

    assert count(board(small)) == count(board(large))
