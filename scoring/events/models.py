"""League nights (比赛之夜): an event inside a season, its entrants, its seating rounds
and their tables. A night's penalties (罚分 / 奖励, outside zero-sum) are season records
of the standings (``scoring.standings.models.Penalty``).

A table's play is an ordinary scoring ``Session`` (``Table.session``, set when the table
starts); nothing here duplicates rounds or totals. Writes go through
``scoring.events.services``; reads through ``scoring.events.selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from csmj_site.bounds import Bound
from leagues.models import Ruleset

# The bounds of a night's numbers, each stated here once: the services refuse a value
# outside them (``out_of_range``, naming the field), the API's fields declare them, and
# the pages' inputs read them (docs/events.md#bounds).
ROUNDS_PLANNED = Bound(1, 20, label=_("计划轮数"))
TIMER_MINUTES = Bound(1, 600, label=_("每轮时长（分钟）"))
FINAL_SIZE = Bound(0, 64, step=4, label=_("决赛人数"))  # 0: no final
SEED = Bound(0, 2**53 - 1, label=_("抽签号"))  # a seed a JSON client reads back exactly
ROUND_NUMBER = Bound(1, 32767, label=_("轮次"))
PENALTY_AMOUNT = Bound(-100_000, 100_000, label=_("分数"))
# The most entrants of one night: 64 tables of four. Every sum of a night's penalties
# stays far inside a 64-bit integer: each is at most PENALTY_AMOUNT.high.
ENTRANTS_MAX = 256


class SeatingMode(models.TextChoices):
    RANDOM = "random", _("随机")
    SWISS = "swiss", _("瑞士制")
    INTERVAL = "interval", _("间隔")
    MANUAL = "manual", _("手动")


class Remainder(models.TextChoices):
    BYE = "bye", _("轮空")
    THREE = "three", _("三人桌")


class TimerEnd(models.TextChoices):
    FINISH_HAND = "finish_hand", _("打完这一盘")
    ONE_MORE = "one_more", _("再打一盘")


class FinalCarry(models.TextChoices):
    FULL = "full", _("全部带入")
    HALF = "half", _("减半带入")
    RESET = "reset", _("清零")


class Event(models.Model):
    """比赛之夜: one night of several tables and seating rounds, inside a season."""

    season = models.ForeignKey("leagues.Season", on_delete=models.CASCADE, related_name="events")
    name = models.CharField(_("名称"), max_length=100)
    date = models.DateField(_("日期"))
    rounds_planned = models.PositiveSmallIntegerField(_("计划轮数"), default=3)
    seating_mode = models.CharField(
        _("排座方式"), max_length=16, choices=SeatingMode.choices, default=SeatingMode.RANDOM
    )
    remainder = models.CharField(
        _("人数不足四的倍数时"), max_length=8, choices=Remainder.choices, default=Remainder.BYE
    )
    timer_minutes = models.PositiveSmallIntegerField(_("每轮时长（分钟）"), null=True, blank=True)
    timer_end = models.CharField(
        _("时间到时"), max_length=16, choices=TimerEnd.choices, default=TimerEnd.FINISH_HAND
    )
    final_size = models.PositiveSmallIntegerField(_("决赛人数"), default=0)
    final_carry = models.CharField(
        _("决赛带分"), max_length=8, choices=FinalCarry.choices, default=FinalCarry.FULL
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)
    finished_at = models.DateTimeField(_("结束时间"), null=True, blank=True)
    # Bumped by every write of the night (draw, swap, start, check-in, penalty, timer):
    # with the rounds' marks it is the board's follow version (ETag).
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("比赛之夜")
        verbose_name_plural = _("比赛之夜")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(final_size=0) | models.Q(final_size__gte=4),
                name="event_final_size",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the night plays: its season's, always (its tables are sessions of
        the season, scored under the season's ruleset); a night stores none of its own."""
        return self.season.ruleset

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None


class Entrant(models.Model):
    """A player of the night. A guest (客) is a roster player flagged ``is_guest``, added
    on the spot; a late arrival joins with ``joined_round`` > 1."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(
        "leagues.Player", on_delete=models.RESTRICT, related_name="event_entries"
    )
    checked_in = models.BooleanField(_("已签到"), default=False)
    joined_round = models.PositiveSmallIntegerField(_("加入轮次"), default=1)
    dropped_after_round = models.PositiveSmallIntegerField(
        _("退出于第几轮后"), null=True, blank=True
    )
    created_at = models.DateTimeField(_("创建时间"), default=timezone.now)

    class Meta:
        ordering = ["event", "id"]
        verbose_name = _("参赛者")
        verbose_name_plural = _("参赛者")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entrant_unique_player"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id}:{self.player_id}"

    @property
    def is_dropped(self) -> bool:
        return self.dropped_after_round is not None


class SeatingRound(models.Model):
    """一轮 of seating: its tables are drawn (reproducibly, from ``seed``) or set by hand."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seating_rounds")
    number = models.PositiveSmallIntegerField(_("轮次"))
    mode = models.CharField(_("排座方式"), max_length=16, choices=SeatingMode.choices)
    seed = models.BigIntegerField(_("抽签号"))
    is_final = models.BooleanField(_("决赛"), default=False)
    sitting_out = models.JSONField(_("轮空"), default=list, blank=True)
    timer_started_at = models.DateTimeField(_("计时开始"), null=True, blank=True)
    timer_ends_at = models.DateTimeField(_("计时结束"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("排座时间"), default=timezone.now)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("轮")
        verbose_name_plural = _("轮")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="seatinground_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event_id} 第{self.number}轮"


class Table(models.Model):
    """桌: its seats are player ids in seat order (东南西北); ``session`` once started."""

    round = models.ForeignKey(SeatingRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("桌号"))
    seats = models.JSONField(_("座位"))
    session = models.OneToOneField(
        "scoring.Session",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="event_table",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("桌")
        verbose_name_plural = _("桌")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round_id} 桌{self.number}"

    @property
    def is_started(self) -> bool:
        return self.session_id is not None
