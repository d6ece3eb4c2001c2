"""Every page that answers JSON (the calculator's and the round form's preview and tile
analysis, the round form's save, the follow polls) refuses in the API's one error reply,
``{"errors": [{"field", "code", "message"}]}``: a catalogue code of the API's ErrorCode
enum, the message in the page's language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from csmj_site.api_schema import error_codes
from scoring import services
from tests.factories import round_discard, round_self_draw

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]

CHINESE = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class Case:
    name: str
    role: str
    url: Callable[[Any], str]
    body: Any  # a JSON value, or bytes sent as they are; None: a GET
    status: int
    code: str
    setup: Callable[[Any, Any], None] | None = None


def club_url(name: str, *rest: Callable[[Any], Any]) -> Callable[[Any], str]:
    return lambda s: reverse(name, args=[s.season.club.slug, s.pk, *(f(s) for f in rest)])


def calc(name: str) -> Callable[[Any], str]:
    return lambda s: reverse(name)


preview = club_url("round-preview")
analyse = club_url("tiles-analyse")
save = club_url("round-save")
follow = club_url("session-follow")


def record_round_one(session: Any, recorder: Any) -> None:
    services.round_record(session=session, data=round_self_draw(1), actor=recorder)


def throttled(monkeypatch: Any) -> None:
    monkeypatch.setattr("scoring.calculator.views.calc_throttled", lambda request: True)


CASES = [
    Case("calc preview: not JSON", "anonymous", calc("calc-preview"), b"{", 400, "malformed_json"),
    Case(
        "calc preview: a refused round", "anonymous", calc("calc-preview"), [], 400, "not_an_object"
    ),
    Case("calc analyse: no tiles", "anonymous", calc("calc-analyse"), {}, 400, "required"),
    Case(
        "calc analyse: bad tiles",
        "anonymous",
        calc("calc-analyse"),
        {"tiles": "123z"},
        400,
        "tile_unknown_suit",
    ),
    Case("round preview: not JSON", "recorder", preview, b"[1,", 400, "malformed_json"),
    Case(
        "round preview: a round the engine refuses",
        "recorder",
        preview,
        round_discard(1, 1),
        400,
        "discarder_is_winner",
    ),
    Case("round preview: anonymous", "anonymous", preview, {}, 403, "not_authenticated"),
    Case("round preview: a member", "member", preview, {}, 403, "permission_denied"),
    Case("round preview: an outsider", "outsider", preview, {}, 404, "not_found"),
    Case(
        "round preview: no such round",
        "recorder",
        lambda s: preview(s) + "?number=9",
        round_self_draw(1),
        404,
        "not_found",
    ),
    Case("tile analysis: no tiles", "recorder", analyse, {"seat": 0}, 400, "required"),
    Case("tile analysis: a member", "member", analyse, {"tiles": "1m"}, 403, "permission_denied"),
    Case("round save: no round", "recorder", save, {"data": 1}, 400, "not_an_object"),
    Case("round save: not JSON", "recorder", save, b"nope", 400, "malformed_json"),
    Case(
        "round save: a round the engine refuses",
        "recorder",
        save,
        {"data": round_discard(1, 1)},
        400,
        "discarder_is_winner",
    ),
    Case(
        "round save: a number taken",
        "recorder",
        save,
        {"number": 1, "data": round_self_draw(2)},
        409,
        "round_conflict",
        setup=lambda s, users: record_round_one(s, users["recorder"]),
    ),
    Case("round save: anonymous", "anonymous", save, {"data": {}}, 403, "not_authenticated"),
    Case("round save: a member", "member", save, {"data": {}}, 403, "permission_denied"),
    Case("session follow: anonymous", "anonymous", follow, None, 403, "not_authenticated"),
    Case("session follow: an outsider", "outsider", follow, None, 404, "not_found"),
    Case(
        "follow link: unknown",
        "anonymous",
        lambda s: reverse("follow-state", args=["no-such-token"]),
        None,
        404,
        "not_found",
    ),
    Case(
        "night follow: anonymous",
        "anonymous",
        lambda s: reverse("event-follow", args=[s.season.club.slug, 1]),
        None,
        403,
        "not_authenticated",
    ),
    Case(
        "night follow: no such night",
        "member",
        lambda s: reverse("event-follow", args=[s.season.club.slug, 999]),
        None,
        404,
        "not_found",
    ),
]


def request(client: Client, url: str, body: Any) -> Any:
    if body is None:
        return client.get(url)
    data = body if isinstance(body, bytes) else json.dumps(body)
    return client.post(url, data, content_type="application/json")


def assert_the_one_error_reply(response: Any, status: int, code: str) -> list[dict[str, str]]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert errors, "an error reply names at least one error"
    for error in errors:
        assert set(error) == {"field", "code", "message"}, error
        assert all(isinstance(value, str) for value in error.values()), error
        assert error["code"] in error_codes(), error  # the API's ErrorCode enum
        assert error["message"], error
    assert code in [e["code"] for e in errors]
    return errors


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_page_json_error_is_the_api_error_reply_in_the_page_language(
    client, session, users_by_role, monkeypatch, case
):
    if case.role != "anonymous":
        client.force_login(users_by_role[case.role])
    if case.setup is not None:
        case.setup(session, users_by_role)

    errors = assert_the_one_error_reply(
        request(client, case.url(session), case.body), case.status, case.code
    )

    assert all(CHINESE.search(e["message"]) for e in errors), errors


@pytest.mark.parametrize("url", ["calc-preview", "calc-analyse"])
def test_the_calculator_over_its_rate_answers_429_throttled_in_the_one_reply(
    client, monkeypatch, url
):
    throttled(monkeypatch)

    errors = assert_the_one_error_reply(
        request(client, reverse(url), {"tiles": "1m"}), 429, "throttled"
    )

    assert errors == [
        {"field": "", "code": "throttled", "message": "计算太频繁，请稍等一会儿再试。"}
    ]


def test_an_english_page_gets_the_same_reply_in_english(client, session, users_by_role):
    client.force_login(users_by_role["member"])
    client.cookies["django_language"] = "en"

    errors = assert_the_one_error_reply(
        request(client, preview(session), {}), 403, "permission_denied"
    )

    assert errors == [
        {"field": "", "code": "permission_denied", "message": "Recording needs the recorder role"}
    ]
