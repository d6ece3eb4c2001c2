"""The pages for guests: adding one while starting a session, the 客 mark, merging."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues import services as league_services
from leagues.models import Player
from scoring.models import Session

pytestmark = pytest.mark.django_db


def start(client, season, **extra):
    form = {"seat_0": "钱七", "seat_1": "路人", "seat_2": "周九", "seat_3": "吴十"}
    form.update(first_dealer="0", **extra)
    return client.post(reverse("session-new", args=[season.club.slug, season.pk]), form)


def merge_url(guest):
    return reverse("player-merge", args=[guest.club.slug, guest.pk])


@pytest.fixture
def guest(club, recorder):
    return league_services.player_create(
        club=club, display_name="路人甲", is_guest=True, actor=recorder
    )


def test_a_recorder_starts_a_session_with_a_new_name_added_as_a_guest(rec, season, players):
    response = start(rec, season, add_guests="on")

    session = Session.objects.get(seats__player__display_name="路人")
    assert response.status_code == 302
    assert [p.display_name for p in session.players_in_order()] == ["钱七", "路人", "周九", "吴十"]
    assert Player.objects.get(display_name="路人").is_guest


def test_without_the_guest_box_a_new_name_still_names_its_seat(rec, season, players):
    response = start(rec, season)

    assert set(response.context["form"].errors) == {"seat_1"}
    assert not Player.objects.filter(display_name="路人").exists()


def test_the_players_page_marks_guests_and_offers_the_organiser_a_merge(
    client, organiser, players, guest
):
    client.force_login(organiser)

    page = client.get(reverse("players", args=[guest.club.slug])).content.decode()

    assert ">客<" in page
    assert merge_url(guest) in page
    client.cookies["django_language"] = "en"
    english = client.get(reverse("players", args=[guest.club.slug])).content.decode()
    assert ">guest<" in english and ">客<" not in english
    assert page.count("/merge/") == Player.objects.filter(club=guest.club).count()


def test_the_players_page_lists_the_roster_by_pinyin(client, organiser, players):
    client.force_login(organiser)

    page = client.get(reverse("players", args=[players[0].club.slug])).content.decode()

    shown = re.findall(r"<b>([^<]+)</b></a>", page)
    assert shown == ["李四", "钱七", "孙八", "王五", "吴十", "张三", "赵六", "周九"]


def test_an_organiser_merges_a_guest_through_the_page(client, organiser, players, guest):
    client.force_login(organiser)
    assert client.get(merge_url(guest)).status_code == 200

    response = client.post(merge_url(guest), {"target": players[4].pk, "confirm": "on"})

    assert response.status_code == 302
    assert not Player.objects.filter(pk=guest.pk).exists()


def test_the_merge_page_needs_the_confirmation(client, organiser, players, guest):
    client.force_login(organiser)

    response = client.post(merge_url(guest), {"target": players[4].pk})

    assert response.context["form"].errors["confirm"] == ["合并不能撤销：请先勾选上面的确认。"]
    assert "合并不能撤销" in response.content.decode()  # says why, not 该字段是必填项
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_refused_merge_shows_the_shared_session_on_the_page(
    client, organiser, recorder, season, players, guest
):
    from scoring import services

    shared = services.session_start(
        season=season, players=[guest, *players[:3]], first_dealer=0, actor=recorder
    )
    client.force_login(organiser)

    response = client.post(merge_url(guest), {"target": players[0].pk, "confirm": "on"})

    assert response.status_code == 400
    page = response.content.decode()
    assert "同坐过一场" in page
    assert f"{season.name} {shared.title}" in page  # named as its page names it
    assert f"{season.name} #{shared.pk}" not in page  # as str(session) reads
    assert Player.objects.filter(pk=guest.pk).exists()


@pytest.mark.parametrize("role", ["recorder", "member", "outsider"])
def test_only_organisers_reach_the_merge_page(client, users_by_role, players, guest, role):
    client.force_login(users_by_role[role])

    response = client.post(merge_url(guest), {"target": players[4].pk, "confirm": "on"})

    assert response.status_code in (403, 404)
    assert Player.objects.filter(pk=guest.pk).exists()


def test_a_regular_player_entered_twice_is_merged_through_the_page(client, organiser, players):
    client.force_login(organiser)
    twice = league_services.player_create(
        club=players[0].club, display_name="老钱", actor=organiser
    )

    page = client.get(merge_url(twice)).content.decode()
    response = client.post(merge_url(twice), {"target": players[0].pk, "confirm": "on"})

    assert "这个名字和别名成为该选手的别名" in page
    assert response.status_code == 302
    players[0].refresh_from_db()
    assert "老钱" in players[0].aliases
    assert not Player.objects.filter(pk=twice.pk).exists()


def test_the_merge_page_offers_no_player_to_merge_into_themselves(client, organiser, players):
    client.force_login(organiser)

    response = client.get(merge_url(players[0]))

    offered = list(response.context["form"].fields["target"].queryset)
    assert players[0] not in offered and players[1] in offered
    shown = re.findall(r'<option value="\d+">([^<]+)</option>', response.content.decode())
    assert shown == ["李四", "钱七", "孙八", "王五", "吴十", "赵六", "周九"]  # by pinyin


def delete_url(player):
    return reverse("player-delete", args=[player.club.slug, player.pk])


def test_a_player_who_never_played_is_deleted_from_the_merge_page(client, organiser, club):
    client.force_login(organiser)
    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)

    page = client.get(merge_url(typo)).content.decode()
    response = client.post(delete_url(typo), follow=True)

    assert delete_url(typo) in page
    assert "已删除选手 张三三" in response.content.decode()
    assert not Player.objects.filter(pk=typo.pk).exists()


def test_a_player_who_played_offers_no_delete_and_a_post_is_refused_in_words(
    client, organiser, recorder, season, players, guest
):
    from scoring import services

    services.session_start(
        season=season, players=[guest, *players[:3]], first_dealer=0, actor=recorder
    )
    client.force_login(organiser)

    page = client.get(merge_url(guest)).content.decode()
    response = client.post(delete_url(guest), follow=True)

    assert delete_url(guest) not in page
    assert "不能删除" in response.content.decode()
    assert Player.objects.filter(pk=guest.pk).exists()


@pytest.mark.parametrize("role", ["recorder", "member", "outsider"])
def test_only_organisers_delete_a_player(client, users_by_role, club, organiser, role):
    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)
    client.force_login(users_by_role[role])

    response = client.post(delete_url(typo))

    assert response.status_code in (403, 404)
    assert Player.objects.filter(pk=typo.pk).exists()


def test_a_delete_is_a_post(client, organiser, club):
    typo = league_services.player_create(club=club, display_name="张三三", actor=organiser)
    client.force_login(organiser)

    assert client.get(delete_url(typo)).status_code == 405
    assert Player.objects.filter(pk=typo.pk).exists()
