"""Fixtures of league nights: a season's club with thirteen players, an event, and the
draw's stand-in while ``scoring.events.seating`` is not in this branch."""

from __future__ import annotations

import datetime

import pytest

NAMES = [
    "张三",
    "李四",
    "王五",
    "赵六",
    "钱七",
    "孙八",
    "周九",
    "吴十",
    "郑一",
    "冯二",
    "陈三",
    "褚四",
    "卫五",
]


@pytest.fixture
def roster(club):
    from tests.factories import make_players

    return make_players(club, NAMES)


@pytest.fixture
def event(season, organiser):
    from scoring.events.services import event_create

    return event_create(
        season=season, name="周五之夜", date=datetime.date(2025, 3, 7), actor=organiser
    )


def enter(event, players, actor):
    from scoring.events.services import entrant_add

    return [entrant_add(event=event, player=p, actor=actor) for p in players]


@pytest.fixture
def org(client, organiser):
    """The organiser's logged-in client."""
    client.force_login(organiser)
    return client


@pytest.fixture
def drawn(event, roster, organiser):
    """A night of eight with round 1 drawn, nothing started."""
    from scoring.events.services import round_draw

    enter(event, roster[:8], organiser)
    round_draw(event=event, actor=organiser, seed=1)
    return event
