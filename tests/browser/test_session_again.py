"""再来一场 from the club page on a phone (390×844): one tap starts a session with the
last session's four in their seats, in the current season, and opens its round form.
While the last session is not finished, the card goes on with it, or finishes it and
starts again. Screenshots: tests/artifacts/session-again-*.png."""

from __future__ import annotations

import pytest

from scoring import services
from tests.browser.test_follow_link import log_in, self_draw, start_session
from tests.browser.test_recording import ARTIFACTS, NAMES

pytestmark = [pytest.mark.browser]


def test_one_tap_on_the_club_page_starts_the_last_four_again(page, league):
    from scoring.models import Session

    last, recorder = start_session(league)
    self_draw(last, recorder, 2)  # 王五 wins: 王五 deals next
    services.session_finish(session=last, actor=recorder)
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


def test_after_a_table_of_three_one_tap_starts_the_same_three_in_their_season(page, league):
    """The last table sat three, in a season for three, while the club's newest open
    season seats four: 再来一场 offers those three and starts them in their own season."""
    import datetime

    from leagues.models import Season
    from scoring.models import Session
    from tests.factories import make_table_season

    club = league["club"]
    _four, recorder = start_session(league)
    three = make_table_season(club, 3)
    three.start_date = datetime.date(2025, 8, 1)  # the four-seat season started later
    three.save()
    assert Season.objects.filter(club=club, is_closed=False).count() == 2
    players = [club.players.get(display_name=n) for n in NAMES[:3]]

    last = services.session_start(season=three, players=players, first_dealer=0, actor=recorder)
    self_draw(last, recorder, 1)  # 李四 wins: 李四 deals next
    services.session_finish(session=last, actor=recorder)
    log_in(page, "jilu")

    page.goto(f"{page.base}/c/yuelu/")
    card = page.locator("[data-role=again-card]")
    text = card.inner_text()
    assert "再来一场（上一场的 3 位）" in text
    assert " · ".join(NAMES[:3]) in text and "李四 坐庄" in text and three.name in text
    page.screenshot(path=str(ARTIFACTS / "session-again-after-three-390x844.png"))
    with page.expect_navigation():
        page.locator("[data-role=session-again]").click()

    new = Session.objects.filter(season=three).exclude(pk=last.pk).get()
    assert page.url.endswith(f"/c/yuelu/sessions/{new.pk}/rounds/new/")
    assert [p.display_name for p in new.players_in_order()] == NAMES[:3]
    assert new.first_dealer == 1
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=dealer]").count() == 3  # three seats on the form
    page.screenshot(path=str(ARTIFACTS / "session-again-three-round-form-390x844.png"))


def test_an_unfinished_last_session_is_gone_on_with_or_finished_and_started_again(page, league):
    from scoring.models import Session

    last, recorder = start_session(league)
    self_draw(last, recorder, 2)
    log_in(page, "jilu")

    page.goto(f"{page.base}/c/yuelu/")
    card = page.locator("[data-role=again-card]")
    assert "上一场还没结束 · 已记 1 盘" in card.inner_text()
    for role in ("open-session-go", "session-again"):
        box = page.locator(f"[data-role={role}]").bounding_box()
        assert box is not None and box["height"] >= 44
    page.screenshot(path=str(ARTIFACTS / "session-again-unfinished-390x844.png"))
    with page.expect_navigation():
        page.locator("[data-role=open-session-go]").click()
    assert page.url.endswith(f"/c/yuelu/sessions/{last.pk}/rounds/new/")

    page.goto(f"{page.base}/c/yuelu/")
    with page.expect_navigation():
        page.locator("[data-role=session-again]").click()
    new = Session.objects.exclude(pk=last.pk).get()
    assert page.url.endswith(f"/c/yuelu/sessions/{new.pk}/rounds/new/")
    last.refresh_from_db()
    assert hasattr(last, "result")
    assert new.first_dealer == 2
