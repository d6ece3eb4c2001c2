"""开一场 at 390×844: each 首庄 choice names the player seated there (1号位 李四), as the
seats change by tap or by typing, and 还有 N 位：搜名字找 goes once every seat is taken.
Screenshots: tests/artifacts/session-new-first-dealer-*.png."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_follow_link import log_in
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]


def dealer_choices(page) -> list[str]:
    """What each 首庄 radio's label reads, its white space run together."""
    texts = page.locator("input[name=first_dealer]").evaluate_all(
        "els => els.map(el => el.closest('label').textContent)"
    )
    return [re.sub(r"\s+", " ", t).strip() for t in texts]


def test_each_first_dealer_choice_names_who_sits_there_and_the_search_hint_goes_when_full(
    page, league
):
    from django.contrib.auth import get_user_model

    from leagues import services as league_services
    from scoring.models import Session

    owner = get_user_model().objects.get(username="owner")
    # seventeen on the roster, by pinyin (no one has sat yet): five past the twelve shown,
    # the 座 (zuo) ones last (a few more, up to three, would all be shown, with no search)
    for i in range(11):
        league_services.player_create(club=league["club"], display_name=f"座{i}", actor=owner)
    log_in(page, "jilu")
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")

    more = page.locator("[data-role=pick-more]")
    assert more.inner_text() == "还有 5 位：搜名字找。"
    assert dealer_choices(page) == ["1号位", "2号位", "3号位", "4号位"]

    for name in ["李四", "王五", "钱七"]:
        page.locator(f"[data-role=pick][data-name={name}]").click()
    assert dealer_choices(page) == ["1号位 李四", "2号位 王五", "3号位 钱七", "4号位"]
    assert more.is_visible()  # a seat is still empty: the search may find its player

    page.fill("input[name=seat_3]", "孙八")  # typed, not tapped
    assert dealer_choices(page) == ["1号位 李四", "2号位 王五", "3号位 钱七", "4号位 孙八"]
    assert page.get_by_role("radio", name="4号位 孙八").count() == 1
    assert more.is_hidden()  # every seat taken
    page.check("input[name=first_dealer][value='2']")
    page.locator("#id_first_dealer").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "session-new-first-dealer-names-390x844.png"))

    page.locator("[data-role=pick][data-name=王五]").click()  # 王五 leaves
    assert dealer_choices(page) == ["1号位 李四", "2号位", "3号位 钱七", "4号位 孙八"]
    assert more.is_visible()
    page.locator("[data-role=pick][data-name=赵六]").click()
    assert dealer_choices(page) == ["1号位 李四", "2号位 赵六", "3号位 钱七", "4号位 孙八"]
    assert more.is_hidden()
    page.screenshot(
        path=str(ARTIFACTS / "session-new-first-dealer-full-390x844.png"), full_page=True
    )

    with page.expect_navigation():
        page.locator("form[data-role=session-start] button[type=submit]").click()
    new = Session.objects.get()
    assert [p.display_name for p in new.players_in_order()] == ["李四", "赵六", "钱七", "孙八"]
    assert new.first_dealer == 2  # 钱七 deals first, the one the recorder saw named
