"""The board (大屏) as a room's display, at 1920×1080 and on a projector's 1280×720: no
site header or footer, nothing scrolls, the countdown and the tables' totals are >= 40 px
and the standings >= 24 px at 1080p, 16 tables are all on screen at once, and the
standings of 64 players turn pages so every player is shown. A small night stands its
tables beside its standings without turning pages. Screenshots go to
tests/artifacts/board-room-*.png."""

from __future__ import annotations

import pytest

from scoring import services as scoring_services
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_tap_targets_everywhere import log_in
from tests.factories import round_discard, round_self_draw

pytestmark = [pytest.mark.browser]

FULL_HD = {"width": 1920, "height": 1080}
PROJECTOR = {"width": 1280, "height": 720}


def _night(league, *, entrants: int, started: int) -> dict:
    """A night of ``entrants`` players, round 1 drawn, its first ``started`` tables
    playing with a round saved, a penalty given."""
    from django.contrib.auth import get_user_model

    from leagues import services as league_services
    from scoring.events import services

    owner = get_user_model().objects.get(username="owner")
    club, season = league["club"], league["season"]
    for i in range(entrants - club.players.count()):
        league_services.player_create(club=club, display_name=f"选手{i + 1:02d}", actor=owner)
    event = services.event_create(
        season=season, name="周六联赛之夜", date=season.start_date, timer_minutes=30, actor=owner
    )
    for player in club.players.all()[:entrants]:
        services.entrant_add(event=event, player=player, actor=owner)
    rnd = services.round_draw(event=event, actor=owner, seed=7)
    for table in rnd.tables.order_by("number")[:started]:
        session = services.table_start(table=table, actor=owner)
        data = round_self_draw(table.number % 4) if table.number % 2 else round_discard(1, 2)
        scoring_services.round_record(session=session, data=data, actor=owner)
    services.penalty_give(season=season, event=event, player=club.players.first(),
                          amount=-10, reason="迟到", actor=owner)  # fmt: skip
    return {**league, "event": event}


@pytest.fixture
def big_night(league):
    """64 players: 16 tables, all playing."""
    return _night(league, entrants=64, started=16)


@pytest.fixture
def small_night(league):
    """8 players: 2 tables."""
    return _night(league, entrants=8, started=2)


def open_board(browser, live_server, night, size):
    context = browser.new_context(viewport=size, locale="zh-CN")
    board = context.new_page()
    board.set_default_timeout(15_000)
    board.base = live_server.url
    log_in(board, "owner")
    board.goto(f"{live_server.url}/c/{night['club'].slug}/events/{night['event'].pk}/board/")
    board.wait_for_function("() => document.getElementById('follow-area').dataset.boardPages")
    return board


ON_SCREEN = """(sel) => Array.from(document.querySelectorAll(sel))
  .filter(el => el.offsetParent !== null)
  .map(el => { const r = el.getBoundingClientRect();
               return {text: el.innerText.trim().split('\\n')[0],
                       inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1
                               && r.right <= innerWidth + 1}; })"""

PX = "(el) => parseFloat(getComputedStyle(el).fontSize)"


def shown(board, selector: str) -> list[dict]:
    return board.evaluate(ON_SCREEN, selector)


def nothing_scrolls(board) -> bool:
    return board.evaluate(
        "() => document.scrollingElement.scrollHeight <= innerHeight"
        " && document.scrollingElement.scrollWidth <= innerWidth"
    )


def standings_pages(board) -> list[list[dict]]:
    """Turns the pages (the arrow key) from the standings' first page to its last."""
    for _ in range(10):
        if board.locator(".ev-board-side.ev-shown").count():
            break
        board.keyboard.press("ArrowRight")
    pages = []
    while board.locator(".ev-board-side.ev-shown").count():
        pages.append(shown(board, ".ev-board-side tbody tr"))
        board.keyboard.press("ArrowRight")
    return pages


def test_the_board_at_1080p_shows_16_tables_at_once_in_big_type_without_the_sites_chrome(
    browser, live_server, big_night
):
    board = open_board(browser, live_server, big_night, FULL_HD)
    board.screenshot(path=str(ARTIFACTS / "board-room-1920x1080-tables.png"))

    tables = shown(board, "[data-role=table-card]")
    assert len(tables) == 16 and all(t["inside"] for t in tables), tables
    assert nothing_scrolls(board)
    assert not board.locator("header.topbar").is_visible()
    assert not board.locator("footer.footer").is_visible()
    assert board.locator("[data-role=board-fullscreen]").is_visible()
    totals = board.locator(".ev-board-tables .ev-seats li b")
    assert totals.count() == 64
    assert min(b.evaluate(PX) for b in totals.all()) >= 40
    assert board.locator("[data-timer-left]").evaluate(PX) >= 40

    pages = standings_pages(board)
    for _ in pages:  # back to the standings' first page
        board.keyboard.press("ArrowLeft")
    board.screenshot(path=str(ARTIFACTS / "board-room-1920x1080-standings.png"))
    rows = [row for page in pages for row in page]
    assert len(pages) >= 2 and len(rows) == 64  # every player, once
    assert len({row["text"] for row in rows}) == 64
    assert all(row["inside"] for row in rows)
    assert board.locator(".ev-board-side [data-board-pager]").inner_text() == f"1/{len(pages)}"
    cell = board.locator(".ev-board-side tbody tr:not(.ev-off) td").first
    assert cell.evaluate(PX) >= 24
    assert nothing_scrolls(board)


def test_the_board_on_a_1280x720_projector_shows_16_tables_and_every_player_without_scrolling(
    browser, live_server, big_night
):
    board = open_board(browser, live_server, big_night, PROJECTOR)
    board.screenshot(path=str(ARTIFACTS / "board-room-1280x720-tables.png"))

    tables = shown(board, "[data-role=table-card]")
    assert len(tables) == 16 and all(t["inside"] for t in tables), tables
    assert nothing_scrolls(board)
    pages = standings_pages(board)
    for _ in pages:
        board.keyboard.press("ArrowLeft")
    board.screenshot(path=str(ARTIFACTS / "board-room-1280x720-standings.png"))
    rows = [row for page in pages for row in page]
    assert len({row["text"] for row in rows}) == 64 and all(row["inside"] for row in rows)
    assert nothing_scrolls(board)


def test_a_small_night_stands_its_tables_beside_its_standings_and_turns_no_page(
    browser, live_server, small_night
):
    board = open_board(browser, live_server, small_night, FULL_HD)
    board.screenshot(path=str(ARTIFACTS / "board-room-1920x1080-small.png"))

    assert board.locator("#follow-area").get_attribute("data-board-pages") == "0"
    assert len(shown(board, "[data-role=table-card]")) == 2
    assert len(shown(board, ".ev-board-side tbody tr")) == 8
    tables = board.locator(".ev-board-tables").bounding_box()
    standings = board.locator(".ev-board-side").bounding_box()
    assert tables and standings and standings["x"] >= tables["x"] + tables["width"]
    assert nothing_scrolls(board)


def test_the_board_turns_its_pages_by_itself(browser, live_server, big_night):
    board = open_board(browser, live_server, big_night, PROJECTOR)
    first = board.locator("#follow-area").get_attribute("data-board-page")
    board.evaluate("() => { document.getElementById('follow-area').dataset.pageSeconds = 0.3; }")
    board.keyboard.press("ArrowRight")  # the next turn is timed with the short page
    turned = board.locator("#follow-area").get_attribute("data-board-page")

    # the room saves at its tables more often than a page's time: each save swaps the
    # board's HTML in, as follow.js does, and the page turns all the same
    board.evaluate("""() => { const area = document.getElementById('follow-area');
                             area.dataset.pageSeconds = 1;
                             setInterval(() => { area.innerHTML = area.innerHTML; }, 200); }""")
    board.keyboard.press("ArrowRight")
    again = board.locator("#follow-area").get_attribute("data-board-page")
    board.wait_for_function(
        "(p) => document.getElementById('follow-area').dataset.boardPage !== p",
        arg=again,
        timeout=4000,
    )
    assert turned != first


def test_the_full_screen_button_takes_the_board_to_full_screen_and_back(
    browser, live_server, small_night
):
    board = open_board(browser, live_server, small_night, PROJECTOR)
    button = board.locator("[data-role=board-fullscreen]")
    assert button.inner_text() == "全屏"

    label = "(text) => document.querySelector('[data-role=board-fullscreen]').innerText === text"
    button.click()
    board.wait_for_function("() => document.fullscreenElement === document.documentElement")
    board.wait_for_function(label, arg="退出全屏")
    button.click()
    board.wait_for_function("() => document.fullscreenElement === null")
    board.wait_for_function(label, arg="全屏")


def test_the_board_in_english_still_shows_16_tables_at_once(browser, live_server, big_night):
    context = browser.new_context(viewport=FULL_HD, locale="en")
    board = context.new_page()
    board.base = live_server.url
    log_in(board, "owner")
    board.locator("button[name=language][value=en]").click()
    board.goto(
        f"{live_server.url}/c/{big_night['club'].slug}/events/{big_night['event'].pk}/board/"
    )
    board.wait_for_function("() => document.getElementById('follow-area').dataset.boardPages")
    board.screenshot(path=str(ARTIFACTS / "board-room-1920x1080-en.png"))

    tables = shown(board, "[data-role=table-card]")
    assert len(tables) == 16 and all(t["inside"] for t in tables), tables
    assert tables[0]["text"] == "Table 1"
    assert nothing_scrolls(board)
