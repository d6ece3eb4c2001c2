"""POST /api/v1/parse/: the one-line entry, a sentence read into a round; anonymous and
throttled like the calculator; nothing stored."""

import pytest

from scoring.api.calculator import AnonCalculatorThrottle
from scoring.api.parse import EXAMPLE_ANSWER, EXAMPLE_REQUEST
from scoring.models import Round

URL = "/api/v1/parse/"
FOUR = ["张伟", "李娜", "王芳", "刘洋"]

pytestmark = pytest.mark.usefixtures("fresh_throttle_counts")


def post(api_client, **body):
    return api_client.post(URL, body, format="json")


def test_the_documented_example_answers_its_round(api_client):
    response = api_client.post(URL, EXAMPLE_REQUEST, format="json")
    assert response.status_code == 200
    assert response.json() == EXAMPLE_ANSWER


@pytest.mark.django_db
def test_a_sentence_answers_a_round_and_stores_nothing(api_client):
    response = post(api_client, text="王芳自摸清一色 鸟3 7", players=FOUR, dealer=2)
    assert response.status_code == 200
    body = response.json()
    assert body["round"]["dealer"] == 2
    assert body["round"]["result"]["winners"] == [{"seat": 2, "hands": ["qingyise"]}]
    assert body["problems"] == []
    assert Round.objects.count() == 0


def test_a_three_seat_table_under_its_ruleset(api_client):
    ruleset = {"preset": "changsha-67", "players": 3}
    response = post(
        api_client, text="3号位起手六六顺 鸟4 6", players=FOUR[:3], dealer=0, ruleset=ruleset
    )
    assert response.status_code == 200
    body = response.json()
    assert body["round"]["openings"] == [{"seat": 2, "hands": ["liuliushun"], "birds": [4, 6]}]
    assert body["round"]["ruleset"] == ruleset
    assert [p["field"] for p in body["problems"]] == ["result"]


def test_what_it_cannot_place_is_named_in_a_400(api_client):
    response = post(api_client, text="赵六自摸清一色", players=FOUR)
    assert response.status_code == 400
    assert response.json() == {
        "errors": [
            {
                "field": "text",
                "code": "sentence_not_understood",
                "message": "text: could not place 赵六",
            }
        ]
    }


def test_bad_fields_are_each_named(api_client):
    response = post(api_client, text=5, players="张伟", dealer="x", ruleset="nope")
    assert response.status_code == 400
    fields = [e["field"] for e in response.json()["errors"]]
    assert fields == ["text", "players", "dealer", "ruleset"]


def test_the_names_must_fill_the_table(api_client):
    response = post(api_client, text="王芳自摸", players=FOUR[:3])
    assert response.status_code == 400
    assert [e["code"] for e in response.json()["errors"]] == ["wrong_length"]


def test_a_body_that_is_not_an_object_is_refused(api_client):
    response = api_client.post(URL, [1], format="json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "not_an_object"


def test_anonymous_callers_are_throttled_with_the_calculator_scope(api_client, monkeypatch):
    monkeypatch.setattr(AnonCalculatorThrottle, "THROTTLE_RATES", {"anon_calculator": "2/min"})
    codes = [api_client.post(URL, EXAMPLE_REQUEST, format="json").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_a_key_the_request_does_not_take_is_refused_by_name(api_client):
    response = post(api_client, text="王芳自摸", players=FOUR, extra=1)
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("extra", "unknown_field")
    ]


def test_a_name_given_to_two_seats_is_refused_on_the_second(api_client):
    response = post(api_client, text="王芳自摸", players=["王芳", "李娜", " 王芳", "刘洋"])
    assert response.status_code == 400
    assert response.json()["errors"] == [
        {
            "field": "players.2",
            "code": "duplicate_name",
            "message": "players.2: 王芳 is listed twice",
        }
    ]


@pytest.mark.parametrize("names", [["Amy", "amy", "b", "c"], ["AB", "ＡＢ", "b", "c"]])
def test_names_the_sentence_reads_as_one_are_refused_as_a_name_twice(api_client, names):
    response = post(api_client, text="amy自摸", players=names)
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("players.1", "duplicate_name")
    ]


def test_a_null_dealer_is_seat_0_as_an_absent_one(api_client):
    response = post(api_client, text="王芳自摸", players=FOUR, dealer=None)
    assert response.status_code == 200
    assert response.json()["round"]["dealer"] == 0


def test_a_sentence_past_its_bound_and_a_bad_seats_aliases_are_named_by_their_path(api_client):
    response = post(api_client, text="胡" * 501, players=FOUR, aliases=[[], ["x" * 61], [], []])
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["field"], e["code"]) for e in errors] == [
        ("text", "too_long"),
        ("aliases.1", "wrong_type"),
    ]
    assert errors[0]["message"] == "text must be at most 500 characters, got 501"


def test_names_that_are_not_text_are_named_as_a_list_of_names(api_client):
    response = post(api_client, text="王芳自摸", players=[1, 2, 3, 4])
    assert response.status_code == 400
    assert "players must be a list of names" in response.json()["errors"][0]["message"]
