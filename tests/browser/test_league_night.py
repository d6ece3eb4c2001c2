"""A whole league night of thirteen in a browser at 390×844: an organiser and three table
recorders, each in a browser context of their own.

The organiser creates the night (with a timer), adds thirteen players by ticking their
names and adding them at once, checks one out and in again, and draws round 1: three
tables and a bye (tables of three wait for the engine's §10, so the night uses byes). Each recorder starts a table
and records rounds through the ordinary round form, where the countdown shows. The
organiser gives a penalty; the board at 1920×1080 shows the tables' totals, the penalty
and the timer, and refreshes itself after a save. Round 2 is drawn while round 1 plays,
finishing the night is refused while tables are open, then every table finishes, round 2
is played, the night finishes, and the night's result card and a player's card download
as PNG images. Screenshots go to tests/artifacts/night-*.png."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from tests.browser.test_recording import ARTIFACTS, PASSWORD, PHONE
from tests.browser.test_table import saved
from tests.browser.test_tap_targets_everywhere import log_in

pytestmark = [pytest.mark.browser]

MORE = ["周九", "吴十", "郑一", "冯二", "陈三", "褚四", "卫五"]  # 6 + 7 = 13 players
RECORDERS = ["rec1", "rec2", "rec3"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def club_of_13(league):
    from django.contrib.auth import get_user_model

    from leagues import services as league_services
    from leagues.models import Membership

    owner = get_user_model().objects.get(username="owner")
    club = league["club"]
    for name in MORE:
        league_services.player_create(club=club, display_name=name, actor=owner)
    for name in RECORDERS:
        user = get_user_model().objects.create_user(name, password=PASSWORD)
        Membership.objects.create(club=club, user=user, role="recorder")
    return league


def shot(pg, name: str, **kwargs) -> None:
    pg.screenshot(path=str(ARTIFACTS / f"night-{name}.png"), **kwargs)


def table_form(round_no: int, table: int) -> str:
    return (
        f"form:has(input[name=round][value='{round_no}'])"
        f":has(input[name=table][value='{table}']) [data-role=table-start]"
    )


def record(pg, number: int, winner: int, birds: tuple[int, int]) -> None:
    """One self-drawn 平胡 through the ordinary round form; waits for it to be saved."""
    pg.locator(f'[data-role=winner][data-seat="{winner}"]').first.click()
    for bird in birds:
        pg.locator(f'[data-role=bird][data-bird="{bird}"]').first.click()
    pg.locator("#rf-save").click()
    saved(pg, number)


def finish_session(pg) -> None:
    """From the round form to the session page, then 结束本场."""
    pg.goto(pg.url.replace("/rounds/new/", "/"))
    with pg.expect_navigation():
        pg.locator("[data-role=finish]").click()


def test_a_night_of_thirteen_from_check_in_to_the_result_card(browser, live_server, club_of_13):
    from scoring.events.models import Event
    from scoring.models import Round
    from scoring.standings.models import Penalty

    org = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN").new_page()
    org.set_default_timeout(15_000)
    org.base = live_server.url
    club, season = club_of_13["club"], club_of_13["season"]
    log_in(org, "owner")

    # The night: created with a 40-minute timer, thirteen players added by tapping names.
    org.goto(f"{live_server.url}/c/{club.slug}/seasons/{season.pk}/events/")
    org.fill("input[name=name]", "周五之夜")
    org.fill("input[name=timer_minutes]", "40")
    with org.expect_navigation():
        org.locator("form button.btn", has_text="创建").click()
    event = Event.objects.get()
    event_url = f"{live_server.url}/c/{club.slug}/events/{event.pk}/"
    org.locator("[data-role=add-entrants] > summary").click()
    names = org.locator("[data-role=add-player]")
    for i in range(13):  # the picker stays open: one tap a name, then one 添加所选
        names.nth(i).click()
    with org.expect_navigation():
        org.locator("[data-role=add-selected]").click()
    checkin = org.locator("[data-role=check-in] button.ev-name")
    assert checkin.count() == 13
    assert org.locator("[data-role=check-in] button.ev-name[aria-pressed=true]").count() == 13

    # Check-in: one tap marks 张三 absent, one more present again.
    for pressed in ("false", "true"):
        with org.expect_navigation():
            org.locator("[data-role=check-in] button.ev-name", has_text="张三").click()
        zhang = org.locator("[data-role=check-in] button.ev-name", has_text="张三")
        assert zhang.get_attribute("aria-pressed") == pressed
    shot(org, "check-in-390x844", full_page=True)

    # Round 1: three tables of four and a bye, with its seed shown.
    org.fill("[data-role=draw] input[name=seed]", "2025")
    with org.expect_navigation():
        org.locator("[data-role=draw] button").click()
    assert org.locator("[data-role=table-card]").count() == 3
    assert "抽签号 2025" in org.locator("[data-role=seed]").inner_text()
    assert re.search(r"轮空：\S+", org.locator("main").inner_text())
    shot(org, "draw-390x844", full_page=True)

    # Three recorders, each in a context of their own, start a table each and record.
    tables = []
    for number, name in enumerate(RECORDERS, start=1):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="zh-CN")
        pg = context.new_page()
        pg.set_default_timeout(15_000)
        pg.base = live_server.url
        log_in(pg, name)
        pg.goto(event_url)
        with pg.expect_navigation():
            pg.locator(table_form(1, number)).click()
        pg.locator("#rf-body .rf-section").first.wait_for()
        tables.append(pg)
    timer = tables[0].locator("[data-role=event-timer] [data-timer-left]")
    assert re.match(r"(39|40):\d\d", timer.inner_text())
    shot(tables[0], "round-form-390x844")
    for n in (1, 2):
        for i, pg in enumerate(tables):
            record(pg, n, winner=(i + n) % 4, birds=(5, 9) if n == 1 else (2, 6))

    # A penalty, from the organiser's phone.
    org.goto(event_url)
    org.select_option("[data-role=penalty] select[name=player]", label="李四")
    org.fill("[data-role=penalty] input[name=amount]", "-10")
    org.fill("[data-role=penalty] input[name=reason]", "迟到")
    with org.expect_navigation():
        org.locator("[data-role=penalty] button").click()
    assert "迟到" in org.locator("[data-role=penalties]").inner_text()

    # The board at 1920×1080: live totals, the penalty, the timer; it follows a save.
    board_context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    board = board_context.new_page()
    board.base = live_server.url
    log_in(board, "owner")
    board.goto(f"{event_url}board/")
    assert board.locator("[data-role=table-card]").count() == 3
    assert re.search(r"\+\d", board.locator("[data-role=table-card][data-table='1']").inner_text())
    assert "迟到" in board.locator("main").inner_text()
    assert re.match(r"\d+:\d\d", board.locator("[data-timer-left]").first.inner_text())
    before = board.locator("[data-role=table-card][data-table='3']").inner_text()
    record(tables[2], 3, winner=1, birds=(3, 7))
    board.wait_for_function(
        "before => document.querySelector(\"[data-role=table-card][data-table='3']\")"
        ".innerText !== before",
        arg=before,
        timeout=8000,
    )
    shot(board, "board-1920x1080")

    # Round 2 is drawn while round 1 plays; the board shows it as the next round.
    org.goto(event_url)
    with org.expect_navigation():
        org.locator("[data-role=draw] button").click()
    org.goto(f"{event_url}board/")
    assert "下一轮" in org.locator("main").inner_text()
    shot(org, "board-next-390x844", full_page=True)

    # Finishing is refused while round 1's started tables are open (round 2's, not started,
    # do not count), and nothing changes.
    org.goto(event_url)
    with org.expect_navigation():
        org.locator("[data-role=event-finish]").click()
    assert "还有 3 桌没有结束" in org.locator(".messages .msg-error").inner_text()
    event.refresh_from_db()
    assert not event.is_finished

    # Every table of round 1 finishes; round 2 starts, plays a hand a table, finishes.
    for number, pg in enumerate(tables, start=1):
        finish_session(pg)
        pg.goto(event_url)
        with pg.expect_navigation():
            pg.locator(table_form(2, number)).click()
        pg.locator("#rf-body .rf-section").first.wait_for()
        record(pg, 1, winner=number % 4, birds=(4, 8))
        finish_session(pg)
    org.goto(event_url)
    with org.expect_navigation():
        org.locator("[data-role=event-finish]").click()
    event.refresh_from_db()
    assert event.is_finished
    assert Round.objects.filter(session__event_table__round__event=event).count() == 10
    assert Penalty.objects.filter(event=event).count() == 1
    shot(org, "finished-390x844", full_page=True)

    # The result cards: the night's and a player's, downloaded as PNG images.
    with org.expect_download() as download:
        org.locator("[data-role=event-card]").click()
    night_png = Path(download.value.path()).read_bytes()
    (ARTIFACTS / "night-result-card.png").write_bytes(night_png)
    org.locator("[data-role=player-cards] > summary").click()
    with org.expect_download() as download:
        org.locator("[data-role=player-card]").first.click()
    player_png = Path(download.value.path()).read_bytes()
    (ARTIFACTS / "night-player-card.png").write_bytes(player_png)

    assert night_png.startswith(PNG_SIGNATURE) and player_png.startswith(PNG_SIGNATURE)
    width, height = Image.open(io.BytesIO(night_png)).size
    assert width == 1080 and 2000 < height < 3000  # thirteen rows
    assert Image.open(io.BytesIO(player_png)).size == (1080, 1080)
    for pg in [org, board, *tables]:
        pg.context.close()
