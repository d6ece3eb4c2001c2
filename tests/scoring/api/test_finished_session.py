"""A finished session (结束本场) through the API: it says it is finished and what comes
next, and it refuses a new round with 409 until it is reopened."""

import pytest

from scoring.models import Round
from scoring.services import round_record
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def test_a_round_posted_to_a_finished_session_answers_409_naming_the_state(
    api_as, club, session, recorder
):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    client = api_as("recorder")
    client.post(club_url(club, f"sessions/{session.pk}/finish/"))

    response = client.post(rounds_url(club, session), round_discard(1, 3), format="json")

    assert response.status_code == 409
    assert codes(response) == [("session", "session_finished")]
    assert "reopen" in response.json()["errors"][0]["message"]
    assert Round.objects.filter(session=session).count() == 1


def test_after_reopening_the_session_takes_the_round(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    client = api_as("recorder")
    client.post(club_url(club, f"sessions/{session.pk}/finish/"))
    client.post(club_url(club, f"sessions/{session.pk}/reopen/"))

    response = client.post(rounds_url(club, session), round_discard(1, 3), format="json")

    assert response.status_code == 201
    assert response.json()["number"] == 2


def test_a_session_carries_finished_the_next_number_and_the_next_dealer(
    api_as, club, session, recorder
):
    client = api_as("recorder")
    started = client.get(club_url(club, f"sessions/{session.pk}/")).json()
    assert (started["finished"], started["next_number"], started["next_dealer"]) == (
        False,
        1,
        session.first_dealer,
    )

    client.post(rounds_url(club, session), round_self_draw(2, birds=[5, 9]), format="json")
    client.post(club_url(club, f"sessions/{session.pk}/finish/"))

    detail = client.get(club_url(club, f"sessions/{session.pk}/")).json()
    listed = client.get(club_url(club, "sessions/")).json()["results"][0]
    for body in (detail, listed):
        assert (body["finished"], body["next_number"], body["next_dealer"]) == (True, 2, 2)


def _closed_after(client, club, session, recorder, *, finished: bool):
    round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)
    if finished:
        assert client.post(club_url(club, f"sessions/{session.pk}/finish/")).status_code == 200
    session.season.is_closed = True
    session.season.save()
    return client.get(club_url(club, f"seasons/{session.season.pk}/ratings/")).json()


@pytest.mark.parametrize(
    ("finished", "action"),
    [(True, "reopen"), (False, "finish")],
    ids=["a finished session is not reopened", "an open session is not finished"],
)
def test_a_session_in_a_closed_season_keeps_its_state_and_the_seasons_ratings_stay(
    api_as, club, session, recorder, finished, action
):
    client = api_as("recorder")
    ratings = _closed_after(client, club, session, recorder, finished=finished)
    if finished:
        assert ratings["count"] == 4

    response = client.post(club_url(club, f"sessions/{session.pk}/{action}/"))

    assert response.status_code == 400
    assert codes(response) == [("season", "season_closed")]
    assert client.get(club_url(club, f"sessions/{session.pk}/")).json()["finished"] is finished
    assert client.get(club_url(club, f"seasons/{session.season.pk}/ratings/")).json() == ratings


def test_finishing_a_finished_session_again_in_a_closed_season_changes_nothing(
    api_as, club, session, recorder
):
    client = api_as("recorder")
    ratings = _closed_after(client, club, session, recorder, finished=True)

    response = client.post(club_url(club, f"sessions/{session.pk}/finish/"))

    assert response.status_code == 200
    assert client.get(club_url(club, f"seasons/{session.season.pk}/ratings/")).json() == ratings
