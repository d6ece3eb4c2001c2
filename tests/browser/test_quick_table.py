"""快速开桌 in a real browser at phone size, with three phones at one table.

Phone A opens a table from the home page without an account and records the first
round by taps and the second by a sentence in the one-line box; phone B opens the
recording code's link and records the next round; phone C opens the following code's
link and sees the totals. Phone A finishes, settles up with a table fee and downloads
the result image; phone C's settlement and image show the same fee. Then phone A signs
in as a club's owner, claims a seat (the table shows on /me/) and keeps the table in
the club, a seat matched to the roster and the rest as guests, its rounds kept.
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, PASSWORD, PHONE, enter_round, tap
from tests.browser.test_tap_targets_everywhere import small_targets

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


def log_in(page, username):
    page.fill("input[name=login]", username)  # allauth: username or e-mail
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def test_three_phones_share_a_quick_table_settle_up_with_a_fee_and_keep_it_in_a_club(
    page, browser, league
):
    from scoring.models import Round, Session

    base = page.base
    # Phone A: 开一桌 from the home page, no account
    page.goto(base + "/")
    page.locator("[data-role=home-quick]").click()
    for i, name in enumerate(NAMES[:3]):  # the fourth seat is left open for a scan
        page.fill(f"[name=seat_{i}]", name)
    shot(page, "quick-table-new.png")
    with page.expect_navigation():
        page.locator("[data-role=quick-start]").click()
    assert "/rounds/new/" in page.url
    # the top bar names the table, not the keeper's made-up username
    bar = page.locator("header .topnav").inner_text()
    assert "快速开桌" in bar and "quick-" not in bar
    first = nets(FIRST)
    enter_round(page, FIRST)
    save(page, first["net"], 1)

    # round 2 by a sentence in the one-line box: the form fills, nothing saved before 保存
    sentence = {
        "dealer": first["next_dealer"],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 3, "hands": ["pengpenghu"]}],
            "discarder": 2,
            "birds": [2, 5],
        },
    }
    said = nets(sentence)
    # the open seat is named by its number: 4号位
    page.locator("[data-role=sentence-text]").fill("4号位胡碰碰胡，李娜放炮 鸟2 5")
    page.locator("[data-role=sentence-text]").press("Enter")
    understood = page.locator("[data-role=sentence-said][data-state=ok]")
    understood.wait_for()
    assert "#4 碰碰胡 ← 李娜" in understood.inner_text()
    assert Round.objects.filter(session__season__club__is_quick=True).count() == 1
    shot(page, "quick-table-sentence.png")
    save(page, said["net"], 2)

    # the table's two codes
    session_url = re.sub(r"rounds/new/.*$", "", page.url)
    page.goto(session_url)
    page.locator("[data-role=quick-codes]").click()
    assert page.locator("[data-role=quick-record-code] svg").count() == 1
    assert page.locator("[data-role=quick-follow-code] svg").count() == 1
    record_link = page.locator("[data-role=quick-record-link]").get_attribute("href")
    follow_link = page.locator("[data-role=quick-follow-link]").get_attribute("href")
    shot(page, "quick-table-codes.png")

    # Phone B scans the recording code, takes the open seat and records the next round
    second_phone = phone(browser, base)
    second_phone.goto(record_link)
    second_phone.goto(record_link.split("/join/")[0] + "/")
    second_phone.fill("[data-role=quick-open-seat] input[name=name]", NAMES[3])
    shot(second_phone, "quick-table-open-seat.png")
    assert small_targets(second_phone, "quick-table-codes") == []
    with second_phone.expect_navigation():
        second_phone.locator("[data-role=quick-seat-name]").click()
    assert second_phone.locator("[data-role=quick-open-seat]").count() == 0
    second_phone.locator("[data-role=quick-table]").click()
    second_phone.locator("[data-role=record-next]").click()
    third = {
        "dealer": said["next_dealer"],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "discarder": 0,
            "birds": [2, 4],
        },
    }
    expected = nets(third)
    enter_round(second_phone, third)
    save(second_phone, expected["net"], 3)
    shot(second_phone, "quick-table-phone-b.png")
    totals = [sum(r) for r in zip(first["net"], said["net"], expected["net"], strict=True)]

    # Phone C follows, read-only
    third_phone = phone(browser, base)
    third_phone.goto(follow_link)
    for seat, name in enumerate(NAMES):
        tile = third_phone.locator(f'#totals [data-seat="{seat}"]')
        assert name in tile.inner_text()
        assert tile.locator("[data-total]").get_attribute("data-total") == str(totals[seat])
    assert third_phone.locator("[data-role=record-next]").count() == 0
    shot(third_phone, "quick-table-phone-c-follows.png")

    # Phone A finishes and settles up with a table fee paid by the biggest winner
    page.goto(session_url)
    with page.expect_navigation():
        page.locator("[data-role=finish]").click()
    page.goto(session_url)
    page.locator("[data-role=settle] [data-role=fee] summary").click()
    page.fill("[data-role=fee-amount]", "20")
    page.select_option("[data-role=fee-by]", "top")
    with page.expect_navigation():
        page.locator("[data-role=fee-apply]").click()
    shares = page.locator("[data-role=settle] [data-role=fee-shares]").inner_text()
    biggest = NAMES[max(range(4), key=lambda s: (totals[s], -s))]
    assert "20" in shares and biggest in shares
    copy = page.locator("[data-role=copy-settle]").get_attribute("data-copy")
    assert "台费 20子" in copy
    page.locator("[data-role=settle]").scroll_into_view_if_needed()
    shot(page, "quick-table-settle-fee.png")
    image = page.request.get(base + page.locator("[data-role=result-image]").get_attribute("href"))
    assert image.status == 200 and image.headers["content-type"] == "image/png"
    (ARTIFACTS / "quick-table-result.png").write_bytes(image.body())

    # Phone C sees the same fee without reloading: the same shares, the same text
    third_phone.locator("[data-role=settle] [data-role=fee-shares]").wait_for()
    assert third_phone.locator("[data-role=fee-shares]").inner_text() == shares
    assert third_phone.locator("[data-role=copy-settle]").get_attribute("data-copy") == copy
    assert third_phone.locator("[data-role=fee-form]").count() == 0
    # the follow link shows names and totals only: no image (it has the hands)
    assert third_phone.locator("[data-role=result-image]").count() == 0
    shot(third_phone, "quick-table-phone-c-settled.png")

    # Phone A signs in (the club's owner), claims 张伟's seat and keeps the table in the club
    page.locator("header [data-role=nav-table] summary").click()
    assert small_targets(page, "quick-table-keeper-menu") == []
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "quick-table-keeper-menu.png"))
    with page.expect_navigation():
        page.locator("[data-role=nav-table-login]").click()
    log_in(page, "owner")
    assert "/t/" in page.url and page.locator("[data-role=quick-claim]").count() == 1
    assert "owner" in page.locator("header .topnav").inner_text()
    with page.expect_navigation():
        page.locator("[data-role=quick-claim] li", has_text="张伟").locator("button").click()
    page.goto(base + "/me/")
    assert page.locator(f'a[href="{session_url.removeprefix(base)}"]').count() >= 1
    shot(page, "quick-table-me.png")
    page.goto(record_link.split("/join/")[0] + "/move/")
    with page.expect_navigation():
        page.locator("[data-role=move-season] button").click()
    matches = page.locator("[data-role=move-match]")
    matches.nth(0).select_option(label="张三")  # 张伟 is 张三 on the club's roster
    shot(page, "quick-table-move.png")
    with page.expect_navigation():
        page.locator("[data-role=move-submit]").click()
    assert "/c/yuelu/sessions/" in page.url
    moved = Session.objects.get(season=league["season"])
    assert moved.rounds.counting().count() == 3 and moved.table_fee == 20
    names = [p.display_name for p in moved.players_in_order()]
    assert names == ["张三", *NAMES[1:]]
    assert [p.is_guest for p in moved.players_in_order()] == [False, True, True, True]
    for seat in range(4):
        total = page.locator(f'#totals [data-seat="{seat}"] [data-total]')
        assert total.get_attribute("data-total") == str(totals[seat])
    shot(page, "quick-table-moved.png")
    # the table's key no longer opens anything
    assert page.request.get(record_link).status == 404
