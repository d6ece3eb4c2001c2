"""Every entry of ../shared/spec/examples.json: examples score as expected, errors are rejected."""

import pytest

from scoring.engine import RoundInvalid, score_round, validate_round
from tests.conftest import SHARED_EXAMPLES, load_shared_examples

_DATA = load_shared_examples()

if _DATA is None:

    def test_shared_examples_are_missing_on_this_machine():
        pytest.skip(f"NOTICE: {SHARED_EXAMPLES} not found (not CI); shared examples not run")

else:
    _EXAMPLES = _DATA["examples"]
    _ERRORS = _DATA["errors"]

    @pytest.mark.parametrize("entry", _EXAMPLES, ids=[e["name"] for e in _EXAMPLES])
    def test_example_scores_as_the_spec_says(entry):
        result = score_round(entry["round"])
        expect = entry["expect"]
        assert {key: result[key] for key in expect} == expect
        assert sum(result["net"]) + result["burned"] == 0

    @pytest.mark.parametrize("entry", _ERRORS, ids=[e["name"] for e in _ERRORS])
    def test_error_example_is_rejected_with_named_fields(entry):
        errors = validate_round(entry["round"])
        assert errors, "the round should be rejected"
        assert all(e.code and e.message for e in errors)
        with pytest.raises(RoundInvalid) as caught:
            score_round(entry["round"])
        assert caught.value.errors == errors

    def test_the_shared_file_has_examples_and_errors(shared_examples):
        assert len(shared_examples["examples"]) >= 50
        assert len(shared_examples["errors"]) >= 20
