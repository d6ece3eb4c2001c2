"""POST /api/v1/clubs/{slug}/players/{id}/merge/: an organiser merges a guest (客) or a
player entered twice; DELETE …/players/{id}/: one who never played is deleted."""

import datetime

import pytest

from leagues import services as league_services
from leagues.models import Player
from scoring import services
from scoring.events.services import entrant_add, event_create
from tests.api_helpers import club_url, codes
from tests.openapi_contract import assert_matches_schema

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


def test_a_regular_player_entered_twice_is_merged_and_named_in_the_targets_aliases(
    api_as, club, players, organiser
):
    twice = league_services.player_create(club=club, display_name="老王", actor=organiser)

    response = merge(api_as("organiser"), twice, players[4].pk)

    assert response.status_code == 200, response.content
    assert_matches_schema(response)
    assert "老王" in response.json()["aliases"]
    assert not Player.objects.filter(pk=twice.pk).exists()


def test_an_organiser_deletes_a_player_who_never_played(api_as, club, organiser):
    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)

    response = api_as("organiser").delete(club_url(club, f"players/{typo.pk}/"))

    assert response.status_code == 204
    assert_matches_schema(response)
    assert not Player.objects.filter(pk=typo.pk).exists()


def test_deleting_a_player_who_played_is_a_400_naming_the_player(
    api_as, club, season, players, guest, recorder
):
    services.session_start(
        season=season, players=[guest, *players[:3]], first_dealer=0, actor=recorder
    )

    response = api_as("organiser").delete(club_url(club, f"players/{guest.pk}/"))

    assert response.status_code == 400
    assert codes(response) == [("player", "player_has_rounds")]
    assert_matches_schema(response)
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_recorder_may_not_delete_a_player(api_as, club, guest):
    response = api_as("recorder").delete(club_url(club, f"players/{guest.pk}/"))

    assert response.status_code == 403
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_target_that_is_not_on_this_roster_is_a_400_on_target(api_as, guest, other_club):
    from tests.factories import make_players

    stranger = make_players(other_club, ["外人"])[0]

    for target in (stranger.pk, 99999):
        response = merge(api_as("organiser"), guest, target)

        assert response.status_code == 400
        assert codes(response) == [("target", "does_not_exist")]
    assert Player.objects.filter(pk=guest.pk).exists()


def test_merging_a_league_nights_entrant_is_a_400_naming_the_player_not_a_guest(
    api_as, season, players, organiser
):
    night = event_create(
        season=season, name="周五夜", date=datetime.date(2025, 3, 7), actor=organiser
    )
    entrant_add(event=night, player=players[5], actor=organiser)

    response = merge(api_as("organiser"), players[5], players[4].pk)

    assert response.status_code == 400
    assert codes(response) == [("player", "merge_night_entrant")]
    assert Player.objects.filter(pk=players[5].pk).exists()
