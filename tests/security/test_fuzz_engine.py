"""Hostile input to the engine: whatever the JSON, score_round returns a result whose nets
and burned chips balance, or raises RoundInvalid with well-formed errors. Nothing else."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from scoring.engine import RoundInvalid, score_round
from tests.conftest import load_shared_examples
from tests.security.strategies import VALID_ROUNDS, any_round, mutated_rounds

pytestmark = pytest.mark.slow

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_score_round_answers_cleanly(data: object) -> None:
    try:
        result = score_round(data)
    except RoundInvalid as exc:
        body = exc.as_json()
        assert body["errors"], "a rejection lists at least one error"
        for error in body["errors"]:
            assert set(error) >= {"field", "code", "message"}
            assert all(isinstance(error[k], str) for k in ("field", "code", "message"))
        json.dumps(body)
        return
    assert len(result["net"]) == 4
    assert sum(result["net"]) + result["burned"] == 0
    assert result["burned"] >= 0
    assert all(t["amount"] > 0 for t in result["transfers"])
    json.dumps(result)


@FUZZ
@given(any_round)
def test_the_engine_answers_any_json_with_a_result_or_errors(data):
    assert_score_round_answers_cleanly(data)


_shared = load_shared_examples()
BASE_ROUNDS = VALID_ROUNDS + [e["round"] for e in _shared["examples"]]


@FUZZ
@given(mutated_rounds(BASE_ROUNDS))
def test_the_engine_answers_valid_rounds_with_one_field_broken(data):
    assert_score_round_answers_cleanly(data)


def test_the_unbroken_base_rounds_score():
    for data in VALID_ROUNDS:
        assert sum(score_round(data)["net"]) + score_round(data)["burned"] == 0


def test_the_engine_rejects_deep_nesting_huge_numbers_and_odd_unicode():
    deep: object = 1
    for _ in range(200):
        deep = [deep]
    for data in (
        {"ruleset": "changsha-67", "dealer": deep, "result": deep},
        {"ruleset": {"preset": "changsha-67", "bird_count": 10**4000}, "dealer": 10**4000},
        {"ruleset": "changsha-67\ud800", "dealer": "\u0000", "result": {"kind": "\U0001f004"}},
        {"ruleset": "changsha-67", "dealer": 0, "result": {"kind": "discard", "winners": 5}},
        {"ruleset": "changsha-67", "dealer": 1e308, "fish": [1e308] * 4},
        {"ruleset": "changsha-67", "dealer": 0, "fish": [10**30] * 4, "result": {"kind": "draw"}},
        None,
        [],
        "round",
    ):
        assert_score_round_answers_cleanly(data)
