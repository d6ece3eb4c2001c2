"""An opening win's birds, on a phone (390×844): with two birds the two dice give them
(开骰定鸟), with four the form says how the rest are drawn. Screenshot in tests/artifacts/."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, tap

pytestmark = [pytest.mark.browser]


def opening_birds_label(page, league, bird_count: int) -> str:
    from django.contrib.auth import get_user_model

    from leagues.services import ruleset_update

    owner = get_user_model().objects.get(username="owner")
    config = {"preset": "changsha-67", "bird_count": bird_count}
    ruleset_update(ruleset=league["season"].ruleset, config=config, actor=owner)
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, "[data-role=opening-add]")
    label = page.locator("[data-role=opening-bird]").first.locator(
        "xpath=ancestor::*[preceding-sibling::div[contains(@class,'rf-label')]][1]"
        "/preceding-sibling::div[contains(@class,'rf-label')][1]"
    )
    label.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"opening-birds-{bird_count}-390x844.png"))
    return label.inner_text()


def test_under_four_birds_an_opening_says_how_the_dice_give_four(page, league):
    text = opening_birds_label(page, league, 4)

    assert "点 4 个" in text
    assert "两颗骰子定两个" in text and "翻牌" in text
    assert not text.startswith("开骰定鸟")


def test_under_two_birds_an_opening_asks_for_the_two_dice(page, league):
    text = opening_birds_label(page, league, 2)

    assert text == "开骰定鸟：点 2 个"
