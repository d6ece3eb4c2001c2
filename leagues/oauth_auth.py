"""Sign-in from apps: the API reads an app's OAuth 2 access token (django-oauth-toolkit,
authorization code with PKCE) and acts with the roles its scopes allow.

- ``read`` (the default): what the user can read, and the roles up to member;
- ``record``: the user's roles up to recorder (rounds, sessions), and reads;
- ``organise``: all the user's roles (roster, rulesets, seasons, nights, new clubs).

The cap is set on the user (``api_role_cap``) and applied where every role check reads
the role (``leagues.selectors.membership_role``), so the existing checks refuse with
their own 403. A personal token (``csmj_…``) is left to ``leagues.token_auth``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from oauth2_provider.oauth2_backends import get_oauthlib_core
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from leagues.models import Role
from leagues.tokens import TOKEN_PREFIX

SCOPE_READ, SCOPE_RECORD, SCOPE_ORGANISE = "read", "record", "organise"
# The API schema's enum of them (``Scope``).
SCOPES = (SCOPE_READ, SCOPE_RECORD, SCOPE_ORGANISE)

# What each scope lets an app do, as the sign-in and apps pages say it.
SCOPE_LABELS = {
    SCOPE_READ: _("查看你能看到的俱乐部、对局和排名"),
    SCOPE_RECORD: _("记录、更正、作废牌局；开始和结束对局"),
    SCOPE_ORGANISE: _("管理你组织的俱乐部：名单、规则、赛季、比赛夜"),
}


def token_scopes(token: Any) -> set[str]:
    return set(str(getattr(token, "scope", "") or "").split())


def role_cap(scopes: set[str]) -> str:
    """The highest role a token with ``scopes`` acts with."""
    if SCOPE_ORGANISE in scopes:
        return Role.OWNER
    if SCOPE_RECORD in scopes:
        return Role.RECORDER
    return Role.MEMBER


def _refuse_scope(scope: str) -> exceptions.PermissionDenied:
    return exceptions.PermissionDenied(
        _("This app was not allowed the %(scope)s scope: sign in again asking for it.")
        % {"scope": scope}
    )


def check_scopes(request: Any, scopes: set[str]) -> None:
    """What no role check covers: every call needs one of the scopes (each lets the app
    read); a new club (whose creator becomes its owner) needs ``organise``."""
    if not scopes & set(SCOPE_LABELS):
        raise _refuse_scope(SCOPE_READ)
    view = (getattr(request, "parser_context", None) or {}).get("view")
    creates_club = getattr(view, "basename", None) == "api-club" and request.method == "POST"
    if creates_club and SCOPE_ORGANISE not in scopes:
        raise _refuse_scope(SCOPE_ORGANISE)


class AppTokenAuthentication(BaseAuthentication):
    """``Authorization: Bearer <access token>`` of an app the user signed in to. A token
    that is unknown, expired or revoked answers 401 (never read as anonymous)."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        parts = get_authorization_header(request).split()
        if len(parts) != 2 or parts[0].lower() != b"bearer":
            return None
        if parts[1].startswith(TOKEN_PREFIX.encode("ascii")):
            return None  # a personal token: leagues.token_auth reads it
        valid, oauth_request = get_oauthlib_core().verify_request(request._request, scopes=[])
        user = getattr(oauth_request, "user", None) if valid else None
        if user is None or not user.is_active:
            raise exceptions.AuthenticationFailed(
                _("Invalid, expired or revoked token."), code="invalid_token"
            )
        token = oauth_request.access_token
        scopes = token_scopes(token)
        check_scopes(request, scopes)
        user.api_role_cap = role_cap(scopes)
        return user, token

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'
