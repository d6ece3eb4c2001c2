"""The round form's number and the session's count agree at 390×844: after an undo the
form reads 第 2 盘 · 0 盘计分 · 1 盘已作废, and a save moves both on together. At 360 px
the heading's number and links are not broken inside a word."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import form_url, log_in_and_start, saved

pytestmark = [pytest.mark.browser]


def test_after_an_undo_the_form_number_and_the_count_agree(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services

    session = log_in_and_start(page, league)
    recorder = get_user_model().objects.get(username="jilu")
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)
    services.round_undo_last(session=session, actor=recorder)

    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    count = page.locator("[data-role=rf-count]")
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
    assert count.inner_text() == "0 盘计分 · 1 盘已作废"
    page.screenshot(path=str(ARTIFACTS / "round-form-count-after-undo-390x844.png"))

    # At 360 px the number and the links stay whole words, each on one line.
    page.set_viewport_size({"width": 360, "height": 780})
    lines = page.evaluate(
        """() => Array.from(document.querySelectorAll('.rf-head h1, .rf-head a')).map(el => {
             const r = document.createRange(); r.selectNodeContents(el);
             return new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size; })"""
    )
    page.screenshot(path=str(ARTIFACTS / "round-form-count-after-undo-360x780.png"))
    assert lines == [1, 1, 1]

    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 2)
    page.locator("[data-role=rf-count]", has_text="1 盘计分 · 1 盘已作废").wait_for()
