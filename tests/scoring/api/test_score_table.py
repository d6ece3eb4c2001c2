"""POST /api/v1/score/ and ``manage.py score_round`` take tables of three and two with
kongs (rules.md §10): every entry of the spec's examples-table.json (tests/spec/), and one round
of the project's own."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import SHARED_TABLE_EXAMPLES, load_shared_examples

SCORE = "/api/v1/score/"
DATA = load_shared_examples(SHARED_TABLE_EXAMPLES)

# 3 players, 杠分: B's 暗杠 takes 2 from A and C; C's 放杠 on A's discard costs A 1 × 2.
# B self-draws 平胡 with birds 1 (A) and 2 (B): A pays (1+1) × 3 + 1 = 7, C 1 × 2 + 1 = 3.
OWN = {
    "name": "own: three players with kongs",
    "round": {
        "ruleset": {"preset": "changsha-67", "players": 3, "kong_pay": True},
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
        "kongs": [{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
    },
    "expect": {"net": [-11, 14, -3], "burned": 0, "next_dealer": 1, "next_dealers": [1]},
}
OWN_ERROR = {
    "name": "own: a winner beyond a table of two",
    "round": {
        "ruleset": {"preset": "changsha-67", "players": 2},
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
    },
}
EXAMPLES = [OWN, *(DATA["examples"] if DATA else [])]
ERRORS = [OWN_ERROR, *(DATA["errors"] if DATA else [])]

pytestmark = pytest.mark.usefixtures("fresh_throttle_counts")


@pytest.fixture
def client(api_client, db):
    from django.contrib.auth.models import User

    # a signed-in caller: the anonymous throttle would stop a long run of rounds
    api_client.force_authenticate(User.objects.create_user("calc-table"))
    return api_client


@pytest.mark.parametrize("entry", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_the_calculator_api_scores_a_table_example(client, entry):
    response = client.post(SCORE, entry["round"], format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert {key: body[key] for key in entry["expect"]} == entry["expect"]


@pytest.mark.parametrize("entry", ERRORS, ids=[e["name"] for e in ERRORS])
def test_the_calculator_api_rejects_a_table_error_naming_fields(client, entry):
    response = client.post(SCORE, entry["round"], format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and all(e["field"] and e["code"] and e["message"] for e in errors)


def _command(data, tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("score_round", str(path), stdout=out)
    except CommandError as exc:
        return exc.returncode, json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


@pytest.mark.parametrize("entry", EXAMPLES, ids=[e["name"] for e in EXAMPLES])
def test_the_score_round_command_scores_a_table_example(entry, tmp_path):
    status, result = _command(entry["round"], tmp_path)
    assert status == 0
    assert {key: result[key] for key in entry["expect"]} == entry["expect"]


@pytest.mark.parametrize("entry", ERRORS, ids=[e["name"] for e in ERRORS])
def test_the_score_round_command_rejects_a_table_error(entry, tmp_path):
    status, result = _command(entry["round"], tmp_path)
    assert status == 2
    assert result["errors"]
