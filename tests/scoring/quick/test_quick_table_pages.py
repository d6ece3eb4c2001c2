"""开一桌 on the site: no account, the round form one tap away, two codes, a scan."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues.models import Club
from scoring import selectors
from scoring.quick import views as quick_views
from scoring.quick.services import quick_table_create

pytestmark = pytest.mark.django_db


def form(**extra):
    data = {
        "size": "4",
        "preset": "changsha-67",
        "seat_0": "张伟",
        "seat_1": "王芳",
        "seat_2": "李娜",
        "seat_3": "刘洋",
        "first_dealer": "1",
    }
    data.update(extra)
    return data


def test_the_home_page_offers_to_open_a_table_without_an_account(client):
    page = client.get("/").content.decode()
    assert reverse("quick-new") in page


def test_opening_a_table_without_an_account_lands_on_the_round_form_and_may_record(client):
    response = client.post(reverse("quick-new"), form())
    club = Club.objects.get(is_quick=True)
    session = club.seasons.get().sessions.get()
    assert response.status_code == 302
    assert response.url == reverse("round-new", args=[club.slug, session.pk])
    assert client.get(response.url).status_code == 200
    assert session.first_dealer == 1
    detail = client.get(reverse("session", args=[club.slug, session.pk])).content.decode()
    assert reverse("quick-codes", args=[club.slug]) in detail


def test_a_table_of_three_takes_three_names_and_a_bad_form_names_its_field(client):
    client.post(reverse("quick-new"), form(size="3", seat_3=""))
    session = Club.objects.get(is_quick=True).seasons.get().sessions.get()
    assert len(session.players_in_order()) == 3
    refused = client.post(reverse("quick-new"), form(seat_1="张伟"))
    assert refused.status_code == 200
    assert Club.objects.filter(is_quick=True).count() == 1
    # the seat the name sits at twice is named, next to its input
    assert refused.context["form"].errors["seat_1"] == ["张伟 已经坐下了"]
    assert not refused.context["form"].non_field_errors()


def test_the_codes_page_shows_a_following_and_a_recording_code(client):
    client.post(reverse("quick-new"), form())
    club = Club.objects.get(is_quick=True)
    page = client.get(reverse("quick-codes", args=[club.slug])).content.decode()
    assert page.count("<svg") >= 2
    follow = re.search(r'data-role="quick-follow-link" href="([^"]+)"', page).group(1)
    record = re.search(r'data-role="quick-record-link" href="([^"]+)"', page).group(1)
    assert "/f/" in follow and "/join/tbl_" in record


def test_a_second_phone_scanning_the_recording_code_may_record_and_a_stranger_may_not(
    client, django_user_model
):
    from django.test import Client

    client.post(reverse("quick-new"), form())
    club = Club.objects.get(is_quick=True)
    session = club.seasons.get().sessions.get()
    page = client.get(reverse("quick-codes", args=[club.slug])).content.decode()
    record = re.search(r'data-role="quick-record-link" href="([^"]+)"', page).group(1)
    stranger = Client()
    assert stranger.get(reverse("round-new", args=[club.slug, session.pk])).status_code in (
        302,
        403,
        404,
    )
    second = Client()
    landed = second.get(record)
    assert landed.status_code == 302
    assert second.get(reverse("round-new", args=[club.slug, session.pk])).status_code == 200
    wrong = Client().get(record.replace("/join/tbl_", "/join/tbl_x"))
    assert wrong.status_code == 404


def test_the_table_is_never_on_the_public_pages_or_the_api_club_list(client):
    client.post(reverse("quick-new"), form())
    club = Club.objects.get(is_quick=True)
    from django.test import Client

    visitor = Client()
    assert club.slug not in visitor.get("/").content.decode()
    assert club.slug not in visitor.get("/api/v1/clubs/").content.decode()
    assert visitor.get(reverse("club", args=[club.slug])).status_code in (302, 404)


def test_anonymous_table_creation_is_rate_limited(client, monkeypatch):
    monkeypatch.setattr(quick_views, "QUICK_CREATE_LIMIT", 2)
    from django.test import Client

    for _ in range(2):
        assert Client().post(reverse("quick-new"), form()).status_code == 302
    assert Client().post(reverse("quick-new"), form()).status_code == 429
    assert Club.objects.filter(is_quick=True).count() == 2


def test_a_signed_in_player_claims_a_seat_from_the_codes_page(client, owner):
    table = quick_table_create(names=["A", "B", "C", "D"], config="changsha-67", first_dealer=0)
    client.force_login(owner)
    client.get(reverse("quick-join", args=[table.club.slug, table.key]))
    seat = table.session.players_in_order()[2]
    client.post(reverse("quick-claim", args=[table.club.slug, seat.pk]))
    seat.refresh_from_db()
    assert seat.user == owner
    assert selectors.session_totals(session=table.session) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_an_organiser_moves_the_table_into_a_season_from_its_page(client, owner, club, season):
    from leagues.models import Player
    from scoring.models import Session

    regular = Player.objects.create(club=club, display_name="张伟")
    client.force_login(owner)
    client.post(reverse("quick-new"), form())
    table = Club.objects.get(is_quick=True)
    session = table.seasons.get().sessions.get()
    url = reverse("quick-move", args=[table.slug])
    page = client.get(url, {"season": season.pk}).content.decode()
    assert f'<option value="{regular.pk}" selected>' in page
    players = session.players_in_order()
    body = {"season": season.pk, **{f"match_{p.pk}": "guest" for p in players}}
    body[f"match_{players[0].pk}"] = str(regular.pk)
    response = client.post(url, body)
    moved = Session.objects.get(pk=session.pk)
    assert response.status_code == 302 and moved.season == season
    assert moved.players_in_order()[0] == regular


def test_the_calculator_links_to_a_table_with_its_rules_and_names(client):
    import html

    calc = client.get(
        reverse("calc"), {"preset": "changsha-67", "n0": "阿强"}, follow=True
    ).content.decode()
    link = html.unescape(re.search(r'data-role="calc-quick" href="([^"]+)"', calc).group(1))
    page = client.get(link).content.decode()
    assert 'value="阿强"' in page and "changsha-67" in html.unescape(page)


def test_a_calculator_ruleset_of_three_opens_a_table_of_three(client):
    config = '{"preset":"changsha-67","players":3}'
    page = client.get(reverse("quick-new"), {"config": config}).content.decode()
    assert re.search(r'name="size" value="3"[^>]*checked', page)
    assert re.search(r'<option value="calc" selected>计算器里的规则</option>', page)
    client.post(reverse("quick-new"), form(size="3", seat_3="", config=config, preset="calc"))
    table = Club.objects.get(is_quick=True)
    assert table.rulesets.get().config == {"preset": "changsha-67", "players": 3}


def test_a_preset_picked_over_a_calculator_link_is_the_tables_rules(client):
    config = '{"preset":"changsha-67","players":3}'
    client.post(reverse("quick-new"), form(config=config, preset="changsha-points"))
    table = Club.objects.get(is_quick=True)
    assert table.rulesets.get().config == {"preset": "changsha-points", "players": 4}


def test_an_unreadable_calculator_ruleset_is_refused_naming_the_rules(client):
    page = client.post(reverse("quick-new"), form(config="{oops", preset="calc"))
    assert page.status_code == 200
    assert "计算器链接里的规则读不出来" in page.content.decode()
    assert not Club.objects.filter(is_quick=True).exists()


def nav(page):
    return re.search(r'<nav class="topnav".*?</nav>', page, re.S).group(0)


def test_a_phone_recording_by_the_key_names_the_table_in_the_top_bar_not_a_username(client):
    client.post(reverse("quick-new"), form())
    table = Club.objects.get(is_quick=True)
    session = table.seasons.get().sessions.get()
    page = client.get(reverse("session", args=[table.slug, session.pk])).content.decode()
    bar = nav(page)
    assert 'data-role="nav-table"' in bar and "快速开桌" in bar
    assert "quick-" not in bar  # the keeper's username
    assert reverse("account_change_password") not in bar  # the keeper has no password
    assert reverse("quick-codes", args=[table.slug]) in bar
    crumbs = re.search(r'<nav class="crumbs.*?</nav>', page, re.S).group(0)
    assert reverse("quick-codes", args=[table.slug]) in crumbs
    assert f'href="{reverse("club", args=[table.slug])}"' not in crumbs


def test_a_signed_in_owner_sees_their_own_name_in_the_top_bar(client, owner):
    client.force_login(owner)
    client.post(reverse("quick-new"), form())
    table = Club.objects.get(is_quick=True)
    session = table.seasons.get().sessions.get()
    bar = nav(client.get(reverse("session", args=[table.slug, session.pk])).content.decode())
    assert owner.get_username() in bar and 'data-role="nav-table"' not in bar
    assert table.memberships.get(user=owner).role == "owner"


def test_a_keeper_who_claims_a_seat_signs_in_first_and_comes_back_to_the_table_as_themselves(
    client, django_user_model
):
    client.post(reverse("quick-new"), form())
    table = Club.objects.get(is_quick=True)
    seat = table.seasons.get().sessions.get().players_in_order()[1]
    claim = client.post(reverse("quick-claim", args=[table.slug, seat.pk]))
    assert claim.status_code == 302 and claim.url.startswith(reverse("account_login"))
    seat.refresh_from_db()
    assert seat.user is None  # the keeper claims nothing
    from urllib.parse import parse_qs, urlparse

    back = parse_qs(urlparse(claim.url).query)["next"][0]
    assert back.startswith(f"/t/{table.slug}/join/tbl_") and back.endswith("?then=codes")
    alice = django_user_model.objects.create_user(username="alice", password="pw-alice-123")
    client.force_login(alice)
    landed = client.get(back)
    assert landed.status_code == 302 and landed.url == reverse("quick-codes", args=[table.slug])
    client.post(reverse("quick-claim", args=[table.slug, seat.pk]))
    seat.refresh_from_db()
    assert seat.user == alice
    me = client.get(reverse("me")).content.decode()
    assert reverse("session", args=[table.slug, seat.club.seasons.get().sessions.get().pk]) in me


def test_the_keeper_of_one_table_opening_another_records_there_as_its_keeper(client):
    client.post(reverse("quick-new"), form())
    client.post(reverse("quick-new"), form(seat_0="阿强"))
    first, second = Club.objects.filter(is_quick=True).order_by("id")
    owners = [c.memberships.get(role="owner").user.get_username() for c in (first, second)]
    assert owners == [f"quick-{first.slug}", f"quick-{second.slug}"]
    session = second.seasons.get().sessions.get()
    page = client.get(reverse("session", args=[second.slug, session.pk])).content.decode()
    assert reverse("quick-codes", args=[second.slug]) in nav(page)


def test_a_phone_that_joined_by_scan_names_a_seat_left_open_and_only_an_open_one(client):
    from django.test import Client

    client.post(reverse("quick-new"), form(seat_3=""))
    table = Club.objects.get(is_quick=True)
    open_seat = table.seasons.get().sessions.get().players_in_order()[3]
    assert open_seat.display_name == "#4"
    codes = client.get(reverse("quick-codes", args=[table.slug])).content.decode()
    record = html_link(codes, "quick-record-link")
    scanner = Client()
    scanner.get(record)
    page = scanner.get(reverse("quick-codes", args=[table.slug])).content.decode()
    assert page.count('data-role="quick-open-seat"') == 1
    scanner.post(reverse("quick-seat", args=[table.slug, open_seat.pk]), {"name": "阿强"})
    open_seat.refresh_from_db()
    assert open_seat.display_name == "阿强"
    named = table.players.get(display_name="张伟")
    refused = scanner.post(reverse("quick-seat", args=[table.slug, named.pk]), {"name": "X"})
    assert refused.status_code == 302
    named.refresh_from_db()
    assert named.display_name == "张伟"
    stranger = Client().post(reverse("quick-seat", args=[table.slug, named.pk]), {"name": "X"})
    assert stranger.status_code == 404


def html_link(page, role):
    import html

    return html.unescape(re.search(rf'data-role="{role}" href="([^"]+)"', page).group(1))


def test_the_hidden_clubs_page_of_a_table_is_the_table_itself(client):
    client.post(reverse("quick-new"), form())
    table = Club.objects.get(is_quick=True)
    session = table.seasons.get().sessions.get()
    answer = client.get(reverse("club", args=[table.slug]))
    assert answer.status_code == 302
    assert answer.url == reverse("session", args=[table.slug, session.pk])
