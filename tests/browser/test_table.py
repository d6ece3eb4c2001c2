"""At a real table, on a phone: taps per hand, tap targets, the pads, and no lost hand.

Counts the taps a recorder makes from the moment the previous round is saved to the
moment this one is stored (every trusted click the page receives), measures every tap
target of the round form at 390×844, and records three rounds with the network off,
reloads the page offline, and checks that once online exactly those three rounds are
stored with the engine's totals. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import time

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, NAMES, PASSWORD, PHONE, RULESET, tap

pytestmark = [pytest.mark.browser]

COUNT_TAPS = """
window.__taps = 0;
document.addEventListener("click", function (e) { if (e.isTrusted) window.__taps += 1; }, true);
"""


def log_in_and_start(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services

    season = league["season"]
    recorder = get_user_model().objects.get(username="jilu")
    players = list(season.club.players.filter(display_name__in=NAMES))
    players.sort(key=lambda p: NAMES.index(p.display_name))
    # the first n names, as many as the season's ruleset seats (rules.md §10.1)
    players = players[: services.ruleset_players(config=season.ruleset.config)]
    session = services.session_start(season=season, players=players, first_dealer=0, actor=recorder)
    page.goto(f"{page.base}/accounts/login/")
    page.fill("input[name=login]", "jilu")  # allauth: username or e-mail
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()
    return session


def form_url(page, session):
    return f"{page.base}/c/yuelu/sessions/{session.pk}/rounds/new/"


def open_form(page, league):
    """A session started by the recorder, its round form open: the session."""
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    return session


def tap_self_draw(page, seat: int, birds: tuple[int, ...]) -> None:
    """A self-draw (平胡) by ``seat`` with these birds, tapped, its preview shown."""
    tap(page, f'[data-role=winner][data-seat="{seat}"]')
    for bird in birds:
        tap(page, f'[data-role=bird][data-bird="{bird}"]')
    page.locator("[data-role=preview]").wait_for()


def taps(page) -> int:
    return page.evaluate("window.__taps")


def saved(page, n: int) -> None:
    page.locator("[data-role=saved-text]", has_text=f"第 {n} 盘已保存").wait_for()
    page.locator("[data-role=rf-number]", has_text=f"第 {n + 1} 盘").wait_for()


def stored(session, number: int) -> dict:
    from scoring.models import Round

    return Round.objects.get(session=session, number=number, is_current=True).data


def test_a_discard_win_takes_five_taps_and_a_self_draw_four(page, league):
    session = log_in_and_start(page, league)
    page.add_init_script(COUNT_TAPS)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    # round 1, to have "the previous round saved": 李四 self-draws
    for sel in ['[data-role=winner][data-seat="1"]', '[data-role=bird][data-bird="5"]']:
        tap(page, sel)
    tap(page, '[data-role=bird][data-bird="9"]')
    tap(page, "#rf-save")
    saved(page, 1)
    page.screenshot(path=str(ARTIFACTS / "round-form-saved-banner-390x844.png"))

    # round 2: 点炮 平胡, 2 birds, the dealer (李四) pre-filled
    start = taps(page)
    assert page.locator('[data-role=dealer][data-seat="1"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    expected = score_round(
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
    )
    page.locator("[data-role=preview]").wait_for()  # seen before it is saved
    shown = [int(x) for x in page.locator("[data-role=preview] [data-net]").all_inner_texts()]
    assert shown == expected["net"]
    page.screenshot(path=str(ARTIFACTS / "round-form-preview-390x844.png"))
    tap(page, "#rf-save")
    saved(page, 2)
    discard_taps = taps(page) - start
    data = stored(session, 2)
    assert data["dealer"] == 1
    assert data["result"]["kind"] == "discard"
    assert data["result"]["winners"] == [{"seat": 2, "hands": ["pinghu"]}]
    assert (data["result"]["discarder"], data["result"]["birds"]) == (3, [2, 6])

    # round 3: 自摸 平胡, 2 birds, the dealer (王五) pre-filled
    start = taps(page)
    assert page.locator('[data-role=dealer][data-seat="2"]').get_attribute("aria-pressed") == "true"
    tap(page, '[data-role=winner][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="7"]')
    tap(page, "#rf-save")
    saved(page, 3)
    self_draw_taps = taps(page) - start
    data = stored(session, 3)
    assert (data["dealer"], data["result"]["kind"]) == (2, "self_draw")
    assert data["result"]["winners"] == [{"seat": 0, "hands": ["pinghu"]}]
    assert data["result"]["birds"] == [3, 7]

    print(f"taps: discard win {discard_taps}, self-draw {self_draw_taps}")
    assert discard_taps <= 5
    assert self_draw_taps <= 4


def test_every_tap_target_of_the_round_form_is_at_least_44_px(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, "[data-role=opening-add]")  # an opening: its seats, hand chips and birds
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-winner="1"] [data-hand=haidilaoyue]')  # 选海底牌 appears
    tap(page, '[data-role=bird][data-bird="4"]')  # the bird's slot (taken back) and 清空
    tap(page, "#rf-extras summary")
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll(
              '#round-form button, #round-form summary, #round-form input[type=checkbox]'))
            .filter(el => el.offsetParent !== null)
            .map(el => { const box = el.closest('label') || el;
                         const r = box.getBoundingClientRect();
                         return {what: (el.dataset.role || el.dataset.bird || el.dataset.hand
                                        || el.textContent).trim().slice(0, 20),
                                 w: r.width, h: r.height}; })
            .filter(b => b.w < 44 || b.h < 44)"""
    )
    assert page.locator("[data-role=haidi-tile]").count() == 1
    assert page.locator("[data-role=opening-bird]").count() == 9
    assert small == []
    # and the first-dealer choice when starting a session
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")
    boxes = [
        page.locator(f"input[name=first_dealer][value='{i}']").evaluate(
            "el => { const r = (el.closest('label') || el).getBoundingClientRect();"
            " return [r.width, r.height]; }"
        )
        for i in range(4)
    ]
    assert all(w >= 44 and h >= 44 for w, h in boxes), boxes


def test_the_pads_undo_a_second_tap_close_the_picker_and_keep_a_win_through_a_draw(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    tap(page, '[data-role=bird][data-bird="9"]')
    state = "window.csmjRoundForm.state"
    assert page.evaluate(f"{state}.birds") == [2, 9]
    tap(page, '[data-role=bird-remove][data-index="1"]')  # taken back, explicitly
    assert page.evaluate(f"{state}.birds") == [2]
    tap(page, '[data-role=bird][data-bird="2"]')  # the same number twice: a repeat
    assert page.evaluate(f"{state}.birds") == [2, 2]

    tap(page, "[data-kind=draw]")  # a wrong tap on 流局 ...
    assert page.locator("[data-role=winner]").count() == 0
    tap(page, "[data-kind=discard]")  # ... and back: nothing was lost
    assert page.evaluate(f"{state}.winners.map(w => [w.seat, w.hands])") == [[1, ["pinghu"]]]
    assert page.evaluate(f"[{state}.discarder, {state}.birds]") == [2, [2, 2]]

    tap(page, '[data-winner="1"] [data-hand=pinghu]')  # no hand type: saving waits for one
    why = page.locator("[data-role=save-why]")
    why.filter(has_text="的牌型").wait_for()
    assert page.locator("#rf-save").is_disabled()
    assert page.evaluate(f"{state}.winners[0].hands") == []
    tap(page, '[data-winner="1"] [data-hand=pinghu]')  # fixed: the reason goes at once
    assert "的牌型" not in why.inner_text()

    tap(page, '[data-winner="1"] [data-hand=haidipao]')
    tap(page, "[data-role=haidi-tile]")
    tap(page, '#tile-picker [data-tile="7m"]')  # one tile chosen: the picker closes
    assert page.locator("#tile-picker").is_hidden()
    assert page.evaluate(f"{state}.haidi.tile") == "7m"


OFFLINE_ROUNDS = [  # (the dealer the form pre-selects, winner, discarder, birds)
    (0, 1, 2, [3, 4]),
    (1, 3, None, [5, 8]),
    (3, 0, 3, [1, 6]),
]


def test_three_rounds_recorded_offline_survive_a_reload_and_are_stored_once(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    context = page.context
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    # the service worker is in charge and keeps this page
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
    # the worker keeps this page: wait_for_function polls a plain value, so each poll
    # asks the cache and the next one reads its answer
    page.wait_for_function(
        """() => {
            caches.match(location.pathname).then(r => { window.csmjKept = !!r; });
            return window.csmjKept === true;
        }""",
        timeout=15_000,
    )

    context.set_offline(True)
    expected_total = [0, 0, 0, 0]
    for n, (dealer, winner, discarder, birds) in enumerate(OFFLINE_ROUNDS, start=1):
        # no preview offline: the engine's table gives the dealer after a waiting round
        assert page.locator(f'[data-role=dealer][data-seat="{dealer}"][aria-pressed=true]').count()
        tap(page, f'[data-role=winner][data-seat="{winner}"]')
        if discarder is not None:
            tap(page, f'[data-role=discarder][data-seat="{discarder}"]')
        for b in birds:
            tap(page, f'[data-role=bird][data-bird="{b}"]')
        page.locator("[data-role=preview-offline]").wait_for()
        tap(page, "#rf-save")
        page.locator("[data-role=sync-status]", has_text=f"{n} 盘待同步").wait_for()
        result = {
            "kind": "discard" if discarder is not None else "self_draw",
            "winners": [{"seat": winner, "hands": ["pinghu"]}],
            "birds": birds,
        }
        if discarder is not None:
            result["discarder"] = discarder
        net = score_round({"dealer": dealer, "result": result, "ruleset": RULESET})["net"]
        expected_total = [a + b for a, b in zip(expected_total, net, strict=True)]
    page.screenshot(path=str(ARTIFACTS / "round-form-offline-390x844.png"))
    assert not Round.objects.filter(session=session).exists()

    page.reload()  # offline: the service worker's copy, the queue from IndexedDB
    page.locator("#rf-body .rf-section").first.wait_for()
    page.locator("[data-role=sync-status]", has_text="3 盘待同步").wait_for()
    assert page.locator("[data-role=rf-number]").inner_text() == "第 4 盘"

    context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    rounds = Round.objects.filter(session=session).order_by("number")
    assert [r.number for r in rounds] == [1, 2, 3]
    assert all(r.is_current and not r.is_void for r in rounds)
    totals = [sum(r.result["net"][s] for r in rounds) for s in range(4)]
    assert totals == expected_total

    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    shown = [
        int(page.locator(f'#totals [data-seat="{s}"] [data-total]').inner_text()) for s in range(4)
    ]
    assert shown == expected_total


def test_a_reload_brings_back_what_was_entered(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="8"]')

    page.reload()  # a crash, a dead battery, a wrong swipe
    page.locator("#rf-body .rf-section").first.wait_for()

    state = "window.csmjRoundForm.state"
    assert page.evaluate(f"[{state}.kind, {state}.discarder, {state}.birds]") == [
        "discard",
        0,
        [8],
    ]
    assert page.locator('[data-role=winner][data-seat="2"]').get_attribute("aria-pressed") == (
        "true"
    )


def test_a_round_someone_else_recorded_first_is_shown_next_to_mine_and_i_choose(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    page.locator("[data-role=preview]").wait_for()
    other = get_user_model().objects.get(username="owner")  # at the same table, faster
    services.round_record(
        session=session,
        data={
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 3, "hands": ["pinghu"]}],
                "birds": [1, 2],
            },
        },
        actor=other,
    )
    tap(page, "#rf-save")

    page.locator("#rf-conflict").wait_for()
    assert "赵六" in page.locator("[data-role=conflict-theirs]").inner_text()
    assert "李四" in page.locator("[data-role=conflict-mine]").inner_text()
    # the board has their round in it at once, not after my next save
    theirs = list(Round.objects.get(session=session, number=1).result["net"])
    totals = "(want) => [...document.querySelectorAll('#rf-scoreboard [data-total]')]" + (
        ".map((e) => Number(e.innerText)).join() === want.join()"
    )
    page.wait_for_function(totals, arg=theirs)
    page.screenshot(path=str(ARTIFACTS / "round-form-conflict-390x844.png"))
    tap(page, "[data-role=conflict-keep]")  # mine, as round 2, dealt by 赵六: seen again
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
    assert page.locator('[data-role=dealer][data-seat="3"]').get_attribute("aria-pressed") == (
        "true"
    )
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 2)
    mine = Round.objects.get(session=session, number=2)
    assert mine.data["dealer"] == 3
    assert mine.data["result"]["winners"] == [{"seat": 1, "hands": ["pinghu"]}]
    assert Round.objects.filter(session=session).count() == 2


def test_past_rounds_are_cards_on_a_phone_and_a_tap_voids_one_with_a_quick_reason(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Round

    session = log_in_and_start(page, league)
    recorder = get_user_model().objects.get(username="jilu")
    for dealer, winner in [(0, 1), (1, 2), (2, 3)]:
        services.round_record(
            session=session,
            data={
                "dealer": dealer,
                "result": {
                    "kind": "self_draw",
                    "winners": [{"seat": winner, "hands": ["pinghu"]}],
                    "birds": [2, 5],
                },
            },
            actor=recorder,
        )
    page.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    cards = page.locator("[data-role=round-card]")
    assert cards.count() == 3
    assert page.locator("table.rounds").is_hidden()
    assert (
        page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    )  # nothing off-screen
    for s in range(4):  # every player's net of a round is on its card
        assert cards.nth(1).locator(".rc-nets b").nth(s).is_visible()
    page.screenshot(path=str(ARTIFACTS / "session-round-cards-390x844.png"), full_page=True)

    with page.expect_navigation():
        cards.nth(1).click()
    assert page.locator("[data-role=correct]").is_visible()
    tap(page, '[data-role=void-pick][data-reason="重复"]')
    page.once("dialog", lambda d: d.accept())  # 作废 asks first
    with page.expect_navigation():
        tap(page, "[data-role=void]")
    voided = Round.objects.get(session=session, number=2)
    assert voided.is_void and voided.void_reason == "重复"
    assert "重复" in page.locator('.round-card[data-number="2"]').inner_text()


def test_the_table_follows_along_without_logging_in_and_the_same_four_start_with_one_tap(
    page, league, browser
):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Session

    session = log_in_and_start(page, league)
    club = league["club"]
    club.is_public = True
    club.save()
    recorder = get_user_model().objects.get(username="jilu")
    viewer = browser.new_context(viewport=PHONE, locale="zh-CN").new_page()  # no login
    viewer.goto(f"{page.base}/c/yuelu/sessions/{session.pk}/")
    assert viewer.locator("[data-role=follow-qr] svg").count() == 1

    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 2, "hands": ["pinghu"]}],
            "birds": [3, 3],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)
    net = score_round({**data, "ruleset": RULESET})["net"]
    started = time.monotonic()
    viewer.locator('#totals [data-seat="2"] [data-total]', has_text=str(net[2])).wait_for(
        timeout=10_000
    )
    waited = time.monotonic() - started
    shown = [
        int(viewer.locator(f'#totals [data-seat="{s}"] [data-total]').inner_text())
        for s in range(4)
    ]
    print(f"follow-along: totals refreshed after {waited:.1f} s")
    assert shown == net
    assert waited < 8
    viewer.context.close()

    # 同一桌再来一场: one tap on the start page, then straight to the round form
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")
    with page.expect_navigation():
        tap(page, "[data-role=same-table]")
    new = Session.objects.exclude(pk=session.pk).get()
    assert [p.display_name for p in new.players_in_order()] == NAMES
    assert new.first_dealer == 2  # 王五 won the last round
    page.locator('[data-role=dealer][data-seat="2"][aria-pressed=true]').wait_for()


def test_a_recorder_seats_a_newcomer_as_a_guest_while_starting_a_session(page, league):
    from leagues.models import Player
    from scoring.models import Session

    first = log_in_and_start(page, league)
    page.goto(f"{page.base}/c/yuelu/seasons/{league['season'].pk}/sessions/new/")
    for seat, name in enumerate([*NAMES[:3], "新来的"]):
        page.fill(f"input[name=seat_{seat}]", name)
    box = page.locator("input[name=add_guests]").evaluate(
        "el => { const r = el.closest('label').getBoundingClientRect(); return [r.width, r.height]; }"
    )
    page.locator("input[name=add_guests]").check()
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").click()

    new = Session.objects.exclude(pk=first.pk).get()
    assert [p.display_name for p in new.players_in_order()] == [*NAMES[:3], "新来的"]
    assert Player.objects.get(display_name="新来的").is_guest
    assert box[0] >= 44 and box[1] >= 44, box
    page.locator("[data-role=rf-number]").wait_for()
