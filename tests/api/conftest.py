"""API test helpers: clients authenticated with a personal token, per role.

Builds on the site fixtures of tests/conftest.py (club with owner/organiser/recorder/
member, an outsider who owns ``other_club``, players, ruleset, season, session).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from leagues.tokens import apitoken_create


def token_client(user: Any) -> APIClient:
    """A client that sends ``Authorization: Bearer <a new token of user>`` (none for
    anonymous users)."""
    client = APIClient()
    if user is not None and user.is_authenticated:
        _token, raw = apitoken_create(user=user, name="tests")
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


@pytest.fixture
def api_as(users_by_role) -> Callable[[str], APIClient]:
    """``api_as("recorder")`` → a token-authenticated APIClient for that role."""
    cache: dict[str, APIClient] = {}

    def get(role: str) -> APIClient:
        if role not in cache:
            cache[role] = token_client(users_by_role[role])
        return cache[role]

    return get


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


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
