"""Sign-in from an app: OAuth 2 authorization code with PKCE (S256, required) for a
public client, refresh and revocation, scopes capping the user's roles, GET /me/."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from oauth2_provider.models import get_access_token_model
from rest_framework.test import APIClient

from leagues.models import Player
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_self_draw
from tests.leagues.api.oauth_helpers import (
    authorize_params,
    exchange,
    make_app,
    pkce_pair,
    sign_in,
)

pytestmark = pytest.mark.django_db

ME = "/api/v1/me/"


def bearer(access_token: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {access_token}")
    return api


def test_an_app_signs_in_with_pkce_refreshes_and_is_revoked(client, club, recorder):
    app = make_app()
    client.force_login(recorder)
    tokens = sign_in(client, app, scope="read record")
    assert tokens["token_type"] == "Bearer"
    assert set(tokens["scope"].split()) == {"read", "record"}

    me = bearer(tokens["access_token"]).get(ME)
    assert me.status_code == 200, me.content
    assert me.json()["username"] == recorder.username
    assert me.json()["scopes"] == ["read", "record"]

    refreshed = client.post(
        "/oauth/token/",
        {
            "grant_type": "refresh_token",
            "refresh_token": tokens["refresh_token"],
            "client_id": app.client_id,
        },
    )
    assert refreshed.status_code == 200, refreshed.content
    fresh = refreshed.json()
    assert fresh["access_token"] != tokens["access_token"]
    assert fresh["refresh_token"] != tokens["refresh_token"]  # rotated
    assert bearer(tokens["access_token"]).get(ME).status_code == 401
    assert bearer(fresh["access_token"]).get(ME).status_code == 200

    revoked = client.post(
        "/oauth/revoke_token/", {"token": fresh["access_token"], "client_id": app.client_id}
    )
    assert revoked.status_code == 200
    gone = bearer(fresh["access_token"]).get(ME)
    assert gone.status_code == 401
    assert codes(gone) == [("", "invalid_token")]
    assert gone["WWW-Authenticate"].startswith("Bearer")


def test_only_a_checksum_of_an_apps_token_is_stored(client, club, member):
    client.force_login(member)
    tokens = sign_in(client, make_app())
    stored = get_access_token_model().objects.get()
    assert tokens["access_token"] not in {str(v) for v in vars(stored).values()}


def test_an_app_without_a_code_challenge_is_refused(client, member):
    app = make_app()
    client.force_login(member)
    answer = client.get("/oauth/authorize/", authorize_params(app, None, "read"))
    assert answer.status_code == 302
    query = parse_qs(urlsplit(answer["Location"]).query)
    assert query["error"] == ["invalid_request"]


def test_a_code_exchanged_without_its_verifier_gives_no_token(client, member):
    from tests.leagues.api.oauth_helpers import authorize

    app = make_app()
    client.force_login(member)
    verifier, challenge = pkce_pair()
    code = authorize(client, app, challenge)
    answer = exchange(client, app, code, verifier + "x")
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_grant"
    assert get_access_token_model().objects.count() == 0


def test_the_sign_in_page_speaks_chinese_and_names_the_scopes(client, member):
    app = make_app()
    client.force_login(member)
    _verifier, challenge = pkce_pair()
    page = client.get("/oauth/authorize/", authorize_params(app, challenge, "read record"))
    text = page.content.decode()
    assert "授权应用" in text and "记分 App" in text
    assert "记录、更正、作废牌局" in text


def test_a_read_only_app_cannot_record_a_round(client, club, recorder, session):
    client.force_login(recorder)
    tokens = sign_in(client, make_app(), scope="read")
    api = bearer(tokens["access_token"])
    assert api.get(rounds_url(club, session)).status_code == 200
    answer = api.post(rounds_url(club, session), round_self_draw(0), format="json")
    assert answer.status_code == 403
    assert codes(answer) == [("", "permission_denied")]
    assert session.rounds.count() == 0


def test_an_app_allowed_to_record_records_but_does_not_organise(client, club, owner, session):
    client.force_login(owner)
    api = bearer(sign_in(client, make_app(), scope="read record")["access_token"])
    answer = api.post(rounds_url(club, session), round_self_draw(0), format="json")
    assert answer.status_code == 201, answer.content
    added = api.post(club_url(club, "players/"), {"display_name": "新人"}, format="json")
    assert added.status_code == 403
    assert codes(added) == [("", "permission_denied")]
    assert not Player.objects.filter(display_name="新人").exists()
    new_club = api.post("/api/v1/clubs/", {"name": "新俱乐部"}, format="json")
    assert new_club.status_code == 403
    assert codes(new_club) == [("", "permission_denied")]


def test_an_app_allowed_to_organise_acts_with_all_the_users_roles(client, club, owner):
    client.force_login(owner)
    api = bearer(sign_in(client, make_app(), scope="read organise")["access_token"])
    added = api.post(club_url(club, "players/"), {"display_name": "新人"}, format="json")
    assert added.status_code == 201, added.content


def test_scopes_never_raise_a_role_the_user_lacks(client, club, member, session):
    client.force_login(member)
    api = bearer(sign_in(client, make_app(), scope="read record organise")["access_token"])
    answer = api.post(rounds_url(club, session), round_self_draw(0), format="json")
    assert answer.status_code == 403


def test_an_unknown_app_token_answers_401_not_anonymous(club):
    answer = bearer("not-a-real-token").get("/api/v1/clubs/")
    assert answer.status_code == 401
    assert codes(answer) == [("", "invalid_token")]


def test_me_says_who_the_caller_is_their_clubs_roles_and_players(club, recorder, players):
    from tests.api_helpers import token_client

    Player.objects.filter(pk=players[1].pk).update(user=recorder)
    body = token_client(recorder).get(ME).json()
    assert body["id"] == recorder.pk and body["username"] == recorder.username
    assert body["clubs"] == [{"slug": club.slug, "name": club.name, "role": "recorder"}]
    assert body["players"] == [
        {"id": players[1].pk, "club": club.slug, "display_name": players[1].display_name}
    ]
    assert body["scopes"] is None


def test_me_without_credentials_answers_401():
    answer = APIClient().get(ME)
    assert answer.status_code == 401
    assert codes(answer) == [("", "not_authenticated")]


def test_a_user_who_cancels_sends_the_app_access_denied_and_no_code(client, member):
    app = make_app()
    client.force_login(member)
    _verifier, challenge = pkce_pair()
    params = authorize_params(app, challenge, "read")
    answer = client.post("/oauth/authorize/", params)  # 取消: the form without "allow"
    assert answer.status_code == 302
    query = parse_qs(urlsplit(answer["Location"]).query)
    assert query["error"] == ["access_denied"] and "code" not in query


def test_the_user_menu_links_to_the_apps_page(client, member):
    client.force_login(member)
    assert 'href="/accounts/apps/"' in client.get("/accounts/tokens/").content.decode()


def test_the_sign_in_page_asks_a_visitor_to_log_in_first(client):
    app = make_app()
    _verifier, challenge = pkce_pair()
    answer = client.get("/oauth/authorize/", authorize_params(app, challenge, "read"))
    assert answer.status_code == 302
    assert answer["Location"].startswith("/accounts/login/")


def test_a_spent_refresh_token_used_again_ends_the_whole_sign_in(client, member):
    app = make_app()
    client.force_login(member)
    tokens = sign_in(client, app)

    def refresh(token):
        return client.post(
            "/oauth/token/",
            {"grant_type": "refresh_token", "refresh_token": token, "client_id": app.client_id},
        )

    fresh = refresh(tokens["refresh_token"]).json()
    assert bearer(fresh["access_token"]).get(ME).status_code == 200
    reused = refresh(tokens["refresh_token"])
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    assert bearer(fresh["access_token"]).get(ME).status_code == 401
    assert refresh(fresh["refresh_token"]).status_code == 400


@pytest.mark.parametrize(
    ("grant", "data"),
    [
        ("password", {"grant_type": "password", "username": "member", "password": "x"}),
        ("client-credentials", {"grant_type": "client_credentials"}),
    ],
)
def test_an_app_registered_with_another_grant_gets_no_token(client, member, grant, data):
    from oauth2_provider.models import get_application_model

    from tests.factories import TEST_PASSWORD

    app = get_application_model().objects.create(
        name="别的 App",
        client_type="confidential",
        authorization_grant_type=grant,
        client_secret="s3cret-s3cret",
        redirect_uris="",
        algorithm="",
    )
    data = {**data, "password": TEST_PASSWORD} if grant == "password" else data
    answer = client.post(
        "/oauth/token/", {**data, "client_id": app.client_id, "client_secret": "s3cret-s3cret"}
    )
    assert answer.status_code in (400, 401)
    assert answer.json()["error"] == "unauthorized_client"
    assert get_access_token_model().objects.count() == 0
