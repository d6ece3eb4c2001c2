"""开一场 shows a roster a few names longer than the recent twelve in full: a search box
and 还有 N 位：搜名字找 only once more than three names would hide behind them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.views import PICKS_SHOWN, PICKS_SPARE
from tests.factories import make_players

pytestmark = pytest.mark.django_db


def start_page(rec, season) -> str:
    return rec.get(reverse("session-new", args=[season.club.slug, season.pk])).content.decode()


def shown(html: str) -> int:
    return len(re.findall(r'data-role="pick" data-name="[^"]+" data-search="[^"]*">', html))


@pytest.mark.parametrize("more", [1, PICKS_SPARE])
def test_a_few_names_past_the_twelve_are_shown_not_searched_for(rec, club, season, players, more):
    roster = PICKS_SHOWN + more
    make_players(club, [f"选手{i:02d}" for i in range(roster - len(players))])

    html = start_page(rec, season)

    assert shown(html) == roster
    assert 'data-role="pick-search"' not in html
    assert 'data-role="pick-more"' not in html and "data-more hidden" not in html


def test_more_than_a_few_past_the_twelve_are_found_with_the_search_box(rec, club, season, players):
    hidden = PICKS_SPARE + 1
    make_players(club, [f"选手{i:02d}" for i in range(PICKS_SHOWN + hidden - len(players))])

    html = start_page(rec, season)

    assert shown(html) == PICKS_SHOWN
    assert 'data-role="pick-search"' in html
    assert f"还有 {hidden} 位：搜名字找。" in html
