"""The bird answers the round form looks up (scoring/engine/birds.py) are the ones the
engine scores with: the origin of the final and the small wins' birds, how many birds a
small win carries and the birds of a 海底 win."""

from collections import Counter
from itertools import combinations

import pytest

from scoring.engine import RoundInvalid, score_round, score_round_counted
from scoring.engine.birds import (
    BIRD_SEAT,
    NO_SEAT,
    final_bird_origin,
    form_tables,
    haidi_birds,
    small_win_bird_count,
    small_win_origin,
)
from scoring.engine.rules import parse_ruleset

ORIGINS = ["dealer", "winner"]


def ruleset(**options):
    return {"preset": "changsha-67", **options}


def parsed(**options):
    rules, errors = parse_ruleset(ruleset(**options))
    assert errors == []
    return rules


def situations():
    """Every final win the form can build: a self-draw, or 1-3 winners off a discarder."""
    for dealer in range(4):
        for seat in range(4):
            yield dealer, "self_draw", (seat,), None
        for discarder in range(4):
            others = [s for s in range(4) if s != discarder]
            for n in (1, 2, 3):
                for winners in combinations(others, n):
                    yield dealer, "discard", winners, discarder


@pytest.mark.parametrize("origin", ORIGINS)
def test_the_final_birds_land_where_the_engine_counts_them(origin):
    rules = parsed(bird_origin=origin)
    tables = form_tables(rules)
    birds = [3, 6]
    checked = 0
    for dealer, kind, winners, discarder in situations():
        data = {
            "ruleset": ruleset(bird_origin=origin),
            "dealer": dealer,
            "result": {
                "kind": kind,
                "winners": [{"seat": w, "hands": ["pinghu"]} for w in winners],
                "discarder": discarder,
                "birds": birds,
            },
        }
        if discarder is None:
            del data["result"]["discarder"]
        from_seat = final_bird_origin(rules, dealer, winners, discarder)
        mask = sum(1 << w for w in winners)
        looked_up = tables["final_origin"][dealer][mask][
            NO_SEAT if discarder is None else discarder
        ]
        hits = Counter(BIRD_SEAT[from_seat][b] for b in birds)

        assert looked_up == from_seat
        assert score_round_counted(data).bird_hits == tuple(hits[s] for s in range(4))
        checked += 1
    assert checked == 4 * (4 + 4 * (3 + 3 + 1))


def test_the_final_origin_is_the_winner_or_the_discarder_of_several():
    rules = parsed(bird_origin="winner")

    assert final_bird_origin(rules, 0, [2], 1) == 2
    assert final_bird_origin(rules, 0, [2, 3], 1) == 1
    assert final_bird_origin(rules, None, [3], None) == 3
    assert final_bird_origin(rules, 0, [], None) is None
    assert final_bird_origin(parsed(), 0, [2, 3], 1) == 0


def most_paying(data):
    """The seat paying the opening win the most (the payer its birds hit)."""
    paid = {
        t["from"]: t["amount"] for t in score_round(data)["transfers"] if t["event"] == "opening"
    }
    return max(paid, key=paid.get)


@pytest.mark.parametrize("origin", ORIGINS)
def test_an_opening_wins_birds_count_from_the_looked_up_seat(origin):
    rules = parsed(bird_origin=origin)
    tables = form_tables(rules)
    for dealer in range(4):
        for seat in range(4):
            from_seat = small_win_origin(rules, dealer, seat)
            assert tables["small_origin"][dealer][seat] == from_seat
            # a bird landing on a payer other than the dealer (who pays more anyway)
            bird = next(v for v in range(1, 10) if BIRD_SEAT[from_seat][v] not in (seat, dealer))
            data = {
                "ruleset": ruleset(bird_origin=origin),
                "dealer": dealer,
                "openings": [{"seat": seat, "hands": ["banbanhu"], "birds": [bird, bird]}],
                "result": {
                    "kind": "self_draw",
                    "winners": [{"seat": seat, "hands": ["pinghu"]}],
                    "birds": [1, 1],
                },
            }
            assert most_paying(data) == BIRD_SEAT[from_seat][bird]


@pytest.mark.parametrize("opening_birds", [True, False])
def test_a_small_win_carries_the_looked_up_number_of_birds(opening_birds):
    rules = parsed(opening_birds=opening_birds)
    count = small_win_bird_count(rules)

    def opening(birds):
        return {
            "ruleset": ruleset(opening_birds=opening_birds),
            "dealer": 0,
            "openings": [{"seat": 1, "hands": ["banbanhu"], "birds": birds}],
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "birds": [1, 1],
            },
        }

    assert form_tables(rules)["small_count"] == count == (2 if opening_birds else 0)
    score_round(opening([5] * count))
    with pytest.raises(RoundInvalid):
        score_round(opening([5] * (count + 1)))


@pytest.mark.parametrize("count", [2, 4, 6])
def test_a_haidi_win_counts_the_looked_up_birds(count):
    rules = parsed(bird_count=count)
    for tile in ("1m", "5s", "9p"):
        data = {
            "ruleset": ruleset(bird_count=count),
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["haidilaoyue"]}],
                "haidi": {"tile": tile, "taker": 1, "first_offered": 1},
            },
        }
        birds = score_round_counted(data).birds

        assert birds == haidi_birds(rules, int(tile[0]))
        assert form_tables(rules)["haidi"][tile] == list(birds)


def test_an_invalid_ruleset_counts_no_birds_from_the_dealer():
    tables = form_tables(None)

    assert tables["count"] == tables["small_count"] == 0
    assert tables["final_origin"][2][0b0011][0] == 2
    assert tables["haidi"]["5m"] == []
