"""A player or guest whose name, once cleaned (trimmed, NFC), is a club player's own is
refused by the service with the catalogue's error on the field (``name_taken``), on the
event page, in the API and in the service alike; never Django's raw unique message."""

from __future__ import annotations

import datetime
import unicodedata

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues import services
from leagues.models import Player
from scoring.events import services as event_services
from scoring.events.models import Entrant
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def _errors(excinfo):
    return [(e.field, e.code) for e in excinfo.value.errors]


@pytest.fixture
def night(season, organiser):
    return event_services.event_create(
        season=season, name="夜", date=datetime.date(2025, 3, 7), actor=organiser
    )


def test_a_player_named_like_a_club_player_with_spaces_around_is_a_catalogue_error(club, organiser):
    services.player_create(club=club, display_name="张伟", actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.player_create(club=club, display_name=" 张伟 ", actor=organiser)

    assert _errors(excinfo) == [("display_name", "name_taken")]
    assert Player.objects.count() == 1


def test_a_guest_typed_twice_in_two_unicode_forms_is_refused_on_the_guest_field(night, organiser):
    event_services.entrant_add(
        event=night, guest_name=unicodedata.normalize("NFD", "é"), actor=organiser
    )

    with pytest.raises(ServiceErrors) as excinfo:
        event_services.entrant_add(
            event=night, guest_name=unicodedata.normalize("NFC", "é"), actor=organiser
        )

    assert _errors(excinfo) == [("guest_name", "name_taken")]
    assert Player.objects.count() == 1 and Entrant.objects.count() == 1


def test_the_event_page_says_the_guest_is_already_on_the_roster(client, organiser, club, night):
    services.player_create(club=club, display_name="张伟", actor=organiser)
    client.force_login(organiser)

    page = client.post(
        reverse("event-entrant-add", args=[club.slug, night.pk]),
        {"guest_name": " 张伟 "},
        follow=True,
    ).content.decode()

    assert "「张伟」已在名单里" in page
    assert "已经存在" not in page
    assert Player.objects.count() == 1 and not Entrant.objects.exists()


def test_the_player_page_says_the_name_is_already_on_the_roster(client, organiser, club):
    services.player_create(club=club, display_name="张伟", actor=organiser)
    client.force_login(organiser)

    page = client.post(
        reverse("player-new", args=[club.slug]), {"display_name": " 张伟 "}
    ).content.decode()

    assert "「张伟」已在名单里" in page and "已经存在" not in page
    assert Player.objects.count() == 1


def test_the_api_refuses_a_player_of_the_same_name_with_the_catalogue_code(api_as, club):
    Player.objects.create(club=club, display_name="张伟")

    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "张伟 "}, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [("display_name", "name_taken")]
    assert Player.objects.filter(display_name="张伟").count() == 1


def test_a_guest_spelled_with_a_cyrillic_letter_that_looks_latin_is_a_look_alike(night, organiser):
    event_services.entrant_add(event=night, guest_name="AB", actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        event_services.entrant_add(event=night, guest_name="\u0410b", actor=organiser)

    assert _errors(excinfo) == [("guest_name", "name_lookalike")]
    assert Player.objects.count() == 1


def test_a_session_started_with_a_guest_named_as_a_club_player_is_a_catalogue_error(
    season, players, recorder
):
    from scoring.models import Session
    from scoring.services import session_start_with_guests

    with pytest.raises(ServiceErrors) as excinfo:
        session_start_with_guests(
            season=season, seats=[*players[:3], " 赵六 "], first_dealer=0, actor=recorder
        )

    assert _errors(excinfo) == [("display_name", "name_taken")]
    assert not Session.objects.exists()
