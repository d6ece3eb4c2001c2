"""A refused body is refused whole: the keys an operation does not take, the read-only
fields sent to a create and the values its fields refuse come in one 400, so an app
fixes the body in one go (README: "listing every problem"); nothing is stored."""

from __future__ import annotations

import pytest

from leagues.models import Player
from scoring.models import Session
from scoring.standings.models import SessionResult
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def test_a_session_body_names_its_unknown_read_only_and_bad_fields_at_once(
    api_as, club, season, players
):
    body = {
        "season": season.pk,
        "players": [p.pk for p in players[:4]],
        "first_dealer": 9,
        "id": 1,
        "seats": [],
        "zz": 2,
    }

    response = api_as("recorder").post(club_url(club, "sessions/"), body, format="json")

    assert response.status_code == 400
    assert sorted(codes(response)) == [
        ("first_dealer", "max_value"),
        ("id", "read_only"),
        ("seats", "read_only"),
        ("zz", "unknown_field"),
    ]
    assert not Session.objects.exists()


def test_a_player_body_names_its_unknown_key_beside_its_bad_values(api_as, club):
    before = Player.objects.count()

    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": 123, "aliases": [1], "zz": 1}, format="json"
    )

    assert response.status_code == 400
    fields = {field.split(".")[0] for field, _code in codes(response)}
    assert fields == {"display_name", "aliases", "zz"}
    assert Player.objects.count() == before


def test_a_void_names_its_unknown_key_beside_a_missing_reason(api_as, club, session, recorder):
    from scoring.services import round_record
    from tests.factories import round_self_draw

    round_record(session=session, data=round_self_draw(1), actor=recorder)

    response = api_as("recorder").post(
        club_url(club, f"sessions/{session.pk}/rounds/1/void/"), {"why": "x"}, format="json"
    )

    assert response.status_code == 400
    assert sorted(codes(response)) == [("reason", "required"), ("why", "unknown_field")]
    assert not session.rounds.filter(is_void=True).exists()


def test_a_null_body_is_not_an_object(api_as, club, season):
    response = api_as("recorder").post(
        club_url(club, "sessions/"), "null", content_type="application/json"
    )

    assert (response.status_code, codes(response)) == (400, [("", "not_an_object")])


def test_an_operation_without_a_body_refuses_a_null_one_and_takes_an_empty_one(
    api_as, club, session
):
    client = api_as("recorder")
    url = club_url(club, f"sessions/{session.pk}/finish/")

    null = client.post(url, "null", content_type="application/json")
    assert (null.status_code, codes(null)) == (400, [("", "not_an_object")])
    assert not SessionResult.objects.filter(session=session).exists()
    empty = client.post(url, "", content_type="application/json")
    assert empty.status_code == 200, empty.content
