"""Schemathesis against /api/schema/: every operation, generated requests, bounded.

No response may be a server error or break the schema (status code, content type,
headers, body). Requests go through the WSGI application in process, authenticated as
the owner of a seeded club, with path parameters pointing at its real objects so that
the writes reach the services and the engine. Each operation runs in its own rolled-back
transaction. `make test-api-contract` runs this module alone.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

from leagues.tokens import apitoken_create
from scoring.services import round_record
from tests.factories import round_discard, round_self_draw

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MAX_EXAMPLES = 8  # per operation: about 1 minute of CPU for the module

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]


def load_schema():
    """The schema as /api/schema/ serves it, read through the WSGI application."""
    from csmj_site.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/", application)


schema = load_schema()


@pytest.fixture
def in_test_transaction():
    """Keep the test's database connection across requests, as Django's test client does:
    a real WSGI request closes "old" connections when it starts and finishes, which on
    PostgreSQL would close the connection holding the test's transaction."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def seeded(
    in_test_transaction, db, club, owner, players, ruleset, season, session, recorder, monkeypatch
):
    """A club with rounds, a league night with a drawn round and a penalty, and the
    owner's token: ids for every path parameter."""
    from scoring.events import services as events
    from scoring.quick.services import quick_table_create

    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    round_record(session=session, data=round_discard(2, 3, birds=[1, 4]), actor=recorder)
    event = events.event_create(season=season, name="夜", date=season.start_date, actor=owner)
    for player in players:
        events.entrant_add(event=event, player=player, actor=owner)
    events.round_draw(event=event, actor=owner, seed=1)
    penalty = events.penalty_give(
        season=season, event=event, player=players[0], amount=-5, reason="迟到", actor=owner
    )
    _token, raw = apitoken_create(user=owner, name="schemathesis")
    ids = {"players": players[0].pk, "rulesets": ruleset.pk, "seasons": season.pk}
    ids["sessions"] = session.pk
    ids["events"], ids["penalties"] = event.pk, penalty.pk
    # A quick table, answered to its key's holder (tables/…).
    table = quick_table_create(names=["甲", "乙", "丙", "丁"], config="changsha-67", first_dealer=0)
    round_record(session=table.session, data=round_self_draw(1), actor=table.keeper)
    ids["tables"] = table.club.pk
    return {"club": club, "session": session, "ids": ids, "token": raw, "table_key": table.key}


def point_at_seeded_objects(case, seeded) -> None:
    params = case.path_parameters or {}
    if "club_slug" in params:
        params["club_slug"] = seeded["club"].slug
    if "season_id" in params:
        params["season_id"] = seeded["ids"]["seasons"]
    if "session_id" in params:
        params["session_id"] = seeded["session"].pk
    if "table_id" in params:
        params["table_id"] = seeded["ids"]["tables"]
    if "number" in params:
        params["number"] = 1
    if "id" in params:
        collection = case.path.split("/{id}")[0].rsplit("/", 1)[-1]
        params["id"] = seeded["ids"][collection]


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_within_its_contract(case, seeded):
    point_at_seeded_objects(case, seeded)
    key = seeded["table_key"] if case.path.startswith("/api/v1/tables/{") else seeded["token"]
    case.call_and_validate(headers={"Authorization": f"Bearer {key}"}, checks=CHECKS)
