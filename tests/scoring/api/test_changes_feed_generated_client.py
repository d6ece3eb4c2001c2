"""An offline app catches up through the changes feed, and polls a session with
If-None-Match, with the Python client generated from docs/openapi.yaml (the generator and
its checks are tests/csmj_site/test_generated_client.py's)."""

from __future__ import annotations

import pytest

from leagues.tokens import apitoken_create
from scoring.services import round_correct, round_record, round_void, session_finish
from tests.csmj_site.test_generated_client import call, gen  # noqa: F401  (the fixture)
from tests.factories import (
    make_club,
    make_players,
    make_season,
    make_session,
    make_user,
    round_discard,
    round_self_draw,
)

pytestmark = pytest.mark.slow


def catch_up(gen, client, slug, cursor):  # noqa: F811
    """Every change after ``cursor``, two at a time, and the cursor to keep."""
    changes = []
    while True:
        kwargs = {"cursor": cursor} if cursor else {}
        page = call(
            gen,
            "changes.changes_list",
            200,
            gen.models.ChangesPage,
            client=client,
            club_slug=slug,
            limit=2,
            **kwargs,
        ).parsed
        changes += page.changes
        cursor = page.next_cursor
        if not page.has_more:
            return changes, cursor


def test_an_app_catches_up_after_a_day_offline_through_the_generated_client(
    gen,  # noqa: F811
    live_server,
    transactional_db,
    settings,
):
    settings.SYNC_SETTLE_SECONDS = 0
    owner = make_user("app-owner")
    club = make_club(name="同步俱乐部", owner=owner)
    season = make_season(club)
    session = make_session(season, make_players(club, ["东", "南", "西", "北"]), actor=owner)
    _token, raw = apitoken_create(user=owner, name="app")
    client = gen.package.AuthenticatedClient(
        base_url=live_server.url, token=raw, raise_on_unexpected_status=True
    )

    first = round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=owner)
    changes, cursor = catch_up(gen, client, club.slug, None)
    assert [(c.kind.value, c.number) for c in changes] == [("round.record", 1)]

    # A day offline: a round, a correction, a void, the finish.
    second = round_record(session=session, data=round_discard(1, 2), actor=owner)
    round_correct(round=first, data=round_self_draw(1, birds=[5, 9]), actor=owner)
    round_void(round=second, reason="记错了", actor=owner)
    session_finish(session=session, actor=owner)

    changes, cursor = catch_up(gen, client, club.slug, cursor)
    assert [(c.kind.value, c.session, c.number, c.version) for c in changes] == [
        ("round.record", session.pk, 2, 1),
        ("round.correct", session.pk, 1, 2),
        ("round.void", session.pk, 2, 1),
        ("session.finish", session.pk, None, None),
    ]
    assert catch_up(gen, client, club.slug, cursor) == ([], cursor)

    # Then it polls the session it shows: 304 while nothing changes.
    got = gen.api("sessions.session_get").sync_detailed(
        client=client, club_slug=club.slug, id=session.pk
    )
    assert got.status_code == 200
    etag = got.headers["etag"]
    again = gen.api("sessions.session_get").sync_detailed(
        client=client, club_slug=club.slug, id=session.pk, if_none_match=etag
    )
    assert again.status_code == 304
