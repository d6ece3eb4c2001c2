"""A generated two-club history for 我的: one user linked to a roster entry in each of
two clubs, sessions over two years, rounds of every kind (self-draws, discards with big
hands, draws, kongs), a corrected and a voided round, finished sessions (ratings)."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from leagues import player_links
from leagues.models import Club, Player
from scoring import services
from tests.factories import (
    make_club,
    make_players,
    make_ruleset,
    make_season,
    make_session,
    make_user,
)

HANDS = [["pinghu"], ["pengpenghu"], ["qingyise"], ["jiangjianghu"], ["pengpenghu", "qingyise"]]


@dataclass
class History:
    user: Any
    clubs: list[Club]
    mine: list[Player]  # the user's entries, one per club


def _round(rng: random.Random, dealer: int) -> dict[str, Any]:
    kind = rng.choice(["self_draw", "discard", "discard", "draw"])
    data: dict[str, Any] = {"dealer": dealer}
    if rng.random() < 0.3:
        kong_seat = rng.randrange(4)
        if rng.random() < 0.5:
            data["kongs"] = [{"seat": kong_seat, "kind": "an"}]
        else:
            data["kongs"] = [{"seat": kong_seat, "kind": "ming", "from": (kong_seat + 1) % 4}]
    if kind == "draw":
        taker = rng.randrange(4)
        data["result"] = {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": "5m", "taker": taker, "first_offered": taker},
        }
    elif kind == "self_draw":
        data["result"] = {
            "kind": "self_draw",
            "winners": [{"seat": rng.randrange(4), "hands": rng.choice(HANDS)}],
            "birds": [rng.randint(1, 9), rng.randint(1, 9)],
        }
    else:
        winner = rng.randrange(4)
        discarder = (winner + rng.randint(1, 3)) % 4
        data["result"] = {
            "kind": "discard",
            "winners": [{"seat": winner, "hands": rng.choice(HANDS)}],
            "discarder": discarder,
            "birds": [rng.randint(1, 9), rng.randint(1, 9)],
        }
    return data


def two_club_history(*, seed: int = 7, sessions_per_club: int = 3, rounds: int = 5) -> History:
    rng = random.Random(seed)
    user = make_user(f"me_player_{seed}")
    clubs, mine = [], []
    for c, club_name in enumerate([f"甲俱乐部{seed}", f"乙俱乐部{seed}"]):
        owner = make_user(f"owner_{seed}_{c}")
        club = make_club(name=club_name, owner=owner)
        ruleset = make_ruleset(club, {"preset": "changsha-67"}, name="规则")
        season_old = make_season(club, ruleset, name="去年")
        season_new = make_season(club, ruleset, name="今年")
        roster = make_players(club, [f"{club_name}{i}" for i in range(6)])
        me = roster[c]  # a different seat in each club
        player_links.player_link(player=me, user=user, actor=owner)
        now = timezone.now()
        for s in range(sessions_per_club):
            season = season_old if s == 0 else season_new
            started = now - datetime.timedelta(days=400 if s == 0 else 10 * (sessions_per_club - s))
            others = rng.sample([p for p in roster if p.pk != me.pk], 3)
            seats = others[:]
            seats.insert(rng.randrange(4), me)
            session = make_session(season, seats, actor=owner, started_at=started)
            stored = []
            dealer = 0
            for _ in range(rounds):
                r = services.round_record(session=session, data=_round(rng, dealer), actor=owner)
                stored.append(r)
                dealer = r.result.get("next_dealer", 0)
            services.round_correct(round=stored[0], data=_round(rng, 0), actor=owner)
            if len(stored) > 2:
                services.round_void(round=stored[1], reason="记错了", actor=owner)
            services.session_finish(session=session, actor=owner)
        clubs.append(club)
        mine.append(me)
    return History(user=user, clubs=clubs, mine=mine)


ADDITIVE = ("net", "sessions", "rounds", "wins", "self_draws", "deal_ins", "big_hands")


def assert_me_is_the_sum_of_the_player_pages(report: Any, players: list[Player]) -> None:
    """Every total, hand count and kong count of 我的 is the sum of the club player pages
    of ``players``."""
    import pytest

    from scoring.standings import selectors as standings

    pages = [standings.player_stats(player=p) for p in players]
    for name in ADDITIVE:
        assert getattr(report.totals, name) == sum(getattr(s, name) for s in pages), name
    assert report.opening_wins == sum(s.opening_wins for s in pages)
    assert report.birds_hit == sum(s.birds_hit for s in pages)
    hands: dict[str, int] = {}
    for s in pages:
        for h in s.hand_counts:
            hands[h.code] = hands.get(h.code, 0) + h.count
    assert {h.code: h.count for h in report.hand_counts} == hands
    kongs: dict[str, int] = {}
    for s in pages:
        for k in s.kong_counts:
            kongs[k.kind] = kongs.get(k.kind, 0) + k.count
    assert {k.kind: k.count for k in report.kong_counts} == kongs
    if report.totals.rounds:
        assert report.totals.win_rate == pytest.approx(report.totals.wins / report.totals.rounds)
