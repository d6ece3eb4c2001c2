"""The validator's hooks: claims checked against (or filled in from) the tiles."""

import copy

import pytest

from scoring.engine import RoundInvalid, SeatWins, score_round, score_round_counted
from scoring.engine.claim_checks import check_final_claim, check_opening_claim
from scoring.engine.rules import PRESETS
from tests.scoring.engine.rounds import WORKED_WITH_TILES

W = "result.winners.0"
ANY_PAIR = PRESETS["changsha-67"]
PAIR_258 = PRESETS["changsha-online"]


def final(tiles, hands, *, kind="discard", melds=None, win_tile=None, rules=ANY_PAIR, dealer=False):
    return check_final_claim(
        tiles=tiles,
        melds=melds,
        win_tile=win_tile,
        hands=hands,
        kind=kind,
        seat_is_dealer=dealer,
        rules=rules,
        field=W,
    )


def fields_and_codes(errors):
    return [(e.field, e.code) for e in errors]


def test_a_true_claim_passes_and_is_returned_as_given():
    codes, errors = final("11133366677799p", ["pengpenghu", "qingyise"], win_tile="9p")
    assert codes == ("pengpenghu", "qingyise")
    assert errors == []


def test_a_false_shape_claim_names_the_code_on_its_own_path():
    codes, errors = final("11133366677799p", ["qingyise", "qixiaodui"])
    assert codes == ("qingyise", "qixiaodui")
    assert fields_and_codes(errors) == [(f"{W}.hands.1", "hand_not_held")]
    assert "qixiaodui" in errors[0].message and "七小对" in errors[0].message
    assert errors[0].params["code"] == "qixiaodui"


def test_pinghu_claimed_on_a_luanjiang_hand_is_refused():
    _, errors = final("123m456s789p123p33m", ["pinghu"])
    assert fields_and_codes(errors) == [(f"{W}.hands.0", "hand_not_held")]


def test_tiles_that_form_no_winning_hand_get_one_error_on_the_tiles():
    _, errors = final("124m456s789p123p55m", ["pinghu", "haidipao"])
    assert fields_and_codes(errors) == [(f"{W}.tiles", "not_a_winning_hand")]
    assert "pinghu, haidipao" in errors[0].message


def test_a_situational_win_on_a_plain_258_hand_lists_only_the_situational_code():
    codes, errors = final("123m456s789p123p55m", ["haidipao"], rules=PAIR_258)
    assert (codes, errors) == (("haidipao",), [])


def test_a_situational_code_whose_pair_rule_fails_is_refused_under_258():
    _, errors = final("123m456s789p123p33m", ["haidipao"], rules=PAIR_258)
    assert fields_and_codes(errors) == [(f"{W}.hands.0", "situational_pair_rule")]
    assert errors[0].params["pair_rule"] == "258"
    codes, errors = final("123m456s789p123p33m", ["haidipao"], rules=ANY_PAIR)
    assert errors == []


def test_kong_draw_wins_need_the_winners_kong():
    _, errors = final("123m456s789p123p55m", ["gangshangkaihua"], kind="self_draw")
    assert fields_and_codes(errors) == [(f"{W}.hands.0", "situational_needs_kong")]
    codes, errors = final(
        "123m456s123p55m",
        ["gangshangkaihua"],
        kind="self_draw",
        melds=[{"kind": "angang", "tiles": "7777s"}],
    )
    assert errors == []


def test_tianhu_with_melds_is_refused():
    _, errors = final(
        "123m456s123p55m",
        ["tianhu"],
        kind="self_draw",
        dealer=True,
        melds=[{"kind": "peng", "tiles": "777s"}],
    )
    assert fields_and_codes(errors) == [(f"{W}.hands.0", "situational_needs_dealt_hand")]


def test_codes_the_validator_reports_are_skipped_here():
    # quanqiuren on a self-draw, an unknown code, an opening code: the validator's errors.
    # 清一色 beside them, which these mixed suits do not hold, is this check's own: the one
    # error shows the check read the claims and passed over the validator's.
    _, errors = final(
        "55s",
        ["quanqiuren", "nonsense", "sixi", "qingyise"],
        kind="self_draw",
        melds=[
            {"kind": "chi", "tiles": "123m"},
            {"kind": "peng", "tiles": "777s"},
            {"kind": "gang", "tiles": "4444p"},
            {"kind": "buzhang", "tiles": "9999m"},
        ],
    )
    assert fields_and_codes(errors) == [(f"{W}.hands.3", "hand_not_held")]


def test_hands_are_filled_in_from_the_tiles():
    assert final("11133366677799p", None) == (("pengpenghu", "qingyise"), [])
    assert final("123m456s789p123p55m", None) == (("pinghu",), [])


def test_filling_in_a_hand_that_only_wins_situationally_asks_for_the_codes():
    codes, errors = final("123m456s789p123p33m", None)
    assert codes == ()
    assert fields_and_codes(errors) == [(f"{W}.hands", "no_hand_in_tiles")]


def test_filling_in_a_non_winning_hand_reports_the_tiles():
    assert fields_and_codes(final("124m456s789p123p55m", None)[1]) == [
        (f"{W}.tiles", "not_a_winning_hand")
    ]


def test_bad_tiles_are_reported_under_the_field():
    codes, errors = final("1113336667779x", ["qingyise"], melds=[{"kind": "chi", "tiles": "135m"}])
    assert codes == ("qingyise",)
    assert fields_and_codes(errors) == [
        (f"{W}.tiles", "tile_unknown_suit"),
        (f"{W}.melds.0.tiles", "meld_malformed"),
    ]


def test_opening_claims_are_checked_per_occurrence():
    assert check_opening_claim(
        tiles="2222m5555s134p67p", hands=["sixi", "sixi"], seat_is_dealer=False, field="openings.0"
    ) == (("sixi", "sixi"), [])
    codes, errors = check_opening_claim(
        tiles="2222m345s678p119s", hands=["sixi", "sixi"], seat_is_dealer=False, field="openings.0"
    )
    assert fields_and_codes(errors) == [("openings.0.hands.1", "opening_not_held")]
    _, errors = check_opening_claim(
        tiles="2222m345s678p119s", hands=["banbanhu"], seat_is_dealer=False, field="openings.0"
    )
    assert fields_and_codes(errors) == [("openings.0.hands.0", "opening_not_held")]


def test_opening_claims_are_filled_in_and_count_the_seats_tiles():
    assert check_opening_claim(
        tiles="2222m345s678p119s", hands=None, seat_is_dealer=False, field="openings.0"
    ) == (("sixi",), [])
    _, errors = check_opening_claim(
        tiles="2222m345s678p119s", hands=None, seat_is_dealer=True, field="openings.0"
    )
    assert fields_and_codes(errors) == [("openings.0.tiles", "tile_count")]
    _, errors = check_opening_claim(
        tiles="123m456m789s258p1s", hands=None, seat_is_dealer=False, field="openings.0"
    )
    assert fields_and_codes(errors) == [("openings.0.tiles", "no_opening_hand")]


# --- through score_round -------------------------------------------------------------

ROUND = WORKED_WITH_TILES


def worked_round_nets() -> list[int]:
    """ROUND's nets from the rules of changsha-67 (rules.md; docs/round-format.md's
    Output): seat 1's dealt 四喜 is paid like a small self-draw by the three others, then
    seat 3 deals seat 2 a 清一色 碰碰胡 (two big hands, added). A pair's base is the
    class's amount a hand (the dealer in the pair adds dealer_bonus), times 1 + the birds
    on the payer or the payee (additive), plus the class's zimo_bonus on a self-draw."""
    rules = PRESETS["changsha-67"]
    dealer = ROUND["dealer"]
    opening, result = ROUND["openings"][0], ROUND["result"]
    winner, discarder = result["winners"][0]["seat"], result["discarder"]

    def bird_seat(value: int) -> int:  # 1, 5, 9 land on the dealer, 2, 6 on the next…
        return (dealer + value - 1) % rules.players

    def multiplier(payer: int, payee: int, birds: list[int]) -> int:
        return 1 + sum(bird_seat(v) in (payer, payee) for v in birds)

    net = [0] * rules.players
    opener = opening["seat"]
    for payer in (s for s in range(rules.players) if s != opener):
        pair_base = rules.base.small.self_draw + rules.dealer_bonus * (dealer in (payer, opener))
        amount = pair_base * multiplier(payer, opener, opening["birds"])
        amount += rules.zimo_bonus.small
        net[payer] -= amount
        net[opener] += amount
    big_hands = len(result["winners"][0]["hands"])  # big_stacking "add": a unit each
    pair_base = rules.base.big.discard * big_hands
    pair_base += rules.dealer_bonus * (dealer in (discarder, winner))
    amount = pair_base * multiplier(discarder, winner, result["birds"])
    net[discarder] -= amount
    net[winner] += amount
    return net


WORKED_NETS = worked_round_nets()


def test_the_worked_rounds_nets_are_derived_as_the_round_format_shows():
    assert WORKED_NETS == [-7, 13, 33, -39]  # docs/round-format.md's Output


def variant(**changes):
    rnd = copy.deepcopy(ROUND)
    winner = rnd["result"]["winners"][0]
    for key, value in changes.items():
        if value is None:
            winner.pop(key, None)
        else:
            winner[key] = value
    return rnd


def test_the_round_format_example_scores_with_its_tiles_checked():
    assert score_round(copy.deepcopy(ROUND))["net"] == WORKED_NETS


def test_a_false_claim_rejects_the_round_naming_the_code():
    with pytest.raises(RoundInvalid) as info:
        score_round(variant(hands=["qingyise", "qixiaodui"]))
    (error,) = info.value.errors
    assert (error.field, error.code) == ("result.winners.0.hands.1", "hand_not_held")
    assert "qixiaodui" in error.message


def test_hands_left_out_are_filled_in_from_the_tiles_and_scored():
    assert score_round(variant(hands=None))["net"] == WORKED_NETS


def test_tiles_of_the_wrong_size_reject_the_round():
    with pytest.raises(RoundInvalid) as info:
        score_round(variant(tiles="1113336667779p"))
    assert [e.code for e in info.value.errors] == ["tile_count"]


def test_an_opening_claim_beyond_the_tiles_rejects_the_round():
    rnd = copy.deepcopy(ROUND)
    rnd["openings"][0]["hands"] = ["sixi", "sixi"]
    with pytest.raises(RoundInvalid) as info:
        score_round(rnd)
    assert [(e.field, e.code) for e in info.value.errors] == [
        ("openings.0.hands.1", "opening_not_held")
    ]


def test_an_opening_without_hands_is_filled_in_from_the_tiles():
    rnd = copy.deepcopy(ROUND)
    del rnd["openings"][0]["hands"]
    assert score_round(rnd)["net"] == WORKED_NETS


def test_the_answer_carries_each_seat_s_wins_with_the_codes_found_in_the_tiles():
    # Seat 1 opens with 板板胡 and self-draws 清一色, each given by its tiles alone; seat 2
    # wins two 中途胡 given by their codes.
    data = {
        "ruleset": {
            "preset": "changsha-67",
            "extra_small_hands": ["zhongtu_sixi", "zhongtu_liuliushun"],
            "opening_birds": False,
        },
        "dealer": 0,
        "openings": [{"seat": 1, "tiles": "1346m134679p139s"}],
        "midgame": [
            {"seat": 2, "hands": ["zhongtu_sixi"]},
            {"seat": 2, "hands": ["zhongtu_liuliushun"]},
        ],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "tiles": "123456789m123m55m"}],
            "birds": [5, 9],
        },
    }
    none = SeatWins(final=(), big=False, opening=(), midgame=())

    assert score_round_counted(data).wins == (
        none,
        SeatWins(final=("qingyise",), big=True, opening=("banbanhu",), midgame=()),
        SeatWins(final=(), big=False, opening=(), midgame=("zhongtu_sixi", "zhongtu_liuliushun")),
        none,
    )


def test_a_small_win_given_by_its_codes_is_carried_as_given():
    data = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 3, "hands": ["pinghu"]}],
            "discarder": 2,
            "birds": [5, 9],
        },
    }

    assert score_round_counted(data).wins[3] == SeatWins(("pinghu",), False, (), ())


def without_tiles(**parts):
    """A 平胡 self-draw by seat 1 given by its code, with ``parts`` beside it and no tiles."""
    return {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"], **parts}],
            "birds": [1, 2],
        },
    }


@pytest.mark.parametrize(
    ("parts", "field", "code"),
    [
        ({"melds": [{"kind": "xx", "tiles": "555m"}]}, f"{W}.melds.0.kind", "meld_kind_unknown"),
        ({"melds": ["555m"]}, f"{W}.melds.0", "meld_not_object"),
        ({"melds": [{"kind": "peng"}]}, f"{W}.melds.0.tiles", "tiles_not_text"),
        ({"melds": [{"kind": "peng", "tiles": 5}]}, f"{W}.melds.0.tiles", "tiles_not_text"),
        (
            {"melds": [{"kind": "peng", "tiles": "555m", "x": 1}]},
            f"{W}.melds.0.x",
            "meld_unknown_key",
        ),
        ({"melds": [{"kind": "peng", "tiles": "456m"}]}, f"{W}.melds.0.tiles", "meld_malformed"),
        ({"win_tile": ""}, f"{W}.win_tile", "tiles_empty"),
        ({"win_tile": "99z"}, f"{W}.win_tile", "tile_unknown_suit"),
    ],
)
def test_melds_and_a_winning_tile_given_without_tiles_are_read_as_with_them(parts, field, code):
    with pytest.raises(RoundInvalid) as info:
        score_round(without_tiles(**parts))
    assert [(e.field, e.code) for e in info.value.errors] == [(field, code)]


def test_good_melds_and_a_winning_tile_without_tiles_are_kept_and_do_not_change_the_score():
    plain = score_round(without_tiles())["net"]
    parts = {"melds": [{"kind": "peng", "tiles": "555m"}, {"kind": "chi", "tiles": "345s"}]}
    assert score_round(without_tiles(**parts, win_tile="5p"))["net"] == plain
    assert score_round(without_tiles(melds=None))["net"] == plain
