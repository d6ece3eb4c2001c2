"""docs/openapi.yaml as a client generator reads it: readable names, a description for
every operation and response, every error status with its body, the headers, the enums
and the integer ids."""

import re

import pytest

from csmj_site.errors import MESSAGES
from scoring.engine.analysis import analyse_request
from scoring.engine.messages import ALL_MESSAGES
from tests.api_helpers import committed_schema

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema():
    return committed_schema()


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def test_every_operation_id_is_a_readable_identifier(schema):
    ids = [op["operationId"] for _p, _m, op in operations(schema)]
    assert len(ids) == len(set(ids))
    for op_id in ids:
        assert re.fullmatch(r"[a-z]+(_[a-z]+)+", op_id), op_id
        assert not op_id.startswith("v1_"), op_id
    assert {"round_record", "session_finish", "season_standings", "session_start"} <= set(ids)


def test_every_operation_has_a_tag_a_summary_and_no_internal_notes(schema):
    for path, method, operation in operations(schema):
        assert operation.get("tags") and operation["tags"] != ["v1"], (method, path)
        assert operation.get("summary"), (method, path)
        text = operation.get("description", "") + operation["summary"]
        assert "Subclasses" not in text and "``" not in text, (method, path, text)


def test_every_response_has_a_description(schema):
    for path, method, operation in operations(schema):
        for code, response in operation["responses"].items():
            assert response.get("description"), (method, path, code)


def test_every_error_status_the_server_answers_is_declared_with_the_error_body(schema):
    for path, method, operation in operations(schema):
        expected = {"400", "401", "403", "404", "405", "406", "429", "503"}
        if method in ("post", "put", "patch"):
            expected |= {"413", "415"}
        assert expected <= set(operation["responses"]), (method, path)
        for code in expected:
            body = operation["responses"][code]["content"]["application/json"]["schema"]
            assert body["$ref"].rsplit("/", 1)[1] in ("ErrorResponse", "RoundConflict")


def test_the_headers_are_declared(schema):
    for path, method, operation in operations(schema):
        responses = operation["responses"]
        assert "WWW-Authenticate" in responses["401"]["headers"], (method, path)
        assert "Retry-After" in responses["429"]["headers"], (method, path)
        assert "Retry-After" in responses["503"]["headers"], (method, path)
        idempotent = any(p["name"] == "Idempotency-Key" for p in operation.get("parameters", []))
        if idempotent:
            success = next(code for code in responses if code.startswith("2"))
            assert "Idempotent-Replayed" in responses[success]["headers"], (method, path)
    rounds = "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/"
    [key] = [p for p in schema["paths"][rounds]["post"]["parameters"] if p["in"] == "header"]
    assert (key["schema"]["minLength"], key["schema"]["maxLength"]) == (1, 255)


def test_path_ids_are_described_integers(schema):
    for path, method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["in"] != "path":
                continue
            assert parameter.get("description"), (method, path, parameter["name"])
            if parameter["name"] != "club_slug":
                assert parameter["schema"]["type"] == "integer", (method, path, parameter)


def test_query_ids_are_integers_and_page_size_is_bounded(schema):
    sessions = schema["paths"]["/api/v1/clubs/{club_slug}/sessions/"]["get"]["parameters"]
    by_name = {p["name"]: p["schema"] for p in sessions}
    assert by_name["season"]["type"] == "integer"
    assert by_name["page_size"]["maximum"] == 200


def test_every_list_declares_its_ordering_as_an_enum(schema):
    for path, method, operation in operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["name"] == "ordering":
                assert parameter["schema"].get("enum"), (method, path)


def test_every_list_is_a_page_except_the_documented_arrays(schema):
    arrays = set()
    for path, _method, operation in operations(schema):
        body = operation["responses"].get("200", {}).get("content", {}).get("application/json")
        if body and body["schema"].get("type") == "array":
            arrays.add(operation["operationId"])
            assert "not a page" in operation["description"], path
    assert arrays == {"preset_list", "round_versions", "table_round_versions", "event_standings"}


def test_one_transfer_event_enum_with_midgame(schema):
    components = schema["components"]["schemas"]
    assert "midgame" in components["TransferEvent"]["enum"]
    events = [c for c in components.values() if set(c.get("enum", [])) >= {"opening", "result"}]
    assert events == [components["TransferEvent"]]
    assert components["Transfer"]["properties"]["event"]["$ref"].endswith("/TransferEvent")
    variants = [v["$ref"].rsplit("/", 1)[1] for v in components["TransferDetail"]["oneOf"]]
    assert variants == ["WinDetail", "KongDetail", "PenaltyDetail"]


def test_each_transfer_events_detail_is_its_own_variant(schema):
    """A kong's detail is {kind: an/jia/ming, kong_points}, not a penalty's kind."""
    components = schema["components"]["schemas"]
    win, kong, penalty = (components[n] for n in ("WinDetail", "KongDetail", "PenaltyDetail"))
    assert {"units", "class", "pair_base", "multiplier"} <= set(win["required"])
    assert set(kong["required"]) == {"kind", "kong_points"}
    assert kong["properties"]["kind"]["allOf"][0]["$ref"].endswith("/KongKind")
    assert set(components["KongKind"]["enum"]) == {"an", "jia", "ming"}
    assert {"kind", "penalty", "distribution", "share", "burned"} == set(penalty["required"])
    assert penalty["properties"]["kind"]["allOf"][0]["$ref"].endswith("/PenaltyKind")


def test_the_calculator_and_the_analysis_have_real_schemas(schema):
    score = schema["paths"]["/api/v1/score/"]["post"]
    body = score["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/CalculatorRoundRequest")
    answer = score["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert answer.endswith("/RoundResult")
    analyse = schema["paths"]["/api/v1/analyse/"]["post"]["responses"]["200"]
    answer = analyse["content"]["application/json"]["schema"]["$ref"]
    variants = schema["components"]["schemas"][answer.rsplit("/", 1)[1]]["oneOf"]
    assert {v["$ref"].rsplit("/", 1)[1] for v in variants} == {
        "FinalHandAnalysis",
        "DealtHandAnalysis",
    }
    components = schema["components"]["schemas"]
    final = analyse_request({"tiles": "11133366677799p", "win_tile": "9p"}).as_dict()
    dealt = analyse_request({"tiles": "2222m5555s134p67p", "opening": True}).as_dict()
    assert set(components["FinalHandAnalysis"]["properties"]) == set(final)
    assert set(components["DealtHandAnalysis"]["properties"]) == set(dealt)


def test_a_correction_takes_the_round_data_a_read_returns(schema):
    correct = "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/{number}/correct/"
    body = schema["paths"][correct]["post"]["requestBody"]["content"]["application/json"]
    stored = schema["components"]["schemas"]["Round"]["properties"]["data"]
    assert body["schema"]["$ref"] == stored["allOf"][0]["$ref"]
    winner = schema["components"]["schemas"]["Winner"]
    assert "hands" not in winner.get("required", [])


def test_the_ruleset_types_are_typed(schema):
    components = schema["components"]["schemas"]
    preset = components["RulesetPreset"]["properties"]["ruleset"]
    assert preset["allOf"][0]["$ref"].endswith("/RulesetParameters")
    config = components["RulesetConfig"]["properties"]
    assert config["base"]["allOf"][0]["$ref"].endswith("/BaseTableOverride")
    assert config["zimo_bonus"]["allOf"][0]["$ref"].endswith("/ClassAmountsOverride")
    assert "oneOf" in components["RulesetParameter"]["properties"]["value"]
    parameters = components["RulesetParameters"]["properties"]
    assert parameters["bird_mode"] == config["bird_mode"]


def test_error_codes_are_an_open_string_listing_the_catalogues_codes(schema):
    """A client built today keeps parsing a code added tomorrow: no enum."""
    components = schema["components"]["schemas"]
    code = components["ErrorItem"]["properties"]["code"]
    assert code["allOf"][0]["$ref"].endswith("/ErrorCode")
    assert components["ErrorCode"]["type"] == "string"
    assert "enum" not in components["ErrorCode"]
    enum = set(components["ErrorCode"]["x-known-codes"])
    assert {key.split(":")[0] for key in MESSAGES} <= enum
    assert set(ALL_MESSAGES) <= enum
    assert {"not_authenticated", "invalid_token", "throttled", "not_acceptable"} <= enum


@pytest.mark.django_db
def test_the_known_error_codes_are_listed_by_an_endpoint(schema):
    from rest_framework.test import APIClient

    response = APIClient().get("/api/v1/error-codes/")
    assert response.status_code == 200
    codes = response.json()["codes"]
    assert codes == schema["components"]["schemas"]["ErrorCode"]["x-known-codes"]
    assert {"round_conflict", "precondition_failed", "not_found"} <= set(codes)
