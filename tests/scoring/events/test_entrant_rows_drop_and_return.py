"""Each entrant's row on the event page has its own 退出 / 回来, and a dropped player is
labelled 已退出 (no longer looking checked in) there and in the standings (issue 28,
item 3)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.events.models import Entrant
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def row(page, player_id):
    match = re.search(
        rf'<div class="ev-entrant[^"]*" data-role="entrant" data-player="{player_id}">(.*?)</div>',
        page,
        re.S,
    )
    assert match, f"no row for {player_id}"
    return match.group(1)


def test_each_entrant_row_drops_and_brings_back_its_own_player(
    client, club, event, roster, organiser
):
    enter(event, roster[:5], organiser)
    client.force_login(organiser)
    url = reverse("event", args=[club.slug, event.pk])
    page = client.get(url).content.decode()
    for p in roster[:5]:
        assert 'data-role="drop"' in row(page, p.pk) and "已退出" not in row(page, p.pk)

    client.post(reverse("event-drop", args=[club.slug, event.pk]), {"player": roster[2].pk})
    page = client.get(url).content.decode()
    dropped = row(page, roster[2].pk)
    assert "已退出" in dropped and 'data-role="return"' in dropped
    assert 'aria-pressed="false"' in dropped and " ev-in" not in dropped
    assert 'data-role="drop"' not in dropped
    assert 'data-role="drop"' in row(page, roster[1].pk)
    standings = page[page.index('data-role="event-standings"') :]
    assert standings.count("已退出") == 1

    client.post(reverse("event-return", args=[club.slug, event.pk]), {"player": roster[2].pk})
    page = client.get(url).content.decode()
    assert "已退出" not in row(page, roster[2].pk)
    assert not Entrant.objects.get(event=event, player=roster[2]).is_dropped


def test_the_add_picker_no_longer_holds_a_drop_dropdown(client, club, event, roster, organiser):
    enter(event, roster[:4], organiser)
    services.entrant_drop(entrant=Entrant.objects.get(player=roster[0]), actor=organiser)
    client.force_login(organiser)
    page = client.get(reverse("event", args=[club.slug, event.pk])).content.decode()
    assert '<select name="player" aria-label="退出"' not in page
    assert '<select name="player" aria-label="回来"' not in page
    assert page.count('data-role="return"') == 1 and page.count('data-role="drop"') == 3
