"""开一场's name chips at 390×844: a roster a few names longer than the first twelve shows
every name (no 还有 1 位：搜名字找 hiding one player behind the search box), and a chip that
takes a seat (its 1号位 tag) keeps its place and size, as does every other chip: nothing
moves under the recorder's finger between two taps. Screenshots:
tests/artifacts/session-pick-still-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_follow_link import log_in
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]

# with the league's six: thirteen, one more than the twelve shown before a search; Latin
# names too, whose bold is wider than their regular
MORE = ["刘洋", "欧阳娜娜", "Li Wei", "Alexander", "冯琳", "Mo", "周杰"]

BOXES = """() => Array.from(document.querySelectorAll('[data-role=pick]'))
  .filter(el => el.offsetParent !== null)
  .map(el => { const r = el.getBoundingClientRect();
               return [el.dataset.name, Math.round(r.x), Math.round(r.y),
                       Math.round(r.width), Math.round(r.height)]; })"""


@pytest.fixture
def thirteen(league):
    from django.contrib.auth import get_user_model

    from leagues import services as league_services

    owner = get_user_model().objects.get(username="owner")
    for name in MORE:
        league_services.player_create(club=league["club"], display_name=name, actor=owner)
    return league


def test_a_roster_of_thirteen_shows_every_name_and_no_search(page, thirteen):
    log_in(page, "jilu")
    page.goto(f"{page.base}/c/yuelu/seasons/{thirteen['season'].pk}/sessions/new/")

    assert page.locator("[data-role=pick]:visible").count() == 13
    assert page.locator("[data-role=pick][data-name=刘洋]").is_visible()
    assert page.locator("[data-role=pick-more]").count() == 0
    assert page.locator("[data-role=pick-search]").count() == 0


def test_seating_players_moves_no_chip(page, thirteen):
    log_in(page, "jilu")
    page.goto(f"{page.base}/c/yuelu/seasons/{thirteen['season'].pk}/sessions/new/")
    before = page.evaluate(BOXES)
    assert all(h >= 44 and w >= 44 for _n, _x, _y, w, h in before)

    moved = {}
    for name in ("Alexander", "Li Wei", "欧阳娜娜", "Mo"):
        page.locator(f"[data-role=pick][data-name='{name}']").click()
        after = page.evaluate(BOXES)
        if after != before:
            moved[name] = [b for a, b in zip(before, after, strict=True) if a != b]
    page.screenshot(path=str(ARTIFACTS / "session-pick-still-390x844.png"), full_page=True)

    assert page.locator("[data-role=pick][aria-pressed=true]").count() == 4
    assert page.locator("[data-role=pick][data-name=Mo] [data-role=pick-seat]").inner_text() == (
        "4号位"
    )
    assert moved == {}
