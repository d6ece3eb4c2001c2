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


# The longest names a player may have (Player.display_name: 60 characters), neither with
# a space to break at.
LONG_NAMES = {
    "zh": "长沙市岳麓区麓山南路麻将协会第三分会周五晚场固定牌友代表兼任记分员与后勤联络人员老张同志本人亲自到场参赛并且负责赛后结账",
    "latin": "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf",
}


@pytest.fixture
def long_named_night(league, request):
    """Nine entrants, one of them with a 60-character name (the parameter: a key of
    LONG_NAMES): round 1 drawn (two tables of four and a bye), table 1 started with a round
    recorded, and a penalty for the long name, so every column of the night's standings
    has a figure."""
    from django.contrib.auth import get_user_model

    from leagues import services as league_services

    owner = get_user_model().objects.get(username="owner")
    club, season = league["club"], league["season"]
    long_name = LONG_NAMES[request.param]
    assert len(long_name) == 60
    for name in ["周九", "吴十", long_name]:
        league_services.player_create(club=club, display_name=name, actor=owner)
    event = services.event_create(season=season, name="周五之夜", date=season.start_date,
                                  actor=owner)  # fmt: skip
    for player in club.players.all():
        services.entrant_add(event=event, player=player, actor=owner)
    rnd = services.round_draw(event=event, actor=owner, seed=11)
    session = services.table_start(table=rnd.tables.get(number=1), actor=owner)
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=owner)
    services.penalty_give(season=season, event=event, player=club.players.get(display_name=long_name),
                          amount=-10, reason="迟到", actor=owner)  # fmt: skip
    return {**league, "event": event, "name": long_name, "key": request.param}


@pytest.mark.parametrize("long_named_night", list(LONG_NAMES), indirect=True)
def test_a_long_name_keeps_the_event_page_at_phone_width(page, long_named_night):
    """At 390×844 the night's page never runs on past the screen: the standings (本夜排名)
    scroll in a box of their own, as the season's do, the long name wraps (in the
    standings, on its check-in button, its card and its penalty), and the standings' last
    column (胡牌, after 得分 / 罚分 / 合计) is reachable inside their box.
    Screenshots: tests/artifacts/event-long-name-{zh,latin}-*.png."""
    night = long_named_night
    assert night["event"].entrants.count() == 9
    log_in(page, "owner")
    page.goto(f"{page.base}/c/{night['club'].slug}/events/{night['event'].pk}/")
    for summary in page.locator("details.more > summary").all():
        summary.click()  # every part of the page open: the earlier rounds, the cards …
    standings = page.locator("table[data-role=event-standings]")
    assert night["name"] in standings.inner_text()
    page.screenshot(path=str(ARTIFACTS / f"event-long-name-{night['key']}-390x844.png"),
                    full_page=True)  # fmt: skip

    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator(".table-scroll > .table-wrap:has(table[data-role=event-standings])")
    assert box.count() == 1  # the standings scroll in their own box, as the season's do
    box.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    frame = box.bounding_box()
    for header in ("合计", "胡牌"):  # 合计 (what ranks) and the last column
        th = standings.locator("thead th", has_text=header).bounding_box()
        assert frame is not None and th is not None
        assert (
            frame["x"] - 1 <= th["x"] and th["x"] + th["width"] <= frame["x"] + frame["width"] + 1
        )
        assert th["x"] + th["width"] <= 390
    page.locator("h2", has_text="本夜排名").evaluate("el => window.scrollTo(0, el.offsetTop - 80)")
    page.screenshot(path=str(ARTIFACTS / f"event-long-name-{night['key']}-standings-390x844.png"))
