"""A round saved offline waits in the queue, and the round form's count line (第 N 盘 ·
N 盘计分 · M 盘已作废) counts only the rounds the server has stored, as the board's totals
do: the waiting round is counted once it syncs, with the server's figures (390×844).
Screenshots: tests/artifacts/round-form-count-waiting-*.png."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, RULESET, tap
from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]

DEALER_SELF_DRAW = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": ["pinghu"]}], "birds": [1, 2]},
}


def settled(page) -> None:
    """The form idle and the queue read once more: a count drawn after the queue's
    answer (IndexedDB answers in order) is on the page by now."""
    page.wait_for_function("() => window.csmjRoundForm.idle()")
    page.evaluate("() => window.csmjQueue.all(null).then(() => true)")


def test_a_round_waiting_offline_is_not_counted_until_the_server_stores_it(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Round

    session = log_in_and_start(page, league)
    recorder = get_user_model().objects.get(username="jilu")
    for _ in range(3):
        services.round_record(session=session, data=DEALER_SELF_DRAW, actor=recorder)
    services.round_undo_last(session=session, actor=recorder)  # 2 counted, 1 void

    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    count = page.locator("[data-role=rf-count]")
    assert page.locator("[data-role=rf-number]").inner_text() == "第 4 盘"
    assert count.inner_text() == "2 盘计分 · 1 盘已作废"

    page.context.set_offline(True)
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    page.locator("[data-role=preview-offline]").wait_for()
    tap(page, "#rf-save")
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    page.locator("[data-role=scoreboard-waiting]", has_text="另有 1 盘待同步").wait_for()
    banner = page.locator("[data-role=saved-text]")
    assert banner.inner_text() == "第 4 盘已存在本机，联网后自动同步"
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-count-waiting-offline-390x844.png"))
    # the board leaves the waiting round out of its totals, and so does the count
    assert count.inner_text() == "2 盘计分 · 1 盘已作废"
    assert not Round.objects.filter(session=session, number=4).exists()

    page.context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    count.filter(has_text="3 盘计分 · 1 盘已作废").wait_for()
    banner.filter(has_text="第 4 盘已保存").wait_for()  # no longer "waits on the phone"
    page.locator("[data-role=scoreboard-waiting]").wait_for(state="detached")
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-count-waiting-synced-390x844.png"))
    stored = Round.objects.filter(session=session, is_current=True, is_void=False)
    assert stored.count() == 3
    nets = [score_round({**DEALER_SELF_DRAW, "ruleset": RULESET})["net"]] * 2
    nets.append(stored.get(number=4).result["net"])
    totals = [sum(n[s] for n in nets) for s in range(4)]
    shown = [
        int(page.locator(f'#rf-scoreboard [data-seat="{s}"] [data-total]').inner_text())
        for s in range(4)
    ]
    assert shown == totals
