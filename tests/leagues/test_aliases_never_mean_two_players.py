"""A name typed into a seat means one player: no alias is another player's name or alias,
and no player is renamed to another's alias (leagues.services, every way in)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from leagues.models import Player
from leagues.services import player_create, player_update
from scoring.forms import find_player
from tests.api_helpers import club_url

pytestmark = pytest.mark.django_db


def refused(exc) -> dict[str, list[str]]:
    return exc.value.message_dict


def test_an_alias_that_is_another_players_name_is_refused(club, organiser):
    player_create(club=club, display_name="张三", actor=organiser)

    with pytest.raises(ValidationError) as exc:
        player_create(club=club, display_name="陈十二", aliases=["小陈", "张三"], actor=organiser)

    assert "aliases" in refused(exc)
    assert not Player.objects.filter(display_name="陈十二").exists()


def test_an_alias_another_player_already_answers_to_is_refused(club, organiser):
    player_create(club=club, display_name="陈十二", aliases=["小陈"], actor=organiser)
    other = player_create(club=club, display_name="陈一", actor=organiser)

    with pytest.raises(ValidationError) as exc:
        player_update(player=other, aliases=["小陈"], actor=organiser)

    assert "aliases" in refused(exc)
    other.refresh_from_db()
    assert other.aliases == []


def test_a_player_renamed_to_another_players_alias_is_refused(club, organiser):
    chen = player_create(club=club, display_name="陈十二", aliases=["小陈"], actor=organiser)
    zhang = player_create(club=club, display_name="张 三", actor=organiser)

    with pytest.raises(ValidationError) as exc:
        player_update(player=zhang, display_name="小陈", actor=organiser)

    assert "display_name" in refused(exc)
    zhang.refresh_from_db()
    assert zhang.display_name == "张 三"
    roster = list(Player.objects.filter(club=club))
    assert find_player(roster, "小陈") == chen


def test_a_name_with_a_space_between_its_characters_is_the_same_name(club, organiser):
    player_create(club=club, display_name="张三", actor=organiser)

    with pytest.raises(ValidationError) as exc:
        player_create(club=club, display_name="张 三", actor=organiser)

    assert "display_name" in refused(exc)


def test_words_stored_before_the_check_stay_when_something_else_changes(club, organiser, member):
    player_create(club=club, display_name="张三", actor=organiser)
    old = Player.objects.create(club=club, display_name="陈十二", aliases=["张三"])

    player_update(player=old, user=member, actor=organiser)

    old.refresh_from_db()
    assert (old.aliases, old.user) == (["张三"], member)


def test_the_roster_page_says_why_an_alias_is_refused_and_stores_nothing(client, club, organiser):
    player_create(club=club, display_name="张三", actor=organiser)
    client.force_login(organiser)

    response = client.post(
        reverse("player-new", args=[club.slug]), {"display_name": "陈十二", "aliases": "小陈、张三"}
    )

    assert response.status_code == 200
    assert "「张三」是名单上另一位选手的名字" in response.content.decode()
    assert not Player.objects.filter(display_name="陈十二").exists()


def test_the_api_refuses_an_alias_that_is_another_players_name_on_its_field(
    api_as, club, organiser
):
    player_create(club=club, display_name="张三", actor=organiser)
    client = api_as("organiser")

    response = client.post(
        club_url(club, "players/"),
        {"display_name": "陈十二", "aliases": ["张三"]},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "aliases"
    assert response.json()["errors"][0]["code"] == "alias_is_a_name"
