"""Bad input (rules.md §8): every problem is reported, each naming its field, never an exception."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import RoundInvalid, score_round, validate_round
from scoring.engine.messages import MESSAGES, MESSAGES_ZH, error_message_zh
from tests.scoring.engine.rounds import WORKED_WITH_TILES


def base_round(**changes):
    """A valid changsha-67 round: B self-draws 平胡, birds 1 and 2."""
    round_ = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
    }
    round_.update(changes)
    return round_


def discard_round(winners=((1, ["pinghu"]),), discarder=2, **result_changes):
    result = {
        "kind": "discard",
        "winners": [{"seat": s, "hands": h} for s, h in winners],
        "discarder": discarder,
        "birds": [1, 2],
    }
    result.update(result_changes)
    return base_round(result=result)


def with_result(**changes):
    round_ = base_round()
    round_["result"].update(changes)
    return round_


def draw_round(**changes):
    result = {
        "kind": "draw",
        "winners": [],
        "haidi": {"tile": "1m", "taker": 0, "first_offered": 0},
    }
    result.update(changes)
    return base_round(result=result)


def problems(round_):
    return {(e.field, e.code) for e in validate_round(round_)}


def test_the_base_rounds_are_valid():
    assert validate_round(base_round()) == []
    assert validate_round(discard_round()) == []
    assert validate_round(draw_round()) == []


# --- seats and dealers -----------------------------------------------------------

SEAT_CASES = [
    ("dealer", base_round(dealer=4)),
    (
        "dealers.1",
        base_round(
            ruleset="changsha-tongzhuang", dealers=[0, 4], result=with_result(birds=[1])["result"]
        ),
    ),
    ("result.winners.0.seat", with_result(winners=[{"seat": 5, "hands": ["pinghu"]}])),
    ("result.discarder", discard_round(discarder=-1)),
    ("openings.0.seat", base_round(openings=[{"seat": 9, "hands": ["sixi"], "birds": [1, 2]}])),
    ("penalties.0.seat", base_round(penalties=[{"seat": 4, "kind": "escape"}])),
    ("result.haidi.taker", draw_round(haidi={"tile": "1m", "taker": 7, "first_offered": 0})),
    (
        "result.haidi.first_offered",
        draw_round(haidi={"tile": "1m", "taker": None, "first_offered": 4}),
    ),
    (
        "result.haidi.replaced_by",
        draw_round(haidi={"tile": None, "taker": None, "replaced_by": 12}),
    ),
]


@pytest.mark.parametrize(("field", "round_"), SEAT_CASES, ids=[c[0] for c in SEAT_CASES])
def test_a_seat_outside_0_to_3_is_rejected(field, round_):
    assert (field, "invalid_seat") in problems(round_)


def test_an_empty_dealer_set_is_rejected():
    assert ("dealers", "dealers_empty") in problems(base_round(dealers=[]))


def test_a_dealer_set_without_the_dice_dealer_is_rejected():
    round_ = base_round(
        ruleset="changsha-tongzhuang", dealers=[1, 2], result=with_result(birds=[1])["result"]
    )
    assert problems(round_) == {("dealers", "dealer_not_in_dealers")}


def test_several_dealers_without_tongzhuang_are_rejected():
    assert problems(base_round(dealers=[0, 1])) == {
        ("dealers", "several_dealers_without_tongzhuang")
    }


def test_a_dealer_listed_twice_is_rejected():
    round_ = base_round(
        ruleset="changsha-tongzhuang", dealers=[0, 0], result=with_result(birds=[1])["result"]
    )
    assert problems(round_) == {("dealers.1", "duplicate_seat")}


def test_several_dealers_under_tongzhuang_are_fine():
    round_ = base_round(
        ruleset="changsha-tongzhuang", dealers=[2, 0, 1], result=with_result(birds=[1])["result"]
    )
    assert validate_round(round_) == []


# --- openings --------------------------------------------------------------------


def test_two_opening_entries_for_one_seat_are_rejected():
    openings = [
        {"seat": 1, "hands": ["sixi"], "birds": [1, 2]},
        {"seat": 1, "hands": ["queyise"], "birds": [3, 4]},
    ]
    assert problems(base_round(openings=openings)) == {
        ("openings.1.seat", "duplicate_opening_seat")
    }


def test_a_final_code_in_an_opening_is_rejected():
    openings = [{"seat": 2, "hands": ["queyise", "qingyise"], "birds": [1, 2]}]
    assert problems(base_round(openings=openings)) == {
        ("openings.0.hands.1", "final_hand_in_opening")
    }


def test_an_opening_code_may_not_repeat_except_sixi():
    repeated = [{"seat": 2, "hands": ["queyise", "banbanhu", "queyise"], "birds": [1, 2]}]
    assert problems(base_round(openings=repeated)) == {("openings.0.hands.2", "repeated_hand")}
    two_quads = [{"seat": 2, "hands": ["sixi", "queyise", "sixi"], "birds": [1, 2]}]
    assert validate_round(base_round(openings=two_quads)) == []


def test_more_than_three_sixi_are_rejected():
    openings = [{"seat": 2, "hands": ["sixi"] * 4, "birds": [1, 2]}]
    assert problems(base_round(openings=openings)) == {("openings.0.hands", "too_many_sixi")}


def test_an_opening_with_the_wrong_number_of_birds_is_rejected():
    openings = [{"seat": 2, "hands": ["sixi"], "birds": [1]}]
    assert problems(base_round(openings=openings)) == {("openings.0.birds", "wrong_bird_count")}
    no_birds = [{"seat": 2, "hands": ["sixi"]}]
    assert problems(base_round(openings=no_birds)) == {("openings.0.birds", "wrong_bird_count")}


def test_opening_birds_may_be_tile_ranks_up_to_9_but_not_beyond():
    assert (
        validate_round(base_round(openings=[{"seat": 2, "hands": ["sixi"], "birds": [7, 9]}])) == []
    )
    bad = [{"seat": 2, "hands": ["sixi"], "birds": [0, 10]}]
    assert problems(base_round(openings=bad)) == {
        ("openings.0.birds.0", "bird_out_of_range"),
        ("openings.0.birds.1", "bird_out_of_range"),
    }


def test_an_opening_without_hands_or_tiles_is_rejected():
    assert problems(base_round(openings=[{"seat": 2, "birds": [1, 2]}])) == {
        ("openings.0", "hands_required")
    }
    assert problems(base_round(openings=[{"seat": 2, "hands": [], "birds": [1, 2]}])) == {
        ("openings.0.hands", "no_hands")
    }


# --- winners and discarders ------------------------------------------------------


def test_a_winner_who_also_discards_is_rejected():
    errors = validate_round(discard_round(discarder=1))
    assert [(e.field, e.code) for e in errors] == [("result.discarder", "discarder_is_winner")]
    assert errors[0].message == "seat 1 cannot both win and discard"


def test_a_discard_win_without_a_discarder_is_rejected():
    assert problems(discard_round(discarder=None)) == {("result.discarder", "missing_discarder")}


def test_a_self_draw_with_a_discarder_is_rejected():
    assert problems(with_result(discarder=3)) == {("result.discarder", "discarder_on_self_draw")}


def test_a_self_draw_with_two_winners_is_rejected():
    winners = [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["pinghu"]}]
    assert problems(with_result(winners=winners)) == {("result.winners", "wrong_winner_count")}


def test_a_win_without_winners_is_rejected():
    assert problems(with_result(winners=[])) == {("result.winners", "wrong_winner_count")}
    assert problems(discard_round(winners=())) == {("result.winners", "wrong_winner_count")}


def test_a_draw_with_winners_is_rejected():
    assert problems(draw_round(winners=[{"seat": 1, "hands": ["pinghu"]}])) == {
        ("result.winners", "winners_on_draw")
    }


def test_more_than_three_winners_are_rejected():
    # four winners on one discard means a seat is listed twice or the discarder wins too
    round_ = discard_round(
        winners=[(0, ["pinghu"]), (1, ["pinghu"]), (3, ["pinghu"]), (0, ["pinghu"])]
    )
    assert problems(round_) == {
        ("result.winners", "wrong_winner_count"),
        ("result.winners.3.seat", "duplicate_winner"),
    }


def test_the_same_seat_winning_twice_is_rejected():
    round_ = discard_round(winners=[(1, ["pinghu"]), (1, ["qingyise"])])
    assert problems(round_) == {("result.winners.1.seat", "duplicate_winner")}


def test_tongpao_with_three_winners_is_fine():
    assert (
        validate_round(discard_round(winners=[(0, ["pinghu"]), (1, ["pinghu"]), (3, ["pinghu"])]))
        == []
    )


# --- hand codes --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        (["wuhu"], {("result.winners.0.hands.0", "unknown_hand")}),
        (["sixi"], {("result.winners.0.hands.0", "opening_hand_in_final")}),
        (["pinghu", "qingyise"], {("result.winners.0.hands", "pinghu_with_big")}),
        (["qingyise", "qingyise"], {("result.winners.0.hands.1", "repeated_hand")}),
        (["pinghu", "pinghu"], {("result.winners.0.hands.1", "repeated_hand")}),
        (["quanqiuren"], {("result.winners.0.hands.0", "wrong_win_kind")}),
        (["dihu"], {("result.winners.0.hands.0", "wrong_win_kind")}),
        (["qiangganghu"], {("result.winners.0.hands.0", "wrong_win_kind")}),
        ([], {("result.winners.0.hands", "no_hands")}),
    ],
    ids=[
        "unknown",
        "opening in final",
        "pinghu with big",
        "repeat",
        "pinghu twice",
        "qqr self",
        "dihu self",
        "qgh self",
        "empty",
    ],
)
def test_a_bad_code_list_on_a_self_draw_is_rejected(hands, expected):
    assert problems(with_result(winners=[{"seat": 1, "hands": hands}])) == expected


@pytest.mark.parametrize("code", ["haidilaoyue", "tianhu", "gangshangkaihua", "shuanggangshanghua"])
def test_a_self_draw_only_code_on_a_discard_is_rejected(code):
    assert ("result.winners.0.hands.0", "wrong_win_kind") in problems(
        discard_round(winners=[(1, [code])])
    )


def test_every_kind_error_in_a_long_code_list_is_named():
    hands = ["qingyise", "haidilaoyue", "gangshangkaihua"]
    assert problems(discard_round(winners=[(1, hands)])) == {
        ("result.winners.0.hands.1", "wrong_win_kind"),
        ("result.winners.0.hands.2", "wrong_win_kind"),
    }


def test_a_winner_without_hands_or_tiles_is_rejected():
    assert problems(with_result(winners=[{"seat": 1}])) == {("result.winners.0", "hands_required")}


# --- 天胡 / 地胡 ---------------------------------------------------------------------


def test_tianhu_by_an_idle_seat_is_rejected():
    assert problems(with_result(winners=[{"seat": 1, "hands": ["tianhu"]}])) == {
        ("result.winners.0.hands", "tianhu_not_dealer")
    }


def test_tianhu_by_a_dealer_who_did_not_roll_the_dice_is_rejected():
    round_ = base_round(
        ruleset="changsha-tongzhuang",
        dealers=[0, 1],
        result={"kind": "self_draw", "winners": [{"seat": 1, "hands": ["tianhu"]}], "birds": [1]},
    )
    assert problems(round_) == {("result.winners.0.hands", "tianhu_not_dealer")}


def test_tianhu_by_the_dice_dealer_is_fine():
    assert (
        validate_round(with_result(winners=[{"seat": 0, "hands": ["tianhu", "qixiaodui"]}])) == []
    )


def test_dihu_by_a_dealer_is_rejected():
    round_ = base_round(
        ruleset="changsha-tongzhuang",
        dealers=[0, 1],
        result={
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["dihu"]}],
            "discarder": 0,
            "birds": [1],
        },
    )
    assert problems(round_) == {("result.winners.0.hands", "dihu_by_dealer")}


def test_dihu_on_someone_other_than_the_dealer_is_rejected():
    assert problems(discard_round(winners=[(1, ["dihu"])], discarder=2)) == {
        ("result.discarder", "dihu_discarder_not_dealer")
    }


def test_dihu_by_an_idle_seat_on_the_dealer_is_fine():
    assert validate_round(discard_round(winners=[(1, ["dihu"])], discarder=0)) == []


# --- 海底 ---------------------------------------------------------------------------

HAIDI = {"tile": "5m", "taker": 1, "first_offered": 1}


def test_haidilaoyue_by_a_seat_that_did_not_take_the_haidi_is_rejected():
    round_ = with_result(
        winners=[{"seat": 1, "hands": ["haidilaoyue"]}], haidi={**HAIDI, "taker": 2}
    )
    del round_["result"]["birds"]
    assert problems(round_) == {("result.winners.0.hands", "haidilaoyue_not_taker")}


def test_haidipao_paid_by_a_seat_that_did_not_take_the_haidi_is_rejected():
    round_ = discard_round(
        winners=[(1, ["haidipao"])], discarder=3, haidi={**HAIDI, "taker": 2}, birds=[5, 5]
    )
    assert problems(round_) == {("result.winners.0.hands", "haidipao_not_taker")}


def test_haidipao_after_the_haidi_served_as_the_discarders_replacement_is_fine():
    haidi = {"tile": "5m", "taker": None, "first_offered": 2, "replaced_by": 3}
    assert (
        validate_round(
            discard_round(winners=[(1, ["haidipao"])], discarder=3, haidi=haidi, birds=[1, 2])
        )
        == []
    )


def test_a_haidi_win_without_haidi_is_rejected():
    round_ = with_result(winners=[{"seat": 1, "hands": ["haidilaoyue"]}])
    assert problems(round_) == {("result.winners.0.hands", "haidi_missing")}


def test_haidi_birds_that_disagree_with_the_haidi_tile_are_rejected():
    round_ = with_result(winners=[{"seat": 1, "hands": ["haidilaoyue"]}], haidi=HAIDI, birds=[5, 6])
    assert problems(round_) == {("result.birds.1", "haidi_bird_mismatch")}


def test_haidi_birds_agreeing_with_the_tile_are_fine():
    round_ = with_result(winners=[{"seat": 1, "hands": ["haidilaoyue"]}], haidi=HAIDI, birds=[5, 5])
    assert validate_round(round_) == []


def test_a_haidi_win_without_birds_or_tile_is_rejected():
    round_ = with_result(
        winners=[{"seat": 1, "hands": ["haidilaoyue"]}], haidi={**HAIDI, "tile": None}
    )
    del round_["result"]["birds"]
    assert problems(round_) == {("result.birds", "haidi_birds_needed")}


def test_a_haidi_both_taken_and_used_as_replacement_is_rejected():
    assert problems(draw_round(haidi={"tile": "1m", "taker": 0, "replaced_by": 2})) == {
        ("result.haidi", "haidi_taken_and_replaced")
    }


def test_a_malformed_haidi_tile_is_rejected():
    assert problems(draw_round(haidi={"tile": "0m", "taker": 0})) == {
        ("result.haidi.tile", "invalid_tile")
    }
    assert problems(draw_round(haidi={"tile": "5z", "taker": 0})) == {
        ("result.haidi.tile", "invalid_tile")
    }


# --- draws, birds --------------------------------------------------------------------


def test_a_draw_with_a_discarder_is_rejected():
    assert problems(draw_round(discarder=1)) == {("result.discarder", "discarder_on_draw")}


def test_a_draw_with_birds_is_rejected():
    assert problems(draw_round(birds=[1, 2])) == {("result.birds", "birds_on_draw")}


def test_a_draw_with_birds_forfeited_is_rejected():
    assert problems(draw_round(birds_forfeited=True)) == {
        ("result.birds_forfeited", "forfeit_on_draw")
    }


@pytest.mark.parametrize(
    "haidi",
    [None, {"tile": "3s", "taker": None, "first_offered": None}, {"tile": None}],
    ids=["no haidi", "all null", "tile only"],
)
def test_a_draw_without_enough_haidi_information_is_rejected(haidi):
    round_ = draw_round(haidi=haidi)
    if haidi is None:
        del round_["result"]["haidi"]
    assert problems(round_) == {("result.haidi", "draw_needs_haidi")}


def test_birds_given_although_forfeited_are_rejected():
    assert problems(with_result(birds_forfeited=True)) == {("result.birds", "birds_with_forfeit")}


@pytest.mark.parametrize("birds", [[3], [1, 2, 3], []])
def test_a_win_with_the_wrong_number_of_birds_is_rejected(birds):
    assert problems(with_result(birds=birds)) == {("result.birds", "wrong_bird_count")}


def test_a_win_without_birds_is_rejected_when_the_ruleset_draws_some():
    round_ = base_round()
    del round_["result"]["birds"]
    assert problems(round_) == {("result.birds", "wrong_bird_count")}


def test_birds_outside_1_to_9_are_rejected():
    assert problems(with_result(birds=[0, 10])) == {
        ("result.birds.0", "bird_out_of_range"),
        ("result.birds.1", "bird_out_of_range"),
    }


# --- ruleset ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ("changsha-99", {("ruleset", "unknown_preset")}),
        ({"preset": "changsha-67", "bird_count": 3}, {("ruleset.bird_count", "invalid_choice")}),
        ({"preset": "changsha-67", "bird_count": "2"}, {("ruleset.bird_count", "wrong_type")}),
        ({"preset": "changsha-67", "bird_count": True}, {("ruleset.bird_count", "wrong_type")}),
        (
            {"preset": "changsha-67", "base": {"huge": {"self_draw": 1}}},
            {("ruleset.base.huge", "unknown_parameter")},
        ),
        ({"preset": "changsha-67", "wild": 1}, {("ruleset.wild", "unknown_parameter")}),
        (
            {"preset": "changsha-67", "bird_mode": "double"},
            {("ruleset.bird_mode", "invalid_choice")},
        ),
        ({"bird_count": 2}, {("ruleset.preset", "required")}),
        (7, {("ruleset", "wrong_type")}),
    ],
    ids=[
        "unknown preset",
        "range",
        "string",
        "bool",
        "nested key",
        "unknown key",
        "choice",
        "no preset",
        "int",
    ],
)
def test_a_bad_ruleset_is_rejected_naming_the_key(ruleset, expected):
    assert problems(base_round(ruleset=ruleset)) == expected


def test_a_round_without_a_ruleset_is_rejected():
    round_ = base_round()
    del round_["ruleset"]
    assert problems(round_) == {("ruleset", "required")}


# --- types and junk ------------------------------------------------------------------


@pytest.mark.parametrize("data", [None, [], "round", 5, 1.5, True, [base_round()]])
def test_a_round_that_is_not_an_object_is_rejected(data):
    assert problems(data) == {("", "not_an_object")}


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        (base_round(dealer="0"), "dealer"),
        (base_round(dealer=True), "dealer"),
        (base_round(dealer=0.0), "dealer"),
        (with_result(birds=[True, 2]), "result.birds.0"),
        (with_result(birds=["1", 2]), "result.birds.0"),
        (with_result(birds="12"), "result.birds"),
        (with_result(winners={"seat": 1}), "result.winners"),
        (with_result(winners=[{"seat": "1", "hands": ["pinghu"]}]), "result.winners.0.seat"),
        (with_result(winners=[{"seat": 1, "hands": "pinghu"}]), "result.winners.0.hands"),
        (with_result(winners=[{"seat": 1, "hands": [1]}]), "result.winners.0.hands.0"),
        (with_result(winners=["seat 1"]), "result.winners.0"),
        (with_result(birds_forfeited="yes"), "result.birds_forfeited"),
        (with_result(kind=1), "result.kind"),
        (base_round(result=[]), "result"),
        (base_round(openings={}), "openings"),
        (base_round(openings=["x"]), "openings.0"),
        (base_round(penalties="escape"), "penalties"),
        (base_round(penalties=[{"seat": 1, "kind": 1}]), "penalties.0.kind"),
        (base_round(fish=[0, 0, "5", 0]), "fish.2"),
        (base_round(fish={"0": 1}), "fish"),
        (base_round(dealers="0"), "dealers"),
        (draw_round(haidi=[]), "result.haidi"),
        (draw_round(haidi={"tile": 5, "taker": 0}), "result.haidi.tile"),
        (draw_round(haidi={"tile": "5m", "taker": "0"}), "result.haidi.taker"),
    ],
)
def test_a_value_of_the_wrong_type_is_rejected_naming_the_field(round_, field):
    assert (field, "wrong_type") in problems(round_)


@pytest.mark.parametrize(
    ("round_", "expected"),
    [
        (base_round(dealer=10**30), ("dealer", "invalid_seat")),
        (with_result(birds=[10**100, 2]), ("result.birds.0", "bird_out_of_range")),
        (base_round(fish=[0, 10**50, 0, 0]), ("fish.1", "out_of_range")),
        (base_round(fish=[0, -1, 0, 0]), ("fish.1", "out_of_range")),
        (
            base_round(ruleset={"preset": "changsha-67", "escape_penalty": 10**40}),
            ("ruleset.escape_penalty", "out_of_range"),
        ),
    ],
)
def test_huge_and_negative_numbers_are_rejected(round_, expected):
    errors = validate_round(round_)
    assert expected in {(e.field, e.code) for e in errors}
    assert all(len(e.message) < 300 for e in errors)


def test_a_huge_integer_is_shown_briefly_in_the_message():
    [error] = validate_round(base_round(dealer=10**5000))
    assert "very large integer" in error.message


@pytest.mark.parametrize(
    ("round_", "expected"),
    [
        (base_round(result=None), ("result", "wrong_type")),
        ({"ruleset": "changsha-67", "dealer": 0}, ("result", "required")),
        ({"ruleset": "changsha-67", "result": base_round()["result"]}, ("dealer", "required")),
        (with_result(kind=None), ("result.kind", "wrong_type")),
        (with_result(kind="win"), ("result.kind", "invalid_choice")),
        (with_result(winners=[{"hands": ["pinghu"]}]), ("result.winners.0.seat", "required")),
        (base_round(penalties=[{"seat": 1}]), ("penalties.0.kind", "required")),
        (
            base_round(penalties=[{"seat": 1, "kind": "cheat"}]),
            ("penalties.0.kind", "invalid_choice"),
        ),
        (base_round(fish=[0, 0, 0]), ("fish", "wrong_length")),
    ],
)
def test_missing_and_unknown_values_are_rejected(round_, expected):
    assert expected in problems(round_)


def test_a_missing_kind_is_reported_as_required():
    round_ = base_round()
    del round_["result"]["kind"]
    assert problems(round_) == {("result.kind", "required")}


def test_unknown_fields_are_rejected_at_every_level():
    round_ = base_round(opening=[], penalties=[{"seat": 1, "kind": "escape", "when": 3}])
    round_["result"]["winner"] = 1
    round_["result"]["winners"][0]["points"] = 5
    assert problems(round_) == {
        ("opening", "unknown_field"),
        ("result.winner", "unknown_field"),
        ("result.winners.0.points", "unknown_field"),
        ("penalties.0.when", "unknown_field"),
    }


def test_one_seat_escaping_twice_is_rejected():
    round_ = base_round(penalties=[{"seat": 1, "kind": "escape"}, {"seat": 1, "kind": "escape"}])
    assert problems(round_) == {("penalties.1", "duplicate_penalty")}


# --- every error at once ---------------------------------------------------------------


def test_every_problem_is_reported_not_only_the_first():
    round_ = {
        "ruleset": {"preset": "changsha-67", "bird_count": 5, "colour": "red"},
        "dealer": 0,
        "dealers": [0, 6],
        "fish": [0, 0, -3, 0],
        "openings": [
            {"seat": 1, "hands": ["sixi", "pinghu"], "birds": [1, 2]},
            {"seat": 1, "hands": ["queyise"], "birds": [11]},
        ],
        "result": {
            "kind": "discard",
            "winners": [
                {"seat": 2, "hands": ["pinghu", "qingyise"]},
                {"seat": 3, "hands": ["tianhu"]},
                {"seat": 2, "hands": ["wuhu"]},
            ],
            "discarder": 3,
            "birds": [0, 3],
        },
        "penalties": [{"seat": 8, "kind": "escape"}],
    }
    found = problems(round_)
    assert {
        ("ruleset.bird_count", "invalid_choice"),
        ("ruleset.colour", "unknown_parameter"),
        ("dealers.1", "invalid_seat"),
        ("fish.2", "out_of_range"),
        ("openings.0.hands.1", "final_hand_in_opening"),
        ("openings.1.seat", "duplicate_opening_seat"),
        ("openings.1.birds.0", "bird_out_of_range"),
        ("result.winners.0.hands", "pinghu_with_big"),
        ("result.winners.1.hands.0", "wrong_win_kind"),
        ("result.winners.2.hands.0", "unknown_hand"),
        ("result.birds.0", "bird_out_of_range"),
        ("penalties.0.seat", "invalid_seat"),
    } <= found
    with pytest.raises(RoundInvalid) as caught:
        score_round(round_)
    assert len(caught.value.as_json()["errors"]) == len(validate_round(round_))


def test_errors_serialise_as_field_code_message():
    [error] = validate_round(discard_round(discarder=1))
    assert RoundInvalid([error]).as_json() == {
        "errors": [
            {
                "field": "result.discarder",
                "code": "discarder_is_winner",
                "message": "seat 1 cannot both win and discard",
            }
        ]
    }


# --- messages ----------------------------------------------------------------------------

ALL_BAD_ROUNDS = [case[1] for case in SEAT_CASES] + [
    base_round(dealers=[]),
    base_round(openings=[{"seat": 2, "hands": ["sixi"] * 4, "birds": [1]}]),
    discard_round(discarder=1),
    discard_round(discarder=None),
    with_result(discarder=3),
    draw_round(
        winners=[{"seat": 1, "hands": ["pinghu"]}], discarder=1, birds=[1], birds_forfeited=True
    ),
    with_result(winners=[{"seat": 1, "hands": ["tianhu", "pinghu", "tianhu", "x", "sixi", 3]}]),
    discard_round(winners=[(1, ["dihu", "haidilaoyue"])], discarder=2),
    with_result(
        winners=[{"seat": 1, "hands": ["haidilaoyue"]}], haidi={**HAIDI, "taker": 2}, birds=[5, 6]
    ),
    base_round(ruleset={"preset": "changsha-0", "bird_mode": 3, "base": {"big": {"discard": -1}}}),
    base_round(dealer="x", fish="many", unknown=1),
    draw_round(haidi={"tile": "5z", "taker": 0, "replaced_by": 1}),
]


def test_every_code_has_an_english_and_a_chinese_template():
    for code, (en, zh) in MESSAGES.items():
        assert en and zh, code
        assert MESSAGES_ZH[code] == zh


@pytest.mark.parametrize("round_", ALL_BAD_ROUNDS)
def test_every_error_has_a_chinese_message_filled_from_its_params(round_):
    errors = validate_round(round_)
    assert errors
    for error in errors:
        zh = MESSAGES_ZH[error.code].format(**error.params)
        assert error_message_zh(error) == zh
        assert "{" not in zh and "{" not in error.message.replace("{}", "")
        assert error.field == "" or error.field.split(".")[0] in {
            "ruleset",
            "dealer",
            "dealers",
            "fish",
            "openings",
            "result",
            "penalties",
            "unknown",
        }


# --- arbitrary junk ------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)

KEYS = ["ruleset", "dealer", "dealers", "fish", "openings", "result", "penalties"]


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_arbitrary_json_gives_errors_never_an_exception(data):
    errors = validate_round(data)
    assert isinstance(errors, list)
    assert all(e.code in MESSAGES_ZH for e in errors)


def _leaf_paths(value, path=()):
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _leaf_paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _leaf_paths(child, (*path, i))
    if path:
        yield path


RICH_ROUND = {
    "ruleset": {"preset": "changsha-tongzhuang", "base": {"big": {"self_draw": 4}}},
    "dealer": 0,
    "dealers": [0, 1],
    "fish": [0, 1, 0, 2],
    "openings": [{"seat": 2, "hands": ["sixi", "queyise"], "birds": [3]}],
    "result": {
        "kind": "discard",
        "winners": [{"seat": 2, "hands": ["haidipao"]}, {"seat": 3, "hands": ["pinghu"]}],
        "discarder": 1,
        "birds": [8],
        "haidi": {"tile": "8s", "taker": 1, "first_offered": 0, "replaced_by": None},
    },
    "penalties": [{"seat": 0, "kind": "escape"}],
}
RICH_PATHS = list(_leaf_paths(RICH_ROUND))


def test_the_rich_round_is_valid():
    assert validate_round(RICH_ROUND) == []


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RICH_PATHS), json_values)
def test_replacing_any_part_of_a_valid_round_never_raises(path, replacement):
    round_ = copy.deepcopy(RICH_ROUND)
    node = round_
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = replacement
    errors = validate_round(round_)
    if errors:
        with pytest.raises(RoundInvalid):
            score_round(round_)
    else:
        result = score_round(round_)
        assert sum(result["net"]) + result["burned"] == 0
    json.dumps([e.as_dict() for e in errors])


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RICH_PATHS))
def test_removing_any_part_of_a_valid_round_never_raises(path):
    round_ = copy.deepcopy(RICH_ROUND)
    node = round_
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    validate_round(round_)


# --- tiles, through scoring.engine.analysis -------------------------------------------------

WORKED = WORKED_WITH_TILES


def test_tiles_that_form_the_claimed_hands_are_accepted():
    assert score_round(WORKED)["net"] == [-7, 13, 33, -39]


def test_codes_come_from_the_tiles_when_hands_are_left_out():
    round_ = copy.deepcopy(WORKED)
    del round_["openings"][0]["hands"]
    del round_["result"]["winners"][0]["hands"]
    assert score_round(round_)["net"] == [-7, 13, 33, -39]


def test_tiles_that_do_not_form_the_claim_are_rejected_under_the_winner():
    round_ = copy.deepcopy(WORKED)
    round_["result"]["winners"][0]["tiles"] = "11133366677789p"  # a sequence: not 碰碰胡
    errors = validate_round(round_)
    assert errors
    assert all(e.field.startswith("result.winners.0") for e in errors)


def test_malformed_tiles_are_rejected():
    round_ = copy.deepcopy(WORKED)
    round_["openings"][0]["tiles"] = "2222m345s678p11x"
    round_["result"]["winners"][0]["tiles"] = "11133366677799p9p9p"  # a fifth 9p
    fields = {e.field.rsplit(".", 1)[0] for e in validate_round(round_)}
    assert {"openings.0", "result.winners.0"} <= fields


def test_tiles_of_the_wrong_type_are_rejected():
    round_ = copy.deepcopy(WORKED)
    round_["result"]["winners"][0]["tiles"] = 111
    round_["result"]["winners"][0]["melds"] = "555m"
    assert problems(round_) == {
        ("result.winners.0.tiles", "wrong_type"),
        ("result.winners.0.melds", "wrong_type"),
    }


def test_a_winner_given_only_by_seat_and_tiles_is_scored_from_the_tiles():
    round_ = copy.deepcopy(WORKED)
    round_["result"]["winners"] = [{"seat": 2, "tiles": "11133366677799p"}]
    round_["openings"] = [{"seat": 1, "tiles": "2222m345s678p119s", "birds": [2, 5]}]
    assert score_round(round_)["net"] == [-7, 13, 33, -39]


def test_optional_fields_are_checked_even_when_a_required_one_is_missing():
    round_ = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "openings": [{"seat": 7, "hands": ["sixi"], "birds": [1, 2]}],
    }
    assert problems(round_) == {("result", "required"), ("openings.0.seat", "invalid_seat")}


def test_a_wrong_kind_does_not_hide_other_problems_of_the_code_list():
    hands = ["pinghu", "haidilaoyue", "pinghu"]
    assert problems(discard_round(winners=[(1, hands)])) == {
        ("result.winners.0.hands.1", "wrong_win_kind"),
        ("result.winners.0.hands.2", "repeated_hand"),
        ("result.winners.0.hands", "pinghu_with_big"),
    }
