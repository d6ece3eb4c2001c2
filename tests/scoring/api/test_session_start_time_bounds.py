"""A session's start time is one the API can write back as RFC 3339: Shanghai's local
mean time before 1901 (+08:05:43) is not, so such a time is refused, naming the field."""

import pytest

from scoring.models import Session
from tests.api_helpers import club_url, codes
from tests.factories import make_session

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "when",
    [
        "1900-12-10T12:43:09Z",
        "1969-06-01T00:00:00Z",
        "2201-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z",
    ],
)
def test_a_start_time_outside_1970_to_2200_is_refused_as_such_and_nothing_changes(
    api_as, club, season, players, recorder, when
):
    session = make_session(season, players[:4], actor=recorder)
    before = Session.objects.get(pk=session.pk).started_at

    response = api_as("recorder").patch(
        club_url(club, f"sessions/{session.pk}/"), {"started_at": when}, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [("started_at", "out_of_range")]
    assert Session.objects.get(pk=session.pk).started_at == before


def test_a_start_time_in_1970_is_written_back_with_a_whole_hour_offset(
    api_as, club, season, players, recorder
):
    session = make_session(season, players[:4], actor=recorder)

    response = api_as("recorder").patch(
        club_url(club, f"sessions/{session.pk}/"),
        {"started_at": "1970-01-02T00:00:00Z"},
        format="json",
    )

    assert response.status_code == 200, response.content
    assert response.json()["started_at"].endswith("+08:00")


def test_a_start_given_as_a_date_alone_is_that_days_midnight_in_the_sites_time_zone(
    api_as, club, season, players, recorder
):
    session = make_session(season, players[:4], actor=recorder)

    response = api_as("recorder").patch(
        club_url(club, f"sessions/{session.pk}/"), {"started_at": "2026-12-07"}, format="json"
    )

    assert response.status_code == 200, response.content
    assert response.json()["started_at"] == "2026-12-07T00:00:00+08:00"
