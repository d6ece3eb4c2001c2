"""Settling up with a rate, on a phone (390×844): the owner sets 1子 = 2元 on the club's
settings page, the table finishes the session, the page opens at 结账 with each payment
in chips and yuan (the fewest payments), and 复制结账文字 puts the text for the group chat
on the clipboard. Screenshots: tests/artifacts/settle-up-*.png."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from tests.browser.test_follow_link import log_in, self_draw, start_session
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]


def test_the_finished_session_settles_up_in_yuan_and_copies_the_text(page, league):
    from leagues.models import Club
    from scoring import selectors

    session, recorder = start_session(league)
    self_draw(session, recorder, 1)
    self_draw(session, recorder, 2, number_dealer=1)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(page, "owner")

    page.goto(f"{page.base}/c/yuelu/settings/")
    page.fill("input[name=chip_rate]", "2")
    page.screenshot(path=str(ARTIFACTS / "settle-up-club-settings-390x844.png"), full_page=True)
    with page.expect_navigation():
        page.locator("form button[type=submit]").last.click()
    assert Club.objects.get(slug="yuelu").chip_rate == Decimal("2")

    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    with page.expect_navigation():
        page.locator("[data-role=finish]").click()
    assert page.url.endswith("#settle")
    card = page.locator("#settle")
    card.wait_for()
    assert "1子 = 2元" in card.locator("[data-role=rate]").inner_text()

    session = selectors.session_get(pk=session.pk)  # the club with its new rate
    totals = selectors.session_totals(session=session)
    with translation.override("zh-hans"):  # the page's language, whatever ran before
        settle = selectors.session_settlement(session=session)
    rows = card.locator("[data-role=payment]").all_inner_texts()
    assert len(rows) == len(settle["payments"]) <= 3
    left = dict(totals)
    for row, p in zip(rows, settle["payments"], strict=True):
        assert p["payer_name"] in row and p["payee_name"] in row
        assert f"{p['chips']}子" in row and f"{p['chips'] * 2}元" in row
        left[p["payer"]] += p["chips"]
        left[p["payee"]] -= p["chips"]
    assert set(left.values()) == {0}  # the payments shown settle the totals shown
    page.screenshot(path=str(ARTIFACTS / "settle-up-finished-390x844.png"))

    card.locator("[data-role=copy-settle]").click()
    page.locator("[data-role=copy-settle]", has_text="已复制").wait_for()
    card.locator("[data-role=copy-settle]").click()  # a second tap meanwhile
    # the label comes back, even after a second tap while it said 已复制
    page.locator("[data-role=copy-settle]", has_text="复制结账文字").wait_for(timeout=5_000)
    page.wait_for_timeout(1_700)  # and stays
    assert page.locator("[data-role=copy-settle]").inner_text() == "复制结账文字"
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == settle["text"]
    assert copied.splitlines()[0].endswith("结账（1子 = 2元）")
