"""The key of a quick table (快速开桌, docs/quick-tables.md): ``tbl_`` and 32 random
characters. Only its SHA-256 is stored, on the table's hidden club
(``Club.quick_key_hash``). Whoever holds the key records at that table as the table's
keeper, a user without a password made for the table (``quick-<club slug>``), who holds
a role in that one club and nowhere else.

``TableKeyAuthentication`` reads ``Authorization: Bearer tbl_…`` in the API; it comes
before the personal tokens (``csmj_…``) and the apps' tokens, which never start so.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from leagues.models import Club, Role

TABLE_KEY_PREFIX = "tbl_"
KEEPER_PREFIX = "quick-"


def table_key_new() -> str:
    return TABLE_KEY_PREFIX + secrets.token_urlsafe(24)


def table_key_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def keeper_username(club: Club) -> str:
    return f"{KEEPER_PREFIX}{club.slug}"[:150]


def table_keeper(club: Club) -> Any:
    """The user who stands for the key's holders at ``club``'s table (None when absent)."""
    return get_user_model().objects.filter(username=keeper_username(club)).first()


def keeper_slug(user: Any) -> str:
    """The quick table's slug when ``user`` is a table's keeper (a phone holding the key,
    not a person's account), else ""."""
    if not getattr(user, "is_authenticated", False) or user.has_usable_password():
        return ""
    name = user.get_username()
    return name[len(KEEPER_PREFIX) :] if name.startswith(KEEPER_PREFIX) else ""


def table_for_key(raw: str) -> Club | None:
    """The quick table (its hidden club) whose key is ``raw``; None for any other string."""
    if not isinstance(raw, str) or not raw.startswith(TABLE_KEY_PREFIX) or len(raw) > 100:
        return None
    digest = table_key_hash(raw)
    club = Club.objects.filter(is_quick=True, quick_key_hash=digest).first()
    if club is None or not hmac.compare_digest(club.quick_key_hash, digest):
        return None
    return club


class TableKeyAuthentication(BaseAuthentication):
    """``Authorization: Bearer tbl_…``: the table's keeper, capped at recording."""

    def authenticate(self, request: Any) -> tuple[Any, Any] | None:
        parts = get_authorization_header(request).split()
        if len(parts) != 2 or parts[0].lower() != b"bearer":
            return None
        if not parts[1].startswith(TABLE_KEY_PREFIX.encode("ascii")):
            return None  # a personal or an app's token: the other classes read it
        try:
            raw = parts[1].decode("ascii")
        except UnicodeDecodeError:  # pragma: no cover - the prefix is ASCII
            raw = ""
        club = table_for_key(raw)
        user = table_keeper(club) if club is not None else None
        if user is None or not user.is_active:
            raise exceptions.AuthenticationFailed(_("Invalid table key."), code="invalid_token")
        user.api_role_cap = Role.RECORDER
        return user, club

    def authenticate_header(self, request: Any) -> str:
        return 'Bearer realm="api"'
