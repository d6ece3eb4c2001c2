"""Who deals the next round (rules.md §5, §6): the rule the scorer applies to every
round, and the same answers spelled out for every situation of the round form.

- a draw (流局): the seat that took the 海底 tile, else the seat whose kong or 补张
  used it up, else the seat it was first offered to;
- one winner: that winner;
- several winners (通炮): the discarder; under 通庄 the dealer set is the discarder
  with every winner.

``form_table`` lets the round form find the next dealer of a round it cannot preview
(offline, from the rounds waiting in its queue) without a formula of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from scoring.engine.rules import Rules

# The tables index a seat 0-3, and NO_SEAT (4, as in birds.py) for none.
_SEAT_OR_NONE: tuple[int | None, ...] = (0, 1, 2, 3, None)


def draw_next_dealer(
    taker: int | None, replaced_by: int | None, first_offered: int | None
) -> int | None:
    """The next dealer after a draw: who took the 海底 tile, else whose kong used it
    up, else who was offered it first (None: nothing known)."""
    if taker is not None:
        return taker
    if replaced_by is not None:
        return replaced_by
    return first_offered


def win_next_dealers(
    tongzhuang: bool, winners: Sequence[int], discarder: int | None
) -> tuple[int | None, list[int]]:
    """(next dealer, next dealer set) after a win: the one winner, or the discarder of
    several (under 通庄 with every winner). (None, []) when no seat follows."""
    if len(winners) == 1:
        return winners[0], [winners[0]]
    if not winners or discarder is None:
        return None, []
    if tongzhuang:
        return discarder, sorted({discarder, *winners})
    return discarder, [discarder]


class FormDealer(TypedDict):
    dealer: int
    dealers: list[int]


class FormDealers(TypedDict):
    """The round form's next-dealer data (JSON): every answer looked up, none computed.

    At a table of n < 4 players (rules.md §10.1) the layout is the same; an entry that
    names a seat n … 3 (in the mask, the discarder or a 海底 seat) is None."""

    # win[winner mask][discarder or NO_SEAT]: the next dealer(s), or None
    win: list[list[FormDealer | None]]
    # draw[taker][replaced_by][first_offered], each a seat or NO_SEAT: the next dealer
    draw: list[list[list[int | None]]]
    players: int  # seats at the table


def _win_entry(
    tongzhuang: bool, mask: int, discarder: int | None, players: int = 4
) -> FormDealer | None:
    if mask >> players or (discarder is not None and discarder >= players):
        return None  # a seat beyond the table
    dealer, dealers = win_next_dealers(
        tongzhuang, [s for s in range(4) if mask >> s & 1], discarder
    )
    return None if dealer is None else {"dealer": dealer, "dealers": dealers}


def _draw_entry(t: int | None, r: int | None, f: int | None, players: int) -> int | None:
    if any(s is not None and s >= players for s in (t, r, f)):
        return None  # a seat beyond the table
    return draw_next_dealer(t, r, f)


def form_table(rules: Rules | None) -> FormDealers:
    """The next dealer for every situation of the round form; ``rules`` None (an
    invalid saved ruleset) as without 通庄."""
    tongzhuang = rules is not None and rules.tongzhuang
    n = 4 if rules is None else rules.players
    return {
        "win": [[_win_entry(tongzhuang, mask, x, n) for x in _SEAT_OR_NONE] for mask in range(16)],
        "draw": [
            [[_draw_entry(t, r, f, n) for f in _SEAT_OR_NONE] for r in _SEAT_OR_NONE]
            for t in _SEAT_OR_NONE
        ],
        "players": n,
    }
