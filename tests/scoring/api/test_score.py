"""The stateless calculator API: POST /api/v1/score/ and GET /api/v1/rulesets/."""

import json

import pytest
from django.contrib.auth.models import User

from scoring.api.calculator import EXAMPLE_RESULT, EXAMPLE_ROUND, AnonCalculatorThrottle
from scoring.engine import PRESETS

SCORE = "/api/v1/score/"
RULESETS = "/api/v1/rulesets/"

ROUND = EXAMPLE_ROUND


pytestmark = pytest.mark.usefixtures("fresh_throttle_counts")


def test_a_valid_round_is_scored(api_client):
    response = api_client.post(SCORE, ROUND, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["net"] == [-7, 13, 33, -39]
    assert body["next_dealer"] == 2
    assert [t["amount"] for t in body["transfers"]] == [7, 3, 3, 36]


def test_the_documented_example_gives_the_documented_result(api_client):
    assert api_client.post(SCORE, EXAMPLE_ROUND, format="json").json() == EXAMPLE_RESULT


def test_a_bad_round_gives_400_with_every_error(api_client):
    bad = json.loads(json.dumps(ROUND))
    bad["result"]["discarder"] = 2
    bad["result"]["birds"] = [3, 70]
    response = api_client.post(SCORE, bad, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "field": "result.discarder",
                "code": "discarder_is_winner",
                "message": "seat 2 cannot both win and discard",
            },
            {
                "field": "result.birds.1",
                "code": "bird_out_of_range",
                "message": "result.birds.1 must be a bird value 1-9, got 70",
            },
        ]
    }


@pytest.mark.parametrize("body", ["{not json", '{"ruleset": "changsha-67",', "[1, 2", "1" * 5000])
def test_malformed_json_gives_400_in_the_errors_format(api_client, body):
    response = api_client.post(SCORE, body, content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "body"
    assert error["code"] == "malformed_json"
    assert error["message"].startswith("the body is not valid JSON")


@pytest.mark.parametrize("body", ["null", "[]", '"round"', "{}", "5"])
def test_valid_json_that_is_no_round_gives_400_errors(api_client, body):
    response = api_client.post(SCORE, body, content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors and all({"field", "code", "message"} == set(e) for e in errors)


def test_a_form_post_is_refused_as_unsupported(api_client):
    response = api_client.post(SCORE, {"ruleset": "changsha-67"})
    assert response.status_code == 415
    assert response.json()["errors"][0]["field"] == ""


def test_get_is_not_allowed_on_score(api_client):
    assert api_client.get(SCORE).status_code == 405


def test_anonymous_callers_are_throttled(api_client, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "2/min"})
    codes = [api_client.post(SCORE, ROUND, format="json").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert api_client.post(SCORE, ROUND, format="json")["Retry-After"]


def test_signed_in_users_are_not_throttled(api_client, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "2/min"})
    api_client.force_authenticate(user=User(username="player", is_active=True))
    codes = {api_client.post(SCORE, ROUND, format="json").status_code for _ in range(5)}
    assert codes == {200}


def test_rulesets_lists_every_preset_with_every_parameter_and_source(api_client):
    response = api_client.get(RULESETS)
    assert response.status_code == 200
    presets = response.json()
    assert [p["code"] for p in presets] == list(PRESETS)
    for preset in presets:
        assert preset["ruleset"] == PRESETS[preset["code"]].to_dict()
        keys = [p["key"] for p in preset["parameters"]]
        assert set(keys) == set(preset["ruleset"]) - {"preset"}
        for param in preset["parameters"]:
            assert param["value"] == preset["ruleset"][param["key"]]
            assert param["source"]
    by_code = {p["code"]: p for p in presets}
    assert by_code["changsha-tongzhuang"]["name_zh"] == "通庄单鸟"
    assert by_code["changsha-points"]["ruleset"]["escape_penalty"] == 70


def test_a_listed_ruleset_can_be_posted_back_as_a_round_ruleset(api_client):
    preset = api_client.get(RULESETS).json()[3]
    round_ = dict(ROUND, ruleset=preset["ruleset"])
    response = api_client.post(SCORE, round_, format="json")
    assert response.status_code == 200
    assert (
        response.json()
        == api_client.post(SCORE, dict(ROUND, ruleset=preset["code"]), format="json").json()
    )
