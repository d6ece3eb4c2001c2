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
