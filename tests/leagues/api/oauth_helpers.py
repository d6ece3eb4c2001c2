"""Sign-in from an app in the test client: a public app registered by staff, and the
authorization code flow with PKCE (S256) as an app runs it."""

from __future__ import annotations

import base64
import hashlib
import secrets
from typing import Any
from urllib.parse import parse_qs, urlsplit

from oauth2_provider.models import get_application_model

REDIRECT_URI = "https://app.example/callback"


def make_app(name: str = "记分 App") -> Any:
    return get_application_model().objects.create(
        name=name,
        client_type="public",
        authorization_grant_type="authorization-code",
        redirect_uris=REDIRECT_URI,
        algorithm="",
    )


def pkce_pair() -> tuple[str, str]:
    """(code_verifier, code_challenge) with S256, as RFC 7636 §4 builds them."""
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")
    return verifier, challenge


def authorize_params(app: Any, challenge: str | None, scope: str) -> dict[str, str]:
    params = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": REDIRECT_URI,
        "scope": scope,
        "state": "state-42",
    }
    if challenge is not None:
        params |= {"code_challenge": challenge, "code_challenge_method": "S256"}
    return params


def authorize(client: Any, app: Any, challenge: str, scope: str = "read") -> str:
    """The signed-in user allows the app on the sign-in page: the code it gets back."""
    params = authorize_params(app, challenge, scope)
    page = client.get("/oauth/authorize/", params)
    assert page.status_code == 200, page.content
    answer = client.post("/oauth/authorize/", {**params, "allow": "1"})
    assert answer.status_code == 302, answer.content
    query = parse_qs(urlsplit(answer["Location"]).query)
    assert query["state"] == ["state-42"]
    return query["code"][0]


def exchange(client: Any, app: Any, code: str, verifier: str) -> Any:
    return client.post(
        "/oauth/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT_URI,
            "client_id": app.client_id,
            "code_verifier": verifier,
        },
    )


def sign_in(client: Any, app: Any, scope: str = "read") -> dict[str, Any]:
    """The whole flow: the token endpoint's answer (access and refresh tokens)."""
    verifier, challenge = pkce_pair()
    code = authorize(client, app, challenge, scope)
    answer = exchange(client, app, code, verifier)
    assert answer.status_code == 200, answer.content
    tokens: dict[str, Any] = answer.json()
    return tokens
