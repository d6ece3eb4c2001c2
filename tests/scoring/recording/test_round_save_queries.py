"""Recording a round costs a fixed handful of queries at any club size, through the API
and through the round form (docs/performance.md, "Recording a round"): the session
locked with its club, season, ruleset, the recorder's role and the club's webhooks in one
query, the seats as they are now in a second, then one write of the round, its rows, its
players' standings and its audit line. Counted as production runs it (no test
transaction around the request), the token or the page's session included.

On PostgreSQL the write is one statement (a data-modifying WITH): at most 8 queries,
with an Idempotency-Key. SQLite has no data-modifying WITH, so the same write is one
statement per table (the round, its transfers, players, hands, the three standings
tables, the audit line) and its transaction starts with a BEGIN statement: 8 more at
most there, the same reads."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services
from scoring.models import Round, RoundPlayer
from scoring.standings.models import PlayerSeasonStat
from tests.api_helpers import rounds_url, token_client
from tests.factories import make_players, make_session, round_discard, round_self_draw

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 8  # docs/performance.md, "Recording a round"
SQLITE_MORE = 8  # one statement per table of the write, and BEGIN (see above)


def budget() -> int:
    return BUDGET if connection.vendor == "postgresql" else BUDGET + SQLITE_MORE


def page_save(client, session, number, key):
    return client.post(
        reverse("round-save", args=[session.season.club.slug, session.pk]),
        json.dumps({"number": number, "data": round_self_draw(0)}),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def grow_the_club(season, recorder, sessions=3, rounds=6):
    """More sessions, players and rounds in the club."""
    for s in range(sessions):
        seated = make_players(season.club, [f"客{s}-{i}" for i in range(4)])
        other = make_session(season, seated, actor=recorder)
        for n in range(rounds):
            data = round_discard(n % 4, (n + 1) % 4) if n % 2 else round_self_draw(n % 4)
            services.round_record(session=other, data=data, actor=recorder)


def test_the_api_records_a_round_within_the_budget_at_any_club_size(session, recorder):
    client = token_client(recorder)
    url = rounds_url(session.season.club, session)

    def post(key=None):
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        with CaptureQueriesContext(connection) as ctx:
            response = client.post(url, round_self_draw(0), format="json", **headers)
        assert response.status_code == 201, response.content
        return len(ctx)

    post()  # the token's first use records its time (at most once a minute)
    small, small_keyed = post(), post("a-1")
    grow_the_club(session.season, recorder)
    big, big_keyed = post(), post("a-2")

    assert (big, big_keyed) == (small, small_keyed)
    assert big_keyed <= budget()
    assert big < big_keyed  # the key costs its own claim and answer
    assert Round.objects.filter(session=session).count() == 5


def test_the_round_form_saves_a_round_within_the_budget_at_any_club_size(client, session, recorder):
    client.force_login(recorder)
    with CaptureQueriesContext(connection) as first:
        assert page_save(client, session, 1, "p-1").status_code == 201
    grow_the_club(session.season, recorder)
    for n in range(2, 9):
        services.round_record(session=session, data=round_self_draw(n % 4), actor=recorder)
    with CaptureQueriesContext(connection) as ninth:
        response = page_save(client, session, 9, "p-9")

    assert response.status_code == 201
    # The page's browser session costs two lookups (the session, then its user) where a
    # token costs one.
    assert len(ninth) == len(first) <= budget()


def test_the_round_forms_answer_is_what_reading_the_session_again_gives(client, session, recorder):
    """The scoreboard, counts and next dealer come from what the write knew, not from
    reading it back: they equal the selectors' answers after the save."""
    from scoring import selectors

    client.force_login(recorder)
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    rnd = services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.round_void(round=rnd, reason="写错了", actor=recorder)

    body = page_save(client, session, 3, "p-3").json()

    counted, voided = selectors.session_round_counts(session=session)
    dealer, dealers = selectors.session_next_dealers(session=session)
    assert body["scoreboard"] == selectors.session_scoreboard(session=session)
    assert body["counts"] == {"counted": counted, "void": voided} == {"counted": 2, "void": 1}
    assert (body["next_dealer"], body["next_dealers"]) == (dealer, dealers)


def test_a_recorded_rounds_standings_equal_a_rebuild(session, recorder, players):
    """The upserts of the write add what a rebuild from the rounds finds."""
    from scoring.standings.rebuild import standings_rebuild

    for n in range(6):
        data = round_discard(n % 4, (n + 2) % 4) if n % 3 else round_self_draw(n % 4)
        services.round_record(session=session, data=data, actor=recorder)
    before = sorted(
        PlayerSeasonStat.objects.values_list("player_id", "net", "rounds", "wins", "sessions")
    )

    standings_rebuild(season=session.season)

    after = sorted(
        PlayerSeasonStat.objects.values_list("player_id", "net", "rounds", "wins", "sessions")
    )
    assert before == after
    assert sum(r[1] for r in after) == 0 and {r[2] for r in after} == {6}
    assert RoundPlayer.objects.filter(round__session=session).count() == 24
