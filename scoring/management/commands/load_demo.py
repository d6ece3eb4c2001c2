"""Load a demo club so a fresh `make run` has something to show. Safe to run every time.

Creates (once) the users owner / organiser / recorder / member, all with the password
DEMO_PASSWORD, and the public club 长沙麻将俱乐部 with eight players, a 六七片 ruleset,
an open season and three sessions of eight rounds each, recorded through
scoring.services.round_record (so the engine scores them), and an earlier season of
三人 with 杠分 (rules.md §10): one session of three players, kongs on its rounds. Then two league nights of
thirteen players (five more join the roster for them), built through the events
services: a finished one of three seating rounds (a bye each round, penalties, every
table finished) and an open one (round 1 drawn, two of its three tables recording, the
timer running), so the board has something to show at once. A second run finds the
club and changes nothing (but adds the nights to a demo club that lacks them). A second,
private club (``scoring.me.demo``) links the demo ``member`` there too, so that 我的
shows two clubs at once. Refused
in production (a real SECRET_KEY with DEBUG off).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from leagues.models import Club
from leagues.services import (
    club_create,
    membership_set,
    player_create,
    ruleset_create,
    season_create,
)
from scoring.events.models import Event
from scoring.events.services import (
    entrant_add,
    event_create,
    event_finish,
    penalty_give,
    round_draw,
    table_start,
)
from scoring.me import demo as me_demo
from scoring.selectors import session_next_dealers
from scoring.services import round_record, session_finish, session_start

DEMO_PASSWORD = "csmj-demo-2025"
DEMO_SLUG = "changsha-demo"
DEMO_USERS = ("owner", "organiser", "recorder", "member")
PLAYER_NAMES = ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄勇"]
# Five more for the league nights (13 entrants: three tables and a bye).
NIGHT_NAMES = ["孙丽", "周杰", "吴霞", "郑浩", "冯琳"]
NIGHT_SEEDS = (2025, 2026, 2027)

# Seats in each session, as indexes into PLAYER_NAMES.
TABLES = [(0, 1, 2, 3), (4, 5, 6, 7), (0, 5, 2, 7)]

# The 三人 season's table (indexes into PLAYER_NAMES) and its rounds (the dealer is
# filled in from the round before): a self-draw with an 暗杠 and a 放杠, a 通炮 with a
# 加杠, a draw with kongs.
THREE_TABLE = (1, 3, 6)
THREE_ROUNDS: list[dict[str, Any]] = [
    {
        "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}],
                   "birds": [1, 2]},
        "kongs": [{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
    },
    {
        "result": {"kind": "discard", "discarder": 0, "birds": [3, 5],
                   "winners": [{"seat": 1, "hands": ["pinghu"]},
                               {"seat": 2, "hands": ["pengpenghu"]}]},
        "kongs": [{"seat": 2, "kind": "jia"}],
    },
    {
        "result": {"kind": "draw", "winners": [],
                   "haidi": {"tile": "5m", "taker": 2, "first_offered": 2}},
        "kongs": [{"seat": 0, "kind": "an"}, {"seat": 1, "kind": "ming", "from": 2}],
    },
    {"result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": ["qingyise"]}],
                "birds": [4, 6]}},
]  # fmt: skip


def _win(kind: str, winners: dict[int, list[str]], **result: Any) -> dict[str, Any]:
    return {
        "result": {
            "kind": kind,
            "winners": [{"seat": s, "hands": h} for s, h in winners.items()],
            **result,
        }
    }


# Eight rounds, seats rotated by one for each session. The dealer is filled in from
# the previous round's next_dealer, as the recording form does.
ROUNDS: list[dict[str, Any]] = [
    _win("self_draw", {0: ["pinghu"]}, birds=[5, 9]),
    _win("discard", {1: ["pinghu"]}, discarder=2, birds=[2, 7]),
    _win("self_draw", {1: ["qingyise"]}, birds=[3, 4]),
    # 通炮: one discard, two winners.
    _win("discard", {2: ["pinghu"], 3: ["pengpenghu"]}, discarder=1, birds=[1, 3]),
    # A draw: the 海底 was taken and not won on.
    _win("draw", {}, haidi={"tile": "3s", "taker": 2, "first_offered": 2}),
    # An opening win (起手胡 四喜, dice birds), then a big self-draw.
    {
        "openings": [{"seat": 3, "hands": ["sixi"], "birds": [2, 6]}],
        **_win("self_draw", {2: ["pengpenghu"]}, birds=[1, 2]),
    },
    # 海底捞月: the 海底 tile is both birds.
    _win(
        "self_draw",
        {0: ["haidilaoyue"]},
        haidi={"tile": "5m", "taker": 0, "first_offered": 0},
    ),
    _win("discard", {3: ["qixiaodui"]}, discarder=0, birds=[4, 8]),
]


def _season(
    club: Club, name: str, rules: str, config: dict[str, Any], organiser: Any, days_ago: int = 30
) -> Any:
    """A season of this year named ``name``, begun ``days_ago``, under a new ruleset."""
    ruleset = ruleset_create(club=club, name=rules, config=config, actor=organiser)
    today = timezone.localdate()
    return season_create(
        club=club,
        name=f"{today.year} {name}",
        start_date=today - datetime.timedelta(days=days_ago),
        ruleset=ruleset,
        actor=organiser,
    )


def _evening(days_ago: int, at: datetime.time) -> datetime.datetime:
    """``at`` o'clock, ``days_ago`` days before today, local time."""
    day = timezone.localdate() - datetime.timedelta(days=days_ago)
    return datetime.datetime.combine(day, at, tzinfo=timezone.get_current_timezone())


def _rotated(template: dict[str, Any], by: int) -> dict[str, Any]:
    """The round with every seat moved ``by`` places and the birds shifted by ``2 * by``
    (keeps the story, varies who wins and who is hit)."""

    def seat(s: int | None) -> int | None:
        return None if s is None else (s + by) % 4

    result = dict(template["result"])
    result["winners"] = [{**w, "seat": seat(w["seat"])} for w in result["winners"]]
    if "discarder" in result:
        result["discarder"] = seat(result["discarder"])
    if "birds" in result:
        result["birds"] = [(b - 1 + 2 * by) % 9 + 1 for b in result["birds"]]
    if "haidi" in result:
        haidi = dict(result["haidi"])
        for key in ("taker", "first_offered"):
            haidi[key] = seat(haidi[key])
        result["haidi"] = haidi
    out: dict[str, Any] = {"result": result}
    if "openings" in template:
        out["openings"] = [{**o, "seat": seat(o["seat"])} for o in template["openings"]]
    return out


class Command(BaseCommand):
    help = (
        f"Load the demo club 长沙麻将俱乐部 and users {', '.join(DEMO_USERS)} "
        f"(password {DEMO_PASSWORD!r}). Idempotent."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if getattr(settings, "PRODUCTION", False):
            raise CommandError("load_demo creates users with a known password: not in production")
        users = self._users()
        with transaction.atomic():
            # 我的: the demo member is linked in a second club too.
            second = me_demo.second_club(users)
        if second:
            self.stdout.write(
                self.style.SUCCESS(f"Loaded the second demo club /{me_demo.SECOND_SLUG}/.")
            )
        club = Club.objects.filter(slug=DEMO_SLUG).first()
        if club is not None:
            if Event.objects.filter(season__club=club).exists():
                self.stdout.write("Demo club already loaded; nothing to do.")
                return
            with transaction.atomic():
                rounds = self._nights(club, users)
            self.stdout.write(self.style.SUCCESS(f"Added two league nights ({rounds} rounds)."))
            return
        with transaction.atomic():
            club, rounds = self._club(users)
            rounds += self._nights(club, users)
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded the demo club /{DEMO_SLUG}/ with {rounds} rounds. Log in as "
                f"{', '.join(DEMO_USERS)} with password {DEMO_PASSWORD!r}."
            )
        )

    def _users(self) -> dict[str, Any]:
        users = {}
        for name in DEMO_USERS:
            user, created = get_user_model().objects.get_or_create(username=name)
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
            users[name] = user
        return users

    def _club(self, users: dict[str, Any]) -> tuple[Club, int]:
        owner = users["owner"]
        club = club_create(
            name="长沙麻将俱乐部",
            slug=DEMO_SLUG,
            description="演示俱乐部：每周五晚在五一广场打长沙麻将（六七片，双鸟）。",
            is_public=True,
            owner=owner,
        )
        for role in ("organiser", "recorder", "member"):
            membership_set(club=club, user=users[role], role=role, actor=owner)
        organiser, recorder = users["organiser"], users["recorder"]
        players = [
            player_create(
                club=club,
                display_name=name,
                aliases=["老张"] if name == "张伟" else [],
                user=users["member"] if name == "赵敏" else None,
                actor=organiser,
            )
            for name in PLAYER_NAMES
        ]
        season = _season(club, "俱乐部联赛", "六七片双鸟", {"preset": "changsha-67"}, organiser)
        count = 0
        for i, table in enumerate(TABLES):
            started = _evening(21 - 7 * i, datetime.time(19, 30))
            session = session_start(
                season=season,
                players=[players[p] for p in table],
                first_dealer=i % 4,
                table_label=f"{i + 1}号桌",
                started_at=started,
                actor=recorder,
            )
            for template in ROUNDS[3 * i :] + ROUNDS[: 3 * i]:
                dealer, _ = session_next_dealers(session=session)
                data = {"dealer": dealer, **_rotated(template, i)}
                round_record(session=session, data=data, actor=recorder)
                count += 1
        return club, count + self._three(club, players, organiser, recorder)

    def _three(self, club: Club, players: list[Any], organiser: Any, recorder: Any) -> int:
        """An earlier season of 三人 with 杠分, its one session of three finished."""
        config = {"preset": "changsha-67", "players": 3, "kong_pay": True}
        season = _season(club, "三人局", "三人杠分", config, organiser, days_ago=60)
        session = session_start(
            season=season,
            players=[players[p] for p in THREE_TABLE],
            first_dealer=0,
            started_at=_evening(45, datetime.time(20, 0)),
            actor=recorder,
        )
        for template in THREE_ROUNDS:
            dealer, _ = session_next_dealers(session=session)
            round_record(session=session, data={"dealer": dealer, **template}, actor=recorder)
        session_finish(session=session, actor=recorder)
        return len(THREE_ROUNDS)

    def _nights(self, club: Club, users: dict[str, Any]) -> int:
        """Two league nights of 13 (this afternoon's, finished; tonight's, playing), built
        through the events services; every round scored by the engine."""
        organiser, recorder = users["organiser"], users["recorder"]
        season = club.seasons.order_by("-start_date", "-id").first()
        assert season is not None
        roster = list(club.players.filter(is_guest=False).order_by("id"))
        roster += [
            player_create(club=club, display_name=name, actor=organiser)
            for name in NIGHT_NAMES
            if name not in {p.display_name for p in roster}
        ]
        entrants = roster[:13]
        today = timezone.localdate()
        count = 0

        done = event_create(
            season=season, name="周五下午场", date=today, rounds_planned=3, actor=organiser
        )
        for player in entrants:
            entrant_add(event=done, player=player, actor=organiser)
        for number, seed in enumerate(NIGHT_SEEDS, start=1):
            rnd = round_draw(event=done, seed=seed, actor=organiser)
            for table in rnd.tables.order_by("number"):
                session = table_start(table=table, actor=recorder)
                # each table of the night its own four rounds, seats turned its own way
                count += self._play(
                    session, recorder, first=3 * (number - 1) + table.number, hands=4,
                    turn=number + 2 * table.number,
                )  # fmt: skip
                session_finish(session=session, actor=recorder)
            if number == 1:
                penalty_give(
                    season=season, event=done, player=entrants[2], amount=-10,
                    reason="迟到十分钟", actor=organiser,
                )  # fmt: skip
        penalty_give(
            season=season, event=done, player=entrants[5], amount=0,
            reason="牌桌上打电话", actor=organiser,
        )  # fmt: skip
        event_finish(event=done, actor=organiser)

        tonight = event_create(
            season=season, name="周五晚场", date=today, rounds_planned=3, timer_minutes=45,
            actor=organiser,
        )  # fmt: skip
        for player in entrants:
            entrant_add(event=tonight, player=player, actor=organiser)
        rnd = round_draw(event=tonight, seed=NIGHT_SEEDS[0], actor=organiser)
        for table in rnd.tables.order_by("number")[:2]:
            session = table_start(table=table, actor=recorder)
            count += self._play(session, recorder, first=table.number, hands=1 + table.number)
        penalty_give(
            season=season, event=tonight, player=entrants[0], amount=-5,
            reason="摸错牌", actor=organiser,
        )  # fmt: skip
        return count

    def _play(
        self, session: Any, recorder: Any, *, first: int, hands: int, turn: int | None = None
    ) -> int:
        """Records ``hands`` of the demo's rounds at a table, from ``first`` on, turned by
        ``turn`` seats (``first`` when not given); the dealer each time from the previous
        round, as the form does."""
        turn = first if turn is None else turn
        for k in range(hands):
            dealer, _ = session_next_dealers(session=session)
            template = ROUNDS[(first + k) % len(ROUNDS)]
            round_record(
                session=session, data={"dealer": dealer, **_rotated(template, turn)},
                actor=recorder,
            )  # fmt: skip
        return hands
