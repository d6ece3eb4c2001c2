"""A club whose organiser changes its short name (slug) keeps its old addresses: the pages
under the old slug redirect to the new one (the links shared at tables, a round waiting
on a phone), and no other club may take the old slug. A private club's new name is
never shown to someone who may not read it."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from leagues.models import FormerSlug
from leagues.services import club_create, club_update
from tests.factories import (
    make_club,
    make_players,
    make_season,
    make_session,
    make_user,
    round_self_draw,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def club(alice):
    club = make_club(is_public=True, owner=alice)
    club_update(club=club, actor=alice, slug="yuelu")
    club_update(club=club, actor=alice, slug="yuelu-mj")
    return club


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_page_under_the_old_slug_redirects_to_the_same_page_under_the_new(club):
    response = Client().get("/c/yuelu/?season=all")

    assert response.status_code == 302
    assert response["Location"] == "/c/yuelu-mj/?season=all"
    assert Client().get(response["Location"]).status_code == 200


def test_every_slug_the_club_held_redirects_and_the_club_may_take_one_back(club, alice):
    slug_before_both = FormerSlug.objects.exclude(slug="yuelu").get().slug  # the factory's
    assert Client().get(f"/c/{slug_before_both}/")["Location"] == "/c/yuelu-mj/"

    club_update(club=club, actor=alice, slug="yuelu")

    assert Client().get("/c/yuelu/").status_code == 200
    assert Client().get("/c/yuelu-mj/")["Location"] == "/c/yuelu/"
    assert sorted(FormerSlug.objects.values_list("slug", flat=True)) == sorted(
        [slug_before_both, "yuelu-mj"]
    )


def test_a_round_posted_to_the_old_address_is_redirected_with_its_method_kept(club, alice):
    season = make_season(club)
    session = make_session(season, make_players(club, list("东南西北")), actor=alice)
    body = json.dumps({"number": 1, "data": round_self_draw(0)})  # as the offline queue sends

    response = logged_in(alice).post(
        f"/c/yuelu/sessions/{session.pk}/rounds/save/", body, content_type="application/json"
    )

    assert response.status_code == 307
    assert response["Location"] == f"/c/yuelu-mj/sessions/{session.pk}/rounds/save/"
    assert not session.rounds.exists()  # stored once, at the new address


def test_no_other_club_takes_an_old_slug(club, alice):
    bob = make_user("bob")
    other = make_club(owner=bob)

    with pytest.raises(ValidationError) as taken:
        club_update(club=other, actor=bob, slug="yuelu")
    assert taken.value.error_dict["slug"][0].code == "unique"
    with pytest.raises(ValidationError):
        club_create(name="另一家", slug="yuelu", is_public=True, owner=bob)


def test_a_private_clubs_old_slug_shows_an_outsider_nothing_new(alice):
    club = make_club(owner=alice)
    club_update(club=club, actor=alice, slug="secret")
    club_update(club=club, actor=alice, slug="secret-2")
    old = "/c/secret/"

    anonymous = Client().get(old)
    outsider = logged_in(make_user("bob")).get(old)
    member = logged_in(alice).get(old)

    assert anonymous.status_code == 302 and "secret-2" not in anonymous["Location"]
    assert anonymous["Location"].startswith("/accounts/login/")
    assert outsider.status_code == 404
    assert member["Location"] == "/c/secret-2/"


def test_a_page_kept_under_the_old_slug_is_not_served_after_the_change(club, alice):
    season = make_season(club)
    pages = ["/c/yuelu-mj/", f"/c/yuelu-mj/seasons/{season.pk}/"]
    for page in pages * 2:  # the second reader is served the kept page
        assert Client().get(page).status_code == 200

    club_update(club=club, actor=alice, slug="yuelu-3")

    for page in pages:
        response = Client().get(page)
        assert response.status_code == 302
        assert response["Location"] == page.replace("yuelu-mj", "yuelu-3")


def test_a_slug_that_differs_only_in_capitals_is_taken(club, alice):
    bob = make_user("bob")
    other = make_club(owner=bob)

    for slug in ("YUELU-MJ", "Yuelu"):  # the slug now, a former one
        with pytest.raises(ValidationError) as taken:
            club_update(club=other, actor=bob, slug=slug)
        assert taken.value.error_dict["slug"][0].code == "unique"
    club_update(club=club, actor=alice, slug="Yuelu-MJ")  # the club's own, recapitalised
    assert club.slug == "Yuelu-MJ"


def test_a_waiting_round_retried_at_the_old_address_after_it_was_stored_is_replayed(club, alice):
    """The phone's first try was redirected and stored, its answer lost: the queue sends
    it again, to the old address, with the same key, and gets the stored answer."""
    season = make_season(club)
    session = make_session(season, make_players(club, list("东南西北")), actor=alice)
    body = json.dumps({"number": 1, "data": round_self_draw(0)})
    phone = logged_in(alice)
    key = {"HTTP_IDEMPOTENCY_KEY": "round-1-of-the-evening"}
    old = f"/c/yuelu/sessions/{session.pk}/rounds/save/"

    moved = phone.post(old, body, content_type="application/json", **key)
    stored = phone.post(moved["Location"], body, content_type="application/json", **key)
    again = phone.post(old, body, content_type="application/json", **key)

    assert (moved.status_code, stored.status_code, again.status_code) == (307, 201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == stored.json()
    assert session.rounds.count() == 1


def test_the_wizard_picks_a_slug_no_other_club_holds_in_other_capitals(alice):
    import datetime

    from leagues.models import Club
    from leagues.services import club_setup

    Club.objects.create(name="别家", slug="Yuelu-Club")

    made = club_setup(
        owner=alice,
        name="Yuelu Club",
        is_public=False,
        ruleset_name="六七片",
        ruleset_config={"preset": "changsha-67"},
        player_names=["张三", "李四", "王五", "赵六"],
        season_name="秋季赛",
        start_date=datetime.date(2026, 9, 1),
    )

    assert made.club.slug.startswith("yuelu-club-")


def test_a_club_keeps_its_slug_stored_beside_another_in_other_capitals(alice):
    """Stored before capitals counted: its settings still save with the slug unchanged."""
    from leagues.models import Club

    club = make_club(owner=alice)
    club_update(club=club, actor=alice, slug="Foo")
    Club.objects.create(name="别家", slug="foo")

    club_update(club=club, actor=alice, slug="Foo", name="新名字")

    club.refresh_from_db()
    assert (club.slug, club.name) == ("Foo", "新名字")
