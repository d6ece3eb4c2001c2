"""Recorded play: sessions (一场), their seats, rounds (一盘) and the rows derived from them.

A round is never edited in place. A correction stores a new version and moves
``is_current`` to it; a void keeps the row and marks it. A round *counts* when it
is the current version and not void (``Round.objects.counting()``).

``Transfer`` and ``RoundPlayer`` rows are derived from the engine's result when the
round is stored, so standings are plain GROUP BY queries over them.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from csmj_site.bounds import Bound
from csmj_site.language import as_label, as_label_lazy
from scoring.engine import HAND_CLASSES, OUTCOMES, SEATS
from scoring.settlement import FEE_EQUAL, FEE_TOP, FEE_WINNERS

if TYPE_CHECKING:
    from leagues.models import Player

# The most seats a table has (rules.md §10: tables of four, three and two). A table of
# n uses seats 0..n-1; exports with a column a seat have this many.
MAX_SEATS = 4
seat_validators = [MinValueValidator(0), MaxValueValidator(MAX_SEATS - 1)]


def outcome_label(kind: str | None) -> str:
    """A round's outcome (``result.kind``) in the engine's words, as a label: 自摸, 点炮,
    流局 (Self-draw, Deal-in, Draw)."""
    word = OUTCOMES.get(kind or "")
    return "" if word is None else as_label(word)


def seat_label(seat: int) -> str:
    """A seat (0–3) by its name, the engine's word: 1号位 … 4号位 (Seat 1 …)."""
    return as_label(SEATS[seat])


def table_title(*, round_number: int, table_number: int) -> str:
    """A league night's table as its session is titled (the session's table label, the
    crumbs): 第1轮 第2桌 (Round 1 · Table 2), in the active language."""
    return gettext("第%(round)s轮 第%(table)s桌") % {"round": round_number, "table": table_number}


def new_follow_token() -> str:
    """A session's secret follow link (跟看链接): 32 URL-safe characters, 192 random bits."""
    return secrets.token_urlsafe(24)


# 结账's table fee (台费), chosen once for the session so that every phone showing its
# settlement (the session page, the follow link, the result image, the API) shows the same
# fee: chips for the session or for each counted round, paid as ``table_fee_by`` says
# (``scoring.settlement.fee_shares``).
TABLE_FEE = Bound(0, 100000, label=_("台费（子）"))


class FeePer(models.TextChoices):
    TABLE = "table", _("整场一次")
    ROUND = "round", _("每盘一次")


class FeeBy(models.TextChoices):
    EQUAL = FEE_EQUAL, _("大家平摊")
    WINNERS = FEE_WINNERS, _("赢家按比例")
    TOP = FEE_TOP, _("大赢家")


class Session(models.Model):
    """一场: the players at one table (four, three or two: the season's ruleset's
    ``players``, rules.md §10), in turn order, for a run of rounds."""

    # A season's sessions are found by ``session_season_recent_idx``, which starts with it.
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, related_name="sessions", db_index=False
    )
    started_at = models.DateTimeField(_("开始时间"), default=timezone.now)
    table_label = models.CharField(_("桌号"), max_length=40, blank=True)
    first_dealer = models.PositiveSmallIntegerField(_("首庄"), validators=seat_validators)
    # A league night's table of three under a ruleset for four (rules.md §10: the same
    # rules at ``players: 3``); null: the season's ruleset as it is.
    table_size = models.PositiveSmallIntegerField(_("人数"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    # The secret follow link /f/<token>/: read-only, this session's names and totals, no
    # login. Null when the organiser has turned it off; a new token revokes the old one.
    follow_token = models.CharField(
        _("跟看链接"), max_length=64, unique=True, null=True, blank=True, default=new_follow_token
    )
    table_fee = models.PositiveIntegerField(
        TABLE_FEE.label, default=0, validators=[MaxValueValidator(TABLE_FEE.high)]
    )
    table_fee_per = models.CharField(
        _("台费按"), max_length=5, choices=FeePer.choices, default=FeePer.TABLE
    )
    table_fee_by = models.CharField(
        _("谁付台费"), max_length=7, choices=FeeBy.choices, default=FeeBy.EQUAL
    )

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("场")
        verbose_name_plural = _("场")
        indexes = [
            # A season's sessions, newest first: the season page's list, one page at a
            # time, without sorting every session of a big season.
            models.Index(fields=["season", "-started_at", "-id"], name="session_season_recent_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(first_dealer__gte=0, first_dealer__lte=3),
                name="session_first_dealer_seat",
            ),
        ]

    def __str__(self) -> str:
        label = f" {self.table_label}" if self.table_label else ""
        return f"{self.season} #{self.pk}{label}"

    @property
    def title(self) -> str:
        """The session's name on its pages and in messages: when it started (local month,
        day and time, as the site writes times) and its table, e.g. "12-06 19:00 · 3号桌".
        Not its id, which counts every club's sessions."""
        when = timezone.localtime(self.started_at).strftime("%m-%d %H:%M")
        return f"{when} · {self.table_label}" if self.table_label else when

    def players_in_order(self) -> list[Player]:
        """The players by seat 0..n-1 (uses prefetched ``seats`` when present)."""
        seats = sorted(self.seats.all(), key=lambda s: s.seat)
        return [s.player for s in seats]


class SessionSeat(models.Model):
    # No index of its own: the unique (session, seat) constraint starts with it.
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="seats", db_index=False
    )
    seat = models.PositiveSmallIntegerField(_("座位"), validators=seat_validators)
    # No index of its own: the player's sessions index below starts with it.
    player = models.ForeignKey(
        "leagues.Player", on_delete=models.RESTRICT, related_name="session_seats", db_index=False
    )
    # The session's start, copied here so that a player's sessions, newest first, are
    # read a page at a time from one index (``player_sessions``), not sorted from all of
    # them: set where the seats are made (``session_start``, the bulk import) and moved
    # with the session (``session_update``).
    started_at = models.DateTimeField(_("开始时间"))

    class Meta:
        ordering = ["session", "seat"]
        verbose_name = _("座位")
        verbose_name_plural = _("座位")
        indexes = [
            models.Index(
                fields=["player", "-started_at", "-session"], name="sessionseat_player_recent_idx"
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="sessionseat_unique_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="sessionseat_unique_player"),
            models.CheckConstraint(
                condition=models.Q(seat__gte=0, seat__lte=3), name="sessionseat_seat_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}:{self.seat} {self.player}"


def counting_q(prefix: str = "") -> models.Q:
    """The ``counting()`` condition (current version, not void) as a Q, seen through
    ``prefix``: ``counting_q("rounds")`` on Session, ``counting_q("round")`` on RoundPlayer."""
    path = f"{prefix}__" if prefix else ""
    return models.Q(**{f"{path}is_current": True, f"{path}is_void": False})


class RoundQuerySet(models.QuerySet["Round"]):
    def counting(self) -> RoundQuerySet:
        """Rounds that count anywhere: the current version, not void."""
        return self.filter(counting_q())

    def current(self) -> RoundQuerySet:
        return self.filter(is_current=True)


class Round(models.Model):
    """一盘, one version of it. ``data`` is the round-format object without "ruleset"."""

    # No index of its own: the unique (session, number, version) constraint starts with it.
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="rounds", db_index=False
    )
    number = models.PositiveIntegerField(_("盘号"), validators=[MinValueValidator(1)])
    version = models.PositiveIntegerField(_("版本"), default=1, validators=[MinValueValidator(1)])
    is_current = models.BooleanField(_("当前版本"), default=True)
    is_void = models.BooleanField(_("作废"), default=False)
    void_reason = models.CharField(_("作废原因"), max_length=200, blank=True)
    data = models.JSONField(_("录入数据"))
    ruleset_config = models.JSONField(_("计分规则"))
    result = models.JSONField(_("计分结果"))
    burned = models.IntegerField(_("烧掉"), default=0)
    # The birds (扎鸟) that counted for the result, as the engine counted them when the
    # round was stored (Scored.birds: 海底 birds filled in; [] for a draw or forfeit).
    birds = models.JSONField(_("扎鸟"), default=list, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(_("记录时间"), default=timezone.now)
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="superseded_by",
    )
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    voided_at = models.DateTimeField(_("作废时间"), null=True, blank=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["session", "number", "version"]
        verbose_name = _("盘")
        verbose_name_plural = _("盘")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "number"],
                condition=models.Q(is_current=True),
                name="round_one_current_version",
            ),
            models.UniqueConstraint(
                fields=["session", "number", "version"], name="round_unique_version"
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_min"),
            models.CheckConstraint(condition=models.Q(version__gte=1), name="round_version_min"),
        ]
        indexes = [
            models.Index(fields=["session", "is_current", "is_void"], name="round_counting_idx"),
            # Reads joining a player's every RoundPlayer, RoundHand or Transfer row with
            # ``counting_q`` (as 我的 does) use these two instead of the rounds themselves,
            # whose ``data`` is most of the table: the few rounds that do not count (older
            # versions, voids) to leave out, and the counted rounds' ids and sessions (about
            # 0.2 MB per 10,000 rounds) to join when a year is read through the session.
            models.Index(fields=["id"], condition=~counting_q(), name="round_not_counting_idx"),
            models.Index(
                fields=["id", "session"], condition=counting_q(), name="round_counting_id_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} 第{self.number}盘 v{self.version}"

    @property
    def counts(self) -> bool:
        return self.is_current and not self.is_void


class TransferEvent(models.TextChoices):
    OPENING = "opening", as_label_lazy(HAND_CLASSES["opening"])
    RESULT = "result", _("胡牌")
    PENALTY = "penalty", _("罚分")


class Transfer(models.Model):
    """One payment in a round. A burned penalty has no payee."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="transfers")
    # The player columns here and on RoundPlayer / RoundHand copy the session's seats
    # (SessionSeat.player, which keeps its database constraint and RESTRICT, so a player
    # with rounds can't go); they carry no constraint of their own: ~9 foreign-key checks
    # a round less on every write (docs/data-model.md, "Denormalised player columns").
    payer = models.ForeignKey(
        "leagues.Player",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="transfers_paid",
        db_constraint=False,
    )
    payee = models.ForeignKey(
        "leagues.Player",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="transfers_received",
        db_constraint=False,
    )
    payer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payee_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    amount = models.PositiveIntegerField(_("金额"))
    event = models.CharField(_("事件"), max_length=16, choices=TransferEvent.choices)
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("支付")
        verbose_name_plural = _("支付")
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="transfer_amount_pos"),
        ]

    def __str__(self) -> str:
        return f"{self.payer_seat}→{self.payee_seat} {self.amount} ({self.event})"


class RoundPlayer(models.Model):
    """One row per round × seat: what that seat did and won, for aggregation."""

    # No index of its own: the unique (round, seat) constraint starts with it.
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="players", db_index=False
    )
    player = models.ForeignKey(
        "leagues.Player",
        on_delete=models.RESTRICT,
        related_name="round_players",
        db_constraint=False,
    )
    seat = models.PositiveSmallIntegerField(validators=seat_validators)
    net = models.IntegerField(_("得分"))
    is_dealer = models.BooleanField(_("庄家"), default=False)
    won = models.BooleanField(_("胡牌"), default=False)
    self_draw = models.BooleanField(as_label_lazy(OUTCOMES["self_draw"]), default=False)
    dealt_in = models.BooleanField(as_label_lazy(OUTCOMES["discard"]), default=False)
    big_win = models.BooleanField(as_label_lazy(HAND_CLASSES["big"]), default=False)
    opening_wins = models.PositiveSmallIntegerField(
        as_label_lazy(HAND_CLASSES["opening"]), default=0
    )
    hands = models.JSONField(_("牌型"), default=list, blank=True)
    birds_hit = models.PositiveSmallIntegerField(_("中鸟"), default=0)

    class Meta:
        ordering = ["round", "seat"]
        verbose_name = _("盘选手")
        verbose_name_plural = _("盘选手")
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="roundplayer_unique_seat"),
        ]
        indexes = [
            # A player's wins (one row a round): the rounds a player won (the API's
            # rounds ``player`` filter) are read from it, not from every round played.
            models.Index(
                fields=["player", "net"], condition=models.Q(won=True), name="roundplayer_won_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}:{self.seat} {self.net:+d}"


# COUNTED_ROWS_NOTE: RoundHand and RoundKong rows carry their round's ``counts`` as
# ``counted``, so that a player page counts a player's hand types and kongs from the
# player's index (player, counted, code or kind) alone, in time with their own rows and
# without visiting the round table. A round's rows are born counted (a recorded round counts; the import
# stores a void round's rows uncounted) and stop counting with the round, in the same
# statement batch (``scoring.services.rounds``: a correction's old version, a void); a
# round never counts again once it stopped.


class RoundHand(models.Model):
    """One row per hand-type occurrence (code) won by a seat in a round, for counts."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hand_rows")
    # No index of its own: the player's index below starts with it.
    player = models.ForeignKey(
        "leagues.Player",
        on_delete=models.RESTRICT,
        related_name="round_hands",
        db_constraint=False,
        db_index=False,
    )
    seat = models.PositiveSmallIntegerField(validators=seat_validators)
    code = models.CharField(_("牌型"), max_length=32)
    is_opening = models.BooleanField(as_label_lazy(HAND_CLASSES["opening"]), default=False)
    # The round's ``counts`` (current version, not void), copied here so that a player's
    # counts are read from their index alone (COUNTED_ROWS_NOTE).
    counted = models.BooleanField(default=True)

    class Meta:
        ordering = ["round", "seat", "id"]
        verbose_name = _("牌型记录")
        verbose_name_plural = _("牌型记录")
        indexes = [
            models.Index(fields=["player", "counted", "code"], name="roundhand_player_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}:{self.seat} {self.code}"


# The kind of a RoundKong row for the seat that fed a 放杠 (点杠); the others are the
# engine's KONG_KINDS.
KONG_FED = "fed"


class RoundKong(models.Model):
    """One row per seat's part in a kong of a round, for counts: the seat that made it
    (``kind`` 暗杠 ``an``, 加杠 ``jia`` or 放杠 ``ming``, the engine's KONG_KINDS), and for
    a 放杠 also the seat that fed it (``kind`` ``fed``, 点杠). Derived from the engine's
    answer when the round is stored (``scoring.services.round_rows``), like RoundHand."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="kong_rows")
    # No index of its own: the player's index below starts with it.
    player = models.ForeignKey(
        "leagues.Player",
        on_delete=models.RESTRICT,
        related_name="round_kongs",
        db_constraint=False,
        db_index=False,
    )
    seat = models.PositiveSmallIntegerField(validators=seat_validators)
    kind = models.CharField(_("杠"), max_length=8)
    counted = models.BooleanField(default=True)  # the round's ``counts`` (COUNTED_ROWS_NOTE)

    class Meta:
        ordering = ["round", "seat", "id"]
        verbose_name = _("杠记录")
        verbose_name_plural = _("杠记录")
        indexes = [
            models.Index(fields=["player", "counted", "kind"], name="roundkong_player_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}:{self.seat} {self.kind}"


from scoring.idempotency import IdempotencyKey  # noqa: E402,F401  (API idempotency)
from scoring.webhooks.models import Webhook, WebhookDelivery  # noqa: E402,F401  (webhooks)
