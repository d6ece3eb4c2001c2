"""开一场 by tapping: the roster is offered as buttons, the players who sat at a table
most recently first; a big club's roster shows the recent twelve and a search box; the
picked names post through the same seat fields (and the same service) as typed ones."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.models import Session
from scoring.selectors import roster_recent_first
from scoring.views import PICKS_SHOWN
from tests.factories import make_players, make_session

pytestmark = pytest.mark.django_db


def start_url(season):
    return reverse("session-new", args=[season.club.slug, season.pk])


def pick_names(html: str) -> list[str]:
    return re.findall(r'data-role="pick" data-name="([^"]+)"', html)


def test_the_roster_is_ordered_by_who_sat_last_then_by_name(club, season, players, recorder):
    now = timezone.now()
    make_session(season, players[4:8], actor=recorder, started_at=now - datetime.timedelta(days=9))
    make_session(season, players[2:6], actor=recorder, started_at=now)

    names = [p.display_name for p in roster_recent_first(club=club)]

    last_night = {p.display_name for p in players[2:6]}
    before = {p.display_name for p in players[6:8]}
    assert set(names[:4]) == last_night
    assert set(names[4:6]) == before
    assert set(names[6:]) == {p.display_name for p in players[:2]}
    assert names[:4] == ["钱七", "孙八", "王五", "赵六"]  # the same night: by pinyin
    assert names[6:] == ["李四", "张三"]  # never sat: by pinyin


def test_the_start_page_offers_each_player_as_a_button_recent_first(rec, season, players, recorder):
    make_session(season, players[4:8], actor=recorder)

    html = rec.get(start_url(season)).content.decode()

    names = pick_names(html)
    assert names[:4] == ["钱七", "孙八", "吴十", "周九"]  # by pinyin, not 周 before 孙
    assert sorted(names) == sorted(p.display_name for p in players)
    assert 'data-role="pick-guest-name"' in html  # a new guest's name is the one thing typed
    assert 'data-role="pick-search"' not in html  # eight players: no search box needed
    assert "js/session-pick.js" in html


def test_a_big_club_shows_the_recent_twelve_and_a_search_box(rec, club, season, players):
    make_players(club, [f"选手{i:02d}" for i in range(20)])

    html = rec.get(start_url(season)).content.decode()

    assert 'data-role="pick-search"' in html
    shown = re.findall(r'data-role="pick" data-name="[^"]+" data-search="[^"]*">', html)
    assert len(shown) == PICKS_SHOWN
    assert html.count("data-more hidden") == 28 - PICKS_SHOWN


def test_picked_names_and_a_guest_start_the_session_through_the_same_checks(rec, season, players):
    picked = {f"seat_{i}": p.display_name for i, p in enumerate(players[:3])}

    response = rec.post(
        start_url(season), {**picked, "seat_3": "新来的", "add_guests": "on", "first_dealer": "0"}
    )

    assert response.status_code == 302
    session = Session.objects.get()
    assert [p.display_name for p in session.players_in_order()] == [
        *(p.display_name for p in players[:3]),
        "新来的",
    ]
    assert session.players_in_order()[3].is_guest


def test_a_player_picked_twice_is_refused_by_the_server_and_nothing_is_stored(rec, season, players):
    name = players[0].display_name
    seats = {"seat_0": name, "seat_1": name, "seat_2": "李四", "seat_3": "王五"}

    response = rec.post(start_url(season), {**seats, "first_dealer": "0"})

    assert response.status_code == 200
    assert "seat_1" in response.context["form"].errors
    assert not Session.objects.exists()
