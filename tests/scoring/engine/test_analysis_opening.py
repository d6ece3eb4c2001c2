"""Opening small hands (起手胡, rules.md §2.1) on the dealt 13/14 tiles."""

import pytest

from scoring.engine.analysis import analyse_opening
from scoring.engine.errors import RoundInvalid


def held(tiles, dealer=False):
    return {code: n for code, n in analyse_opening(tiles, dealer=dealer).occurrences if n}


def test_a_hand_with_nothing_special():
    a = analyse_opening("123m456m789s258p1s", dealer=False)
    assert held("123m456m789s258p1s") == {}
    assert not a.winning
    assert a.codes == ()


def test_one_quad_is_one_sixi():
    assert held("2222m345s678p119s")["sixi"] == 1


def test_two_separate_quads_are_two_sixi_occurrences():
    a = analyse_opening("2222m5555s134p67p", dealer=False)
    assert a.count("sixi") == 2
    assert a.codes.count("sixi") == 2
    assert a.details()["sixi"] == "2222m 5555s"


def test_banbanhu_has_no_2_5_or_8_at_all():
    assert held("1346799m134s679p")["banbanhu"] == 1
    assert "banbanhu" not in held("1346799m134s678p")


def test_queyise_misses_a_whole_suit():
    a = analyse_opening("1234567m123456s", dealer=False)
    assert a.count("queyise") == 1
    assert a.details()["queyise"] == "p (筒)"
    assert "queyise" not in held("123456m123456s5p")


def test_liuliushun_needs_two_distinct_triplets_and_a_quad_counts():
    assert held("111m333s12345p79p")["liuliushun"] == 1
    assert held("1111m333s1234p79p")["liuliushun"] == 1
    assert "liuliushun" not in held("111m33s123456p79p")


def test_santong_is_a_rank_paired_in_each_suit():
    assert held("44m44s44p1235679m")["santong"] == 1
    assert "santong" not in held("44m44s4p12356789m")


def test_yizhihua_is_a_suit_with_one_tile_which_is_a_five():
    assert held("123456789m5s123p")["yizhihua"] == 1
    assert "yizhihua" not in held("123456789m6s123p")
    assert "yizhihua" not in held("123456789m55s12p")


def test_a_hand_can_hold_several_types_at_once():
    a = analyse_opening("2222m5555s111699p", dealer=True)  # 14 tiles: the dealer
    assert dict(a.occurrences) == {
        "sixi": 2,
        "banbanhu": 0,
        "queyise": 0,
        "liuliushun": 1,
        "santong": 0,
        "yizhihua": 0,
        "jiejiegao": 0,
        "jintongyunv": 0,
        "yidianhong": 0,
    }
    assert a.codes == ("sixi", "sixi", "liuliushun")
    assert a.as_dict()["hands"][1]["tiles"] == "222m 555s 111p"


@pytest.mark.parametrize(
    ("dealer", "tiles"), [(True, "123m456m789s258p1s"), (False, "123m456m789s258p")]
)
def test_the_tile_count_depends_on_the_seat(dealer, tiles):
    with pytest.raises(RoundInvalid) as info:
        analyse_opening(tiles, dealer=dealer)
    assert [e.code for e in info.value.errors] == ["tile_count"]


def test_every_registered_opening_type_can_show_the_tiles_that_make_it():
    from scoring.engine.analysis import OPENING_DETAILS
    from scoring.engine.hands import HAND_TYPES

    missing = [
        h.code for h in HAND_TYPES.values() if h.is_opening and h.check not in OPENING_DETAILS
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("tiles", "code", "detail"),
    [
        ("2m111333444677p", "yidianhong", "2m"),
        ("223344m1234567p", "jiejiegao", "223344m"),
        ("22s22p1345679m13p", "jintongyunv", "22s22p"),
    ],
)
def test_the_table_option_opening_types_are_analysed_with_their_tiles(tiles, code, detail):
    a = analyse_opening(tiles, dealer=False)
    assert a.details()[code] == detail
    entry = next(h for h in a.as_dict()["hands"] if h["code"] == code)
    assert entry["tiles"] == detail


def test_the_codes_a_ruleset_allows_leave_out_the_opening_types_it_does_not_play():
    from scoring.engine.rules import PRESETS, parse_ruleset

    a = analyse_opening("2m111333444677p", dealer=False)
    assert a.codes == ("queyise", "liuliushun", "yidianhong")
    assert a.codes_allowed(PRESETS["changsha-67"]) == ("queyise", "liuliushun")
    rules, _ = parse_ruleset({"preset": "changsha-67", "extra_small_hands": ["yidianhong"]})
    assert a.codes_allowed(rules) == a.codes
