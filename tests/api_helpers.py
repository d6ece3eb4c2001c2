"""API test helpers: a client authenticated with a personal token, the error format,
URLs, the committed schema. The ``api_as`` fixture (tests/conftest.py) builds on ``token_client``."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml
from rest_framework.test import APIClient

from leagues.tokens import apitoken_create

COMMITTED_SCHEMA = Path(__file__).resolve().parent.parent / "docs" / "openapi.yaml"


@functools.cache
def committed_schema() -> dict[str, Any]:
    """docs/openapi.yaml as data, read once per test process with libyaml's loader (PyYAML's
    own takes seconds on it). Shared: read it, never change it."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(COMMITTED_SCHEMA.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506


def token_client(user: Any) -> APIClient:
    """A client that sends ``Authorization: Bearer <a new token of user>`` (none for
    anonymous users)."""
    client = APIClient()
    if user is not None and user.is_authenticated:
        _token, raw = apitoken_create(user=user, name="tests")
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def codes(response: Any) -> list[tuple[str, str]]:
    """[(field, code), …] of an error response, asserting the one error format."""
    body = response.json()
    assert set(body) >= {"errors"}, body
    for e in body["errors"]:
        assert set(e) >= {"field", "code", "message"}, e
        assert isinstance(e["message"], str) and e["message"]
    return [(e["field"], e["code"]) for e in body["errors"]]


def club_url(club: Any, rest: str = "") -> str:
    return f"/api/v1/clubs/{club.slug}/{rest}"


def rounds_url(club: Any, session: Any, rest: str = "") -> str:
    return club_url(club, f"sessions/{session.pk}/rounds/{rest}")
