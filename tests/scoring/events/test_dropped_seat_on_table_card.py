"""A player who drops out while seated at a drawn, unstarted table: the table card marks
that seat 已退出 and says what to do (swap someone in, redraw, or bring them back)
instead of offering 开始记录; the drop's message names the table; starting it is still
refused naming the player (review of issue 28, finding 5)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.events.models import Entrant
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def card(page, number):
    match = re.search(
        rf'<div class="card ev-table[^"]*" data-role="table-card" data-table="{number}">'
        r"(.*?)\n  </div>",
        page,
        re.S,
    )
    assert match, f"no card for table {number}"
    return match.group(1)


@pytest.fixture
def drawn(event, roster, organiser):
    enter(event, roster[:8], organiser)
    return services.round_draw(event=event, actor=organiser, seed=4)


def test_the_card_marks_the_dropped_seat_and_offers_no_start(client, club, event, drawn, organiser):
    table = drawn.tables.get(number=2)
    gone = Entrant.objects.get(event=event, player_id=table.seats[2])
    client.force_login(organiser)

    response = client.post(
        reverse("event-drop", args=[club.slug, event.pk]), {"player": gone.player_id}, follow=True
    )
    page = response.content.decode()

    stuck, other = card(page, 2), card(page, 1)
    assert 'data-role="seat-dropped"' in stuck and "已退出" in stuck
    assert 'data-role="table-blocked"' in stuck and "换人入座" in stuck and "重排" in stuck
    assert 'data-role="table-start"' not in stuck
    assert 'data-role="table-start"' in other and "已退出" not in other
    assert f"{gone.player.display_name} 仍坐在第1轮 第2桌" in page


def test_starting_the_stuck_table_is_still_refused_naming_the_player(
    client, club, event, drawn, organiser
):
    table = drawn.tables.get(number=2)
    gone = Entrant.objects.get(event=event, player_id=table.seats[0])
    services.entrant_drop(entrant=gone, actor=organiser)
    client.force_login(organiser)

    page = client.post(
        reverse("event-table-start", args=[club.slug, event.pk]),
        {"round": "1", "table": "2"},
        follow=True,
    ).content.decode()

    assert f"{gone.player.display_name} 已退出比赛" in page
    table.refresh_from_db()
    assert table.session_id is None


def test_a_drop_of_a_player_seated_nowhere_unstarted_says_nothing_of_tables(
    client, club, event, roster, organiser
):
    enter(event, roster[:4], organiser)
    client.force_login(organiser)

    page = client.post(
        reverse("event-drop", args=[club.slug, event.pk]), {"player": roster[0].pk}, follow=True
    ).content.decode()

    assert "仍坐在" not in page
