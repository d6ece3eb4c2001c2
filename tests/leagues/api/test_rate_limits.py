"""Limits an app can see: signed-in callers are limited per token, every answer says
the limit, what is left and when it frees, and the call over it answers 429 with
Retry-After."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api_helpers import codes, token_client
from tests.leagues.api.oauth_helpers import make_app, sign_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_throttle_counts")]

URL = "/api/v1/clubs/"


@pytest.fixture
def three_a_minute(settings):
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = {**rest["DEFAULT_THROTTLE_RATES"], "token": "3/min"}
    settings.REST_FRAMEWORK = rest


def test_every_answer_to_a_token_says_its_limit(member):
    answer = token_client(member).get(URL)
    assert answer.status_code == 200
    assert int(answer["RateLimit-Limit"]) == 600
    assert int(answer["RateLimit-Remaining"]) == 599
    assert 1 <= int(answer["RateLimit-Reset"]) <= 60


def test_the_call_over_the_limit_answers_429_with_retry_after(member, three_a_minute):
    api = token_client(member)
    remaining = [int(api.get(URL)["RateLimit-Remaining"]) for _ in range(3)]
    assert remaining == [2, 1, 0]
    over = api.get(URL)
    assert over.status_code == 429
    assert codes(over) == [("", "throttled")]
    assert int(over["Retry-After"]) >= 1
    assert over["RateLimit-Remaining"] == "0"


def test_each_token_has_its_own_count(member, three_a_minute):
    first, second = token_client(member), token_client(member)
    for _ in range(3):
        first.get(URL)
    assert first.get(URL).status_code == 429
    assert second.get(URL).status_code == 200


def test_an_apps_sign_in_is_limited_too(client, member, three_a_minute):
    client.force_login(member)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {sign_in(client, make_app())['access_token']}")
    for _ in range(3):
        assert api.get(URL).status_code == 200
    assert api.get(URL).status_code == 429


def test_anonymous_reads_carry_no_token_limit():
    answer = APIClient().get(URL)
    assert answer.status_code == 200
    assert "RateLimit-Limit" not in answer


def test_an_empty_rate_turns_the_limit_off(member, settings):
    rest = dict(settings.REST_FRAMEWORK)
    rest["DEFAULT_THROTTLE_RATES"] = {**rest["DEFAULT_THROTTLE_RATES"], "token": ""}
    settings.REST_FRAMEWORK = rest
    answer = token_client(member).get(URL)
    assert answer.status_code == 200
    assert "RateLimit-Limit" not in answer
