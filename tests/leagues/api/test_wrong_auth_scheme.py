"""An Authorization header the API does not take (Basic …, or a token without its
Bearer scheme) answers 401, on public reads too: a caller that meant to sign in is
never read as anonymous."""

import pytest
from rest_framework.test import APIClient

from leagues.tokens import apitoken_create
from tests.api_helpers import codes
from tests.factories import make_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_club(owner):
    return make_club(name="公开俱乐部", is_public=True, owner=owner)


@pytest.fixture
def raw_token(member):
    _token, raw = apitoken_create(user=member, name="app")
    return raw


@pytest.mark.parametrize(
    "header",
    ["Basic dXNlcjpwYXNz", "{raw}", "Digest username=x", "Bearerx {raw}"],
    ids=["basic", "token-without-scheme", "digest", "glued-scheme"],
)
def test_a_wrong_scheme_is_401_not_anonymous(public_club, raw_token, header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header.format(raw=raw_token))
    response = client.get(f"/api/v1/clubs/{public_club.slug}/")

    assert response.status_code == 401
    assert codes(response) == [("", "invalid_header")]
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_the_calculator_refuses_a_wrong_scheme_too(raw_token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Basic {raw_token}")
    assert client.get("/api/v1/rulesets/").status_code == 401


def test_no_header_is_still_anonymous_and_bearer_still_signs_in(public_club, raw_token):
    assert APIClient().get(f"/api/v1/clubs/{public_club.slug}/").status_code == 200
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_token}")
    assert client.get(f"/api/v1/clubs/{public_club.slug}/").status_code == 200
