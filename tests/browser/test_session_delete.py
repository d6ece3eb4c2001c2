"""Deleting an empty session on a phone (390×844): the organiser's 删除本场 asks first
(cancelling keeps the session), then deletes it and goes back to the season; a session
with a round offers no such button. Screenshots: tests/artifacts/session-delete-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_follow_link import log_in, self_draw, start_session
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]


def test_an_organiser_deletes_an_empty_session_after_confirming(page, league):
    from leagues.models import AuditEntry
    from scoring.models import Session

    empty, recorder = start_session(league)
    full, _recorder = start_session(league)
    self_draw(full, recorder, 1)
    log_in(page, "owner")

    page.goto(f"{page.base}/c/yuelu/sessions/{full.pk}/")
    assert page.locator("[data-role=delete-session]").count() == 0

    page.goto(f"{page.base}/c/yuelu/sessions/{empty.pk}/")
    button = page.locator("[data-role=delete-session]")
    button.scroll_into_view_if_needed()
    assert button.bounding_box()["height"] >= 44
    page.screenshot(path=str(ARTIFACTS / "session-delete-button-390x844.png"))

    page.once("dialog", lambda d: d.dismiss())
    with page.expect_event("dialog") as asked:
        button.click()
    assert "删除这一场" in asked.value.message
    assert Session.objects.filter(pk=empty.pk).exists()

    page.once("dialog", lambda d: d.accept())
    with page.expect_navigation():
        button.click()
    assert page.url.endswith(f"/c/yuelu/seasons/{league['season'].pk}/")
    assert "已删除这一场" in page.locator(".messages").inner_text()
    assert not Session.objects.filter(pk=empty.pk).exists()
    assert Session.objects.filter(pk=full.pk).exists()
    assert AuditEntry.objects.filter(action="session.delete").count() == 1
    page.screenshot(path=str(ARTIFACTS / "session-delete-done-390x844.png"))
