"""/api/v1/clubs/{slug}/players/: the roster, and a player's statistics."""

import datetime

import pytest

from leagues.models import Player
from scoring.services import round_record
from scoring.standings.selectors import player_stats
from tests.api_helpers import club_url, codes
from tests.factories import make_club, make_players, make_season, make_session, round_self_draw

pytestmark = pytest.mark.django_db


def test_a_member_lists_the_roster_in_name_order(api_as, club, players):
    body = api_as("member").get(club_url(club, "players/")).json()
    assert body["count"] == 8
    names = [p["display_name"] for p in body["results"]]
    assert names == sorted(names)
    assert {p["club"] for p in body["results"]} == {club.slug}


def test_the_roster_is_paginated(api_as, club, players):
    body = api_as("member").get(club_url(club, "players/?page_size=3&page=2")).json()
    assert body["count"] == 8 and len(body["results"]) == 3
    assert body["next"] and body["previous"]


def test_a_page_past_the_end_is_not_found(api_as, club, players):
    response = api_as("member").get(club_url(club, "players/?page=99"))
    assert response.status_code == 404
    assert codes(response) == [("page", "not_found")]  # names the page (and the last one)


def test_the_roster_filters_by_name_and_by_season_played(
    api_as, club, players, season, session, recorder
):
    other_season = make_season(club, name="秋季赛")
    make_session(other_season, players[4:], actor=recorder)
    client = api_as("member")

    in_season = client.get(club_url(club, f"players/?season={season.pk}")).json()["results"]
    assert sorted(p["id"] for p in in_season) == sorted(p.pk for p in players[:4])
    named = client.get(club_url(club, "players/?q=张")).json()["results"]
    assert [p["display_name"] for p in named] == ["张三"]


def test_an_organiser_adds_a_player_with_aliases(api_as, club):
    response = api_as("organiser").post(
        club_url(club, "players/"),
        {"display_name": "  老王 ", "aliases": ["王哥", "王哥", "老王"]},
        format="json",
    )
    assert response.status_code == 201, response.content
    player = Player.objects.get(pk=response.json()["id"])
    assert (player.club, player.display_name, player.aliases) == (club, "老王", ["王哥"])


def test_a_duplicate_name_is_refused_by_the_service_with_the_field(api_as, club, players):
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "张三"}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("display_name", "name_taken")]


def test_a_wrong_type_is_refused_before_the_service(api_as, club):
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "x", "aliases": "not a list"}, format="json"
    )
    assert response.status_code == 400
    assert codes(response) == [("aliases", "not_a_list")]


@pytest.mark.parametrize(
    ("role", "status"), [("recorder", 403), ("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_organisers_add_players(api_as, club, role, status):
    response = api_as(role).post(
        club_url(club, "players/"), {"display_name": "新人"}, format="json"
    )
    assert response.status_code == status
    assert not Player.objects.filter(display_name="新人").exists()


def test_an_organiser_renames_a_player(api_as, club, players):
    response = api_as("organiser").patch(
        club_url(club, f"players/{players[0].pk}/"), {"display_name": "张三丰"}, format="json"
    )
    assert response.status_code == 200
    players[0].refresh_from_db()
    assert players[0].display_name == "张三丰"


@pytest.mark.parametrize(("role", "status"), [("member", 403), ("outsider", 404)])
def test_others_cannot_rename_a_player(api_as, club, players, role, status):
    response = api_as(role).patch(
        club_url(club, f"players/{players[0].pk}/"), {"display_name": "改"}, format="json"
    )
    assert response.status_code == status


def test_a_player_of_another_club_is_not_found_under_this_club(api_as, club, other_club):
    stranger = other_club.players.first()
    assert api_as("owner").get(club_url(club, f"players/{stranger.pk}/")).status_code == 404


def test_anonymous_users_read_the_roster_of_a_public_club_only(api_client, club, players, outsider):
    public = make_club(is_public=True, owner=outsider)
    make_players(public, ["甲"])
    assert api_client.get(club_url(public, "players/")).json()["count"] == 1
    assert api_client.get(club_url(club, "players/")).status_code == 404


def test_player_statistics_match_the_selector(api_as, club, players, season, session, recorder):
    round_record(
        session=session, data=round_self_draw(0, ["qingyise"], birds=[5, 2]), actor=recorder
    )
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=recorder)

    body = api_as("member").get(club_url(club, f"players/{players[0].pk}/stats/")).json()

    stats = player_stats(player=players[0])
    assert (body["net"], body["rounds"], body["wins"], body["big_hands"], body["birds_hit"]) == (
        stats.net,
        stats.rounds,
        stats.wins,
        stats.big_hands,
        stats.birds_hit,
    )
    assert body["rounds"] == 2 and body["wins"] == 2 and body["big_hands"] == 1
    assert {h["code"]: h["count"] for h in body["hand_counts"]} == {"qingyise": 1, "pinghu": 1}
    assert [p["cumulative"] for p in body["chip_history"]] == [stats.net]


def test_player_statistics_can_be_limited_to_a_season(
    api_as, club, players, season, session, recorder
):
    later = make_season(club, name="冬季赛", start_date=datetime.date(2025, 12, 1))
    round_record(session=session, data=round_self_draw(0), actor=recorder)
    client = api_as("member")

    url = club_url(club, f"players/{players[0].pk}/stats/")
    assert client.get(f"{url}?season={season.pk}").json()["rounds"] == 1
    assert client.get(f"{url}?season={later.pk}").json()["rounds"] == 0
    assert client.get(f"{url}?season=999999").status_code == 404
    bad = client.get(f"{url}?season=abc")
    assert bad.status_code == 400 and codes(bad) == [("season", "invalid")]
