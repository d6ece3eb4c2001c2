"""Token authentication for the API: ``Authorization: Bearer csmj_…`` (or ``Token csmj_…``),
checked against the stored hash (leagues.tokens). Kept apart from csmj_site.api, which
imports rest_framework.views (that module reads this setting on import).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from leagues.tokens import apitoken_authenticate

# The codes of a refused token (the API schema lists them).
TOKEN_ERROR_CODES = ("invalid_header", "invalid_token")


class ApiTokenAuthentication(BaseAuthentication):
    """``Authorization: Bearer <token>`` (``Token <token>`` works too)."""

    keywords = (b"bearer", b"token")

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        parts = get_authorization_header(request).split()
        if not parts:
            return None
        if parts[0].lower() not in self.keywords:
            # Basic …, or the token without its scheme: a caller that meant to sign in,
            # never read as anonymous.
            raise exceptions.AuthenticationFailed(
                _("Invalid Authorization header: send Bearer <token>."), code="invalid_header"
            )
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(
                _("Invalid Authorization header: give one token."), code="invalid_header"
            )
        try:
            raw = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(
                _("Invalid token."), code="invalid_token"
            ) from None
        token = apitoken_authenticate(raw=raw)
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(
                _("Invalid or revoked token."), code="invalid_token"
            )
        return token.user, token

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'
