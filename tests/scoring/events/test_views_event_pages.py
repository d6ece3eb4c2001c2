"""The pages of a league night: an organiser creates it, taps names in, draws, starts a
table (its round form opens with the timer), gives a penalty; the board shows it all."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.events.models import Entrant, Event, SeatingRound
from scoring.models import Session
from scoring.standings.models import Penalty
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def org(client, organiser):
    client.force_login(organiser)
    return client


def test_an_organiser_creates_a_night_taps_names_and_draws_table_cards(org, club, season, roster):
    created = org.post(
        reverse("event-list", args=[club.slug, season.pk]),
        {"name": "周五之夜", "date": "2025-03-07", "rounds_planned": "3", "timer_minutes": "40"},
    )
    event = Event.objects.get()
    assert created.url == reverse("event", args=[club.slug, event.pk])
    for p in roster[:8]:
        org.post(reverse("event-entrant-add", args=[club.slug, event.pk]), {"player": p.pk})
    org.post(reverse("event-entrant-add", args=[club.slug, event.pk]), {"guest_name": "路人甲"})
    org.post(
        reverse("event-check-in", args=[club.slug, event.pk]),
        {"player": roster[0].pk, "present": "0"},
    )
    assert Entrant.objects.filter(event=event, checked_in=True).count() == 8
    assert Entrant.objects.get(event=event, player__display_name="路人甲").player.is_guest

    org.post(reverse("event-draw", args=[club.slug, event.pk]), {"seed": "5"})
    page = org.get(reverse("event", args=[club.slug, event.pk])).content.decode()

    rnd = SeatingRound.objects.get()
    first = rnd.tables.get(number=1)
    assert "桌 1" in page and "桌 2" in page
    assert f'<span class="ev-wind">东</span> {roster_name(first.seats[0])}' in page
    assert "抽签号 5" in page
    assert page.count('data-role="table-start"') == 2
    help_line = page.split('data-role="check-in-help">')[1].split("</p>")[0]
    assert "排座只安排已到的人" in help_line and "「退出」是今晚不再打" in help_line


def roster_name(pid):
    from leagues.models import Player

    return Player.objects.get(pk=pid).display_name


def test_start_recording_opens_the_round_form_of_the_tables_session_with_its_timer(
    org, club, season, roster, organiser
):
    event = services.event_create(
        season=season, name="夜", date=season.start_date, timer_minutes=40, actor=organiser
    )
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    seats = rnd.tables.get().seats

    started = org.post(
        reverse("event-table-start", args=[club.slug, event.pk]), {"round": 1, "table": 1}
    )

    session = Session.objects.get()
    assert started.url == reverse("round-new", args=[club.slug, session.pk])
    assert [p.pk for p in session.players_in_order()] == seats
    assert session.first_dealer == 0
    form = org.get(started.url).content.decode()
    assert 'data-role="event-timer"' in form and "event-timer.js" in form


def test_a_refusal_shows_on_the_event_page_in_chinese_and_stores_nothing(
    org, club, season, roster, organiser
):
    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    enter(event, roster[:4], organiser)
    services.round_draw(event=event, actor=organiser, seed=1)
    org.post(reverse("event-table-start", args=[club.slug, event.pk]), {"round": 1, "table": 1})

    page = org.post(
        reverse("event-draw", args=[club.slug, event.pk]), {"number": "1", "seed": "9"}, follow=True
    ).content.decode()

    assert "第 1 轮已有桌开始，不能重新排座" in page
    assert SeatingRound.objects.get().seed == 1


def test_a_penalty_given_on_the_page_shows_on_the_board(org, club, season, roster, organiser):
    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    enter(event, roster[:4], organiser)

    org.post(
        reverse("event-penalty", args=[club.slug, event.pk]),
        {"player": roster[2].pk, "amount": "-20", "reason": "看别人的牌"},
    )
    board = org.get(reverse("event-board", args=[club.slug, event.pk])).content.decode()

    assert Penalty.objects.get().amount == -20
    assert "看别人的牌" in board and "-20" in board
    assert 'id="follow-area"' in board and "follow.js" in board


def test_the_board_follow_answers_304_until_something_of_the_night_is_saved(
    reader, club, season, roster, organiser
):
    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    url = reverse("event-follow", args=[club.slug, event.pk])
    etag = reader.get(url)["ETag"]

    assert reader.get(url, headers={"If-None-Match": etag}).status_code == 304
    enter(event, roster[:1], organiser)
    changed = reader.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_board_follow_brings_the_fresh_board_in_its_answer(
    reader, club, season, roster, organiser
):
    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    enter(event, roster[:4], organiser)
    url = reverse("event-follow", args=[club.slug, event.pk])
    etag = reader.get(url)["ETag"]
    services.penalty_give(season=season, event=event, player=roster[0], amount=-5,
                          reason="看别人的牌", actor=organiser)  # fmt: skip

    changed = reader.get(url, headers={"If-None-Match": etag, "Accept": "text/html"})

    board = changed.content.decode()
    assert changed.status_code == 200 and changed["Content-Type"].startswith("text/html")
    assert board.startswith('<div id="follow-area"') and "看别人的牌" in board
    assert f'data-version="{changed["ETag"][1:-1]}"' in board


def test_a_member_sees_the_night_but_not_its_forms(reader, club, season, roster, organiser):
    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    enter(event, roster[:4], organiser)

    page = reader.get(reverse("event", args=[club.slug, event.pk])).content.decode()

    assert 'data-role="draw"' not in page and 'data-role="penalty"' not in page
    assert reader.post(reverse("event-draw", args=[club.slug, event.pk])).status_code == 403
    assert not SeatingRound.objects.exists()


def test_a_started_table_offers_continue_recording_to_a_recorder_and_not_to_a_member(
    org, club, season, roster, organiser, member
):
    from django.test import Client

    event = services.event_create(season=season, name="夜", date=season.start_date, actor=organiser)
    enter(event, roster[:4], organiser)
    services.round_draw(event=event, actor=organiser, seed=1)
    org.post(reverse("event-table-start", args=[club.slug, event.pk]), {"round": 1, "table": 1})
    url = reverse("event", args=[club.slug, event.pk])
    reader = Client()
    reader.force_login(member)

    assert 'data-role="table-continue"' in org.get(url).content.decode()
    assert 'data-role="table-continue"' not in reader.get(url).content.decode()  # it would 403
