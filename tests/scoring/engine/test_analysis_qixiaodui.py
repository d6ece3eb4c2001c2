"""七小对 qixiaodui: 14 concealed tiles in 7 pairs, a quad is two pairs, no melds."""

import pytest

from scoring.engine.analysis import analyse


def test_seven_distinct_pairs():
    a = analyse("11m33m77m22s99s44p66p")
    assert a.shapes == ("qixiaodui",)
    assert a.best_claim == ("qixiaodui",)
    assert [d.kind for d in a.decompositions] == ["seven_pairs"]
    assert a.decomposition.notation() == "11m 33m 77m 22s 99s 44p 66p"


def test_a_quad_counts_as_two_pairs():
    a = analyse("1111m77m22s99s44p66p")
    assert "qixiaodui" in a.shapes
    assert a.decomposition.pairs.count(0) == 2


def test_two_quads_count_as_four_pairs():
    assert "qixiaodui" in analyse("1111m7777m99s44p66p").shapes


def test_melds_rule_it_out_even_when_the_rest_is_pairs():
    melds = [{"kind": "peng", "tiles": "111m"}, {"kind": "peng", "tiles": "555p"}]
    a = analyse("33m77m22s99s", melds=melds)  # four pairs and two melds
    assert "qixiaodui" not in a.shapes
    assert not a.winning


@pytest.mark.parametrize(
    "tiles",
    [
        "11m33m77m22s99s44p67p",  # six pairs and two singles
        "111m33m77m22s99s4p66p",  # a triplet and a single
    ],
)
def test_near_misses_are_not_seven_pairs(tiles):
    a = analyse(tiles)
    assert "qixiaodui" not in a.shapes
    assert not a.winning


def test_seven_pairs_that_also_read_as_a_standard_hand_keep_both_readings():
    a = analyse("112233m445566s88p")
    assert {d.kind for d in a.decompositions} == {"standard", "seven_pairs"}
    assert set(a.shapes) == {"pinghu", "qixiaodui"}
    assert a.best_claim == ("qixiaodui",)
    assert a.decomposition.kind == "seven_pairs"


def test_a_luanjiang_seven_pairs_still_wins_as_a_big_hand():
    a = analyse("11m33m77m11s99s33p99p")
    assert a.best_claim == ("qixiaodui",)
