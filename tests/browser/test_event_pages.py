"""A league night's pages in a browser: the event page at 390×844 (every tap target
at least 44 px), the board on a phone and at 1920×1080, refreshing itself after a
save at a table, and the countdown on the table's round form. Screenshots go to
tests/artifacts/event-*.png."""

from __future__ import annotations

import json
import re

import pytest

from scoring import services as scoring_services
from scoring.events import services
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_tap_targets_everywhere import SMALL_TARGETS, log_in
from tests.factories import round_self_draw

pytestmark = [pytest.mark.browser]


@pytest.fixture
def night(league, monkeypatch):
    """Ten entrants (two tables and two byes), round 1 drawn, table 1 started."""
    from django.contrib.auth import get_user_model

    from leagues import services as league_services

    owner = get_user_model().objects.get(username="owner")
    club, season = league["club"], league["season"]
    for name in ["周九", "吴十", "郑一", "冯二"]:
        league_services.player_create(club=club, display_name=name, actor=owner)
    event = services.event_create(
        season=season, name="周五之夜", date=season.start_date, timer_minutes=40, actor=owner
    )
    for player in club.players.all():
        services.entrant_add(event=event, player=player, actor=owner)
    rnd = services.round_draw(event=event, actor=owner, seed=11)
    session = services.table_start(table=rnd.tables.get(number=1), actor=owner)
    services.penalty_give(season=season, event=event, player=club.players.first(),
                          amount=-10, reason="迟到", actor=owner)  # fmt: skip
    return {**league, "event": event, "session": session, "owner": owner}


def test_the_event_pages_at_phone_size_have_big_tap_targets(page, night):
    log_in(page, "owner")
    page.goto(f"{page.base}/c/{night['club'].slug}/seasons/{night['season'].pk}/events/")
    page.screenshot(path=str(ARTIFACTS / "event-list-390x844.png"), full_page=True)
    small_on_list = page.evaluate(SMALL_TARGETS)
    page.goto(f"{page.base}/c/{night['club'].slug}/events/{night['event'].pk}/")
    for summary in page.locator("details.more > summary").all():
        summary.click()

    page.screenshot(path=str(ARTIFACTS / "event-page-390x844.png"), full_page=True)
    small = page.evaluate(SMALL_TARGETS)

    assert small_on_list == [], json.dumps(small_on_list, ensure_ascii=False)
    assert small == [], json.dumps(small, ensure_ascii=False)
    assert page.locator("[data-role=table-card]").count() == 2
    assert page.locator("[data-role=event-timer] [data-timer-left]").inner_text() != "--:--"


def test_the_board_refreshes_itself_after_a_save_at_a_table(browser, live_server, night):
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    board = context.new_page()
    board.base = live_server.url
    log_in(board, "owner")
    board.goto(f"{live_server.url}/c/{night['club'].slug}/events/{night['event'].pk}/board/")
    first = board.locator("[data-role=table-card][data-table='1']")
    assert "+" not in first.inner_text()

    scoring_services.round_record(session=night["session"], data=round_self_draw(0),
                                  actor=night["owner"])  # fmt: skip

    board.wait_for_function(
        "() => /\\+\\d/.test(document.querySelector(\"[data-table='1']\").innerText)",
        timeout=8000,
    )
    board.screenshot(path=str(ARTIFACTS / "event-board-1920x1080.png"))
    assert re.search(r"\+\d", first.inner_text())
    context.close()


def test_the_board_and_the_round_form_at_phone_size_show_the_countdown(page, night):
    log_in(page, "owner")
    page.goto(f"{page.base}/c/{night['club'].slug}/events/{night['event'].pk}/board/")
    page.screenshot(path=str(ARTIFACTS / "event-board-390x844.png"), full_page=True)
    assert re.match(r"\d+:\d\d", page.locator("[data-timer-left]").first.inner_text())

    page.goto(f"{page.base}/c/{night['club'].slug}/sessions/{night['session'].pk}/rounds/new/")
    timer = page.locator("[data-role=event-timer] [data-timer-left]")
    assert re.match(r"(39|40):\d\d", timer.inner_text())
    page.screenshot(path=str(ARTIFACTS / "event-round-form-390x844.png"))
