"""Every API operation of docs/openapi.yaml refuses in the one error reply,
``{"errors": [{"field", "code", "message"}]}``, with a code of the ErrorCode enum and an
English message: the shape the site's pages answer their JSON errors in too
(test_page_json_errors_have_the_api_shape)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from csmj_site.api_schema import error_codes
from tests.api_helpers import committed_schema, token_client

ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMA = committed_schema()
WRITES = {"post", "put", "patch"}
OPERATIONS = [
    (path, method)
    for path, item in SCHEMA["paths"].items()
    for method in item
    if method in {"get", "delete", *WRITES}
]
CHINESE = re.compile(r"[\u4e00-\u9fff]")

pytestmark = pytest.mark.django_db


def concrete(path: str, club_slug: str) -> str:
    """The path with its club and an id no row has."""
    path = path.replace("{club_slug}", club_slug)
    return re.sub(r"\{[a-z_]+\}", "999999", path)


def call(client: Any, method: str, url: str, **extra: Any) -> Any:
    if method in WRITES:
        return getattr(client, method)(url, b"{", content_type="application/json", **extra)
    return getattr(client, method)(url, **extra)


def assert_the_one_error_reply(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.content[:300]
    errors = response.json()["errors"]
    assert errors
    for error in errors:
        assert set(error) == {"field", "code", "message"}, error
        assert all(isinstance(value, str) for value in error.values()), error
        assert error["code"] in error_codes(), error
        assert error["message"] and not CHINESE.search(error["message"]), error
    assert code in [e["code"] for e in errors], errors


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_an_operation_refuses_a_caller_that_accepts_no_json(path, method, club):
    response = call(token_client(None), method, concrete(path, club.slug), HTTP_ACCEPT="text/html")

    if path.endswith(".png"):  # an image: the private club is looked up (and hidden) first
        assert_the_one_error_reply(response, 404, "not_found")
    else:
        assert_the_one_error_reply(response, 406, "not_acceptable")


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_an_operation_refuses_its_own_way_in_the_one_reply(path, method, club, outsider, recorder):
    if "{club_slug}" in path or path.startswith("/api/v1/tables/{"):  # not the caller's
        response = call(token_client(outsider), method, concrete(path, club.slug))
        assert_the_one_error_reply(response, 404, "not_found")
    elif method in WRITES:  # a body that is not JSON
        response = call(token_client(recorder), method, concrete(path, club.slug))
        assert_the_one_error_reply(response, 400, "malformed_json")
    else:  # a token nobody holds
        client = token_client(None)
        client.credentials(HTTP_AUTHORIZATION="Bearer csmj_nosuchtoken")
        assert_the_one_error_reply(call(client, method, path), 401, "invalid_token")
