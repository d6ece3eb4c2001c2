"""Personal API tokens for score-keeping apps and bots.

A user creates tokens on their account page and sees each one once. Only the SHA-256
hash of a token is stored, with a short prefix to tell tokens apart in a list. A
revoked token stays in the table (revoked_at set) and never authenticates again.

The model is registered through ``leagues.models`` (one import line there).
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from csmj_site.errors import Forbidden, reject

TOKEN_PREFIX = "csmj_"
PREFIX_LENGTH = 12  # "csmj_" + 7 characters, shown in lists
NAME_MAX_LENGTH = 100
# last_used_at is written at most this often per token (not on every request).
LAST_USED_RESOLUTION = datetime.timedelta(minutes=1)


def token_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("名称"), max_length=NAME_MAX_LENGTH)
    prefix = models.CharField(_("前缀"), max_length=PREFIX_LENGTH)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    last_used_at = models.DateTimeField(_("最近使用"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("撤销时间"), null=True, blank=True)

    class Meta:
        app_label = "leagues"
        ordering = ["-created_at", "-id"]
        verbose_name = _("API 令牌")
        verbose_name_plural = _("API 令牌")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


# ---------------------------------------------------------------- services


def apitoken_create(*, user: Any, name: str) -> tuple[ApiToken, str]:
    """Create a token for ``user``. Returns the row and the clear token, which is never
    stored and cannot be shown again."""
    if user is None or not user.is_authenticated:
        raise Forbidden("token_create")
    name = (name or "").strip()
    if not name:
        raise reject("name", "required", "token_name")
    if len(name) > NAME_MAX_LENGTH:
        raise reject("name", "max_length", "token_name", limit=NAME_MAX_LENGTH)
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, prefix=raw[:PREFIX_LENGTH], token_hash=token_hash(raw)
    )
    return token, raw


def apitoken_revoke(*, token: ApiToken, user: Any) -> ApiToken:
    """Revoke one of the user's own tokens (revoking twice is harmless)."""
    if user is None or not user.is_authenticated or token.user_id != user.pk:
        raise Forbidden("token_revoke")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


# ---------------------------------------------------------------- reads


def apitoken_list(*, user: Any) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("revoked_at", "-created_at", "-id")


def apitoken_authenticate(*, raw: str) -> ApiToken | None:
    """The active token whose hash matches ``raw`` (with its user), or None.
    Records the time of use, at most once a minute per token."""
    if not raw.startswith(TOKEN_PREFIX) or len(raw) > 200:
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(token_hash=token_hash(raw), revoked_at__isnull=True)
        .first()
    )
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
