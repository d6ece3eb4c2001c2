"""Every entry of the spec's examples.json, examples-options.json (rules.md §9) and
examples-table.json (rules.md §10), from the project's copy in tests/spec/: examples
score as expected, errors are rejected."""

import pytest

from scoring.engine import RoundInvalid, score_round, validate_round
from tests.conftest import (
    SHARED_EXAMPLES,
    SHARED_OPTION_EXAMPLES,
    SHARED_TABLE_EXAMPLES,
    load_shared_examples,
)

_FILES = {
    "examples": (SHARED_EXAMPLES, load_shared_examples(SHARED_EXAMPLES)),
    "options": (SHARED_OPTION_EXAMPLES, load_shared_examples(SHARED_OPTION_EXAMPLES)),
    "table": (SHARED_TABLE_EXAMPLES, load_shared_examples(SHARED_TABLE_EXAMPLES)),
}
_EXAMPLES = [
    pytest.param(e, id=f"{name}: {e['name']}")
    for name, (_, data) in _FILES.items()
    for e in data["examples"]
]
_ERRORS = [
    pytest.param(e, id=f"{name}: {e['name']}")
    for name, (_, data) in _FILES.items()
    for e in data["errors"]
]


@pytest.mark.parametrize("entry", _EXAMPLES)
def test_example_scores_as_the_spec_says(entry):
    result = score_round(entry["round"])
    expect = entry["expect"]
    assert {key: result[key] for key in expect} == expect
    assert sum(result["net"]) + result["burned"] == 0


@pytest.mark.parametrize("entry", _ERRORS)
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


def test_the_option_file_has_its_13_examples_and_11_errors():
    data = _FILES["options"][1]
    assert len(data["examples"]) >= 13
    assert len(data["errors"]) >= 11


def test_the_table_file_has_its_19_examples_and_21_errors():
    data = _FILES["table"][1]
    assert len(data["examples"]) >= 19
    assert len(data["errors"]) >= 21
