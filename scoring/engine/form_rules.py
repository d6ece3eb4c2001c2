"""The round form's claim and tile tables (JSON): who may be a winner or the discarder
of each kind of round at a table of n seats, which seat a hand type may be claimed by
(and, for 地胡, who must have discarded it), which seat takes the 海底 in a 海底 win, and how many tiles a hand holds. The page looks
these up instead of holding rules of its own, as it does the bird and dealer tables
(birds.py, dealers.py); tests/scoring/engine/test_form_rules.py holds them to the validator.
"""

from __future__ import annotations

from typing import TypedDict

from scoring.engine.hands import HAND_TYPES, Claimant, WinKind
from scoring.engine.rules import Rules
from scoring.engine.tiles import FINAL_TILE_COUNT, MELD_TILE_COUNT, TILE_COPIES, opening_tile_count
from scoring.engine.validate import MOST_DISCARD_WINNERS

_DRAW = "draw"
# who may claim a hand type of each claimant (validate._special_claims)
_CLAIMANTS = {
    Claimant.ANY.value: "any",
    Claimant.DEALER.value: "dealer",  # the round's dealer only
    Claimant.IDLE.value: "not_dealers",  # a seat outside the dealer set (通庄: several)
}


class KindClaims(TypedDict):
    """One kind of round (self_draw, discard, draw): its winners and its discarder."""

    min_winners: int
    max_winners: int
    discarder: bool  # the round names a discarder, who cannot be one of its winners


class FormTiles(TypedDict):
    """The tile picker's counts (rules.md: "the 14 tiles")."""

    final: int  # a winning hand: concealed tiles + ``meld`` per meld
    meld: int  # what a meld counts toward ``final`` (a kong too)
    opening_dealer: int  # a dealt hand: the dealer's
    opening_idle: int  # an idle seat's
    haidi: int  # the 海底: one tile
    copies: int  # copies of each tile


class FormRules(TypedDict):
    """The round form's claim rules and tile counts, looked up by the page."""

    kinds: dict[str, KindClaims]  # self_draw / discard / draw
    # a hand type's claimant -> who may claim it: "any" seat, the round's "dealer"
    # (天胡), or a seat "not_dealers", none of the dealer set (地胡)
    claimant: dict[str, str]
    # a 海底 hand type -> the seat that took the 海底: its "winner" or the "discarder"
    haidi_taker: dict[str, str]
    # a hand type won only on the dealer's discard (地胡: the dealer's first discard) ->
    # "dealer", the seat that must have discarded it
    discarder: dict[str, str]
    tiles: FormTiles
    players: int


def discard_winner_limit(players: int) -> int:
    """The most winners of one discard at a table of ``players`` seats."""
    return min(MOST_DISCARD_WINNERS, players - 1)


def form_table(rules: Rules | None) -> FormRules:
    """The claim rules and tile counts of the round form at this ruleset's table;
    ``rules`` None (an invalid saved ruleset) as at four seats."""
    n = 4 if rules is None else rules.players
    return {
        "kinds": {
            WinKind.SELF_DRAW.value: {"min_winners": 1, "max_winners": 1, "discarder": False},
            WinKind.DISCARD.value: {
                "min_winners": 1,
                "max_winners": discard_winner_limit(n),
                "discarder": True,
            },
            _DRAW: {"min_winners": 0, "max_winners": 0, "discarder": False},
        },
        "claimant": _CLAIMANTS,
        # 海底捞月 (a self-draw): its winner took the 海底; 海底炮: the discarder did
        "haidi_taker": {
            h.code: "discarder" if WinKind.DISCARD in h.win_kinds else "winner"
            for h in HAND_TYPES.values()
            if h.needs_haidi
        },
        # 地胡: an idle seat's win on the dealer's first discard (validate._special_claims)
        "discarder": {
            h.code: "dealer"
            for h in HAND_TYPES.values()
            if h.claimant is Claimant.IDLE and WinKind.DISCARD in h.win_kinds
        },
        "tiles": {
            "final": FINAL_TILE_COUNT,
            "meld": MELD_TILE_COUNT,
            "opening_dealer": opening_tile_count(dealer=True),
            "opening_idle": opening_tile_count(dealer=False),
            "haidi": 1,
            "copies": TILE_COPIES,
        },
        "players": n,
    }
