"""Materialised standings and ratings.

These tables are derived. What writes them:

- ``scoring.standings.services``: the stat rows, in the same transaction as every round
  write, correction and void; the ratings when a session is finished or reopened (and a
  replay, after commit, when a finished session's ranking or start time changes).
- ``scoring.standings.rebuild``: all of them again from the rounds
  (``manage.py rebuild_standings``, the replays, and the seasons of a merged guest).
- ``scoring.services``: ``SessionResult`` (finishing, reopening, paper sessions); a guest
  merge moves the guest's ``PlayerSessionStat`` rows to the target and deletes the
  guest's sums and ratings before the rebuild.
- the bulk import (``scoring.bulk_import``): the ``SessionResult`` and ``PlayerSessionStat``
  rows of the sessions it stores, and their sums added to the season and club rows.

- ``PlayerSessionStat``: one row per (session, player) that counts: the player has a
  counted round in the session, or the session is a paper session.
- ``PlayerSeasonStat`` / ``PlayerClubStat``: the sums of those rows per season / club.
- ``SessionResult``: a finished session (paper sessions are born finished, with
  their four final nets).
- ``PlayerRating`` / ``RatingEvent``: openskill (Plackett-Luce) ratings per season and
  per club (``season`` null), and their history, one event per rated session.
- ``TaskOutbox``: the tasks queued after a write's commit that the broker has not taken yet.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Count, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from csmj_site.language import as_label_lazy
from scoring.engine import HAND_CLASSES, OUTCOMES

STAT_FIELDS = (
    "net",
    "round_net",
    "sessions",
    "rounds",
    "wins",
    "self_draws",
    "deal_ins",
    "big_hands",
    "opening_wins",
    "birds_hit",
)

# What one counted round adds to a player's stat counts, defined twice side by side: as
# SQL aggregates over RoundPlayer rows (ROUND_AGGREGATES; ``net`` is ``round_net``), and
# for one RoundPlayer row in Python (round_add, for the bulk import). Change them together.
ROUND_AGGREGATES = {
    "round_net": Sum("net"),
    "rounds": Count("id"),
    "wins": Count("id", filter=Q(won=True)),
    "self_draws": Count("id", filter=Q(self_draw=True)),
    "deal_ins": Count("id", filter=Q(dealt_in=True)),
    "big_hands": Count("id", filter=Q(big_win=True)),
    "opening_wins": Sum("opening_wins"),
    "birds_hit": Sum("birds_hit"),
}


def round_add(counts: dict[str, int], row: dict[str, Any]) -> None:
    """Add one counted round to ``counts`` (STAT_FIELDS): ``row`` holds a RoundPlayer's
    net, won, self_draw, dealt_in, big_win, opening_wins and birds_hit."""
    counts["net"] += row["net"]
    counts["round_net"] += row["net"]
    counts["rounds"] += 1
    counts["wins"] += row["won"]
    counts["self_draws"] += row["self_draw"]
    counts["deal_ins"] += row["dealt_in"]
    counts["big_hands"] += row["big_win"]
    counts["opening_wins"] += row["opening_wins"]
    counts["birds_hit"] += row["birds_hit"]


class StatCounts(models.Model):
    """Counters shared by the stat tables. ``net`` includes paper sessions;
    ``round_net`` is the net of recorded rounds only (for the average per round)."""

    net = models.BigIntegerField(_("得分"), default=0)
    round_net = models.BigIntegerField(_("盘得分"), default=0)
    sessions = models.IntegerField(_("场数"), default=0)
    rounds = models.IntegerField(_("盘数"), default=0)
    wins = models.IntegerField(_("胡牌"), default=0)
    self_draws = models.IntegerField(as_label_lazy(OUTCOMES["self_draw"]), default=0)
    deal_ins = models.IntegerField(as_label_lazy(OUTCOMES["discard"]), default=0)
    big_hands = models.IntegerField(as_label_lazy(HAND_CLASSES["big"]), default=0)
    opening_wins = models.IntegerField(as_label_lazy(HAND_CLASSES["opening"]), default=0)
    birds_hit = models.IntegerField(_("中鸟"), default=0)
    player_id: int  # each stat table's player (its ForeignKey)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.player_id}: {self.net:+d} / {self.sessions}"

    def counts(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in STAT_FIELDS}


class PlayerSessionStat(StatCounts):  # noqa: DJ008 (StatCounts.__str__)
    # No separate FK indexes where a composite index below starts with the column.
    # player, season and club copy the session's seat and season: derived, rebuildable
    # rows, so only ``session`` keeps a database constraint (fewer checks per write).
    session = models.ForeignKey(
        "scoring.Session", on_delete=models.CASCADE, related_name="player_stats", db_index=False
    )
    player = models.ForeignKey(
        "leagues.Player",
        on_delete=models.CASCADE,
        related_name="session_stats",
        db_index=False,
        db_constraint=False,
    )
    season = models.ForeignKey(
        "leagues.Season",
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    club = models.ForeignKey(
        "leagues.Club", on_delete=models.CASCADE, related_name="+", db_constraint=False
    )
    seat = models.PositiveSmallIntegerField(_("座位"))
    started_at = models.DateTimeField(_("开始时间"))

    class Meta:
        verbose_name = _("选手场统计")
        verbose_name_plural = _("选手场统计")
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="sessionstat_unique"),
        ]
        indexes = [
            models.Index(fields=["season", "started_at"], name="sessionstat_season_idx"),
            # A player's sessions in time order, ties by session: the chart's latest
            # points are read from its end (``player_chip_history(latest=...)``).
            models.Index(
                fields=["player", "started_at", "session"], name="sessionstat_player_time_idx"
            ),
        ]


class PlayerSeasonStat(StatCounts):  # noqa: DJ008 (StatCounts.__str__)
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, related_name="player_stats"
    )
    player = models.ForeignKey(
        "leagues.Player", on_delete=models.CASCADE, related_name="season_stats"
    )

    class Meta:
        verbose_name = _("选手赛季统计")
        verbose_name_plural = _("选手赛季统计")
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="seasonstat_unique"),
        ]


class PlayerClubStat(StatCounts):  # noqa: DJ008 (StatCounts.__str__)
    club = models.ForeignKey("leagues.Club", on_delete=models.CASCADE, related_name="player_stats")
    player = models.ForeignKey(
        "leagues.Player", on_delete=models.CASCADE, related_name="club_stats"
    )

    class Meta:
        verbose_name = _("选手俱乐部统计")
        verbose_name_plural = _("选手俱乐部统计")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="clubstat_unique"),
        ]


class SessionResult(models.Model):
    """A finished session. A paper session (纸面记录) has no rounds, only ``paper_nets``
    by seat (summing to zero); it counts in net and sessions, not in hand statistics."""

    session = models.OneToOneField(
        "scoring.Session", on_delete=models.CASCADE, primary_key=True, related_name="result"
    )
    finished_at = models.DateTimeField(_("结束时间"), default=timezone.now)
    finished_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    is_paper = models.BooleanField(_("纸面记录"), default=False)
    paper_nets = models.JSONField(_("纸面得分"), null=True, blank=True)

    class Meta:
        verbose_name = _("场结果")
        verbose_name_plural = _("场结果")

    def __str__(self) -> str:
        return f"{self.session_id} {'paper' if self.is_paper else 'finished'}"


class Penalty(models.Model):
    """罚分 (negative), 奖励 (positive) or 警告 (zero): a season record outside zero-sum,
    given at a league night (``event``) or not, never deleted; a cancelled one keeps its
    row with who cancelled it, when and why. The season standings add them to the nets."""

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="penalties")
    event = models.ForeignKey(
        "events.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="penalties"
    )
    player = models.ForeignKey(
        "leagues.Player", on_delete=models.RESTRICT, related_name="penalties"
    )
    amount = models.IntegerField(_("分数"))
    reason = models.CharField(_("原因"), max_length=200)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("时间"), default=timezone.now)
    cancelled_at = models.DateTimeField(_("撤销时间"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    cancel_reason = models.CharField(_("撤销原因"), max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("罚分")
        verbose_name_plural = _("罚分")
        indexes = [models.Index(fields=["season", "player"], name="penalty_season_player_idx")]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.reason}"

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled_at is not None


class PlayerRating(models.Model):
    """A player's current rating in a season, or club-wide when ``season`` is null."""

    club = models.ForeignKey("leagues.Club", on_delete=models.CASCADE, related_name="ratings")
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, null=True, blank=True, related_name="ratings"
    )
    player = models.ForeignKey("leagues.Player", on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("等级分"))
    sessions = models.IntegerField(_("评分场数"), default=0)

    class Meta:
        verbose_name = _("等级分")
        verbose_name_plural = _("等级分")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(season__isnull=False),
                name="rating_unique_season_player",
            ),
            models.UniqueConstraint(
                fields=["club", "player"],
                condition=models.Q(season__isnull=True),
                name="rating_unique_club_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.ordinal:.1f}"


class RatingEvent(models.Model):
    """A player's rating right after one rated session, for the history chart."""

    # Derived rows (ratings_rebuild replays them): only ``session`` keeps a constraint.
    # The club's events are found by ``ratingevent_scope_idx``, which starts with it.
    club = models.ForeignKey(
        "leagues.Club",
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    season = models.ForeignKey(
        "leagues.Season",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        db_constraint=False,
    )
    player = models.ForeignKey(
        "leagues.Player",
        on_delete=models.CASCADE,
        related_name="rating_events",
        db_constraint=False,
    )
    session = models.ForeignKey("scoring.Session", on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        verbose_name = _("等级分记录")
        verbose_name_plural = _("等级分记录")
        indexes = [
            # A player's rating history in a scope in order (``rating_history``), its
            # latest events read from the end: one index a kind of scope, since the
            # planner reads no order past ``season IS NULL`` in an index that holds both.
            models.Index(
                fields=["player", "season", "at", "session"],
                condition=models.Q(season__isnull=False),
                name="ratingevent_player_season_idx",
            ),
            models.Index(
                fields=["player", "at", "session"],
                condition=models.Q(season__isnull=True),
                name="ratingevent_player_club_idx",
            ),
            models.Index(fields=["club", "season", "at"], name="ratingevent_scope_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.session_id}: {self.ordinal:.1f}"


class TaskOutbox(models.Model):
    """A task that a write queues after it commits (a ratings replay), kept from the write's
    own transaction until the broker has taken it (``scoring.standings.tasks``): a task
    the broker could not take while it was down is sent when it is back, by the next
    successful send or the beat's ``standings.outbox_flush``. ``key`` (the task and its
    arguments) keeps one row per pending task: the tasks recompute, so one run is enough."""

    key = models.CharField(max_length=200, unique=True)
    task = models.CharField(max_length=100)
    kwargs = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        verbose_name = _("待发任务")
        verbose_name_plural = _("待发任务")

    def __str__(self) -> str:
        return self.key


__all__ = [
    "Penalty",
    "PlayerClubStat",
    "PlayerRating",
    "PlayerSeasonStat",
    "PlayerSessionStat",
    "RatingEvent",
    "SessionResult",
    "TaskOutbox",
]
