"""A correction from the round form (390×844): saved with nothing changed it adds no
version and says so; saved with a bird changed it stores version 2.
Screenshot: tests/artifacts/round-correction-unchanged-390x844.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import open_form, saved, tap_self_draw

pytestmark = [pytest.mark.browser]


def correct_url(page, session, number: int) -> str:
    return f"{page.base}/c/yuelu/sessions/{session.pk}/rounds/{number}/correct/"


def test_a_correction_saved_unchanged_adds_no_version_and_a_changed_one_does(page, league):
    from scoring.models import Round

    session = open_form(page, league)
    tap_self_draw(page, 1, (2, 6))
    tap(page, "#rf-save")
    saved(page, 1)
    recorded = Round.objects.get(session=session, number=1)

    page.goto(correct_url(page, session, 1))
    page.locator("[data-role=preview]").wait_for()
    with page.expect_navigation():
        tap(page, "#rf-save")
    page.locator(".messages", has_text="第 1 盘没有改动。").wait_for()
    page.screenshot(path=str(ARTIFACTS / "round-correction-unchanged-390x844.png"))
    assert list(Round.objects.filter(session=session).values_list("pk", "version")) == [
        (recorded.pk, 1)
    ]

    page.goto(correct_url(page, session, 1))
    page.locator("[data-role=preview]").wait_for()
    tap(page, '[data-role=bird][data-bird="6"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    page.locator("[data-role=preview]").wait_for()
    with page.expect_navigation():
        tap(page, "#rf-save")
    page.locator(".messages", has_text="第 1 盘已更正（第 2 版）。").wait_for()
    current = Round.objects.get(session=session, number=1, is_current=True)
    assert current.version == 2
    assert current.data["result"]["birds"] != recorded.data["result"]["birds"]
