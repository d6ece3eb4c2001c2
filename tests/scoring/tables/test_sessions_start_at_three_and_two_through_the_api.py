"""POST /sessions/ seats the season's table size: three or two players start a session
of that size; any other count is refused naming ``players``, and nothing is stored."""

from __future__ import annotations

import pytest

from scoring.models import Session, SessionSeat
from tests.api_helpers import club_url, codes
from tests.factories import make_table_season

pytestmark = pytest.mark.django_db


def start(client, club, season, players, **extra):
    body = {"season": season.pk, "players": [p.pk for p in players], **extra}
    return client.post(club_url(club, "sessions/"), body, format="json")


@pytest.mark.parametrize("seats", [3, 2])
def test_a_session_of_three_or_two_starts(api_as, club, players, seats):
    season = make_table_season(club, seats)

    response = start(api_as("recorder"), club, season, players[:seats], first_dealer=1)

    assert response.status_code == 201, response.content
    body = response.json()
    assert [s["player"] for s in body["seats"]] == [p.pk for p in players[:seats]]
    assert (body["next_number"], body["next_dealer"]) == (1, 1)
    detail = api_as("recorder").get(club_url(club, f"sessions/{body['id']}/")).json()
    assert detail["totals"] == [0] * seats


@pytest.mark.parametrize(("seats", "given"), [(3, 4), (3, 2), (2, 3)])
def test_a_wrong_count_is_refused_naming_players(api_as, club, players, seats, given):
    season = make_table_season(club, seats)

    response = start(api_as("recorder"), club, season, players[:given])

    assert response.status_code == 400
    assert codes(response) == [("players", "players")]
    assert str(seats) in response.json()["errors"][0]["message"]
    assert not Session.objects.exists() and not SessionSeat.objects.exists()


def test_a_first_dealer_off_a_table_of_two_is_refused(api_as, club, players):
    season = make_table_season(club, 2)

    response = start(api_as("recorder"), club, season, players[:2], first_dealer=2)

    assert codes(response) == [("first_dealer", "first_dealer")]
    assert not Session.objects.exists()
