"""我的 (/me/) and its privacy page on a 360 px and a 390 px phone, in Chinese and in
English, for an owner linked to a player with a session in play: every link, button and
menu is at least 44 × 44 px, "隐私与数据" and "年度战绩" side by side as buttons on a line
of their own under the user's name, 最大的一盘's figure a 44 px link, the privacy
page's way back to 我的 a 44 px crumb, and nothing scrolls sideways.
Screenshots: tests/artifacts/me-page-*-{360,390}px.png."""

from __future__ import annotations

import json

import pytest

from tests.browser import test_tap_targets_everywhere as tap_targets
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_tap_targets_everywhere import SMALL_TARGETS, log_in

played = tap_targets.played  # the fixture: a session of three rounds, the owner's club

pytestmark = [pytest.mark.browser]

# Every tap target of the page, none left out as running text (我的 has no sentence with a
# link in it), with its size.
EVERY_TARGET = """() => Array.from(document.querySelectorAll(
    'a[href], button, summary, select, input[type=checkbox], input[type=radio]'))
  .filter(el => el.offsetParent !== null)
  .filter(el => !el.closest('.usermenu-body') || el.closest('details[open]'))
  .map(el => { const box = (el.type === 'checkbox' || el.type === 'radio') ? (el.closest('label') || el) : el;
    const r = box.getBoundingClientRect();
    return {what: (el.textContent || el.name || '').trim().slice(0, 24), role: el.dataset.role || '',
            x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width), h: Math.round(r.height)}; })"""


def small(targets: list[dict]) -> list[dict]:
    return [t for t in targets if t["w"] < 44 or t["h"] < 44]


def open_me(page, played, language: str) -> None:
    from django.contrib.auth import get_user_model

    from leagues.player_links import player_link

    owner = get_user_model().objects.get(username="owner")
    player_link(player=played["player"], user=owner, actor=owner)
    log_in(page, "owner")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_every_target_of_me_is_44_px_and_its_privacy_and_year_links_are_buttons(
    page, played, language
):
    open_me(page, played, language)
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 780})
        page.goto(f"{page.base}/me/")
        page.screenshot(path=str(ARTIFACTS / f"me-page-{language}-{width}px.png"), full_page=True)
        targets = page.evaluate(EVERY_TARGET)
        by_role = {t["role"]: t for t in targets if t["role"]}
        privacy, year = by_role["me-privacy"], by_role["me-year-image"]

        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert small(targets) == [], json.dumps(small(targets), ensure_ascii=False)  # "+21" too
        assert privacy["h"] >= 44 and year["h"] >= 44
        assert privacy["y"] == year["y"]  # side by side, on a line of their own
        assert page.locator("[data-role=me-privacy]").evaluate("el => el.classList.contains('btn')")


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_privacy_page_goes_back_to_me_through_a_44_px_crumb(page, played, language):
    open_me(page, played, language)
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(f"{page.base}/me/privacy/")
    page.screenshot(path=str(ARTIFACTS / f"me-page-privacy-{language}-360px.png"))
    back = page.locator("nav.crumbs a[href$='/me/']")

    assert back.count() == 1
    box = back.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    with page.expect_navigation():
        back.click()
    assert page.url.endswith("/me/")
