"""全求人 quanqiuren: four exposed melds, the single tile paired by a discard."""

import pytest

from scoring.engine.analysis import analyse

FOUR = [
    {"kind": "chi", "tiles": "123m"},
    {"kind": "peng", "tiles": "777s"},
    {"kind": "gang", "tiles": "4444p"},
    {"kind": "buzhang", "tiles": "9999m"},
]


def test_four_exposed_melds_and_a_pair_won_on_a_discard():
    a = analyse("33s", melds=FOUR, win_tile="3s")
    assert a.shapes == ("quanqiuren",)
    assert a.best_claim == ("quanqiuren",)  # any pair: 乱将
    assert a.decomposition.notation() == "[chi:123m] [peng:777s] [gang:4444p] [buzhang:9999m] 33s"


def test_self_draw_is_not_quanqiuren():
    a = analyse("33s", melds=FOUR, self_draw=True)
    assert "quanqiuren" not in a.shapes
    assert not a.winning  # 33s is no 2/5/8 pair and nothing else holds


def test_self_draw_with_a_258_pair_is_only_pinghu():
    a = analyse("55s", melds=FOUR, self_draw=True)
    assert a.best_claim == ("pinghu",)


def test_a_concealed_kong_is_not_an_exposed_meld():
    melds = FOUR[:3] + [{"kind": "angang", "tiles": "9999m"}]
    assert "quanqiuren" not in analyse("33s", melds=melds).shapes


@pytest.mark.parametrize("count", [2, 3])
def test_fewer_melds_are_not_enough(count):
    concealed = {2: "123p567p33s", 3: "33s567p"}[count]
    a = analyse(concealed, melds=FOUR[:count])
    assert "quanqiuren" not in a.shapes


def test_it_stacks_with_pengpenghu_and_qingyise():
    melds = [
        {"kind": "peng", "tiles": "111p"},
        {"kind": "peng", "tiles": "333p"},
        {"kind": "gang", "tiles": "6666p"},
        {"kind": "peng", "tiles": "999p"},
    ]
    a = analyse("77p", melds=melds)
    assert set(a.shapes) == {"quanqiuren", "pengpenghu", "qingyise"}
    assert a.units == 3
    assert a.chips == 18
