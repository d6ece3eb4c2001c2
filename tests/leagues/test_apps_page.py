"""The account page of the apps a user allowed: it lists them, and revoking one ends
its tokens (the app must ask again)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.leagues.api.oauth_helpers import make_app, sign_in

pytestmark = pytest.mark.django_db


def bearer(access_token: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {access_token}")
    return api


def test_the_apps_page_lists_the_apps_the_user_allowed_with_their_scopes(client, member):
    client.force_login(member)
    sign_in(client, make_app("记分 App"), scope="read record")
    make_app("没用过的 App")
    page = client.get(reverse("account-apps"))
    text = page.content.decode()
    assert page.status_code == 200
    assert "已授权的应用" in text and "记分 App" in text
    assert "记录、更正、作废牌局" in text
    assert "没用过的 App" not in text


def test_the_apps_page_shows_only_the_users_own_apps(client, member, recorder):
    client.force_login(recorder)
    sign_in(client, make_app("别人的 App"))
    client.force_login(member)
    page = client.get(reverse("account-apps"))
    assert "别人的 App" not in page.content.decode()
    assert "还没有授权过任何应用" in page.content.decode()


def test_revoking_an_app_ends_its_access_and_refresh_tokens(client, member):
    client.force_login(member)
    app = make_app()
    tokens = sign_in(client, app)
    assert bearer(tokens["access_token"]).get("/api/v1/me/").status_code == 200
    answer = client.post(reverse("account-app-revoke", args=[app.pk]))
    assert answer.status_code == 302
    assert bearer(tokens["access_token"]).get("/api/v1/me/").status_code == 401
    refreshed = client.post(
        "/oauth/token/",
        {
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": app.client_id,
        },
    )
    assert refreshed.status_code == 400
    assert "还没有授权过任何应用" in client.get(reverse("account-apps")).content.decode()


def test_revoking_an_app_leaves_another_users_tokens(client, member, recorder):
    app = make_app()
    client.force_login(recorder)
    theirs = sign_in(client, app)
    client.force_login(member)
    sign_in(client, app)
    client.post(reverse("account-app-revoke", args=[app.pk]))
    assert bearer(theirs["access_token"]).get("/api/v1/me/").status_code == 200


def test_revoking_needs_a_post_and_a_login(client, member):
    app = make_app()
    assert client.post(reverse("account-app-revoke", args=[app.pk])).status_code == 302
    client.force_login(member)
    assert client.get(reverse("account-app-revoke", args=[app.pk])).status_code == 405
    assert client.post(reverse("account-app-revoke", args=[99999])).status_code == 404


def test_the_apps_page_speaks_english_when_asked(client, member):
    client.force_login(member)
    sign_in(client, make_app(), scope="read record")
    with translation.override("en"):
        client.cookies["django_language"] = "en"
        text = client.get(reverse("account-apps")).content.decode()
    assert "Apps you allowed" in text
    assert "Record, correct and void rounds" in text
