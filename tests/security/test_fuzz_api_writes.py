"""Every API write operation, fuzzed with hostile JSON text: the operations are read from the
OpenAPI schema at /api/schema/ (a new endpoint is covered without editing this test), their
path parameters point at real objects of a seeded club, and each is posted raw bodies of
every category of the hostile-input probe — deep nesting, malformed JSON and numbers, lone
surrogates, duplicate keys (on the operation's own field names) — plus random unicode and
arbitrary JSON, as the club's owner (every role) and as a member (no writing role).

Never a 500; every error answer is the documented shape
``{"errors": [{"field", "code", "message"}, …]}``; a refused request stores nothing; and
the member's club writes are all refused (preview stores nothing by design).

Sized for a small machine: EXAMPLES per operation and user (about a minute in all).
"""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from leagues.models import Club
from scoring.services import round_record
from tests.api_helpers import token_client
from tests.factories import round_discard, round_self_draw
from tests.security.strategies import (
    deep_nesting,
    duplicate_keys,
    json_values,
    lone_surrogates,
    malformed_json,
    malformed_numbers,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = 6
WRITES = ("post", "put", "patch")
NO_STORE = ("/preview/", "/api/v1/score/", "/api/v1/analyse/")


def state() -> tuple[int, ...]:
    models = [m for app in ("leagues", "scoring") for m in apps.get_app_config(app).get_models()]
    return tuple(m.objects.count() for m in models)


def write_operations() -> list[tuple[str, str, list[str], bool]]:
    """(method, path template, the request body's field names, whether it takes a body) of
    every write operation, from the schema the site serves."""
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    schema = response.json()
    components = schema["components"]["schemas"]
    out = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in WRITES:
                continue
            if path.startswith("/api/v1/tables/{"):
                continue  # a quick table's writes answer its key's holder only (tests/scoring/quick)
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            ref = (body or {}).get("schema", {}).get("$ref", "")
            fields = sorted(components.get(ref.rsplit("/", 1)[-1], {}).get("properties", {}))
            out.append((method, path, fields, body is not None))
    return out


def hostile_bodies(fields: list[str]) -> st.SearchStrategy[tuple[str, str | None]]:
    """(raw body, the code the JSON reader must answer, or None when the body is JSON the
    reader accepts and the operation judges)."""
    keys = fields or ["dealer", "result", "tiles", "ruleset"]
    value = st.one_of(
        json_values,
        st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    )
    objects = st.dictionaries(st.sampled_from(keys), value, max_size=len(keys))

    def in_field(raw: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.builds(lambda key, text: f'{{"{key}": {text}}}', st.sampled_from(keys), raw)

    def expect(code: str | None, strategy: st.SearchStrategy[str]) -> st.SearchStrategy:
        return st.tuples(strategy, st.just(code))

    return st.one_of(
        expect("too_deep", deep_nesting | in_field(deep_nesting)),
        expect("malformed_json", malformed_json | in_field(malformed_json)),
        expect("invalid_unicode", lone_surrogates | in_field(lone_surrogates)),
        expect("duplicate_key", duplicate_keys(keys) | in_field(duplicate_keys(keys))),
        expect(None, in_field(malformed_numbers.filter(_is_json))),
        expect(None, st.builds(lambda o: json.dumps(o, ensure_ascii=False), objects)),
        expect(None, st.builds(json.dumps, json_values)),
    )


def _is_json(text: str) -> bool:
    try:
        json.loads(text)  # the standard library's judgement, to label the examples
    except ValueError:
        return False
    return True


@pytest.fixture
def seeded(club, owner, member, players, ruleset, season, session, recorder):
    from scoring.events import services as events

    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    round_record(session=session, data=round_discard(2, 3, birds=[1, 4]), actor=recorder)
    night = events.event_create(season=season, name="周五夜", date=season.start_date, actor=owner)
    penalty = events.penalty_give(
        season=season, player=players[0], amount=-2, reason="迟到", actor=owner
    )
    return {
        "club_slug": club.slug,
        "season_id": season.pk,
        "session_id": session.pk,
        "number": 1,
        "id": {
            "players": players[0].pk,
            "rulesets": ruleset.pk,
            "seasons": season.pk,
            "sessions": session.pk,
            "events": night.pk,
            "penalties": penalty.pk,
        },
        "clients": {"owner": token_client(owner), "member": token_client(member)},
    }


def concrete(path: str, seeded: dict) -> str:
    if "{id}" in path:
        collection = path.split("/{id}")[0].rsplit("/", 1)[-1]
        path = path.replace("{id}", str(seeded["id"][collection]))
    for name in ("club_slug", "season_id", "session_id", "number"):
        path = path.replace(f"{{{name}}}", str(seeded[name]))
    return path


def assert_error_shape(response) -> None:
    assert "json" in response["Content-Type"], response["Content-Type"]
    body = response.json()
    assert isinstance(body.get("errors"), list) and body["errors"], body
    for error in body["errors"]:
        assert set(error) == {"field", "code", "message"}, error
        assert all(isinstance(error[k], str) for k in error), error
        assert error["code"] and error["message"], error


def test_the_schema_lists_the_write_operations():
    operations = write_operations()
    paths = {(m, p) for m, p, _f, _b in operations}
    assert ("post", "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/") in paths
    assert ("post", "/api/v1/score/") in paths
    assert len(operations) >= 20
    assert {(m, p): f for m, p, f, _b in operations}[
        ("post", "/api/v1/clubs/{club_slug}/rulesets/")
    ] == ["config", "name"]


def fuzz_operation(
    client,
    method: str,
    url: str,
    fields: list[str],
    *,
    refused: bool,
    reads_body: bool,
    restore=lambda: None,
) -> None:
    """EXAMPLES hostile bodies to one operation; ``refused``: every one must be refused
    (a club write by a user without the role); ``reads_body``: the operation takes a body,
    so a body the JSON reader refuses must be answered with the reader's code;
    ``restore``: called after every accepted write (a random body may rename the club)."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=hostile_bodies(fields))
    def fuzz(case):
        body, code = case
        before = state()
        response = getattr(client, method)(
            url, body.encode("utf-8"), content_type="application/json"
        )
        status = response.status_code
        if status < 400:
            restore()
        assert status < 500, (method, url, body[:200], status)
        if status >= 400:
            assert_error_shape(response)
            assert state() == before, (method, url, body[:200])
        if refused:
            assert status >= 400, (method, url, body[:200], status)
        elif code is not None and reads_body:
            # the reader's refusal, named: a duplicate key is never silently dropped
            assert status == 400, (method, url, body[:200], status)
            assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
                ("body", code)
            ], (body[:200], response.json())

    fuzz()


@pytest.mark.parametrize("who", ["owner", "member"])
def test_every_write_operation_answers_hostile_bodies_cleanly(seeded, who):
    client = seeded["clients"][who]
    operations = write_operations()
    club = Club.objects.get(slug=seeded["club_slug"])

    def restore() -> None:  # e.g. {"slug": "0"} to the club's PATCH renames it
        Club.objects.filter(pk=club.pk).update(slug=club.slug)

    for method, template, fields, has_body in operations:
        url = concrete(template, seeded)
        club_write = "{club_slug}" in template and not any(p in url for p in NO_STORE)
        refused = who == "member" and club_write
        fuzz_operation(
            client, method, url, fields, refused=refused, reads_body=has_body, restore=restore
        )
    assert len(operations) >= 20
