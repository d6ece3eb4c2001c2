"""快速开桌 in a real browser at phone size, with three phones at one table.

Phone A opens a table from the home page without an account and records the first
round by taps; phone B opens the recording code's link and records the next round;
phone C opens the following code's link and sees the totals. Then phone A settles up
with a table fee and downloads the result image. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, PHONE, enter_round, tap

pytestmark = [pytest.mark.browser]

NAMES = ["张伟", "王芳", "李娜", "刘洋"]
RULESET = {"preset": "changsha-67"}
FIRST = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [5, 9]},
}


def nets(data):
    return score_round({**data, "ruleset": RULESET})


def phone(browser, base):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.base = base  # type: ignore[attr-defined]
    return pg


def save(page, expected_net, number):
    """The preview shows the engine's nets; 保存 stores the round and opens the next
    round's form under a banner."""
    page.locator("[data-role=preview]").wait_for()
    shown = [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]
    assert shown == expected_net
    tap(page, "#rf-save")
    page.get_by_text(f"第 {number} 盘已保存").first.wait_for()


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_three_phones_share_a_quick_table_and_settle_up_with_a_table_fee(page, browser):
    base = page.base
    # Phone A: 开一桌 from the home page, no account
    page.goto(base + "/")
    page.locator("[data-role=home-quick]").click()
    for i, name in enumerate(NAMES):
        page.fill(f"[name=seat_{i}]", name)
    shot(page, "quick-table-new.png")
    with page.expect_navigation():
        page.locator("[data-role=quick-start]").click()
    assert "/rounds/new/" in page.url
    first = nets(FIRST)
    enter_round(page, FIRST)
    save(page, first["net"], 1)
    shot(page, "quick-table-round-2-form.png")

    # the table's two codes
    session_url = re.sub(r"rounds/new/.*$", "", page.url)
    page.goto(session_url)
    page.locator("[data-role=quick-codes]").click()
    assert page.locator("[data-role=quick-record-code] svg").count() == 1
    assert page.locator("[data-role=quick-follow-code] svg").count() == 1
    record_link = page.locator("[data-role=quick-record-link]").get_attribute("href")
    follow_link = page.locator("[data-role=quick-follow-link]").get_attribute("href")
    shot(page, "quick-table-codes.png")

    # Phone B scans the recording code and records the next round
    second_phone = phone(browser, base)
    second_phone.goto(record_link)
    second_phone.locator("[data-role=record-next]").click()
    second = {
        "dealer": first["next_dealer"],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "discarder": 3,
            "birds": [2, 4],
        },
    }
    expected = nets(second)
    enter_round(second_phone, second)
    save(second_phone, expected["net"], 2)
    shot(second_phone, "quick-table-phone-b.png")

    # Phone C follows, read-only
    third_phone = phone(browser, base)
    third_phone.goto(follow_link)
    totals = [a + b for a, b in zip(first["net"], expected["net"], strict=True)]
    text = third_phone.locator("body").inner_text()
    for name in NAMES:
        assert name in text
    assert f"{max(totals):+d}" in text or str(max(totals)) in text
    assert third_phone.locator("[data-role=record-next]").count() == 0
    shot(third_phone, "quick-table-phone-c-follows.png")

    # Phone A settles up with a table fee paid by the biggest winner
    page.goto(session_url)
    page.locator("[data-role=settle-now] > summary").click()
    page.locator("[data-role=settle-now] [data-role=fee] summary").click()
    page.fill("[data-role=settle-now] [data-role=fee-amount]", "20")
    page.select_option("[data-role=settle-now] [data-role=fee-by]", "top")
    with page.expect_navigation():
        page.locator("[data-role=settle-now] [data-role=fee-apply]").click()
    page.evaluate("document.querySelector('[data-role=settle-now]').open = true")
    shares = page.locator("[data-role=settle-now] [data-role=fee-shares]").inner_text()
    biggest = NAMES[max(range(4), key=lambda s: (totals[s], -s))]
    assert "20" in shares and biggest in shares
    copy = page.locator("[data-role=settle-now] [data-role=copy-settle]").get_attribute("data-copy")
    assert "台费 20子" in copy
    page.locator("[data-role=settle-now]").scroll_into_view_if_needed()
    shot(page, "quick-table-settle-fee.png")
    image_url = page.locator("[data-role=result-image]").get_attribute("href")
    assert "fee=20" in image_url
    image = page.request.get(base + image_url)
    if image.status == 200:
        assert image.headers["content-type"] == "image/png"
        (ARTIFACTS / "quick-table-result.png").write_bytes(image.body())
    else:  # no font draws Chinese on this machine
        assert image.status == 503
