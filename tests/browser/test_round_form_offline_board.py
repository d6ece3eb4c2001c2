"""Offline, a reload of the round form gets the service worker's copy of the page, whose
board and count are those of its last full load. The form shows instead the last board
the server gave this phone (a save's answer) plus the rounds waiting in the queue, and
goes on at the right number; once online, the server's figures (390×844).
Screenshots: tests/artifacts/round-form-offline-board-*.png."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, RULESET, tap
from tests.browser.test_table import form_url, log_in_and_start, open_form, saved, tap_self_draw

pytestmark = [pytest.mark.browser]

DEALER_SELF_DRAW = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": ["pinghu"]}], "birds": [1, 2]},
}
# the worker keeps this page: wait_for_function polls a plain value, so each poll asks
# the cache and the next one reads its answer
KEPT = """() => {
    caches.match(location.pathname).then(r => { window.csmjKept = !!r; });
    return window.csmjKept === true;
}"""


def shown_totals(page) -> list[int]:
    return [
        int(page.locator(f'#rf-scoreboard [data-seat="{s}"] [data-total]').inner_text())
        for s in range(4)
    ]


def settled(page) -> None:
    page.wait_for_function("() => window.csmjRoundForm.idle()")
    page.evaluate("() => window.csmjQueue.all(null).then(() => true)")


def test_an_offline_reload_shows_the_last_board_the_server_gave_plus_the_waiting_round(
    page, league
):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Round

    session = log_in_and_start(page, league)
    recorder = get_user_model().objects.get(username="jilu")
    for _ in range(3):
        services.round_record(session=session, data=DEALER_SELF_DRAW, actor=recorder)
    services.round_undo_last(session=session, actor=recorder)  # 2 counted, 1 void

    page.goto(form_url(page, session))  # the page the worker keeps: 第 4 盘, 2 counted
    page.locator("#rf-body .rf-section").first.wait_for()
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    page.wait_for_function(KEPT, timeout=15_000)
    count = page.locator("[data-role=rf-count]")
    assert count.inner_text() == "2 盘计分 · 1 盘已作废"

    # round 4, online: 李四 self-draws (the dealer is 张三, who won round 2)
    tap_self_draw(page, 1, (5, 9))
    tap(page, "#rf-save")
    saved(page, 4)
    count.filter(has_text="3 盘计分 · 1 盘已作废").wait_for()

    # round 5: previewed online, saved offline: it waits, with the net its preview showed
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    page.locator("[data-role=preview]").wait_for()
    settled(page)
    page.context.set_offline(True)
    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text="第 5 盘已存在本机").wait_for()
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    settled(page)

    stored = Round.objects.filter(session=session, is_current=True, is_void=False)
    nets = [r.result["net"] for r in stored.order_by("number")]
    assert len(nets) == 3  # rounds 1, 2 and 4
    fifth = score_round(
        {
            "dealer": 1,
            "result": {
                "kind": "discard",
                "winners": [{"seat": 2, "hands": ["pinghu"]}],
                "discarder": 3,
                "birds": [2, 6],
            },
            "ruleset": RULESET,
        }
    )["net"]
    expected = [sum(n[s] for n in [*nets, fifth]) for s in range(4)]
    assert shown_totals(page) == expected

    page.reload()  # offline: the worker's copy of the page from before round 4
    page.locator("#rf-body .rf-section").first.wait_for()
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    page.locator("#rf-scoreboard [data-total]").first.wait_for()
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-offline-board-reloaded-390x844.png"))
    assert shown_totals(page) == expected
    # the count is the server's (the waiting round counts once stored), as the board's
    assert count.inner_text() == "3 盘计分 · 1 盘已作废"
    assert page.locator("[data-role=rf-number]").inner_text() == "第 6 盘"
    assert "第 6 盘" in page.title()  # the tab says it too, not the kept page's 第 4 盘
    assert not Round.objects.filter(session=session, number=5).exists()

    page.context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    count.filter(has_text="4 盘计分 · 1 盘已作废").wait_for()
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-offline-board-synced-390x844.png"))
    stored_nets = [r.result["net"] for r in stored.order_by("number")]
    assert len(stored_nets) == 4
    assert stored_nets[-1] == fifth
    assert shown_totals(page) == [sum(n[s] for n in stored_nets) for s in range(4)]
    assert page.locator("[data-role=rf-number]").inner_text() == "第 6 盘"


def test_a_round_the_session_page_synced_is_on_the_board_of_the_next_offline_reload(page, league):
    from scoring.models import Round

    session = open_form(page, league)  # the page the worker keeps: 第 1 盘, no round
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    page.wait_for_function(KEPT, timeout=15_000)

    # round 1, previewed online and saved offline: it waits on the phone
    tap_self_draw(page, 0, (1, 5))
    settled(page)
    page.context.set_offline(True)
    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text="第 1 盘已存在本机").wait_for()
    settled(page)

    # the session page is the one open when the network comes back: it sends the round
    page.goto("about:blank")
    page.context.set_offline(False)
    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    page.wait_for_function(
        "() => window.csmjQueue.all(null).then(i => { window.csmjLeft = i.length; })"
        " && window.csmjLeft === 0",
        timeout=15_000,
    )
    stored = Round.objects.filter(session=session, is_current=True, is_void=False)
    assert stored.count() == 1
    net = stored.get().result["net"]

    page.context.set_offline(True)
    page.goto(form_url(page, session))  # the worker's copy: 第 1 盘, all zero
    page.locator("#rf-scoreboard [data-total]").first.wait_for()
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-offline-board-after-session-page-390x844.png"))
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
    assert shown_totals(page) == net
    page.context.set_offline(False)


def test_a_round_waiting_while_the_club_changed_its_slug_is_stored_at_the_new_address(page, league):
    from django.contrib.auth import get_user_model

    from leagues.services import club_update
    from scoring.models import Round

    session = open_form(page, league)
    tap_self_draw(page, 0, (1, 5))
    settled(page)
    page.context.set_offline(True)
    tap(page, "#rf-save")
    page.locator("[data-role=saved-text]", has_text="第 1 盘已存在本机").wait_for()
    settled(page)

    # meanwhile the organiser renames the club's address: the waiting round names the old
    owner = get_user_model().objects.get(username="owner")
    club_update(club=session.season.club, actor=owner, slug="yuelu-mj")
    page.context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    settled(page)

    stored = Round.objects.get(session=session, number=1, is_current=True)
    assert stored.data["result"]["winners"][0]["seat"] == 0
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"


def test_the_session_page_opens_offline_though_the_phone_never_opened_it(page, league):
    """开一场 goes straight to the round form: its 返回本场 page is kept as well."""
    session = open_form(page, league)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    session_path = f"/c/yuelu/sessions/{session.pk}/"
    page.wait_for_function(
        f"() => {{ caches.match({session_path!r}).then(r => {{ window.csmjSessionKept = !!r; }});"
        " return window.csmjSessionKept === true; }",
        timeout=15_000,
    )

    page.context.set_offline(True)
    with page.expect_navigation():
        page.locator("a[data-keep-offline]").click()
    page.screenshot(path=str(ARTIFACTS / "session-page-offline-never-visited-390x844.png"))
    assert page.url.endswith(session_path)
    assert "这一页还没有保存在本机" not in page.locator("main").inner_text()
    assert page.locator("[data-role=session-again], h1").count() >= 1
    page.context.set_offline(False)


def test_undo_offline_or_with_a_round_waiting_says_why_and_undoes_nothing(page, league):
    from scoring.models import Round

    session = open_form(page, league)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    tap_self_draw(page, 0, (1, 5))
    tap(page, "#rf-save")
    saved(page, 1)
    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")  # kept with round 1 and 撤销
    page.locator("[data-role=undo]").wait_for()
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap_self_draw(page, 1, (2, 6))
    settled(page)
    page.context.set_offline(True)
    tap(page, "#rf-save")  # round 2 waits on the phone
    page.locator("[data-role=saved-text]", has_text="第 2 盘已存在本机").wait_for()
    settled(page)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.accept()))

    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")  # the worker's copy
    note = page.locator("[data-role=needs-network]")
    page.locator("[data-role=undo]").click()
    note.filter(has_text="现在没有网络").wait_for()
    page.screenshot(path=str(ARTIFACTS / "session-undo-offline-390x844.png"))
    assert dialogs == [] and page.url.endswith(f"/sessions/{session.pk}/")

    # online, with round 2 still waiting (the route holds it back): not yet either
    page.route("**/rounds/save/", lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(False)
    # the line says what still holds without a tap: no longer the network, the round
    note.filter(has_text="本机还有没同步的盘").wait_for()
    page.locator("[data-role=undo]").click()
    note.filter(has_text="本机还有没同步的盘").wait_for()
    assert dialogs == []
    assert not Round.objects.filter(is_void=True).exists()

    # sent: the line goes, and the undo asks, and undoes round 2, the last one
    page.unroute("**/rounds/save/")
    page.evaluate("() => window.csmjQueue.sync()")
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    note.wait_for(state="detached")
    with page.expect_navigation():
        page.locator("[data-role=undo]").click()
    assert len(dialogs) == 1
    assert list(Round.objects.filter(is_void=True).values_list("number", flat=True)) == [2]
