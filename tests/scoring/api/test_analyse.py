"""POST /api/v1/analyse/: hand analysis from the tiles, anonymous and throttled."""

import pytest
from django.contrib.auth.models import User

from scoring.api.analyse import EXAMPLE_FINAL, EXAMPLE_OPENING
from scoring.api.calculator import AnonCalculatorThrottle

URL = "/api/v1/analyse/"


pytestmark = pytest.mark.usefixtures("fresh_throttle_counts")


def test_a_dealt_hand_with_a_table_option_opening_type_is_analysed(api_client):
    response = api_client.post(URL, {"tiles": "2m111333444677p", "opening": True}, format="json")
    assert response.status_code == 200
    hands = {h["code"]: h["tiles"] for h in response.json()["hands"]}
    assert hands["yidianhong"] == "2m"


def test_a_final_hand_is_analysed(api_client):
    response = api_client.post(URL, EXAMPLE_FINAL, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["kind"] == "final"
    assert body["winning"] is True
    assert body["best_claim"] == ["pengpenghu", "qingyise"]
    assert [n["name_zh"] for n in body["best_claim_names"]] == ["碰碰胡", "清一色"]
    assert (body["units"], body["chips"], body["class"]) == (2, 12, "big")
    assert body["win_tile"] == "9p"
    assert body["situational"]["haidipao"] is True


def test_melds_context_and_ruleset_are_used(api_client):
    body = {
        "tiles": "123m456s123p33m",
        "melds": [{"kind": "gang", "tiles": "7777s"}],
        "self_draw": True,
        "gang": "kong",
        "ruleset": {"preset": "changsha-online"},
    }
    refused = api_client.post(URL, body, format="json").json()
    assert refused["winning"] is False
    assert "2/5/8" in refused["reason"]
    body["ruleset"] = {"preset": "changsha-online", "situational_pair": "any"}
    assert api_client.post(URL, body, format="json").json()["best_claim"] == ["gangshangkaihua"]


def test_a_dealt_hand_lists_its_opening_types(api_client):
    body = api_client.post(URL, EXAMPLE_OPENING, format="json").json()
    assert body["kind"] == "opening"
    assert body["codes"] == ["sixi", "sixi", "liuliushun"]
    assert body["occurrences"]["sixi"] == 2


def test_a_hand_that_does_not_win_is_a_200_with_the_reason(api_client):
    body = api_client.post(URL, {"tiles": "124m456s789p123p55m"}, format="json").json()
    assert body["winning"] is False
    assert body["best_claim"] == []
    assert body["reason_zh"]


def test_bad_input_is_a_400_listing_every_error_by_field(api_client):
    response = api_client.post(
        URL,
        {
            "tiles": "0m9z",
            "melds": [{"kind": "pong", "tiles": "555m"}],
            "self_draw": "yes",
            "colour": "red",
        },
        format="json",
    )
    assert response.status_code == 400
    got = [(e["field"], e["code"]) for e in response.json()["errors"]]
    assert got == [
        ("colour", "unknown_field"),
        ("self_draw", "wrong_type"),
        ("tiles", "tile_zero"),
        ("tiles", "tile_unknown_suit"),
        ("melds.0.kind", "meld_kind_unknown"),
    ]
    assert all(set(e) == {"field", "code", "message"} for e in response.json()["errors"])


def test_final_hand_keys_are_refused_for_an_opening(api_client):
    response = api_client.post(URL, {**EXAMPLE_OPENING, "win_tile": "2m"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_for_opening"


def test_malformed_json_is_a_400(api_client):
    response = api_client.post(URL, "{oops", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "malformed_json"


def test_a_body_that_is_not_an_object_is_a_400(api_client):
    response = api_client.post(URL, [1, 2], format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_an_object"


def test_anonymous_callers_are_throttled_with_the_calculator_scope(api_client, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "2/min"})
    codes = [api_client.post(URL, EXAMPLE_FINAL, format="json").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_signed_in_users_are_not_throttled(api_client, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "2/min"})
    api_client.force_authenticate(user=User(username="player", is_active=True))
    codes = {api_client.post(URL, EXAMPLE_FINAL, format="json").status_code for _ in range(4)}
    assert codes == {200}


def test_get_is_not_allowed(api_client):
    assert api_client.get(URL).status_code == 405


def test_the_schema_documents_the_endpoint(api_client):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operation = schema["paths"]["/api/v1/analyse/"]["post"]
    assert operation["operationId"] == "analyse_hand"
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    request = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert request["required"] == ["tiles"]
    assert {"melds", "win_tile", "self_draw", "gang", "opening", "ruleset"} <= set(
        request["properties"]
    )
