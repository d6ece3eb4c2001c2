"""Skill ratings: openskill's Plackett-Luce model over finished sessions (pure functions).

Each finished session is one "match" of its players (four, three or two, each a team
of one), ranked by the
session's net chips: more chips rank higher, equal nets share a rank. The rating
shown is the conservative ordinal ``mu - 3 * sigma`` (openskill's ``ordinal()``):
a new player starts at 0 (mu 25, sigma 25/3) and climbs as evidence accumulates.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from openskill.models import PlackettLuce

MODEL = PlackettLuce()

K = TypeVar("K", bound=Hashable)  # what identifies a session
P = TypeVar("P", bound=Hashable)  # what identifies a player


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rating_initial() -> Rating:
    r = MODEL.rating()
    return Rating(mu=r.mu, sigma=r.sigma)


def ranks_from_nets(nets: Sequence[int]) -> list[int]:
    """1-based ranks, highest net first; equal nets share the better rank (1, 2, 2, 4)."""
    return [1 + sum(1 for other in nets if other > net) for net in nets]


def rating_update(*, ratings: Sequence[Rating], nets: Sequence[int]) -> list[Rating]:
    """The players' ratings after one session with these nets (same order as ``ratings``)."""
    if len(ratings) != len(nets) or len(ratings) < 2:
        raise ValueError("one net per rated player, at least two players")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    ranks: list[float] = [*ranks_from_nets(nets)]
    rated = MODEL.rate(teams, ranks=ranks)
    return [Rating(mu=team[0].mu, sigma=team[0].sigma) for team in rated]


@dataclass(frozen=True, slots=True)
class RatedSession(Generic[K, P]):
    """The outcome of replaying one session: each player's rating after it."""

    key: K
    after: dict[P, Rating]


def ratings_replay(
    sessions: Iterable[tuple[K, Sequence[P], Sequence[int]]],
    start: dict[P, Rating] | None = None,
) -> tuple[dict[P, Rating], list[RatedSession[K, P]]]:
    """Replay sessions ``(key, players, nets)`` in the given order.

    Returns every player's final rating and, per session, the ratings right after it.
    ``start`` gives ratings to continue from (missing players start fresh).
    """
    current: dict[P, Rating] = dict(start or {})
    history: list[RatedSession[K, P]] = []
    for key, players, nets in sessions:
        before = [current.get(p) or rating_initial() for p in players]
        after = rating_update(ratings=before, nets=nets)
        changed = dict(zip(players, after, strict=True))
        current.update(changed)
        history.append(RatedSession(key=key, after=changed))
    return current, history
