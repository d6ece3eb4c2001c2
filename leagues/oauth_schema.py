"""The API schema's word on sign-in from apps: the OAuth 2 security scheme (authorization
code; PKCE with S256 is required, which OpenAPI cannot say, so the description does)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension

AUTHORIZE_PATH = "/oauth/authorize/"
TOKEN_PATH = "/oauth/token/"
REVOKE_PATH = "/oauth/revoke_token/"


class AppTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "leagues.oauth_auth.AppTokenAuthentication"
    name = "oauth2"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        provider: dict[str, Any] = getattr(settings, "OAUTH2_PROVIDER", {})
        scopes: dict[str, str] = dict(provider["SCOPES"])
        return {
            "type": "oauth2",
            "description": "Sign-in from an app: the authorization code flow with PKCE "
            "(code_challenge_method S256, required) for a public client; refresh with "
            f"the refresh token, revoke at {REVOKE_PATH}. docs/api.md walks through it.",
            "flows": {
                "authorizationCode": {
                    "authorizationUrl": AUTHORIZE_PATH,
                    "tokenUrl": TOKEN_PATH,
                    "refreshUrl": TOKEN_PATH,
                    "scopes": scopes,
                }
            },
        }


RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "Calls allowed per window to a signed-in caller (per token).",
    "RateLimit-Remaining": "Calls left in the current window.",
    "RateLimit-Reset": "Seconds until the window frees a call.",
}


def rate_limit_headers(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """A postprocessing hook: a success or a 429 may carry the caller's rate limit
    (signed-in callers only, leagues.oauth_limits); the headers are components."""
    components = result.setdefault("components", {}).setdefault("headers", {})
    for name, text in RATE_LIMIT_HEADERS.items():
        components[name] = {"schema": {"type": "integer", "minimum": 0}, "description": text}
    refs = {name: {"$ref": f"#/components/headers/{name}"} for name in RATE_LIMIT_HEADERS}
    for item in result.get("paths", {}).values():
        for operation in item.values():
            for code, response in operation.get("responses", {}).items():
                if code.startswith("2") or code == "429":
                    response.setdefault("headers", {}).update(refs)
    return result
