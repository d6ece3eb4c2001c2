"""碰碰胡 pengpenghu: a standard hand of triplets/kongs and any pair (rules.md §2.2)."""

from scoring.engine.analysis import analyse


def test_four_triplets_and_any_pair():
    a = analyse("111m333s777p999p44m")
    assert a.shapes == ("pengpenghu",)
    assert a.best_claim == ("pengpenghu",)
    assert a.big and a.units == 1


def test_with_a_258_pair_pinghu_also_holds_but_the_claim_is_the_big_hand():
    a = analyse("111m333s777p999p55m")
    assert set(a.shapes) == {"pinghu", "pengpenghu"}
    assert a.best_claim == ("pengpenghu",)


def test_kongs_and_pengs_count_as_triplets():
    a = analyse(
        "777p99s",
        melds=[
            {"kind": "peng", "tiles": "111m"},
            {"kind": "gang", "tiles": "3333s"},
            {"kind": "buzhang", "tiles": "6666m"},
        ],
    )
    assert "pengpenghu" in a.shapes


def test_a_chi_meld_breaks_it():
    a = analyse("111m333s777p99s", melds=[{"kind": "chi", "tiles": "123p"}])
    assert a.standard
    assert a.shapes == ()  # and the 99s pair is no 2/5/8 either
    assert not a.winning


def test_a_hand_readable_as_triplets_or_sequences_is_pengpenghu():
    a = analyse("111222333m444s55p")
    readings = {d.notation() for d in a.decompositions}
    assert readings == {"111m 222m 333m 444s 55p", "123m 123m 123m 444s 55p"}
    assert set(a.shapes) == {"pinghu", "pengpenghu"}
    assert a.decomposition.notation() == "111m 222m 333m 444s 55p"


def test_a_concealed_quad_cannot_be_a_set_of_four():
    a = analyse("1111m333s55p77p999p")  # 1111m would have to be declared as a kong
    assert "pengpenghu" not in a.shapes
    assert not a.winning
