"""The round form's next-dealer table (dealers.form_table) gives, for every situation
the form can be in, the next dealer the scorer gives the same round: the page looks it
up after a round it could not preview (offline) and holds no rule of its own."""

from __future__ import annotations

import itertools

import pytest

from scoring.engine import score_round
from scoring.engine.dealers import form_table
from scoring.engine.rules import parse_ruleset

SEATS_OR_NONE = (0, 1, 2, 3, None)
NO_SEAT = 4


def index(seat):
    return NO_SEAT if seat is None else seat


def scored_next(ruleset, result):
    out = score_round({"dealer": 0, "result": result, "ruleset": ruleset})
    return out["next_dealer"], out["next_dealers"]


def win_situations():
    for mask in range(1, 16):
        winners = [s for s in range(4) if mask >> s & 1]
        if len(winners) == 1:
            yield "self_draw", mask, winners, None
        if len(winners) < 4:
            for discarder in range(4):
                if discarder not in winners:
                    yield "discard", mask, winners, discarder


@pytest.mark.parametrize("tongzhuang", [False, True])
def test_every_win_s_next_dealer_in_the_table_is_the_scorer_s(tongzhuang):
    ruleset = {"preset": "changsha-67", "tongzhuang": tongzhuang}
    table = form_table(parse_ruleset(ruleset)[0])
    checked = 0
    for kind, mask, winners, discarder in win_situations():
        result = {
            "kind": kind,
            "winners": [{"seat": s, "hands": ["pinghu"]} for s in winners],
            "birds": [1, 2],
        }
        if discarder is not None:
            result["discarder"] = discarder
        entry = table["win"][mask][index(discarder)]
        assert entry is not None, (kind, winners, discarder)
        assert (entry["dealer"], entry["dealers"]) == scored_next(ruleset, result)
        checked += 1
    assert checked == 4 + 4 * 3 + 6 * 2 + 4 * 1  # self-draws, then 1, 2 and 3 winners


def test_every_draw_s_next_dealer_in_the_table_is_the_scorer_s():
    ruleset = {"preset": "changsha-67"}
    table = form_table(parse_ruleset(ruleset)[0])
    checked = 0
    for taker, replaced, first in itertools.product(SEATS_OR_NONE, repeat=3):
        if taker is not None and replaced is not None:
            continue  # refused by the validator: one or the other
        if taker is None and first is None:
            continue  # the form does not preview (or save) a draw without a 海底 seat
        haidi = {"tile": None, "taker": taker, "first_offered": first, "replaced_by": replaced}
        result = {"kind": "draw", "winners": [], "haidi": haidi}
        entry = table["draw"][index(taker)][index(replaced)][index(first)]
        assert (entry, [entry]) == scored_next(ruleset, result), haidi
        checked += 1
    assert checked > 20


def test_a_round_with_no_next_seat_has_none_in_the_table():
    table = form_table(parse_ruleset({"preset": "changsha-67"})[0])
    assert table["win"][0][NO_SEAT] is None  # no winner
    assert table["win"][0b0101][NO_SEAT] is None  # two winners, no discarder
    assert table["draw"][NO_SEAT][NO_SEAT][NO_SEAT] is None
