"""What stopped or confused a league night (issue 28), in a browser at 390×844: ticking
many names into the night at once, 退出 / 回来 on a player's own row, cancelling a drawn
round and finishing with tables that never started, seating by hand (tap a name, tap a
seat), and a timer button that names its round and asks before a restart. Screenshots
go to tests/artifacts/night-fix-*.png."""

from __future__ import annotations

import json

import pytest

from scoring import services as scoring_services
from scoring.events import services
from scoring.events.models import Entrant, Event, SeatingRound, Table
from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_tap_targets_everywhere import SMALL_TARGETS, log_in
from tests.factories import round_self_draw

pytestmark = [pytest.mark.browser]


def shot(pg, name: str) -> None:
    pg.screenshot(path=str(ARTIFACTS / f"night-fix-{name}.png"), full_page=True)


@pytest.fixture
def owner(league):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="owner")


MORE = ["周九", "吴十", "郑一", "冯二"]  # the club's six players and these four


def make_night(league, owner, *, entrants: int = 8, **options) -> Event:
    from leagues import services as league_services

    for name in MORE:
        league_services.player_create(club=league["club"], display_name=name, actor=owner)
    event = services.event_create(
        season=league["season"], name="周五之夜", date=league["season"].start_date,
        actor=owner, **options,
    )  # fmt: skip
    for player in list(league["club"].players.order_by("pk"))[:entrants]:
        services.entrant_add(event=event, player=player, actor=owner)
    return event


def open_night(page, league, event) -> str:
    log_in(page, "owner")
    url = f"{page.base}/c/{league['club'].slug}/events/{event.pk}/"
    page.goto(url)
    return url


def test_many_names_are_ticked_in_at_once_and_a_row_drops_out_and_comes_back(page, league, owner):
    event = make_night(league, owner, entrants=0)
    open_night(page, league, event)

    page.locator("[data-role=add-entrants] > summary").click()
    names = page.locator("[data-role=add-player]")
    for i in range(6):
        names.nth(i).click()
    assert page.locator("[data-role=add-entrants]").get_attribute("open") is not None
    assert page.locator("[data-role=add-player]:checked").count() == 6
    shot(page, "multi-add-ticked-390x844")
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], json.dumps(small, ensure_ascii=False)
    with page.expect_navigation():
        page.locator("[data-role=add-selected]").click()
    assert "已添加 6 名参赛者" in page.locator(".messages").inner_text()
    assert page.locator("[data-role=entrant]").count() == 6
    assert Entrant.objects.filter(event=event).count() == 6

    row = page.locator("[data-role=entrant]").nth(2)
    name = row.locator("button.ev-name").inner_text()
    with page.expect_navigation():
        row.locator("[data-role=drop]").click()
    row = page.locator("[data-role=entrant]", has_text=name)
    assert row.locator("[data-role=dropped]").inner_text() == "已退出"
    assert row.locator("button.ev-name").get_attribute("aria-pressed") == "false"
    assert row.locator("[data-role=return]").is_visible()
    shot(page, "dropped-390x844")
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], json.dumps(small, ensure_ascii=False)

    with page.expect_navigation():
        row.locator("[data-role=return]").click()
    row = page.locator("[data-role=entrant]", has_text=name)
    assert row.locator("[data-role=dropped]").count() == 0
    assert row.locator("button.ev-name").get_attribute("aria-pressed") == "true"
    assert not Entrant.objects.get(event=event, player__display_name=name).is_dropped


def test_a_drawn_round_is_cancelled_and_the_night_finishes_with_tables_never_started(
    page, league, owner
):
    event = make_night(league, owner)
    rnd = services.round_draw(event=event, actor=owner, seed=1)
    for table in rnd.tables.all():
        session = services.table_start(table=table, actor=owner)
        scoring_services.round_record(session=session, data=round_self_draw(0), actor=owner)
        scoring_services.session_finish(session=session, actor=owner)
    services.round_draw(event=event, actor=owner, seed=2)
    open_night(page, league, event)

    assert page.locator("[data-role=draw-button]").inner_text() == "重排第 2 轮"
    shot(page, "round-2-drawn-390x844")
    with page.expect_navigation():
        page.locator("[data-role=round-cancel] button").click()
    assert "已取消第 2 轮的排座" in page.locator(".messages").inner_text()
    assert page.locator("[data-role=draw-button]").inner_text() == "排第 2 轮"
    assert list(SeatingRound.objects.filter(event=event).values_list("number", flat=True)) == [1]
    shot(page, "round-cancelled-390x844")

    with page.expect_navigation():
        page.locator("[data-role=draw-button]").click()
    assert page.locator("[data-role=draw-button]").inner_text() == "重排第 2 轮"
    with page.expect_navigation():
        page.locator("[data-role=event-finish]").click()
    assert "2 桌没有开始，已取消" in page.locator(".messages").inner_text()
    event.refresh_from_db()
    assert event.is_finished
    assert Table.objects.filter(round__event=event).count() == 2
    # the finished night shows its round 1 (the cancelled round 2 is gone)
    assert page.locator("[data-role=table-card]").count() == 2
    shot(page, "finished-with-unstarted-390x844")


def test_an_organiser_seats_a_round_by_hand_tapping_a_name_then_a_seat(page, league, owner):
    event = make_night(league, owner, entrants=9, seating_mode="manual")
    open_night(page, league, event)
    with page.expect_navigation():
        page.locator("[data-role=draw-button]").click()
    rnd = SeatingRound.objects.get(event=event)
    assert rnd.mode == "random"
    assert "抽签号" in page.locator("[data-role=seed]").inner_text()
    editor = page.locator("[data-role=seat-editor]")
    assert editor.get_attribute("open") is not None  # a manual night opens the editor
    seats = editor.locator("[data-role=seat-button]")
    assert seats.count() == 8
    pool = editor.locator("[data-role=pool-button]")
    assert pool.count() == 1
    out_name = pool.first.inner_text()
    first, second = seats.nth(0).inner_text(), seats.nth(1).inner_text()

    pool.first.click()  # the player sitting out takes table 2's 东
    assert pool.first.get_attribute("aria-pressed") == "true"
    seats.nth(4).click()
    old_east_2 = editor.locator("[data-role=pool-button]").first.inner_text()
    seats.nth(0).click()  # table 1's 东 and 南 change places
    seats.nth(1).click()
    assert seats.nth(0).inner_text() == second and seats.nth(1).inner_text() == first
    assert seats.nth(4).inner_text() == out_name
    shot(page, "manual-seating-390x844")
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], json.dumps(small, ensure_ascii=False)
    with page.expect_navigation():
        editor.locator("[data-role=seat-save]").click()

    assert "第 1 轮的座位已按手动排好" in page.locator(".messages").inner_text()
    rnd.refresh_from_db()
    assert rnd.mode == "manual"
    names = dict(league["club"].players.values_list("pk", "display_name"))
    tables = [[names[p] for p in t.seats] for t in rnd.tables.order_by("number")]
    assert tables[0][:2] == [second, first] and tables[1][0] == out_name
    assert [names[p] for p in rnd.sitting_out] == [old_east_2]
    seed_line = page.locator("[data-role=seed]").inner_text()
    assert "手动" in seed_line and "抽签号" not in seed_line
    shot(page, "manual-saved-390x844")


def test_the_timer_button_names_its_round_and_a_restart_asks_first(page, league, owner):
    event = make_night(league, owner, timer_minutes=30)
    rnd = services.round_draw(event=event, actor=owner, seed=1)
    services.table_start(table=rnd.tables.get(number=1), actor=owner)
    services.round_draw(event=event, actor=owner, seed=2)  # round 2 drawn: still round 1's
    ends = SeatingRound.objects.get(event=event, number=1).timer_ends_at
    open_night(page, league, event)

    button = page.locator("[data-role=timer-start]")
    assert button.inner_text() == "重新开始第 1 轮计时（30 分钟）"
    shot(page, "timer-390x844")
    messages: list[str] = []

    def dismiss(dialog):
        messages.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    button.click()
    page.wait_for_timeout(300)
    assert messages == ["第 1 轮的计时还在走。重新从 30 分钟开始？"]
    assert SeatingRound.objects.get(event=event, number=1).timer_ends_at == ends

    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        button.click()
    assert SeatingRound.objects.get(event=event, number=1).timer_ends_at > ends
    assert SeatingRound.objects.get(event=event, number=2).timer_ends_at is None
