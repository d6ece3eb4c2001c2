"""A room of phones on the board costs the server little: each process reads the night's
version at most once a second (``FOLLOW_VERSION_SECONDS``) and renders the board's content
once per version and language, whoever asks; a save still reaches the board once that
second is over."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import services
from scoring.standings.models import Penalty
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(event, roster, organiser):
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, seed=3, actor=organiser)
    return event, services.table_start(table=rnd.tables.get(), actor=organiser)


def follow(client, event, etag=None):
    url = reverse("event-follow", args=[event.season.club.slug, event.pk])
    return client.get(url, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))


def test_the_version_is_kept_a_second_then_a_save_shows(reader, playing, organiser, settings):
    settings.FOLLOW_VERSION_SECONDS = 60
    event, session = playing
    etag = follow(reader, event)["ETag"]

    scoring_services.round_record(session=session, data=round_self_draw(0), actor=organiser)
    kept = follow(reader, event, etag)
    cache.delete(f"event-version:{event.pk}")  # the second is over
    fresh = follow(reader, event, etag)

    assert kept.status_code == 304
    assert fresh.status_code == 200 and fresh["ETag"] != etag


def test_the_board_content_is_rendered_once_per_version_for_every_reader(
    reader, client, organiser, playing
):
    event, session = playing
    url = reverse("event-board", args=[event.season.club.slug, event.pk])
    first = reader.get(url).content.decode()
    client.force_login(organiser)

    with CaptureQueriesContext(connection) as queries:
        again = client.get(url).content.decode()
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=organiser)
    after_save = reader.get(url).content.decode()

    assert not any(Penalty._meta.db_table in q["sql"] for q in queries.captured_queries)
    board = first.split('id="follow-area"', 1)[1]
    assert board == again.split('id="follow-area"', 1)[1]
    assert "+" not in board.split("</section>")[0]
    assert after_save.split('id="follow-area"', 1)[1] != board
