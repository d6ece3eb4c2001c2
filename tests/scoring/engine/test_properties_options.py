"""Properties of the table options (rules.md §9) over random rulesets that mix them
(hypothesis): zero-sum payments, a cap that never raises a payment, points mode with
zero points equal to no birds, birds from the winner equal to birds from the dealer
when the dealer wins alone."""

import copy

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine import score_round, validate_round
from scoring.engine.options import EXTRA_SMALL_HANDS
from tests.scoring.engine.test_properties import SEATS, bird_list, rounds

SETTINGS = settings(max_examples=150, deadline=None)
MIDGAME = [c for c in EXTRA_SMALL_HANDS if c.startswith("zhongtu_")]


@st.composite
def option_rounds(draw, *, midgame=True, dealer_wins=False):
    """A valid round under a preset with random table options mixed in; with
    ``dealer_wins``, the dice dealer is the single winner and there are no openings."""
    n = draw(st.sampled_from([0, 1, 2, 4, 6]))
    round_ = draw(rounds(bird_count=n, special=not dealer_wins))
    if dealer_wins:
        winners = round_["result"].get("winners") or []
        assume(len(winners) == 1)
        round_["dealer"] = winners[0]["seat"]
        round_.pop("dealers", None)
        round_.pop("openings", None)
    ruleset = round_["ruleset"]
    ruleset["bird_mode"] = draw(st.sampled_from(["additive", "multiplicative", "points"]))
    ruleset["bird_points"] = draw(st.integers(0, 5))
    ruleset["bird_origin"] = draw(st.sampled_from(["dealer", "winner"]))
    ruleset["haohua"] = draw(st.booleans())
    ruleset["menqing"] = draw(st.sampled_from(["off", "any", "self_draw"]))
    ruleset["double_kong"] = draw(st.sampled_from(["weight", "per_tile"]))
    ruleset["cap"] = draw(st.sampled_from([0, 0, 5, 20, 100]))
    opening_birds = draw(st.booleans())
    ruleset["opening_birds"] = opening_birds
    if not opening_birds:
        for o in round_.get("openings", []):
            o["birds"] = []
    piao = draw(st.sampled_from(["off", "fixed", "free"]))
    ruleset["piao"] = piao
    if piao == "free":
        ruleset["piao_max"] = 5
        round_["piao"] = draw(st.lists(st.integers(0, 5), min_size=4, max_size=4))
    if midgame and draw(st.booleans()):
        ruleset["extra_small_hands"] = MIDGAME
        round_["midgame"] = [
            {
                "seat": draw(SEATS),
                "hands": draw(st.lists(st.sampled_from(MIDGAME), min_size=1, max_size=2)),
                "birds": draw(bird_list(n if opening_birds else 0)),
            }
            for _ in range(draw(st.integers(1, 2)))
        ]
    assert validate_round(round_) == [], round_
    return round_


@SETTINGS
@given(option_rounds())
def test_payments_sum_to_zero_under_every_option(round_):
    result = score_round(round_)
    assert sum(result["net"]) + result["burned"] == 0
    assert all(t["amount"] > 0 for t in result["transfers"])


@SETTINGS
@given(option_rounds(), st.integers(1, 60))
def test_a_cap_never_raises_a_payment(round_, cap):
    round_["ruleset"]["cap"] = 0
    free = score_round(round_)["transfers"]
    capped_round = copy.deepcopy(round_)
    capped_round["ruleset"]["cap"] = cap
    capped = score_round(capped_round)["transfers"]
    assert len(capped) == len(free)
    for before, after in zip(free, capped, strict=True):
        assert after["amount"] <= before["amount"]
        assert (
            after["amount"] == before["amount"] or after["detail"]["uncapped"] == before["amount"]
        )
        if after["event"] == "result":
            assert after["amount"] <= cap


@SETTINGS
@given(option_rounds(midgame=False))
def test_points_mode_with_zero_points_equals_no_birds(round_):
    points = copy.deepcopy(round_)
    points["ruleset"].update(bird_mode="points", bird_points=0)
    no_birds = copy.deepcopy(round_)
    no_birds["ruleset"]["bird_count"] = 0
    for o in no_birds.get("openings", []):
        o["birds"] = []
    result = no_birds["result"]
    if result["kind"] != "draw":
        result["birds"] = []
    assert score_round(points)["net"] == score_round(no_birds)["net"]


@SETTINGS
@given(option_rounds(midgame=False, dealer_wins=True))
def test_birds_from_the_winner_agree_with_the_dealer_when_the_dealer_wins_alone(round_):
    by_winner = copy.deepcopy(round_)
    by_winner["ruleset"]["bird_origin"] = "winner"
    by_dealer = copy.deepcopy(round_)
    by_dealer["ruleset"]["bird_origin"] = "dealer"
    assert score_round(by_winner) == score_round(by_dealer)
