"""/api/v1/clubs/: list, retrieve, create, update, the all-time board; roles as on the site."""

import pytest

from leagues.models import Club, Membership
from scoring.services import round_record
from scoring.standings.selectors import club_leaderboard
from tests.api_helpers import club_url, codes
from tests.factories import make_club, round_discard, round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_club(outsider):
    return make_club(name="公开俱乐部", is_public=True, owner=outsider)


def slugs(response):
    assert response.status_code == 200, response.content
    return sorted(c["slug"] for c in response.json()["results"])


def test_anonymous_users_list_public_clubs_only(api_client, club, public_club, other_club):
    assert slugs(api_client.get("/api/v1/clubs/")) == [public_club.slug]


def test_a_member_lists_public_clubs_and_their_own_private_club(
    api_as, club, public_club, other_club
):
    assert slugs(api_as("member").get("/api/v1/clubs/")) == sorted([club.slug, public_club.slug])


def test_the_club_shows_the_requesting_users_role(api_as, api_client, club, public_club):
    assert api_as("organiser").get(club_url(club)).json()["my_role"] == "organiser"
    assert api_client.get(club_url(public_club)).json()["my_role"] is None


def test_a_private_club_is_not_found_for_an_outsider_and_anonymous_users(api_as, api_client, club):
    for client in (api_as("outsider"), api_client):
        response = client.get(club_url(club))
        assert response.status_code == 404
        assert codes(response) == [("", "not_found")]


def test_a_logged_in_user_creates_a_club_and_becomes_its_owner(api_as, outsider):
    response = api_as("outsider").post(
        "/api/v1/clubs/", {"name": "新俱乐部", "slug": "xin", "is_public": True}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["my_role"] == "owner" and response.json()["is_public"] is True
    club = Club.objects.get(slug="xin")
    assert Membership.objects.get(club=club).user == outsider


def test_an_anonymous_user_cannot_create_a_club(api_client):
    response = api_client.post("/api/v1/clubs/", {"name": "x", "slug": "x"}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert codes(response) == [("", "not_authenticated")]
    assert not Club.objects.filter(slug="x").exists()


def test_a_taken_slug_is_refused_with_the_field_named(api_as, club):
    response = api_as("outsider").post(
        "/api/v1/clubs/", {"name": "x", "slug": club.slug}, format="json"
    )
    assert response.status_code == 400
    assert ("slug", "unique") in codes(response)


def test_an_organiser_updates_the_club(api_as, club):
    response = api_as("organiser").patch(club_url(club), {"description": "周五晚上"}, format="json")
    assert response.status_code == 200, response.content
    club.refresh_from_db()
    assert club.description == "周五晚上"


@pytest.mark.parametrize(
    ("role", "status"), [("recorder", 403), ("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_organisers_and_owners_update_the_club(api_as, club, role, status):
    response = api_as(role).patch(club_url(club), {"name": "改名"}, format="json")
    assert response.status_code == status
    club.refresh_from_db()
    assert club.name == "测试俱乐部"


def test_a_put_needs_every_field(api_as, club):
    response = api_as("owner").put(club_url(club), {"name": "全改"}, format="json")
    assert response.status_code == 400
    assert ("slug", "required") in codes(response)


def test_the_list_filters_by_is_public_and_orders_by_name(api_as, club, public_club):
    client = api_as("member")
    assert slugs(client.get("/api/v1/clubs/?is_public=true")) == [public_club.slug]
    names = [c["name"] for c in client.get("/api/v1/clubs/?ordering=-name").json()["results"]]
    assert names == sorted(names, reverse=True) and len(names) == 2


def test_the_all_time_board_has_the_same_numbers_as_the_selector(api_as, club, session, recorder):
    round_record(session=session, data=round_self_draw(1, birds=[2, 3]), actor=recorder)
    round_record(session=session, data=round_discard(2, 3, birds=[1, 4]), actor=recorder)

    body = api_as("member").get(club_url(club, "leaderboard/")).json()

    expected = club_leaderboard(club=club)
    assert body["count"] == len(expected) == 4
    assert [
        (r["rank"], r["player"]["id"], r["net"], r["rounds"], r["wins"]) for r in body["results"]
    ] == [(r.rank, r.player.pk, r.net, r.rounds, r.wins) for r in expected]
    assert sum(r["net"] for r in body["results"]) == 0


def test_the_all_time_board_orders_by_a_column_and_keeps_the_official_ranks(
    api_as, club, session, recorder
):
    round_record(session=session, data=round_self_draw(1, birds=[2, 3]), actor=recorder)
    body = api_as("member").get(club_url(club, "leaderboard/?ordering=-net")).json()
    nets = [r["net"] for r in body["results"]]
    assert nets == sorted(nets)
    assert body["results"][-1]["rank"] == 1


def test_the_all_time_board_of_a_private_club_is_hidden_from_outsiders(api_as, club):
    assert api_as("outsider").get(club_url(club, "leaderboard/")).status_code == 404
