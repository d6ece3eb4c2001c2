"""Authentication: personal tokens (hash only, revocable, made on the account page),
session auth with CSRF for the browser, anonymous reads."""

import hashlib

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues.models import Club
from leagues.tokens import ApiToken, apitoken_create, apitoken_revoke
from tests.api_helpers import codes
from tests.factories import TEST_PASSWORD

pytestmark = pytest.mark.django_db

ME = "/api/v1/clubs/?page_size=1"


def bearer(raw, keyword="Bearer"):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{keyword} {raw}")
    return client


def test_only_the_hash_of_a_token_is_stored(member):
    token, raw = apitoken_create(user=member, name="记分 App")
    assert raw.startswith("csmj_") and len(raw) > 40
    stored = ApiToken.objects.get(pk=token.pk)
    assert stored.token_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in {str(v) for v in ApiToken.objects.values().get(pk=token.pk).values()}
    assert stored.prefix == raw[:12]


@pytest.mark.parametrize("keyword", ["Bearer", "Token", "bearer"])
def test_a_token_authenticates_its_user(club, member, keyword):
    _token, raw = apitoken_create(user=member, name="app")
    body = bearer(raw, keyword).get(f"/api/v1/clubs/{club.slug}/").json()
    assert body["my_role"] == "member"


def test_using_a_token_records_when(club, member):
    token, raw = apitoken_create(user=member, name="app")
    assert token.last_used_at is None
    bearer(raw).get(ME)
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_a_revoked_token_is_refused_with_401(member):
    token, raw = apitoken_create(user=member, name="app")
    apitoken_revoke(token=token, user=member)
    response = bearer(raw).get(ME)
    assert response.status_code == 401
    assert codes(response) == [("", "invalid_token")]


@pytest.mark.parametrize("raw", ["csmj_not-a-real-token", "nonsense", "a b"])
def test_an_unknown_token_is_refused_with_401_not_read_as_anonymous(raw):
    response = bearer(raw).get(ME)
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_token_of_an_inactive_user_is_refused(member):
    _token, raw = apitoken_create(user=member, name="app")
    member.is_active = False
    member.save()
    assert bearer(raw).get(ME).status_code == 401


def test_nobody_revokes_another_users_token(member, outsider):
    from django.core.exceptions import PermissionDenied

    token, _raw = apitoken_create(user=member, name="app")
    with pytest.raises(PermissionDenied):
        apitoken_revoke(token=token, user=outsider)
    token.refresh_from_db()
    assert token.is_active


def test_the_account_page_creates_a_token_and_shows_it_once(client, member, club):
    client.force_login(member)
    response = client.post(reverse("account-tokens"), {"name": "俱乐部机器人"})
    assert response.status_code == 201
    raw = response.context["new_token"]
    assert raw in response.content.decode()
    token = ApiToken.objects.get(user=member)
    assert token.name == "俱乐部机器人"
    assert bearer(raw).get(f"/api/v1/clubs/{club.slug}/").json()["my_role"] == "member"

    listing = client.get(reverse("account-tokens")).content.decode()
    assert raw not in listing and token.prefix in listing and "俱乐部机器人" in listing


def test_the_account_page_revokes_a_token(client, member):
    token, raw = apitoken_create(user=member, name="old")
    client.force_login(member)
    response = client.post(reverse("account-token-revoke", args=[token.pk]))
    assert response.status_code == 302
    token.refresh_from_db()
    assert not token.is_active
    assert bearer(raw).get(ME).status_code == 401


def test_the_account_page_cannot_revoke_another_users_token(client, member, outsider):
    token, _raw = apitoken_create(user=member, name="mine")
    client.force_login(outsider)
    assert client.post(reverse("account-token-revoke", args=[token.pk])).status_code == 404
    token.refresh_from_db()
    assert token.is_active


def test_the_account_page_needs_a_login(client):
    response = client.get(reverse("account-tokens"))
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_the_account_page_refuses_an_empty_name(client, member):
    client.force_login(member)
    response = client.post(reverse("account-tokens"), {"name": "  "})
    assert response.status_code == 200
    assert not ApiToken.objects.exists()


def test_a_browser_session_needs_the_csrf_token_to_write(member):
    browser = APIClient(enforce_csrf_checks=True)
    assert browser.login(username=member.username, password=TEST_PASSWORD)

    refused = browser.post("/api/v1/clubs/", {"name": "x", "slug": "x"}, format="json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["errors"][0]["message"]
    assert not Club.objects.filter(slug="x").exists()

    csrf = browser.get("/").cookies["csrftoken"].value  # any page with a form sets it
    accepted = browser.post(
        "/api/v1/clubs/", {"name": "x", "slug": "x"}, format="json", HTTP_X_CSRFTOKEN=csrf
    )
    assert accepted.status_code == 201, accepted.content


def test_a_browser_session_reads_without_csrf(member, club):
    browser = APIClient(enforce_csrf_checks=True)
    browser.login(username=member.username, password=TEST_PASSWORD)
    assert browser.get(f"/api/v1/clubs/{club.slug}/").status_code == 200


def test_token_requests_need_no_csrf_token(member):
    _token, raw = apitoken_create(user=member, name="app")
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert (
        client.post("/api/v1/clubs/", {"name": "y", "slug": "y"}, format="json").status_code == 201
    )
