"""开一场 by tapping at phone size (390×844): the roster as buttons, the last table's
players first; each tap seats the next player, a second tap takes them off; a new guest
is the one name typed; a big club finds a player with the search box. Screenshots:
tests/artifacts/session-pick-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_follow_link import log_in, start_session
from tests.browser.test_recording import ARTIFACTS, NAMES

pytestmark = [pytest.mark.browser]


def seat_values(page, n: int = 4) -> list[str]:
    return [page.input_value(f"input[name=seat_{i}]") for i in range(n)]


def test_a_table_is_seated_by_tapping_names_and_typing_only_the_guest(page, league):
    from scoring.models import Session

    last, _recorder = start_session(league)  # 张三 李四 王五 赵六 sat last
    log_in(page, "jilu")
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")

    chips = page.locator("[data-role=pick]")
    first_four = [chips.nth(i).get_attribute("data-name") for i in range(4)]
    assert sorted(first_four) == sorted(NAMES)  # the last table first
    for i in range(chips.count()):
        box = chips.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44

    pick = page.locator("[data-role=pick][data-name=王五]")
    page.locator("[data-role=pick][data-name=李四]").click()
    pick.click()
    page.locator("[data-role=pick][data-name=钱七]").click()
    assert seat_values(page) == ["李四", "王五", "钱七", ""]
    assert pick.get_attribute("aria-pressed") == "true"
    page.screenshot(path=str(ARTIFACTS / "session-pick-three-seated-390x844.png"), full_page=True)

    pick.click()  # a second tap: 王五 leaves; the next pick takes the empty seat
    assert seat_values(page) == ["李四", "", "钱七", ""]
    assert pick.get_attribute("aria-pressed") == "false"
    page.locator("[data-role=pick][data-name=孙八]").click()
    page.fill("[data-role=pick-guest-name]", "小明")
    add = page.locator("[data-role=pick-guest-add]")
    assert add.bounding_box()["height"] >= 44
    add.click()
    assert seat_values(page) == ["李四", "孙八", "钱七", "小明"]
    assert page.is_checked("input[name=add_guests]")
    full = page.locator("[data-role=pick-full]")
    assert full.is_hidden()
    page.locator("[data-role=pick][data-name=赵六]").click()  # a fifth: no seat left
    assert full.is_visible() and seat_values(page) == ["李四", "孙八", "钱七", "小明"]
    page.screenshot(path=str(ARTIFACTS / "session-pick-full-table-390x844.png"), full_page=True)

    with page.expect_navigation():
        page.locator("form[data-role=session-start] button[type=submit]").click()
    new = Session.objects.exclude(pk=last.pk).get()
    seated = new.players_in_order()
    assert [p.display_name for p in seated] == ["李四", "孙八", "钱七", "小明"]
    assert seated[3].is_guest and not seated[0].is_guest
    assert page.url.endswith(f"/c/yuelu/sessions/{new.pk}/rounds/new/")


def test_a_big_club_finds_a_player_with_the_search_box(page, league):
    from django.contrib.auth import get_user_model

    from leagues import services as league_services

    owner = get_user_model().objects.get(username="owner")
    for i in range(20):
        league_services.player_create(club=league["club"], display_name=f"会员{i:02d}", actor=owner)
    league_services.player_update(
        player=league["club"].players.get(display_name="会员17"), aliases=["阿强"], actor=owner
    )
    log_in(page, "jilu")
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")

    member = page.locator("[data-role=pick][data-name=会员17]")
    assert member.is_hidden()  # beyond the first twelve
    page.fill("[data-role=pick-search]", "阿强")  # an alias finds them
    assert member.is_visible()
    assert page.locator("[data-role=pick]:visible").count() == 1
    page.screenshot(path=str(ARTIFACTS / "session-pick-search-390x844.png"), full_page=True)
    member.click()
    assert page.input_value("input[name=seat_0]") == "会员17"
    assert page.input_value("[data-role=pick-search]") == ""
    assert member.is_visible()  # a seated player stays in view

    page.fill("[data-role=pick-search]", "没有这个人")
    assert page.locator("[data-role=pick-none]").is_visible()
