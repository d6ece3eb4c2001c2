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


def test_winners_tapped_before_the_discarder_all_stay(page, league):
    """A, B, then the discarder C: A and B both win on C's discard (通炮), as the hint
    says; before C is tapped the form waits for a discarder, not a self-draw."""
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    def pressed(role: str, seat: int) -> bool:
        button = page.locator(f'[data-role={role}][data-seat="{seat}"]')
        return button.get_attribute("aria-pressed") == "true"

    tap(page, '[data-role=winner][data-seat="1"]')
    assert page.locator('[data-kind="self_draw"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-role=winner][data-seat="2"]')
    assert [pressed("winner", s) for s in range(4)] == [False, True, True, False]
    assert page.locator('[data-kind="discard"]').get_attribute("aria-pressed") == "true"
    hint = page.locator("#rf-winners .rf-label").first
    assert hint.inner_text().strip() == "点胡牌的人（通炮最多 3 家），再点放炮的人"
    assert page.locator("#rf-discarder h3").inner_text().strip() == "放炮"
    assert page.locator("[data-role=save-why]").inner_text() == "还没点放炮的人"

    tap(page, '[data-role=discarder][data-seat="3"]')
    assert [pressed("winner", s) for s in range(4)] == [False, True, True, False]
    assert pressed("discarder", 3)
    assert page.locator("[data-role=save-why]").inner_text() == "还差 2 个鸟"
