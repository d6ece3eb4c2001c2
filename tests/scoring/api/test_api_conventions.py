"""Conventions a generated client relies on: an unknown ordering is refused, only JSON
is served (406 otherwise, CSV exports aside), and a stored winner given by tiles alone
reads back with the hands the engine found."""

from pathlib import Path

import pytest
import yaml

from scoring.services import round_record
from tests.api_helpers import club_url, codes, rounds_url

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.django_db

TILES_ONLY = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 2, "tiles": "11133366677799p", "win_tile": "9p"}],
        "discarder": 0,
        "birds": [3, 7],
    },
}


@pytest.mark.parametrize("rest", ["players/", "sessions/", "seasons/", "rulesets/"])
def test_an_unknown_ordering_answers_400_naming_the_field(api_as, club, session, rest):
    response = api_as("member").get(club_url(club, rest), {"ordering": "bogus"})
    assert response.status_code == 400
    assert codes(response) == [("ordering", "invalid_choice")]


def test_an_unknown_standings_ordering_answers_400_too(api_as, club, season):
    url = club_url(club, f"seasons/{season.pk}/standings/")
    response = api_as("member").get(url, {"ordering": "bogus"})
    assert response.status_code == 400
    assert codes(response) == [("ordering", "invalid_choice")]
    assert api_as("member").get(url, {"ordering": "-wins"}).status_code == 200


def test_a_known_ordering_sorts(api_as, club, players):
    response = api_as("member").get(club_url(club, "players/"), {"ordering": "-display_name"})
    names = [p["display_name"] for p in response.json()["results"]]
    assert names == sorted(names, reverse=True)


def test_a_browser_asking_for_html_gets_406_in_the_error_format(api_as, club):
    response = api_as("member").get(club_url(club, "players/"), HTTP_ACCEPT="text/html")
    assert response.status_code == 406
    assert codes(response) == [("", "not_acceptable")]
    assert response["Content-Type"].startswith("application/json")


def test_the_csv_exports_still_answer_accept_text_csv(api_as, club, season):
    response = api_as("member").get(
        club_url(club, f"seasons/{season.pk}/standings.csv"), HTTP_ACCEPT="text/csv"
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")


def test_a_tiles_only_winner_reads_back_with_the_hands_the_engine_found(
    api_as, club, session, recorder
):
    round_record(session=session, data=TILES_ONLY, actor=recorder)
    client = api_as("member")
    one = client.get(rounds_url(club, session, "1/")).json()
    listed = client.get(rounds_url(club, session)).json()["results"][0]
    versions = client.get(rounds_url(club, session, "1/versions/")).json()[0]
    for body in (one, listed, versions):
        [winner] = body["data"]["result"]["winners"]
        assert sorted(winner["hands"]) == ["pengpenghu", "qingyise"]
        assert winner["tiles"] == "11133366677799p"


def test_the_round_as_read_is_accepted_back_as_a_correction(api_as, club, session, recorder):
    round_record(session=session, data=TILES_ONLY, actor=recorder)
    client = api_as("recorder")
    read = client.get(rounds_url(club, session, "1/")).json()
    response = client.post(rounds_url(club, session, "1/correct/"), read["data"], format="json")
    # accepted, and the same round: nothing to store
    assert response.status_code == 200, response.json()
    assert response.json()["version"] == 1
    assert response.json()["result"]["net"] == read["result"]["net"]


def test_a_401_says_how_to_authenticate(api_as, club, session):
    response = api_as("anonymous").post(rounds_url(club, session), TILES_ONLY, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_a_csv_exports_errors_are_csv_to_a_client_that_accepts_only_csv(api_as, club):
    url = club_url(club, "seasons/999999/rounds.csv")

    as_csv = api_as("member").get(url, HTTP_ACCEPT="text/csv")
    as_json = api_as("member").get(url)

    assert as_csv.status_code == as_json.status_code == 404
    assert as_csv["Content-Type"].startswith("text/csv")
    assert as_csv.content.decode().splitlines() == ["field,code,message", ",not_found,Not found."]
    assert as_json.json()["errors"][0]["code"] == "not_found"


def test_the_answers_type_is_chosen_by_accept_alone_not_by_a_format_parameter(api_as, club, season):
    url = club_url(club, f"seasons/{season.pk}/standings.csv")

    for asked in ("json", "xml"):
        response = api_as("member").get(url, {"format": asked})
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")
    schema = yaml.safe_load((ROOT / "docs" / "openapi.yaml").read_text(encoding="utf-8"))
    parameters = [
        p["name"]
        for path in schema["paths"].values()
        for operation in path.values()
        if isinstance(operation, dict)
        for p in operation.get("parameters", [])
    ]
    assert "format" not in parameters
