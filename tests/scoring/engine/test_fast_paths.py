"""The validator's fast paths only skip work: whatever they accept, the full checks
accept too, with the same value and no error (so a rule added to a full check cannot
be bypassed by the common case)."""

import pytest

from scoring.engine.options import EXTRA_SMALL_HANDS
from scoring.engine.rules import PRESETS, parse_ruleset
from scoring.engine.validate import (
    PLAIN_OPENING_CODES,
    SINGLE_CODE_SHAPES,
    check_birds,
    check_final_codes,
    check_opening_codes,
    plain_birds,
)


def _every_option_on():
    rules, errors = parse_ruleset(
        {
            "preset": "changsha-67",
            "haohua": True,
            "menqing": "self_draw",
            "double_kong": "per_tile",
            "big_stacking": "single",
            "extra_small_hands": sorted(EXTRA_SMALL_HANDS),
        }
    )
    assert rules is not None, errors
    return rules


RULESETS = [*PRESETS.values(), _every_option_on(), None]


@pytest.mark.parametrize("kind", ["self_draw", "discard", None])
def test_a_single_code_shape_is_what_the_full_check_finds(kind):
    assert SINGLE_CODE_SHAPES[kind]  # the fast path is in use
    for rules in RULESETS:
        for code, shape in SINGLE_CODE_SHAPES[kind].items():
            errors = []
            assert check_final_codes(errors, "hands", [code], kind, rules) == shape, (code, rules)
            assert errors == []


def test_a_single_plain_opening_code_passes_the_full_check():
    assert PLAIN_OPENING_CODES
    for rules in RULESETS:
        for code in PLAIN_OPENING_CODES:
            errors = []
            assert check_opening_codes(errors, "hands", [code], rules), (code, rules)
            assert errors == []


@pytest.mark.parametrize(
    ("raw", "count", "plain"),
    [
        ([1, 9], 2, (1, 9)),
        ([], 0, ()),
        ([5, 5, 5, 5], 4, (5, 5, 5, 5)),
        ([1, 2], 3, None),  # wrong count
        ([1, 2], None, None),  # count unknown (bad ruleset)
        ([0, 2], 2, None),
        ([1, 10], 2, None),
        ([True, 2], 2, None),
        ([1.0, 2], 2, None),
        (["1", 2], 2, None),
        ((1, 2), 2, None),  # not a list
        (None, 0, None),
    ],
)
def test_plain_birds_agree_with_the_full_check(raw, count, plain):
    assert plain_birds(raw, count) == plain
    if plain is not None:
        errors = []
        assert check_birds(errors, "birds", raw, count) == plain
        assert errors == []
