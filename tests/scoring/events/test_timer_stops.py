"""The countdown shows while a round plays, and stops showing once every table of the
round is finished (the board and the event page) and once the night is finished."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import services
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(season, roster, organiser):
    event = services.event_create(
        season=season, name="计时之夜", date=datetime.date(2025, 3, 7), timer_minutes=40,
        actor=organiser,
    )  # fmt: skip
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, seed=3, actor=organiser)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=organiser)
    return event, session


def pages(client, event):
    slug = event.season.club.slug
    return [
        client.get(reverse(name, args=[slug, event.pk])).content.decode()
        for name in ("event", "event-board")
    ]


def test_the_countdown_shows_while_the_round_plays(reader, timed):
    event, _session = timed

    assert all('data-role="event-timer"' in page for page in pages(reader, event))


def test_the_countdown_stops_once_the_rounds_tables_finish_and_the_night_ends(
    reader, timed, organiser
):
    event, session = timed

    scoring_services.session_finish(session=session, actor=organiser)
    after_tables = pages(reader, event)
    services.event_finish(event=event, actor=organiser)
    after_night = pages(reader, event)

    assert not any('data-role="event-timer"' in page for page in after_tables)
    assert not any('data-role="event-timer"' in page for page in after_night)
