"""Hostile input to the calculator endpoints (/api/v1/score/, /api/v1/analyse/): the answer
is always JSON with a result or {"errors": [...]}, never a 500 or a traceback. Covers
arbitrary JSON, raw bytes, deep nesting, huge integers, lone surrogates and huge bodies."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.strategies import VALID_ROUNDS, any_round, json_values, mutated_rounds

pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
ENDPOINTS = ["/api/v1/score/", "/api/v1/analyse/"]
ALLOWED = {200, 400, 413, 429}

analyse_requests = st.fixed_dictionaries(
    {"tiles": st.one_of(st.sampled_from(["11133366677799p", "2222m5555s134p67p"]), json_values)},
    optional={
        "melds": json_values,
        "win_tile": json_values,
        "self_draw": json_values,
        "dealer": json_values,
        "haidi": json_values,
        "gang": st.one_of(st.sampled_from(["kong", "double_kong", "rob"]), json_values),
        "opening": json_values,
        "ruleset": json_values,
    },
)


@pytest.fixture
def api(client, django_user_model):
    # Signed in: the anonymous calculator throttle (120/min) would otherwise answer 429
    # half-way through the fuzz (429 is allowed anyway, but it would test nothing).
    client.force_login(django_user_model.objects.create_user("fuzzer"))
    return client


def post_raw(client, url: str, body: bytes | str, content_type: str = "application/json"):
    response = client.post(url, body, content_type=content_type)
    assert response.status_code in ALLOWED, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    data = json.loads(response.content)
    assert isinstance(data, (dict, list))
    if response.status_code != 200:
        assert data["errors"]
        assert all(set(e) >= {"field", "code", "message"} for e in data["errors"])
    assert b"Traceback" not in response.content
    return response


@FUZZ
@given(data=st.one_of(any_round, mutated_rounds()))
def test_the_score_endpoint_answers_any_round_json_cleanly(api, data):
    post_raw(api, "/api/v1/score/", json.dumps(data))


@FUZZ
@given(data=st.one_of(analyse_requests, json_values))
def test_the_analyse_endpoint_answers_any_json_cleanly(api, data):
    post_raw(api, "/api/v1/analyse/", json.dumps(data))


@FUZZ
@given(body=st.binary(max_size=200), url=st.sampled_from(ENDPOINTS))
def test_both_endpoints_answer_arbitrary_bytes_cleanly(api, body, url):
    post_raw(api, url, body)


@pytest.mark.parametrize("url", ENDPOINTS)
@pytest.mark.parametrize(
    "name, body, code",
    [
        ("deep array, 100000 levels", "[" * 100_000 + "]" * 100_000, "too_deep"),
        ("deep object, 5000 levels", '{"a":' * 5000 + "1" + "}" * 5000, "too_deep"),
        ("nesting just past the limit", "[" * 65 + "]" * 65, "too_deep"),
        ("an integer of 5000 digits", '{"dealer": ' + "9" * 5000 + "}", "malformed_json"),
        ("NaN", '{"dealer": NaN}', "malformed_json"),
        ("a lone surrogate", '{"ruleset": "\\ud800", "tiles": "\\udfff"}', "invalid_unicode"),
        ("a lone surrogate in a key", '{"\\ud800": 1}', "invalid_unicode"),
        ("truncated", '{"ruleset": ', "malformed_json"),
    ],
)
def test_hostile_bodies_get_a_400_naming_the_problem(api, url, name, body, code):
    response = post_raw(api, url, body)
    assert response.status_code == 400, name
    assert [e["code"] for e in response.json()["errors"]] == [code]


@pytest.mark.parametrize("url", ENDPOINTS)
def test_unicode_that_is_not_a_hand_is_rejected_as_a_field_error(api, url):
    body = {"ruleset": "长沙\U0001f004", "dealer": "东", "tiles": "一万\u0000", "result": "🀄"}
    response = post_raw(api, url, json.dumps(body, ensure_ascii=False).encode())
    assert response.status_code == 400


def test_a_valid_round_still_scores_through_the_guard(api):
    response = post_raw(api, "/api/v1/score/", json.dumps(VALID_ROUNDS[0]))
    assert response.status_code == 200
    assert sum(response.json()["net"]) + response.json()["burned"] == 0


def test_an_emoji_written_as_a_surrogate_pair_is_not_refused(api):
    response = post_raw(api, "/api/v1/analyse/", '{"tiles": "\\ud83c\\udc04"}')
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] != "invalid_unicode"


@pytest.mark.parametrize("url", ENDPOINTS + ["/api/v1/clubs/"])
def test_a_one_megabyte_body_gets_a_413_in_the_error_format(api, url):
    body = json.dumps({"tiles": "1m" * 500_000})
    assert len(body) > 1_000_000
    response = post_raw(api, url, body)
    assert response.status_code == 413
    assert response.json() == {
        "errors": [
            {
                "field": "body",
                "code": "too_large",
                "message": "the body is larger than 262144 bytes",
            }
        ]
    }


def test_the_body_limit_is_the_setting(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    small = json.dumps({"tiles": "11133366677799p", "win_tile": "9p"})
    assert post_raw(api, "/api/v1/analyse/", small).status_code == 200
    assert post_raw(api, "/api/v1/analyse/", small + " " * 100).status_code == 413
