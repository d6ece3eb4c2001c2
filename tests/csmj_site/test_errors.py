"""One error format everywhere: {"errors": [{"field", "code", "message"}]}."""

import pytest
from rest_framework.exceptions import ValidationError

from csmj_site.api import exception_handler
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def test_nested_validation_errors_become_dotted_field_paths():
    error = ValidationError(
        {
            "name": ["This field is required."],
            "players": {3: ["Invalid pk."]},
            "seats": [{}, {"seat": ["Too big."]}],
            "non_field_errors": ["Bad."],
        }
    )
    assert [(e["field"], e["code"]) for e in exception_handler(error, {}).data["errors"]] == [
        ("name", "invalid"),
        ("players.3", "invalid"),
        ("seats.1.seat", "invalid"),
        ("", "invalid"),
    ]


def test_an_error_list_keeps_each_message():
    error = ValidationError({"a": ["one", "two"]})
    assert [e["message"] for e in exception_handler(error, {}).data["errors"]] == ["one", "two"]


def test_a_method_that_is_not_offered_answers_405_in_the_format(api_as, club):
    response = api_as("owner").delete(club_url(club))
    assert response.status_code == 405
    assert codes(response) == [("", "method_not_allowed")]


def test_an_unknown_id_answers_404_in_the_format(api_as, club):
    response = api_as("owner").get(club_url(club, "players/999999/"))
    assert response.status_code == 404
    assert codes(response) == [("", "not_found")]


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", ["/api/v1/nope/", "/api/v1/clubs/长沙/", "/api/v1/x/rounds/abc/"])
def test_a_path_that_matches_no_route_answers_404_in_the_format_with_debug_on_or_off(
    api_as, settings, debug, path
):
    settings.DEBUG = debug
    response = api_as("owner").get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert codes(response) == [("", "not_found")]


def test_a_missing_role_answers_403_in_the_format_naming_the_role(api_as, club):
    response = api_as("member").post(
        club_url(club, "rulesets/"), {"name": "x", "config": "changsha-67"}, format="json"
    )
    assert response.status_code == 403
    assert codes(response) == [("", "permission_denied")]
    assert "organiser" in response.json()["errors"][0]["message"]


def test_api_messages_are_english_whatever_the_site_language(api_as, club):
    client = api_as("owner")
    client.cookies["django_language"] = "zh-hans"
    response = client.post(club_url(club, "players/"), {}, format="json")
    assert response.json()["errors"] == [
        {"field": "display_name", "code": "required", "message": "This field is required."}
    ]


def test_every_wrong_field_is_reported_at_once(api_as, club):
    response = api_as("owner").post(
        club_url(club, "seasons/"), {"name": "", "start_date": "soon"}, format="json"
    )
    assert response.status_code == 400
    assert sorted(codes(response)) == [
        ("name", "blank"),
        ("ruleset", "required"),
        ("start_date", "invalid"),
    ]


@pytest.mark.parametrize(
    "path",
    [
        "players/99999999999999999999999/",
        "players/abc/",
        "sessions/99999999999999999999999/rounds/",
        "seasons/-1/standings/",
    ],
)
def test_an_id_no_database_could_hold_is_simply_not_found(api_as, club, path):
    response = api_as("owner").get(club_url(club, path))
    assert response.status_code == 404
    assert codes(response) == [("", "not_found")]


def test_a_round_number_too_large_for_the_database_is_not_found(api_as, club, session):
    url = club_url(club, f"sessions/{session.pk}/rounds/99999999999999999999999/")
    assert api_as("owner").get(url).status_code == 404


@pytest.mark.parametrize("value", ["-238354186955577476230676480", "1.5", "x"])
def test_an_id_filter_that_is_not_a_storable_id_is_refused(api_as, club, session, value):
    response = api_as("owner").get(club_url(club, f"sessions/?player={value}"))
    assert response.status_code == 400
    assert [field for field, _code in codes(response)] == ["player"]


def test_an_api_url_that_matches_no_route_answers_in_the_format(api_as, club):
    response = api_as("owner").get(club_url(club, "sessions/-5/rounds/"))
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert codes(response) == [("", "not_found")]


def test_a_site_url_that_matches_no_route_is_still_a_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "application/json" not in response["Content-Type"]
