"""The draw button says which round it draws: 排第 2 轮, and 重排第 2 轮 while round 2's
tables have not started (issue 28, item 5)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import services
from scoring.events.models import SeatingRound
from scoring.events.selectors import event_board
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def button(client, club, event):
    page = client.get(reverse("event", args=[club.slug, event.pk])).content.decode()
    match = re.search(r'data-role="draw-button">([^<]*)</button>', page)
    assert match, "no draw button"
    return match.group(1)


def test_the_board_knows_the_round_the_next_draw_fills(event, roster, organiser):
    enter(event, roster[:4], organiser)
    board = event_board(event=event)
    assert (board.draw_number, board.redraw) == (1, False)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    board = event_board(event=event)
    assert (board.draw_number, board.redraw) == (1, True)
    services.table_start(table=rnd.tables.get(), actor=organiser)
    board = event_board(event=event)
    assert (board.draw_number, board.redraw) == (2, False)


def test_the_draw_button_says_its_round_and_a_redraw_says_so(
    client, club, event, roster, organiser
):
    enter(event, roster[:4], organiser)
    client.force_login(organiser)
    assert button(client, club, event) == "排第 1 轮"

    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    assert button(client, club, event) == "重排第 1 轮"

    services.table_start(table=rnd.tables.get(), actor=organiser)
    assert button(client, club, event) == "排第 2 轮"

    client.post(reverse("event-draw", args=[club.slug, event.pk]), {"number": "2", "seed": "3"})
    assert SeatingRound.objects.filter(event=event).count() == 2
    assert button(client, club, event) == "重排第 2 轮"

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert button(client, club, event) == "Draw round 2 again"


def test_once_the_final_is_drawn_the_page_offers_no_draw_and_names_the_final(
    client, club, season, roster, organiser
):
    event = services.event_create(
        season=season, name="决赛夜", date=season.start_date, final_size=4, actor=organiser
    )
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=organiser)
    scoring_services.session_finish(session=session, actor=organiser)
    client.force_login(organiser)
    before = client.get(reverse("event", args=[club.slug, event.pk])).content.decode()
    assert 'data-role="final-button"' in before and 'data-role="draw-button"' in before

    services.final_draw(event=event, actor=organiser)
    page = client.get(reverse("event", args=[club.slug, event.pk])).content.decode()
    board = client.get(reverse("event-board", args=[club.slug, event.pk])).content.decode()

    assert 'data-role="draw-button"' not in page and 'data-role="final-button"' not in page
    assert "决赛已经排座，决赛之后不再排座；要重排，先取消决赛" in page
    assert "下一轮：第 2 轮 · 决赛" in page
    assert "下一轮：第 2 轮 · 决赛" in board
