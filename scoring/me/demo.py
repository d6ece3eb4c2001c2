"""The demo's second club (``manage.py load_demo``), so that 我的 shows a player linked in
two clubs at once: the demo user ``member`` is 赵敏 in 长沙麻将俱乐部 and 小赵 here.

A private club, 岳麓山牌友会, owned by the demo organiser, with ``member`` as a member,
six players, one season and two finished sessions recorded through the services (the
engine scores them). Created once: a second run finds it and changes nothing.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from leagues import player_links
from leagues.models import Club, Role
from leagues.services import (
    club_create,
    membership_set,
    player_create,
    ruleset_create,
    season_create,
)
from scoring.selectors import session_next_dealers
from scoring.services import round_record, session_finish, session_start

SECOND_SLUG = "yuelu-demo"
SECOND_NAMES = ["小赵", "老周", "阿梅", "大刘", "小钱", "胖子"]
ME_NAME = "小赵"
# Two sessions: the seats (indexes into SECOND_NAMES), days ago, and the rounds (the
# dealer filled in from the round before).
SECOND_TABLES = [((0, 1, 2, 3), 40), ((4, 0, 5, 1), 12)]
SECOND_ROUNDS: list[dict[str, Any]] = [
    {"result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": ["pengpenghu"]}],
                "birds": [1, 5]}},
    {"result": {"kind": "discard", "discarder": 2, "birds": [3, 4],
                "winners": [{"seat": 1, "hands": ["pinghu"]}]}},
    {"result": {"kind": "discard", "discarder": 3, "birds": [2, 9],
                "winners": [{"seat": 0, "hands": ["jiangjianghu"]}]},
     "kongs": [{"seat": 0, "kind": "an"}]},
    {"result": {"kind": "draw", "winners": [],
                "haidi": {"tile": "7s", "taker": 1, "first_offered": 1}}},
    {"result": {"kind": "self_draw", "winners": [{"seat": 2, "hands": ["qingyise"]}],
                "birds": [6, 8]}},
    {"result": {"kind": "discard", "discarder": 1, "birds": [5, 7],
                "winners": [{"seat": 3, "hands": ["pinghu"]}]}},
]  # fmt: skip


def second_club(users: dict[str, Any]) -> int:
    """The second demo club, if it is not there yet; how many rounds it recorded."""
    if Club.objects.filter(slug=SECOND_SLUG).exists():
        return 0
    owner, member = users["organiser"], users["member"]
    club = club_create(
        name="岳麓山牌友会",
        slug=SECOND_SLUG,
        description="演示的第二个俱乐部：周末在岳麓山下的茶馆打牌。",
        owner=owner,
    )
    membership_set(club=club, user=member, role=Role.MEMBER, actor=owner)
    players = [player_create(club=club, display_name=n, actor=owner) for n in SECOND_NAMES]
    player_links.player_link(player=players[0], user=member, actor=owner)
    ruleset = ruleset_create(
        club=club, name="六七片", config={"preset": "changsha-67"}, actor=owner
    )
    today = timezone.localdate()
    season = season_create(
        club=club,
        name=f"{today.year} 周末局",
        start_date=today - datetime.timedelta(days=60),
        ruleset=ruleset,
        actor=owner,
    )
    count = 0
    for seats, days_ago in SECOND_TABLES:
        started = timezone.make_aware(
            datetime.datetime.combine(
                today - datetime.timedelta(days=days_ago), datetime.time(14, 0)
            )
        )
        session = session_start(
            season=season,
            players=[players[i] for i in seats],
            first_dealer=0,
            started_at=started,
            actor=owner,
        )
        for template in SECOND_ROUNDS:
            dealer, _ = session_next_dealers(session=session)
            round_record(session=session, data={"dealer": dealer, **template}, actor=owner)
            count += 1
        session_finish(session=session, actor=owner)
    return count
