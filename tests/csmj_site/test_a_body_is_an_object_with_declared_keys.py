"""A body that is not a JSON object is 400 ``not_an_object`` (field ""), on every write
alike; an operation that takes no body (finish, reopen, a night's final and finish)
refuses a key sent in one with ``unknown_field``, as the others refuse an undeclared
field, and still takes an empty body."""

from __future__ import annotations

import pytest

from scoring.models import Session
from scoring.services import round_record
from scoring.standings.models import SessionResult
from tests.api_helpers import club_url, codes
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", [[1, 2], "x", 5])
def test_a_body_that_is_not_an_object_is_refused_as_such(api_as, club, season, players, body):
    api = api_as("recorder")

    made = api.post(club_url(club, "sessions/"), body, format="json")
    player = api_as("organiser").post(club_url(club, "players/"), body, format="json")

    assert (made.status_code, codes(made)) == (400, [("", "not_an_object")])
    assert made.json()["errors"][0]["message"] == "The body must be a JSON object"
    assert (player.status_code, codes(player)) == (400, [("", "not_an_object")])
    assert not Session.objects.exists()


def test_a_void_with_a_list_for_a_body_is_refused_as_not_an_object(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(1), actor=recorder)

    response = api_as("recorder").post(
        club_url(club, f"sessions/{session.pk}/rounds/1/void/"), ["录错"], format="json"
    )

    assert (response.status_code, codes(response)) == (400, [("", "not_an_object")])
    assert not session.rounds.filter(is_void=True).exists()


def test_finish_refuses_a_key_and_takes_an_empty_body(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(1), actor=recorder)
    url = club_url(club, f"sessions/{session.pk}/finish/")
    api = api_as("recorder")

    refused = api.post(url, {"x": 1}, format="json")
    assert (refused.status_code, codes(refused)) == (400, [("x", "unknown_field")])
    assert not SessionResult.objects.filter(session=session).exists()

    assert api.post(url, {}, format="json").status_code == 200
    reopen = api.post(
        club_url(club, f"sessions/{session.pk}/reopen/"), {"now": True}, format="json"
    )
    assert (reopen.status_code, codes(reopen)) == (400, [("now", "unknown_field")])
    assert api.post(club_url(club, f"sessions/{session.pk}/reopen/")).status_code == 200
