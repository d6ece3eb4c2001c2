"""manage.py token_create: a personal API token for a user without a browser, printed once;
the API takes it; an unknown user or a name the tokens page refuses stores nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from leagues.tokens import ApiToken

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    from tests.factories import make_user

    return make_user("alice")


def create(*args):
    out = io.StringIO()
    call_command("token_create", *args, stdout=out)
    return out.getvalue().strip()


def test_alice_gets_a_token_the_api_takes(alice):
    raw = create(alice.username, "--name", "记分 app")

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    me = api.get("/api/v1/me/")

    assert me.status_code == 200
    assert me.json()["username"] == alice.username
    token = ApiToken.objects.get(user=alice)
    assert token.name == "记分 app" and raw not in token.token_hash


def test_an_unknown_user_is_refused_by_name_and_no_token_is_made():
    with pytest.raises(CommandError, match="username: no active user 'nobody'"):
        create("nobody")
    assert not ApiToken.objects.exists()


def test_a_name_too_long_is_refused_as_the_tokens_page_refuses_it(alice):
    with pytest.raises(CommandError, match="^name: "):
        create(alice.username, "--name", "x" * 500)
    assert not ApiToken.objects.exists()
