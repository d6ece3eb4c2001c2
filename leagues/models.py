"""Clubs, their members, roster, saved rulesets and seasons.

Writes go through ``leagues.services``; reads through ``leagues.selectors``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.engine import SENTENCE_ALIASES_MAX, Rules, parse_ruleset


class Role(models.TextChoices):
    OWNER = "owner", _("所有者")
    ORGANISER = "organiser", _("组织者")
    RECORDER = "recorder", _("记录员")
    MEMBER = "member", _("成员")


# Higher number = more rights. Each role implies every role below it.
ROLE_RANK: dict[str, int] = {
    Role.MEMBER: 1,
    Role.RECORDER: 2,
    Role.ORGANISER: 3,
    Role.OWNER: 4,
}


CHIP_RATE_MIN = Decimal("0.01")
CHIP_RATE_MAX = Decimal("10000")
# A club's 简介: a few paragraphs on its page; leagues.services refuses a longer one.
CLUB_DESCRIPTION_MAX = 5000
# A player's aliases (别名), at most this many (leagues.services.player_aliases_clean):
# as many as the one-line entry reads for a seat.
PLAYER_ALIASES_MAX = SENTENCE_ALIASES_MAX


class Club(models.Model):
    name = models.CharField(_("名称"), max_length=100)
    slug = models.SlugField(_("网址名"), max_length=60, unique=True)
    description = models.TextField(_("简介"), blank=True)  # CLUB_DESCRIPTION_MAX
    is_public = models.BooleanField(_("公开"), default=False)
    # 结账: what one chip (子) is worth in money (元), for settling up; null when the
    # club plays for chips only.
    chip_rate = models.DecimalField(
        _("每子金额"),
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(CHIP_RATE_MIN), MaxValueValidator(CHIP_RATE_MAX)],
    )
    # 快速开桌 (docs/quick-tables.md): a hidden club holding one casual table, never
    # listed; its key (``tbl_…``) is kept only as its SHA-256.
    is_quick = models.BooleanField(_("快速开桌"), default=False)
    quick_key_hash = models.CharField(max_length=64, blank=True, db_index=True)
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("俱乐部")
        verbose_name_plural = _("俱乐部")

    def __str__(self) -> str:
        return self.name


class FormerSlug(models.Model):
    """A short name a club held before its organiser changed it: the club's pages under
    it redirect to the club's slug now (``leagues.middleware.ClubMovedMiddleware``), so
    the links shared at tables keep working, and no other club may take it."""

    slug = models.SlugField(max_length=60, unique=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="former_slugs")
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.slug


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("角色"), max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(_("加入时间"), default=timezone.now)

    class Meta:
        ordering = ["club", "user"]
        verbose_name = _("成员资格")
        verbose_name_plural = _("成员资格")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique_club_user"),
            models.CheckConstraint(
                condition=models.Q(role__in=[r.value for r in Role]),
                name="membership_role_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.role})"


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class Invitation(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("角色"), max_length=16, choices=Role.choices)
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    accepted_at = models.DateTimeField(_("接受时间"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("邀请")
        verbose_name_plural = _("邀请")

    def __str__(self) -> str:
        return f"{self.club} → {self.role}"

    @property
    def is_accepted(self) -> bool:
        return self.accepted_at is not None


# 对外隐藏名字: a linked user may ask that logged-out visitors see only the initials of
# their roster entries' names (``Player.name_hidden``). The request being served is kept
# here (``names_read_by``, set by ``leagues.middleware.HiddenNamesMiddleware``); every
# Player read from the database while a logged-out visitor's request is served carries
# ``name_for_reader``'s name, so every page, image, export and API answer built from it
# shows the initials. Outside a request (tasks, commands) names are never hidden.
_reader: ContextVar[Any] = ContextVar("csmj_name_reader", default=None)


@contextmanager
def names_read_by(request: Any) -> Iterator[None]:
    """Names read while the block runs are shown as ``request``'s user may see them."""
    token = _reader.set(request)
    try:
        yield
    finally:
        _reader.reset(token)


def reader_is_visitor() -> bool:
    """Whether the request being served is a logged-out visitor's (its user is read when
    asked: an API token's caller is known once the API view has authenticated it)."""
    request = _reader.get()
    if request is None:
        return False
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


def name_initials(name: str) -> str:
    """A name shown by its initials: "Wang Wei" → "W. W.", "张三" → "张*"."""
    words = name.split()
    if len(words) > 1:
        return " ".join(f"{w[0]}." for w in words)
    if not name:
        return name
    if name.isascii():
        return f"{name[0]}."
    return name[0] + "*" * min(len(name) - 1, 2)


def name_for_reader(name: str, hidden: bool) -> str:
    """THE name a roster entry shows to the reader of the request being served: its
    initials when the entry's user hid the name and the reader is a logged-out visitor,
    else the name. Scores are never touched."""
    if hidden and reader_is_visitor():
        return name_initials(name)
    return name


class Player(models.Model):
    """A roster entry. Most players at a table have no user account."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(_("名字"), max_length=60)
    aliases = models.JSONField(_("别名"), default=list, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    # A guest (客) was added at the table by a recorder; an organiser may later merge it
    # into a regular player (scoring.merge.services.player_merge).
    is_guest = models.BooleanField(_("客人"), default=False)
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    # When the player's current claim link (认领二维码) was made: the signed link names
    # this moment, so a new link, or a claim, makes the older one void (leagues.player_links).
    claim_issued_at = models.DateTimeField(_("认领链接时间"), null=True, blank=True)
    # The linked user asked that logged-out visitors of public club pages see only the
    # name's initials (我的 → 隐私); scores are unchanged.
    name_hidden = models.BooleanField(_("对外隐藏名字"), default=False)

    class Meta:
        ordering = ["club", "display_name", "id"]
        verbose_name = _("选手")
        verbose_name_plural = _("选手")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "display_name"], name="player_unique_club_display_name"
            ),
            # An account has at most one roster entry per club (an entry has at most one
            # account: the foreign key).
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=models.Q(user__isnull=False),
                name="player_unique_club_user",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Saved with its stored name, though read for a visitor (``from_db``)."""
        stored = self.__dict__.pop("_stored_name", None)
        if stored is not None:
            name, aliases = stored
            if self.display_name == name_initials(name):
                self.display_name = name
            if aliases is not None and self.aliases == []:
                self.aliases = aliases
        super().save(*args, **kwargs)

    @classmethod
    def from_db(cls, *args: Any, **kwargs: Any) -> Player:
        """A hidden name read for a logged-out visitor comes as its initials (and no
        aliases); ``save`` writes the stored name back, never the initials."""
        player: Player = super().from_db(*args, **kwargs)
        loaded = player.__dict__
        if loaded.get("name_hidden") and "display_name" in loaded:
            shown = name_for_reader(player.display_name, True)
            if shown != player.display_name:
                loaded["_stored_name"] = (player.display_name, loaded.get("aliases"))
                player.display_name = shown
                if "aliases" in loaded:
                    player.aliases = []
        return player


class PlayerLinkRequest(models.Model):
    """A user asks to be a listed player (我是这位选手); an organiser approves it (the
    link) or turns it down (the request is deleted)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="link_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_link_requests"
    )
    created_at = models.DateTimeField(_("申请时间"), default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("认领申请")
        verbose_name_plural = _("认领申请")
        constraints = [
            models.UniqueConstraint(fields=["player", "user"], name="linkrequest_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.player}"


_RULES_SEEN: dict[str, Rules | None] = {}


def ruleset_rules(config: Any) -> Rules | None:
    """The engine's ``Rules`` for a ruleset config (a saved ruleset's, a stored round's),
    parsed once per distinct config in a process (it keeps the last 64; a ``Rules`` is
    immutable, so one object serves every reader); None when the engine refuses it."""
    key = json.dumps(config, sort_keys=True)
    if key not in _RULES_SEEN:
        if len(_RULES_SEEN) >= 64:
            _RULES_SEEN.clear()
        _RULES_SEEN[key] = parse_ruleset(config)[0]
    return _RULES_SEEN[key]


class Ruleset(models.Model):
    """A club's saved ruleset: ``{"preset": CODE, overrides...}`` (rules.md §7)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rulesets")
    name = models.CharField(_("名称"), max_length=100)
    config = models.JSONField(_("规则"))
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)

    class Meta:
        ordering = ["club", "name", "id"]
        verbose_name = _("规则")
        verbose_name_plural = _("规则")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="ruleset_unique_club_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Rules | None:
        """The engine's reading of ``config`` (``ruleset_rules``: parsed once per config);
        None only for a config the engine refuses, which saving refuses."""
        return ruleset_rules(self.config)


class Season(models.Model):
    """A league. Closed seasons take no more rounds."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("名称"), max_length=100)
    start_date = models.DateField(_("开始日期"))
    end_date = models.DateField(_("结束日期"), null=True, blank=True)
    ruleset = models.ForeignKey(Ruleset, on_delete=models.RESTRICT, related_name="seasons")
    is_closed = models.BooleanField(_("已结束"), default=False)
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)

    class Meta:
        ordering = ["club", "-start_date", "-id"]
        verbose_name = _("赛季")
        verbose_name_plural = _("赛季")
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_unique_club_name"),
            models.CheckConstraint(
                condition=models.Q(end_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="season_end_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SeasonSessionCount(models.Model):
    """How many sessions a season has, kept as sessions are started, imported, moved in
    and deleted (``season_sessions_add``; ``rebuild_standings`` counts them again), so
    that the club page, the season page and the API show it without counting a big
    season's sessions on every read. A season without a row has none."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, primary_key=True, related_name="session_count"
    )
    sessions = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("赛季场数")
        verbose_name_plural = _("赛季场数")

    def __str__(self) -> str:
        return f"{self.season_id}: {self.sessions}"


from leagues.audit import AuditEntry  # noqa: E402,F401  (audit log)
from leagues.tokens import ApiToken  # noqa: E402,F401  (API tokens)
