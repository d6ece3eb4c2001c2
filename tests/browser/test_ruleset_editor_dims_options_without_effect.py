"""On a phone, the ruleset editor dims 缺一门 at a table of four and lights it up when the
organiser taps 二人 (ruleset-changed.js follows the engine's TAKES_EFFECT, as the server
does); 空鸟 lights up at 三人."""

from __future__ import annotations

import pytest

from tests.browser.test_ruleset_editor import choose, log_in

pytestmark = [pytest.mark.browser]


def idle(page, key: str) -> bool:
    return "idle" in (page.locator(f'.opt[data-key="{key}"]').get_attribute("class") or "")


def test_tapping_the_table_size_lights_up_the_options_it_brings(page, league):
    ruleset = league["season"].ruleset
    log_in(page, "owner")
    page.goto(f"{page.base}/c/yuelu/rulesets/{ruleset.pk}/")

    assert idle(page, "quyimen") and idle(page, "empty_birds")
    assert page.locator('.opt[data-key="quyimen"] .idle-note').is_visible()

    choose(page, "players", "3")
    assert idle(page, "quyimen") and not idle(page, "empty_birds")

    choose(page, "players", "2")
    assert not idle(page, "quyimen") and not idle(page, "empty_birds")
    assert not page.locator('.opt[data-key="quyimen"] .idle-note').is_visible()

    assert idle(page, "kong_points__ming")
    choose(page, "kong_pay", "true")
    assert not idle(page, "kong_points__ming")
