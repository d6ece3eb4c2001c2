"""A phone following the table sees the header's round count follow the totals: "1 盘计分"
once a round is recorded, without a reload (390×844)."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import PHONE
from tests.browser.test_table import log_in_and_start

pytestmark = [pytest.mark.browser]


def test_the_follower_s_header_counts_the_rounds_as_they_are_recorded(page, league, browser):
    from django.contrib.auth import get_user_model

    from scoring import services

    session = log_in_and_start(page, league)
    league["club"].is_public = True
    league["club"].save()
    viewer = browser.new_context(viewport=PHONE, locale="zh-CN").new_page()
    viewer.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    assert viewer.locator("#follow-counted").inner_text() == "0 盘计分"

    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "birds": [3, 3],
        },
    }
    recorder = get_user_model().objects.get(username="jilu")
    services.round_record(session=session, data=data, actor=recorder)
    viewer.locator("#follow-counted", has_text="1 盘计分").wait_for(timeout=10_000)
    totals = viewer.locator('#totals [data-seat="2"] [data-total]').inner_text()
    assert int(totals) > 0
    viewer.context.close()
