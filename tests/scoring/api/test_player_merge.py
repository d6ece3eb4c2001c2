"""POST /api/v1/clubs/{slug}/players/{id}/merge/: an organiser merges a guest (客)."""

import pytest

from leagues import services as league_services
from leagues.models import Player
from scoring import services
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest(club, recorder):
    return league_services.player_create(
        club=club, display_name="路人甲", is_guest=True, actor=recorder
    )


def merge(client, guest, target_id):
    return client.post(
        club_url(guest.club, f"players/{guest.pk}/merge/"), {"target": target_id}, format="json"
    )


def test_an_organiser_merges_a_guest_and_gets_the_target_back(api_as, players, guest):
    response = merge(api_as("organiser"), guest, players[4].pk)

    assert response.status_code == 200, response.content
    assert (response.json()["id"], response.json()["is_guest"]) == (players[4].pk, False)
    assert not Player.objects.filter(pk=guest.pk).exists()


def test_a_recorder_may_not_merge(api_as, players, guest):
    response = merge(api_as("recorder"), guest, players[4].pk)

    assert response.status_code == 403
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_merge_of_two_who_shared_a_session_is_a_400_on_target(
    api_as, season, players, guest, recorder
):
    services.session_start(
        season=season, players=[guest, *players[:3]], first_dealer=0, actor=recorder
    )

    response = merge(api_as("organiser"), guest, players[0].pk)

    assert response.status_code == 400
    assert [field for field, _code in codes(response)] == ["target"]
    assert Player.objects.filter(pk=guest.pk).exists()
