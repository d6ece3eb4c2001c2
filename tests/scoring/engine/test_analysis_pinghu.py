"""平胡 pinghu: a standard hand whose pair is 2, 5 or 8 (rules.md §2.2)."""

import pytest

from scoring.engine.analysis import analyse
from scoring.engine.rules import PRESETS


def test_four_sets_and_a_258_pair_is_pinghu_and_nothing_more():
    a = analyse("123m456s789p123p55m")
    assert a.shapes == ("pinghu",)
    assert a.best_claim == ("pinghu",)
    assert a.winning and not a.big
    assert a.units == 1


@pytest.mark.parametrize("pair", ["22m", "55s", "88p"])
def test_each_258_pair_qualifies(pair):
    assert "pinghu" in analyse(f"123m456s789p234p{pair}").shapes


@pytest.mark.parametrize("pair", ["11m", "33s", "44p", "66m", "77s", "99p"])
def test_a_pair_of_any_other_rank_is_luanjiang_and_does_not_win_alone(pair):
    a = analyse(f"123m456s789p234p{pair}")
    assert a.standard
    assert a.shapes == ()
    assert not a.winning
    assert a.best_claim == ()
    assert "2/5/8" in a.reason
    assert "乱将" in a.reasons[1]


def test_melds_count_as_sets():
    a = analyse(
        "789p88s",
        melds=[
            {"kind": "chi", "tiles": "123m"},
            {"kind": "peng", "tiles": "999m"},
            {"kind": "angang", "tiles": "4444s"},
        ],
    )
    assert a.shapes == ("pinghu",)


def test_chips_follow_the_ruleset_base():
    a = analyse("123m456s789p123p55m", rules=PRESETS["changsha-points"])
    assert a.chips == 10  # one idle discarder pays the small base of 10


def test_a_near_miss_with_a_broken_sequence_does_not_win():
    a = analyse("124m456s789p123p55m")
    assert not a.winning
    assert not a.standard
    assert "not 4 sets" in a.reason


def test_dealer_self_draw_is_still_pinghu_and_worth_more():
    idle = analyse("123m456s789p123p55m", self_draw=True)
    dealer = analyse("123m456s789p123p55m", self_draw=True, dealer=True)
    assert idle.best_claim == dealer.best_claim == ("pinghu",)
    # changsha-67: idle self-draw 2+1+1 plus 自摸加1 x3 = 7; dealer 2+2+2 plus 3 = 9
    assert (idle.chips, dealer.chips) == (7, 9)


def test_within_one_suit_the_pair_is_always_or_never_258():
    # Sets keep a suit's rank sum ≡ 0 (mod 3), so the pair's rank is fixed mod 3, and
    # 2, 5, 8 are one class: a hand cannot be read both with and without a 真将.
    a = analyse("22233344455566m")  # 222 333 444 555 66, or 222 345 456 456 33, ...
    ranks = {d.pair % 9 + 1 for d in a.decompositions if d.pair is not None}
    assert ranks == {3, 6}
    assert "pinghu" not in a.shapes
    assert a.best_claim == ("pengpenghu", "qingyise")
