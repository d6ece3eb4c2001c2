"""A repeated bird at 390×844: two birds both 5 are two taps on 5 (no separate button),
the pad says ×2, and a bird is taken back only by tapping its slot. The round saves with
both birds; a 点炮 平胡 with them is still five taps."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import COUNT_TAPS, form_url, log_in_and_start, saved, stored, taps

pytestmark = [pytest.mark.browser]


def test_the_second_tap_on_a_bird_repeats_it_and_removal_is_explicit(page, league):
    session = log_in_and_start(page, league)
    page.add_init_script(COUNT_TAPS)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    state = "window.csmjRoundForm.state"

    start = taps(page)
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    tap(page, '[data-role=bird][data-bird="5"]')  # the same number again: two birds both 5
    assert page.evaluate(f"{state}.birds") == [5, 5]
    pad = page.locator('[data-role=bird][data-bird="5"]')
    assert pad.get_attribute("data-times") == "2" and "×2" in pad.inner_text()
    assert page.locator("[data-role=bird-remove]").count() == 2
    assert page.locator("[data-role=bird-repeat]").count() == 0  # no separate button
    assert "还差" not in page.locator("[data-role=save-why]").inner_text()
    page.locator("[data-role=preview]").wait_for()
    page.screenshot(path=str(ARTIFACTS / "round-form-repeated-bird-390x844.png"))

    tap(page, '[data-role=bird-remove][data-index="0"]')  # taken back, on purpose
    assert page.evaluate(f"{state}.birds") == [5]
    page.locator("[data-role=save-why]", has_text="还差 1 个鸟").wait_for()
    tap(page, '[data-role=bird][data-bird="5"]')
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 1)
    assert stored(session, 1)["result"]["birds"] == [5, 5]
    assert taps(page) - start == 7  # five, and the slot's take-back and its re-tap
