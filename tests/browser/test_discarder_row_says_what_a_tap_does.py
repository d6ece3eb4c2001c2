"""The round form's 放炮 row, shown before the outcome is a discard, says that tapping a
discarder records a 点炮; once it is one, the row is plain 放炮 again (390×844)."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import tap
from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]


def test_the_discarder_row_says_a_tap_makes_the_round_a_discard(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    heading = page.locator("#rf-discarder h3")

    tap(page, '[data-kind="self_draw"]')
    assert heading.inner_text().strip() == "放炮？点了就改记点炮"

    tap(page, '[data-role=discarder][data-seat="2"]')
    assert page.locator('[data-kind="discard"]').get_attribute("aria-pressed") == "true"
    assert heading.inner_text().strip() == "放炮"
