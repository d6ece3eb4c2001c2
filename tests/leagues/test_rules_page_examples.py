"""The rules page's examples say what the engine computed: the capped example names its
hands and the units the engine counted, and the opening example says where its birds land."""

from __future__ import annotations

import pytest
from django.utils import translation

import scoring.engine as engine
from leagues.ruleset_explain import example_payments
from scoring.engine.birds import BIRD_SEAT


def examples(config: dict) -> list[dict]:
    with translation.override("zh-hans"):
        return example_payments(config)


@pytest.mark.parametrize("haohua", [False, True])
def test_the_capped_example_names_its_hands_and_the_units_the_engine_counted(haohua):
    config = {"preset": "changsha-67", "cap": 20, "haohua": haohua}
    capped = examples(config)[-1]
    hands = capped["round"]["result"]["winners"][0]["hands"]
    rules, _errors = engine.parse_ruleset(config)
    units = engine.score_round(capped["round"], rules=rules)["transfers"][0]["detail"]["units"]

    names = [engine.HAND_TYPES[c].name_zh for c in hands]
    assert all(name in capped["title"] for name in names)
    assert f"共 {units} 番" in capped["title"]
    assert "两个大胡" not in capped["title"]
    assert all(t["units"] == units for t in capped["transfers"])


def test_the_opening_example_says_every_bird_lands_on_the_opener():
    opening = examples({"preset": "changsha-67"})[2]
    birds = opening["round"]["openings"][0]["birds"]

    assert "鸟全中 C" in opening["title"]
    assert birds and all(BIRD_SEAT[0][b] == 2 for b in birds)


def test_without_opening_birds_the_opening_example_says_so():
    opening = examples({"preset": "changsha-67", "opening_birds": False})[2]

    assert "不算鸟" in opening["title"] and "鸟全中" not in opening["title"]
    assert not opening["round"]["openings"][0].get("birds")
