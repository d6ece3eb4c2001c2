"""The engine counts the birds (rules.md §3) and reports the hits per seat with the result."""

from scoring.engine import score_round, score_round_counted
from scoring.engine.birds import BIRD_SEAT


def self_draw(winner, *, dealer=0, birds=(), **result):
    return {
        "ruleset": "changsha-67",
        "dealer": dealer,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": winner, "hands": ["pinghu"]}],
            "birds": list(birds),
            **result,
        },
    }


def test_a_bird_lands_on_the_dealer_plus_its_value_minus_one():
    # dealer 1: 1/5/9 on the dealer, 2/6 on seat 2, 3/7 on seat 3, 4/8 on seat 0.
    assert [BIRD_SEAT[1][v] for v in range(1, 10)] == [1, 2, 3, 0, 1, 2, 3, 0, 1]


def test_the_result_carries_the_counted_birds_and_the_hits_per_seat():
    scored = score_round_counted(self_draw(2, dealer=1, birds=[2, 4]))

    assert scored.birds == (2, 4)
    assert scored.bird_hits == (1, 0, 1, 0)


def test_the_public_result_is_unchanged_by_the_counted_birds():
    data = self_draw(2, dealer=1, birds=[2, 4])

    assert score_round_counted(data).result == score_round(data)
    assert set(score_round(data)) == {"transfers", "net", "burned", "next_dealer", "next_dealers"}


def test_a_haidi_win_given_only_the_tile_counts_its_rank_as_every_bird():
    data = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["haidilaoyue"]}],
            "haidi": {"tile": "5m", "taker": 1, "first_offered": 1},
        },
    }
    scored = score_round_counted(data)

    assert scored.birds == (5, 5)
    assert scored.bird_hits == (2, 0, 0, 0)


def test_draws_and_forfeited_birds_hit_nobody():
    draw = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {"kind": "draw", "haidi": {"tile": "5m", "taker": 2, "first_offered": 2}},
    }
    forfeited = self_draw(0, birds_forfeited=True)
    del forfeited["result"]["birds"]

    assert score_round_counted(draw)[1:3] == ((), (0, 0, 0, 0))
    assert score_round_counted(forfeited)[1:3] == ((), (0, 0, 0, 0))


def test_opening_birds_are_not_counted_as_hits():
    data = self_draw(0, birds=[2, 2])
    data["openings"] = [{"seat": 3, "hands": ["banbanhu"], "birds": [4, 4]}]

    assert score_round_counted(data).bird_hits == (0, 2, 0, 0)
