"""Situational types: the context names them, the tiles must meet the pair rule."""

import pytest

from scoring.engine.analysis import SITUATIONAL_CODES, analyse
from scoring.engine.errors import RoundInvalid
from scoring.engine.rules import PRESETS, parse_ruleset

PINGHU_HAND = "123m456s789p123p55m"
LUANJIANG_HAND = "123m456s789p123p33m"  # standard, pair 33m
KONG = [{"kind": "gang", "tiles": "7777s"}]
KONG_HAND = "123m456s123p55m"  # with KONG: 11 + 3


def rules(code, **overrides):
    if not overrides:
        return PRESETS[code]
    parsed, errors = parse_ruleset({"preset": code, **overrides})
    assert errors == []
    return parsed


@pytest.mark.parametrize(
    ("context", "code"),
    [
        ({"self_draw": True, "dealer": True, "first_discard": True}, "tianhu"),
        ({"self_draw": False, "dealer": False, "first_discard": True}, "dihu"),
        ({"self_draw": True, "haidi": True}, "haidilaoyue"),
        ({"self_draw": False, "haidi": True}, "haidipao"),
        ({"self_draw": False, "gang": "kong"}, "gangshangpao"),
        ({"self_draw": False, "gang": "double_kong"}, "shuanggangshangpao"),
        ({"self_draw": False, "gang": "rob"}, "qiangganghu"),
    ],
)
def test_the_context_names_one_situational_type_and_it_replaces_pinghu(context, code):
    a = analyse(PINGHU_HAND, **context)
    assert a.context == (code,)
    assert a.best_claim == (code,)  # pinghu is never listed with a big code
    assert "pinghu" in a.shapes


@pytest.mark.parametrize(
    ("gang", "code"), [("kong", "gangshangkaihua"), ("double_kong", "shuanggangshanghua")]
)
def test_a_kong_draw_self_draw_needs_the_winners_own_kong(gang, code):
    with_kong = analyse(KONG_HAND, melds=KONG, self_draw=True, gang=gang)
    assert with_kong.best_claim == (code,)
    without = analyse(PINGHU_HAND, self_draw=True, gang=gang)
    assert without.best_claim == ("pinghu",)
    assert without.situational_valid()[code] is False
    assert [reason for _, reason, _ in without.dropped] == [
        "the melds have no kong (gang or angang) of the winner"
    ]


def test_a_buzhang_is_not_a_dice_kong():
    a = analyse(
        KONG_HAND, melds=[{"kind": "buzhang", "tiles": "7777s"}], self_draw=True, gang="kong"
    )
    assert "gangshangkaihua" not in a.best_claim


def test_double_kong_wins_weigh_two_units():
    a = analyse(KONG_HAND, melds=KONG, self_draw=True, gang="double_kong")
    assert a.units == 2


@pytest.mark.parametrize(
    ("context", "field"),
    [
        ({"haidi": True, "gang": "kong"}, "gang"),
        ({"haidi": True, "first_discard": True, "self_draw": True, "dealer": True}, "haidi"),
        ({"gang": "rob", "self_draw": True}, "gang"),
        ({"gang": "robbed"}, "gang"),
        ({"first_discard": True, "dealer": True, "self_draw": False}, "first_discard"),
        ({"first_discard": True, "dealer": False, "self_draw": True}, "first_discard"),
    ],
)
def test_an_impossible_context_is_refused(context, field):
    with pytest.raises(RoundInvalid) as info:
        analyse(PINGHU_HAND, **context)
    assert [(e.field, e.code) for e in info.value.errors] == [(field, "context_conflict")]


def test_any_pair_lets_a_luanjiang_hand_win_situationally():
    a = analyse(LUANJIANG_HAND, self_draw=True, haidi=True, rules=rules("changsha-67"))
    assert a.best_claim == ("haidilaoyue",)


def test_258_pair_rule_refuses_a_luanjiang_situational_win():
    a = analyse(LUANJIANG_HAND, self_draw=True, haidi=True, rules=rules("changsha-online"))
    assert not a.winning
    assert "2/5/8" in a.reason
    assert a.situational_valid()["haidilaoyue"] is False


def test_258_pair_rule_accepts_a_big_shape_with_any_pair():
    a = analyse("111m333s777p999p44m", self_draw=True, haidi=True, rules=rules("changsha-points"))
    assert a.best_claim == ("pengpenghu", "haidilaoyue")
    assert a.units == 2


@pytest.mark.parametrize("preset", ["changsha-points", "changsha-online"])
def test_tianhu_and_dihu_accept_any_pair_even_under_258(preset):
    tianhu = analyse(
        LUANJIANG_HAND, self_draw=True, dealer=True, first_discard=True, rules=rules(preset)
    )
    dihu = analyse(LUANJIANG_HAND, first_discard=True, rules=rules(preset))
    assert (tianhu.best_claim, dihu.best_claim) == (("tianhu",), ("dihu",))


def test_tianhu_needs_the_dealt_hand_without_melds():
    a = analyse(KONG_HAND, melds=KONG, self_draw=True, dealer=True, first_discard=True)
    assert a.situational_valid()["tianhu"] is False
    assert a.best_claim == ("pinghu",)
    assert a.dropped[0][:2] == ("tianhu", "won on the dealt tiles, so there are no melds")


def test_every_situational_type_is_reported():
    valid = analyse(PINGHU_HAND).situational_valid()
    assert set(valid) == set(SITUATIONAL_CODES)
    assert len(SITUATIONAL_CODES) == 9
    assert valid["haidipao"] and not valid["gangshangkaihua"]


def test_a_non_winning_hand_is_valid_for_no_situation():
    assert not any(analyse("124m456s789p123p55m").situational_valid().values())


def test_single_stacking_counts_the_heaviest_big_hand_once():
    a = analyse(
        "11223344556677m", rules=rules("changsha-67", big_stacking="single"), self_draw=True
    )
    assert set(a.best_claim) == {"qingyise", "qixiaodui"}
    assert a.units == 1


def test_the_best_claim_is_pinghu_when_a_ruleset_makes_big_hands_worth_less():
    odd = rules("changsha-67", base={"big": {"discard": 0}})
    a = analyse("111m333s777p999p55m", rules=odd)
    assert set(a.shapes) == {"pinghu", "pengpenghu"}
    assert a.best_claim == ("pinghu",)
    assert analyse("111m333s777p999p55m").best_claim == ("pengpenghu",)
