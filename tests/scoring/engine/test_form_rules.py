"""The round form's claim table (scoring/engine/form_rules.py, the page's "claims") says
what the validator accepts: how many winners each kind of round has at n seats, who may
claim 天胡 / 地胡, who took the 海底 in a 海底 win, and the tile counts of a hand."""

from __future__ import annotations

import pytest

from scoring.engine import (
    HAND_TYPES,
    RoundInvalid,
    analyse,
    analyse_opening,
    claim_form_table,
    parse_ruleset,
    validate_round,
)

P = ["pinghu"]


def table(players):
    rules, errors = parse_ruleset({"preset": "changsha-67", "players": players})
    assert not errors
    return claim_form_table(rules)


def codes(data):
    return {e.code for e in validate_round(data)}


def discard_round(players, count):
    # seat 0 discards; seats 1 … count win (seats beyond the table stay in range: < 4)
    return {
        "ruleset": {"preset": "changsha-67", "players": players},
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": s, "hands": P} for s in range(1, count + 1)],
            "discarder": 0,
            "birds": [1, 2],
        },
    }


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_winners_of_a_discard_the_table_allows_are_those_the_validator_accepts(players):
    kind = table(players)["kinds"]["discard"]

    for count in range(1, players):
        accepted = "wrong_winner_count" not in codes(discard_round(players, count))
        assert accepted == (kind["min_winners"] <= count <= kind["max_winners"]), count
    assert kind["max_winners"] == min(3, players - 1)


def test_a_self_draw_has_one_winner_a_draw_none_and_only_a_discard_names_a_discarder():
    kinds = table(4)["kinds"]
    two = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": P}, {"seat": 2, "hands": P}],
            "birds": [1, 2],
        },
    }

    assert "wrong_winner_count" in codes(two)
    assert (kinds["self_draw"]["max_winners"], kinds["draw"]["max_winners"]) == (1, 0)
    assert [k for k, v in kinds.items() if v["discarder"]] == ["discard"]


def test_the_claimants_are_the_registry_s_and_the_validator_holds_them():
    claims = table(4)["claimant"]
    tianhu = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["tianhu"]}],
            "birds": [1, 2],
        },
    }
    dihu = {
        "dealer": 0,
        "dealers": [0, 1],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["dihu"]}],
            "discarder": 0,
            "birds": [1, 2],
        },
    }

    assert set(claims) == {h.claimant.value for h in HAND_TYPES.values()}
    assert claims[HAND_TYPES["tianhu"].claimant.value] == "dealer"
    assert "tianhu_not_dealer" in codes(tianhu)  # seat 1 is not the dealer
    assert claims[HAND_TYPES["dihu"].claimant.value] == "not_dealers"
    assert "dihu_by_dealer" in codes(
        {**dihu, "ruleset": {"preset": "changsha-67", "tongzhuang": True}}
    )


def test_the_hands_won_only_on_the_dealers_discard_are_those_the_validator_holds_to_it():
    def dihu(discarder):
        return {
            "ruleset": "changsha-67",
            "dealer": 0,
            "result": {
                "kind": "discard",
                "winners": [{"seat": 1, "hands": ["dihu"]}],
                "discarder": discarder,
                "birds": [1, 2],
            },
        }

    assert table(4)["discarder"] == {"dihu": "dealer"}
    assert "dihu_discarder_not_dealer" in codes(dihu(2))
    assert "dihu_discarder_not_dealer" not in codes(dihu(0))


@pytest.mark.parametrize(
    ("code", "taker_ok", "taker_wrong"), [("haidilaoyue", 1, 2), ("haidipao", 0, 2)]
)
def test_the_haidi_taker_the_table_names_is_the_one_the_validator_wants(
    code, taker_ok, taker_wrong
):
    # seat 1 wins; for 海底炮 seat 0 discards
    who = table(4)["haidi_taker"][code]
    kind = "self_draw" if who == "winner" else "discard"

    def rnd(taker):
        result = {
            "kind": kind,
            "winners": [{"seat": 1, "hands": [code]}],
            "haidi": {"tile": "5m", "taker": taker, "first_offered": taker},
        }
        if kind == "discard":
            result["discarder"] = 0
        return {"dealer": 0, "result": result}

    assert {h.code for h in HAND_TYPES.values() if h.needs_haidi} == set(table(4)["haidi_taker"])
    assert not {c for c in codes(rnd(taker_ok)) if c.endswith("_not_taker")}
    assert f"{code}_not_taker" in codes(rnd(taker_wrong))


def test_the_tile_counts_are_the_analysis_counts():
    tiles = table(4)["tiles"]

    assert analyse_opening("1346m134679p139s", dealer=False) is not None  # 13 tiles, idle
    assert (tiles["opening_dealer"], tiles["opening_idle"]) == (14, 13)
    with pytest.raises(RoundInvalid):  # 13 tiles are not a dealer's hand
        analyse_opening("1346m134679p139s", dealer=True)
    assert analyse("123456789m123m55m").winning  # final: 14 tiles
    assert analyse("123m456m789m55m", melds=[{"kind": "peng", "tiles": "111p"}]).winning
    assert tiles["final"] == 14 and tiles["meld"] == 3 and tiles["copies"] == 4
