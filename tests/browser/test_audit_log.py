"""The audit log on a phone (390×844): sentences in Chinese, nothing wider than the
screen. Saves tests/artifacts/audit-log-390x844.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD
from tests.factories import round_discard, round_self_draw

pytestmark = [pytest.mark.browser]


def test_an_owner_reads_the_audit_log_on_a_phone_without_sideways_scrolling(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services

    season = league["season"]
    owner = get_user_model().objects.get(username="owner")
    recorder = get_user_model().objects.get(username="jilu")
    players = sorted(
        season.club.players.filter(display_name__in=NAMES),
        key=lambda p: NAMES.index(p.display_name),
    )
    session = services.session_start(season=season, players=players, first_dealer=0, actor=owner)
    first = services.round_record(
        session=session, data=round_self_draw(0, birds=[9, 2]), actor=recorder
    )
    services.round_correct(round=first, data=round_self_draw(0, birds=[6, 2]), actor=recorder)
    second = services.round_record(
        session=session, data=round_discard({1: ["qingyise", "pengpenghu"]}, 2), actor=recorder
    )
    services.round_void(round=second, reason="记错了", actor=recorder)

    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "owner")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()
    page.goto(f"{page.base}/c/yuelu/audit/")

    entries = page.locator(".audit-entry")
    assert entries.count() >= 10
    sentences = page.locator(".audit-sentence").all_inner_texts()
    assert "jilu 作废了第 2 盘（原因：记错了）" in sentences
    assert "jilu 更正了第 1 盘" in sentences
    correction = page.locator(".audit-entry", has_text="jilu 更正了第 1 盘").inner_text()
    assert "9、2 → 6、2" in correction
    body = page.locator("main").inner_text()
    assert "_id" not in body and "{" not in body
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "audit-log-390x844.png"), full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # No entry is squeezed into a one-letter column: each card is most of the screen wide.
    widths = [box["width"] for box in (e.bounding_box() for e in entries.all()[:5]) if box]
    assert min(widths) >= 300
