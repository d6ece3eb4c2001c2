"""A write to an API path without its trailing slash answers a JSON 404 naming the path
to use: never APPEND_SLASH's 301 (which a client follows as a GET, reads a 200 and
believes its round stored) nor its error page under DEBUG."""

import pytest

from scoring.models import Round, Session
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [False, True])
def test_a_round_posted_without_the_trailing_slash_is_a_json_404_and_stores_nothing(
    api_as, club, session, settings, debug
):
    settings.DEBUG = debug
    path = rounds_url(club, session).rstrip("/")
    response = api_as("recorder").post(path, round_self_draw(0), format="json")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert codes(response) == [("", "not_found")]
    assert f"send POST to {path}/" in response.json()["errors"][0]["message"]
    assert not Round.objects.exists()


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_every_write_without_the_trailing_slash_is_a_json_404(api_as, club, session, method):
    path = club_url(club, f"sessions/{session.pk}")
    response = getattr(api_as("organiser"), method)(path, {"table_label": "A"}, format="json")

    assert response.status_code == 404
    assert codes(response) == [("", "not_found")]
    assert Session.objects.filter(pk=session.pk).exists()


def test_a_path_that_exists_without_the_slash_is_left_alone(api_as, club, season):
    response = api_as("member").post(club_url(club, f"seasons/{season.pk}/standings.csv"))
    assert response.status_code == 405


def test_a_read_without_the_trailing_slash_still_redirects_to_the_same_read(api_as, club):
    response = api_as("member").get(club_url(club, "sessions"))
    assert response.status_code == 301
    assert response["Location"].endswith(club_url(club, "sessions/"))
