"""再来一场 from the club page on a phone (390×844): one tap starts a session with the
last session's four in their seats, in the current season, and opens its round form.
Screenshots: tests/artifacts/session-again-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_follow_link import log_in, self_draw, start_session
from tests.browser.test_recording import ARTIFACTS, NAMES

pytestmark = [pytest.mark.browser]


def test_one_tap_on_the_club_page_starts_the_last_four_again(page, league):
    from scoring.models import Session

    last, recorder = start_session(league)
    self_draw(last, recorder, 2)  # 王五 wins: 王五 deals next
    log_in(page, "jilu")

    page.goto(f"{page.base}/c/yuelu/")
    card = page.locator("[data-role=again-card]")
    assert " · ".join(NAMES) in card.inner_text() and "王五 坐庄" in card.inner_text()
    box = page.locator("[data-role=session-again]").bounding_box()
    assert box["height"] >= 44
    page.screenshot(path=str(ARTIFACTS / "session-again-club-page-390x844.png"))
    with page.expect_navigation():
        page.locator("[data-role=session-again]").click()

    new = Session.objects.exclude(pk=last.pk).get()
    assert page.url.endswith(f"/c/yuelu/sessions/{new.pk}/rounds/new/")
    assert [p.display_name for p in new.players_in_order()] == NAMES
    assert new.first_dealer == 2 and new.season == league["season"]
    page.locator("#rf-body .rf-section").first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "session-again-round-form-390x844.png"))
