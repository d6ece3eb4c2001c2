"""The organiser's webhooks page at phone size (390×844): register a webhook with the
form, read a failed delivery in the log, and send it again with its button; nothing is
wider than the screen. Screenshots: tests/artifacts/webhooks-*.png."""

from __future__ import annotations

import json

import pytest

from scoring.services import round_record
from scoring.webhooks.models import Webhook
from tests.browser.conftest import PASSWORD
from tests.browser.test_recording import ARTIFACTS
from tests.factories import make_session, round_self_draw
from tests.scoring.webhooks.receiver import Receiver, down_url

pytestmark = [pytest.mark.browser]

WIDE = "() => document.scrollingElement.scrollWidth > window.innerWidth"


def log_in_as_owner(page):
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "owner")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()


def test_an_organiser_registers_a_webhook_and_sends_a_failed_delivery_again(page, league, settings):
    settings.WEBHOOK_ADDRESSES = "loopback"
    club = league["club"]
    log_in_as_owner(page)
    page.goto(f"{page.base}/c/{club.slug}/")
    with page.expect_navigation():
        page.get_by_role("link", name="消息推送").click()

    page.fill("input[name=url]", down_url())
    with page.expect_navigation():
        page.get_by_role("button", name="添加").click()
    page.get_by_text("推送地址已添加。").wait_for()
    hook = Webhook.objects.get()
    assert page.locator(f"input[value='{hook.secret}']").count() == 1

    owner = club.memberships.get(role="owner").user
    session = make_session(league["season"], list(club.players.all()[:4]), actor=owner)
    round_record(session=session, data=round_self_draw(0, birds=[5, 9]), actor=owner)
    page.reload()
    row = page.locator("li[data-delivery]")
    assert "失败" in row.inner_text()
    assert not page.evaluate(WIDE)
    page.screenshot(path=str(ARTIFACTS / "webhooks-failed-390x844.png"), full_page=True)

    with Receiver() as receiver:
        Webhook.objects.filter(pk=hook.pk).update(url=receiver.url)
        with page.expect_navigation():
            row.get_by_role("button", name="重新发送").click()
        page.get_by_text("已重新发送。").wait_for()
    assert "已送达" in page.locator("li[data-delivery]").inner_text()
    assert json.loads(receiver.received[0]["body"])["type"] == "round.recorded"
    assert not page.evaluate(WIDE)
    page.screenshot(path=str(ARTIFACTS / "webhooks-delivered-390x844.png"), full_page=True)


def test_a_bad_url_is_refused_on_the_page_in_chinese(page, league):
    log_in_as_owner(page)
    page.goto(f"{page.base}/c/{league['club'].slug}/webhooks/")
    page.fill("input[name=url]", "ftp://example.com/")
    with page.expect_navigation():
        page.get_by_role("button", name="添加").click()
    page.locator(".errorlist").get_by_text("必须以 http:// 或 https:// 开头").wait_for()
    assert not Webhook.objects.exists()
    page.screenshot(path=str(ARTIFACTS / "webhooks-refused-390x844.png"), full_page=True)
