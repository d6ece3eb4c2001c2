"""Every kind of name (player, guest, club, season, league night, ruleset) goes through
the one normaliser (csmj_site.names) in the services, so the pages, the API and the
imports refuse a hidden character and a look-alike of a club's player alike, naming the
field, and store nothing."""

from __future__ import annotations

import datetime
import json

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues import services
from leagues.models import Club, Player, Ruleset, Season
from scoring.club_file import club_export_lines, lines_import
from scoring.events import services as event_services
from scoring.events.models import Entrant, Event
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def _errors(excinfo):
    return [(e.field, e.code) for e in excinfo.value.errors]


def test_a_player_named_with_a_hidden_character_is_refused(club, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        services.player_create(club=club, display_name="张\u200b三", actor=organiser)

    assert _errors(excinfo) == [("display_name", "name_hidden_character")]
    assert not Player.objects.exists()


def test_a_player_whose_name_looks_like_a_club_players_is_refused(club, organiser):
    services.player_create(club=club, display_name="Zhang San", actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.player_create(club=club, display_name="ＺＨＡＮＧ  san", actor=organiser)

    assert _errors(excinfo) == [("display_name", "name_lookalike")]
    assert "looks the same as 'Zhang San'" in excinfo.value.errors[0].message
    assert Player.objects.count() == 1


def test_a_player_may_be_renamed_to_their_own_name_in_another_case(club, organiser):
    player = services.player_create(club=club, display_name="zhang", actor=organiser)
    services.player_create(club=club, display_name="li", actor=organiser)

    assert services.player_update(player=player, display_name="Zhang", actor=organiser)
    with pytest.raises(ServiceErrors) as excinfo:
        services.player_update(player=player, display_name="LI", actor=organiser)
    assert _errors(excinfo) == [("display_name", "name_lookalike")]


def test_an_alias_with_a_hidden_character_is_refused(club, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        services.player_create(
            club=club, display_name="张三", aliases=["老\u202e张"], actor=organiser
        )

    assert _errors(excinfo) == [("aliases", "name_hidden_character")]


def test_a_season_and_a_ruleset_that_look_like_the_clubs_own_are_refused(club, ruleset, organiser):
    services.season_create(
        club=club, name="Spring", start_date=datetime.date(2025, 3, 1), ruleset=ruleset,
        actor=organiser,
    )  # fmt: skip

    with pytest.raises(ServiceErrors) as season:
        services.season_create(
            club=club, name="SPRING", start_date=datetime.date(2025, 3, 1), ruleset=ruleset,
            actor=organiser,
        )  # fmt: skip
    with pytest.raises(ServiceErrors) as rules:
        services.ruleset_create(
            club=club, name="六七片\u200d", config={"preset": "changsha-67"}, actor=organiser
        )

    assert _errors(season) == [("name", "name_lookalike")]
    assert _errors(rules) == [("name", "name_hidden_character")]
    assert Season.objects.count() == 1 and Ruleset.objects.count() == 1


def test_a_club_named_with_a_direction_override_is_refused(owner):
    with pytest.raises(ServiceErrors) as excinfo:
        services.club_create(name="\u202e部乐俱", slug="x", owner=owner)

    assert _errors(excinfo) == [("name", "name_hidden_character")]
    assert not Club.objects.filter(slug="x").exists()


def test_a_league_night_named_with_a_nul_is_refused(season, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        event_services.event_create(
            season=season, name="周五\x00之夜", date=datetime.date(2025, 3, 7), actor=organiser
        )

    assert _errors(excinfo) == [("name", "name_hidden_character")]
    assert not Event.objects.exists()


@pytest.fixture
def night(season, organiser):
    return event_services.event_create(
        season=season, name="夜", date=datetime.date(2025, 3, 7), actor=organiser
    )


def test_a_guest_named_with_a_nul_is_refused_naming_the_guest_field(night, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        event_services.entrant_add(event=night, guest_name="a\x00b", actor=organiser)

    assert _errors(excinfo) == [("guest_name", "name_hidden_character")]
    assert not Player.objects.exists() and not Entrant.objects.exists()


def test_a_guest_who_looks_like_a_club_player_is_refused(night, club, organiser):
    services.player_create(club=club, display_name="Wang", actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        event_services.entrant_add(event=night, guest_name="ｗａｎｇ", actor=organiser)

    assert _errors(excinfo) == [("guest_name", "name_lookalike")]
    assert Player.objects.count() == 1


def test_the_api_refuses_a_player_with_a_zero_width_space(api_as, club):
    before = Player.objects.count()
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "张\u200b三"}, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [("display_name", "name_hidden_character")]
    assert Player.objects.count() == before


def test_the_api_refuses_a_guest_with_a_direction_override(api_as, club, night):
    before = Player.objects.count()
    response = api_as("organiser").post(
        club_url(club, f"events/{night.pk}/entrants/"), {"guest_name": "\u202eab"}, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [("guest_name", "name_hidden_character")]
    assert Player.objects.count() == before


def test_the_event_page_refuses_a_guest_with_a_zero_width_space(client, organiser, club, night):
    client.force_login(organiser)

    page = client.post(
        reverse("event-entrant-add", args=[club.slug, night.pk]),
        {"guest_name": "a\u200bb"},
        follow=True,
    ).content.decode()

    assert "名字里有看不见的字符" in page
    assert not Player.objects.exists()


def test_the_player_page_refuses_a_look_alike_of_a_club_player(client, organiser, club):
    services.player_create(club=club, display_name="Zhang", actor=organiser)
    client.force_login(organiser)

    page = client.post(
        reverse("player-new", args=[club.slug]), {"display_name": "ZHANG"}
    ).content.decode()

    assert "「ZHANG」与已有的「Zhang」看起来一样" in page
    assert Player.objects.count() == 1


def test_an_import_refuses_a_look_alike_of_a_club_player_in_its_roster(
    club, season, players, organiser
):
    lines = list(club_export_lines(club=club))
    header = json.loads(lines[0])
    header["club"]["slug"] = "copy"
    header["players"].append({"display_name": "张三\u3000", "aliases": []})  # trimmed: kept once
    header["players"].append({"display_name": "ＡＢ", "aliases": []})
    header["players"].append({"display_name": "ab", "aliases": []})
    lines[0] = json.dumps(header, ensure_ascii=False)

    with pytest.raises(ServiceErrors) as excinfo:
        lines_import(lines=lines, actor=organiser)

    assert _errors(excinfo) == [("players", "name_lookalike")]
    assert not Club.objects.filter(slug="copy").exists()


def test_a_session_started_with_a_look_alike_guest_is_refused_and_stores_nothing(
    client, recorder, season, players
):
    from scoring.models import Session

    client.force_login(recorder)
    form = {"seat_0": "钱七", "seat_1": "ＺＨＡＮＧ", "seat_2": "周九", "seat_3": "吴十"}
    Player.objects.create(club=season.club, display_name="Zhang")

    page = client.post(
        reverse("session-new", args=[season.club.slug, season.pk]),
        {**form, "first_dealer": "0", "add_guests": "on"},
    ).content.decode()

    assert "「ＺＨＡＮＧ」与已有的「Zhang」看起来一样" in page
    assert not Session.objects.exists()
    assert not Player.objects.filter(display_name="ＺＨＡＮＧ").exists()


def test_a_player_stored_beside_a_look_alike_before_the_check_keeps_their_name(club, organiser):
    first = Player.objects.create(club=club, display_name="zhang")
    Player.objects.create(club=club, display_name="Zhang")

    services.player_update(player=first, display_name="zhang", aliases=["小张"], actor=organiser)

    assert Player.objects.get(pk=first.pk).aliases == ["小张"]
