"""The apps a user allowed (signed in to through OAuth 2): read and revoke.

An app is "allowed" while it holds a refresh token not revoked or an access token not
expired. Revoking it revokes all of them at once: the app must ask the user again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from oauth2_provider.models import (
    get_access_token_model,
    get_application_model,
    get_grant_model,
    get_refresh_token_model,
)

from csmj_site.errors import Forbidden


@dataclass
class AllowedApp:
    id: int
    name: str
    scopes: list[str] = field(default_factory=list)
    first_allowed: datetime | None = None
    last_used: datetime | None = None


def _live_tokens(*, user: Any) -> tuple[Any, Any]:
    access = get_access_token_model().objects.filter(user=user, expires__gt=timezone.now())
    refresh = get_refresh_token_model().objects.filter(user=user, revoked__isnull=True)
    return access, refresh


# ---------------------------------------------------------------- reads


def oauth_app_list_for_user(*, user: Any) -> list[AllowedApp]:
    """The apps the user allowed, the most recently used first."""
    if user is None or not user.is_authenticated:
        return []
    access, refresh = _live_tokens(user=user)
    apps: dict[int, AllowedApp] = {}
    for token in [*access.select_related("application"), *refresh.select_related("application")]:
        app = token.application
        if app is None:
            continue
        row = apps.setdefault(app.pk, AllowedApp(id=app.pk, name=app.name))
        scope = getattr(token, "scope", None)
        if scope is None and getattr(token, "access_token", None) is not None:
            scope = token.access_token.scope
        for name in str(scope or "").split():
            if name not in row.scopes:
                row.scopes.append(name)
        if row.first_allowed is None or token.created < row.first_allowed:
            row.first_allowed = token.created
        if row.last_used is None or token.updated > row.last_used:
            row.last_used = token.updated
    order = {"read": 0, "record": 1, "organise": 2}
    for row in apps.values():
        row.scopes.sort(key=lambda name: order.get(name, 9))
    return sorted(apps.values(), key=lambda row: row.last_used or timezone.now(), reverse=True)


def oauth_app_get(*, app_id: int) -> Any:
    return get_application_model().objects.filter(pk=app_id).first()


# ---------------------------------------------------------------- writes


def oauth_app_revoke(*, app: Any, user: Any) -> int:
    """Revoke every token and pending code ``user`` gave ``app``; the number of tokens
    revoked (revoking twice is harmless)."""
    if user is None or not user.is_authenticated:
        raise Forbidden("token_revoke")
    access, refresh = _live_tokens(user=user)
    with transaction.atomic():
        count = 0
        for token in refresh.filter(application=app):
            token.revoke()
            count += 1
        for token in access.filter(application=app):
            token.revoke()
            count += 1
        get_grant_model().objects.filter(user=user, application=app).delete()
    return count
