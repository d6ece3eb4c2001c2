"""清一色 qingyise: one suit, standard (any pair) or seven pairs (rules.md §2.2)."""

import pytest

from scoring.engine.analysis import analyse


def test_one_suit_standard_hand_with_any_pair():
    a = analyse("12345678999911m")
    assert "qingyise" in a.shapes
    assert a.best_claim == ("qingyise",)


def test_one_suit_seven_pairs_is_qingyise_and_qixiaodui():
    a = analyse("11335577991133s")  # 11 33 55 77 99 11 33: quads count as two pairs
    assert set(a.shapes) == {"qingyise", "qixiaodui"}
    assert a.units == 2
    assert a.decomposition.kind == "seven_pairs"


def test_melds_must_be_the_same_suit():
    same = [{"kind": "peng", "tiles": "777p"}, {"kind": "chi", "tiles": "678p"}]
    assert "qingyise" in analyse("123345p99p", melds=same).shapes
    other = [{"kind": "peng", "tiles": "777s"}, {"kind": "chi", "tiles": "678p"}]
    a = analyse("123345p99p", melds=other)
    assert "qingyise" not in a.shapes
    assert not a.winning  # 99p is no 2/5/8 pair


@pytest.mark.parametrize(
    "tiles",
    [
        "12345678999135m",  # one suit, but no structure and not seven pairs
        "123456789m11s123m",  # standard, two suits
    ],
)
def test_near_misses_are_not_qingyise(tiles):
    assert "qingyise" not in analyse(tiles).shapes


@pytest.mark.parametrize("win", "123456789")
def test_nine_gates_wins_qingyise_on_every_tile(win):
    a = analyse("1112345678999m" + f"{win}m", win_tile=f"{win}m")
    assert a.winning
    assert "qingyise" in a.shapes
    assert a.hand.win_tile == int(win) - 1
    # the 2/5/8 pair exists exactly when the suit's rank sum makes the pair ≡ 2 (mod 3)
    assert ("pinghu" in a.shapes) is (int(win) in (2, 5, 8))
