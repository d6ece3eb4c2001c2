"""The bird rules (扎鸟, rules.md §3, §9.1, §9.2) as answers for every situation.

Which seat a bird lands on is ``BIRD_SEAT``. This module also answers the rest for
a ruleset, for the scorer, the validator and the round form alike: how many birds an opening or mid-game win carries (起手和中途胡不算鸟), the
seat the birds count from (鸟从赢家数: the winner, or the discarder of several winners)
and the birds of a 海底 win (the 海底 tile is every bird). ``form_tables`` spells the
answers out for every situation the round form can be in, so the page looks them up
and holds no formula of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from scoring.engine.rules import Rules

# BIRD_SEAT[origin][v]: the seat a bird of value v (1-9) lands on, counting 1/5/9 from
# ``origin`` (rules.md §3: the dice-rolling dealer, or the seat ``final_bird_origin`` /
# ``small_win_origin`` name). The scorer counts hits with it; the round form reads it.
BIRD_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple((origin + v - 1) % 4 for v in range(10)) for origin in range(4)
)

# The form's tables index a seat 0-3, and NO_SEAT for an unknown dealer or no discarder.
NO_SEAT = 4
_SEAT_OR_NONE: tuple[int | None, ...] = (0, 1, 2, 3, None)


def small_win_bird_count(rules: Rules) -> int:
    """How many birds an opening or mid-game win carries: none when ``opening_birds``
    is false (起手和中途胡不算鸟)."""
    return rules.bird_count if rules.opening_birds else 0


def small_win_origin(rules: Rules, dealer: int | None, seat: int) -> int | None:
    """The seat an opening or mid-game win's birds count from: the dealer, or the
    winning seat under ``bird_origin`` "winner"."""
    return seat if rules.bird_origin == "winner" else dealer


def final_bird_origin(
    rules: Rules, dealer: int | None, winners: Sequence[int], discarder: int | None
) -> int | None:
    """The seat the final win's birds count from (rules.md §9.1): the dealer, or under
    ``bird_origin`` "winner" the winner, or the discarder when several win."""
    if rules.bird_origin != "winner":
        return dealer
    if len(winners) == 1:
        return winners[0]
    return discarder if winners else None


def haidi_birds(rules: Rules, rank: int) -> tuple[int, ...]:
    """The birds of a 海底 win whose taken 海底 tile has ``rank``: that tile is every
    bird."""
    return (rank,) * rules.bird_count


class FormBirds(TypedDict):
    """The round form's bird data (JSON): every answer looked up, none computed."""

    count: int  # birds of the final win
    small_count: int  # birds of an opening or mid-game win
    seat: list[list[int]]  # seat[origin][v]: where bird v lands
    small_origin: list[list[int | None]]  # [dealer or NO_SEAT][winning seat]
    final_origin: list[
        list[list[int | None]]
    ]  # [dealer or NO_SEAT][winner mask][discarder or NO_SEAT]
    haidi: dict[str, list[int]]  # the 海底 tile ("5m") -> the birds of a 海底 win


def _seats(mask: int) -> list[int]:
    return [s for s in range(4) if mask >> s & 1]


def _tiles() -> list[tuple[str, int]]:
    """Every tile ("5m") with its rank. (The tile module loads here, for the form's
    tables only: scoring a round needs no tiles.)"""
    from scoring.engine.tiles import SUIT_LETTERS

    return [(f"{rank}{suit}", rank) for suit in SUIT_LETTERS for rank in range(1, 10)]


def form_tables(rules: Rules | None) -> FormBirds:
    """The answers of this module for every situation of the round form; ``rules`` None
    (an invalid saved ruleset) counts no birds."""
    if rules is None:  # no birds; the dealer is the origin, as by default
        return {
            "count": 0,
            "small_count": 0,
            "seat": [list(row) for row in BIRD_SEAT],
            "small_origin": [[d] * 4 for d in _SEAT_OR_NONE],
            "final_origin": [[[d] * (NO_SEAT + 1) for _ in range(16)] for d in _SEAT_OR_NONE],
            "haidi": {tile: [] for tile, _rank in _tiles()},
        }
    return {
        "count": rules.bird_count,
        "small_count": small_win_bird_count(rules),
        "seat": [list(row) for row in BIRD_SEAT],
        "small_origin": [[small_win_origin(rules, d, s) for s in range(4)] for d in _SEAT_OR_NONE],
        "final_origin": [
            [
                [final_bird_origin(rules, d, _seats(mask), x) for x in _SEAT_OR_NONE]
                for mask in range(16)
            ]
            for d in _SEAT_OR_NONE
        ],
        "haidi": {tile: list(haidi_birds(rules, rank)) for tile, rank in _tiles()},
    }
