"""A minimal deterministic draw with the interface of ``scoring.events.seating`` (which
another branch writes): the events tests run against it while that module is absent.
It implements nothing of the real algorithm: a seeded shuffle cut into tables."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TablePlan:
    sizes: tuple[int, ...]
    sitting_out: tuple[int, ...]


def seating_plan(
    *,
    players: Sequence[int],
    remainder: str,
    byes_so_far: Mapping[int, int],
    ranking: Sequence[int],
) -> TablePlan:
    n = len(players)
    if remainder == "three" and n % 4 and not (n % 4 == 1 and n < 9):
        threes = {3: 1, 2: 2, 1: 3}[n % 4]
        return TablePlan((4,) * ((n - 3 * threes) // 4) + (3,) * threes, ())
    order = {pid: i for i, pid in enumerate(ranking)}
    out = sorted(players, key=lambda p: (byes_so_far.get(p, 0), -order.get(p, 0)))[: n % 4]
    return TablePlan((4,) * (n // 4), tuple(out))


def seating_draw(
    *,
    players: Sequence[int],
    sizes: Sequence[int],
    mode: str,
    seed: int,
    history: Sequence[Sequence[int]] = (),
    ranking: Sequence[int] = (),
) -> list[list[int]]:
    order = list(ranking) if mode == "swiss" and ranking else list(players)
    if mode == "random":
        random.Random(seed).shuffle(order)
    tables, at = [], 0
    for size in sizes:
        tables.append(order[at : at + size])
        at += size
    return tables


def patch_if_missing(monkeypatch) -> None:
    """Patch this stand-in into ``scoring.events.services`` when the real draw
    (``scoring.events.seating``) is not in the tree; the real one otherwise."""
    import importlib.util

    from scoring.events import services

    if importlib.util.find_spec("scoring.events.seating") is None:
        monkeypatch.setattr(services, "seating_plan", seating_plan)
        monkeypatch.setattr(services, "seating_draw", seating_draw)
