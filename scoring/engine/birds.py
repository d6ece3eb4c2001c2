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


def bird_lands(players: int, empty_birds: str, origin: int, v: int) -> int | None:
    """The seat a bird of value v lands on at a table of ``players`` seats, counting
    1/5/9 from ``origin`` (rules.md §10.2); None when it lands on nobody.

    v first names a position at a four-seat table, p = (v - 1) % 4 (0 the origin,
    1 its 下家, 2 the seat opposite, 3 its 上家); ``empty_birds`` says where the
    positions sit when seats are missing."""
    if players == 4 or empty_birds == "none":
        return (origin + v - 1) % players
    p = (v - 1) % 4
    if players == 2:  # 四八空鸟 and 对家空 alike: the origin and the seat opposite
        return origin if p == 0 else (origin + 1) % 2 if p == 2 else None
    if p == 0:
        return origin
    if p == 1:
        return (origin + 1) % 3
    empty = 3 if empty_birds == "48" else 2  # 四八空鸟: 4/8; 对家空: 3/7
    return None if p == empty else (origin + 2) % 3


def bird_seats(players: int, empty_birds: str) -> tuple[tuple[int | None, ...], ...]:
    """``[origin][v]``: where each bird v (0-9; 0 unused) lands, for each origin seat
    0 … players − 1 (rules.md §10.2); None: on nobody."""
    return tuple(
        tuple(bird_lands(players, empty_birds, origin, v) for v in range(10))
        for origin in range(players)
    )


# HIT_SEAT[(players, empty_birds)][origin][v]: the slot the scorer counts bird v in. A
# bird that lands on nobody counts in slot 3, a seat no table of three or two has.
# At four players it is BIRD_SEAT itself.
HIT_SEAT: dict[tuple[int, str], tuple[tuple[int, ...], ...]] = {
    (n, empty): tuple(
        tuple(3 if seat is None else seat for seat in row) for row in bird_seats(n, empty)
    )
    for n in (2, 3)
    for empty in ("48", "37", "none")
}


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
    seat: list[list[int | None]]  # seat[origin][v]: where bird v lands
    small_origin: list[list[int | None]]  # [dealer or NO_SEAT][winning seat]
    final_origin: list[
        list[list[int | None]]
    ]  # [dealer or NO_SEAT][winner mask][discarder or NO_SEAT]
    haidi: dict[str, list[int]]  # the 海底 tile ("5m") -> the birds of a 海底 win
    players: int  # seats at the table (rules.md §10.1)
    # seat[origin][v] is None for a bird that lands on nobody (rules.md §10.2), and the
    # rows of origins 0-3 beyond the table are all None


def _seats(mask: int) -> list[int]:
    return [s for s in range(4) if mask >> s & 1]


def _tiles(quyimen: bool = False) -> list[tuple[str, int]]:
    """Every tile ("5m") with its rank, without 条 under 缺一门. (The tile module loads
    here, for the form's tables only: scoring a round needs no tiles.)"""
    from scoring.engine.tiles import SUIT_LETTERS

    suits = SUIT_LETTERS.replace("s", "") if quyimen else SUIT_LETTERS
    return [(f"{rank}{suit}", rank) for suit in suits for rank in range(1, 10)]


def _seat_rows(players: int, empty_birds: str) -> list[list[int | None]]:
    """The form's ``seat`` table: a row per origin 0-3 (None rows beyond the table)."""
    rows: list[list[int | None]] = [list(row) for row in bird_seats(players, empty_birds)]
    return rows + [[None] * 10 for _ in range(4 - players)]


def form_tables(rules: Rules | None) -> FormBirds:
    """The answers of this module for every situation of the round form; ``rules`` None
    (an invalid saved ruleset) counts no birds."""
    if rules is None:  # no birds; the dealer is the origin, as by default
        return {
            "count": 0,
            "small_count": 0,
            "seat": _seat_rows(4, "48"),
            "small_origin": [[d] * 4 for d in _SEAT_OR_NONE],
            "final_origin": [[[d] * (NO_SEAT + 1) for _ in range(16)] for d in _SEAT_OR_NONE],
            "haidi": {tile: [] for tile, _rank in _tiles()},
            "players": 4,
        }
    return {
        "count": rules.bird_count,
        "small_count": small_win_bird_count(rules),
        "seat": _seat_rows(rules.players, rules.empty_birds),
        "small_origin": [[small_win_origin(rules, d, s) for s in range(4)] for d in _SEAT_OR_NONE],
        "final_origin": [
            [
                [final_bird_origin(rules, d, _seats(mask), x) for x in _SEAT_OR_NONE]
                for mask in range(16)
            ]
            for d in _SEAT_OR_NONE
        ],
        "haidi": {tile: list(haidi_birds(rules, rank)) for tile, rank in _tiles(rules.quyimen)},
        "players": rules.players,
    }
