"""The round form on an English page at phone size (390×844): each hand chip is its
English name alone (Plain win, not 平胡 Plain win), the dealer's seat says Dealer (not
D), and the footer is English. Screenshot: tests/artifacts/english-round-form-390x844.png."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]

CHINESE = re.compile(r"[\u4e00-\u9fff]")


def test_the_english_round_form_names_hands_and_the_dealer_in_english(page, league):
    session = log_in_and_start(page, league)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.base}])

    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="1"]')

    chip = page.locator("[data-hand=pinghu]").first
    assert chip.inner_text().strip() == "Plain win"
    chips = page.locator("button[data-hand]").all_inner_texts()
    assert chips and [c for c in chips if CHINESE.search(c)] == []
    mark = page.locator('[data-role=dealer] .dealer-mark, [data-seat="0"] .dealer-mark').first
    assert mark.inner_text().strip() == "Dealer"
    assert page.locator("footer.footer").inner_text().strip() == "csmj · Changsha mahjong scores"
    page.screenshot(path=str(ARTIFACTS / "english-round-form-390x844.png"), full_page=True)


def test_the_english_one_line_entry_says_back_its_lists_with_english_separators(page, league):
    session = log_in_and_start(page, league)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.base}])
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    page.locator("[data-role=sentence-text]").fill("甲乙 王五自摸 丙丁")
    page.locator("[data-role=sentence-text]").press("Enter")
    page.locator("[data-role=sentence-said][data-state=error]").wait_for()
    refused = page.locator("[data-role=sentence-said]").inner_text()
    page.locator("[data-role=sentence-text]").fill("王五胡碰碰胡，李四放炮 鸟2 5")
    page.locator("[data-role=sentence-text]").press("Enter")
    said = page.locator("[data-role=sentence-said][data-state=ok]")
    said.wait_for()

    assert refused == "Not understood: 甲乙; Not understood: 丙丁"
    assert said.inner_text().endswith(" 2, 5") and "、" not in said.inner_text()
