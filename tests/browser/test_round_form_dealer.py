"""The round form always offers the right dealer, on a phone (390×844).

After an undo (the saved banner's 撤销), after a correction made on another phone and
after a round saved offline, the next form pre-selects the dealer the engine gives:
the phone's saved draft never keeps an older answer, a dealer the recorder tapped on
purpose survives a reload, and offline the dealer comes from the engine's table for the
waiting round and stays right once the round is synced. Screenshots in tests/artifacts/.
"""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, saved, stored, tap

pytestmark = [pytest.mark.browser]


def dealer_pressed(page) -> list[int]:
    return [
        s
        for s in range(4)
        if page.locator(f'[data-role=dealer][data-seat="{s}"]').get_attribute("aria-pressed")
        == "true"
    ]


def self_draw(page, winner: int, birds=(5, 9)) -> None:
    tap(page, f'[data-role=winner][data-seat="{winner}"]')
    for b in birds:
        tap(page, f'[data-role=bird][data-bird="{b}"]')
    page.locator("[data-role=preview]").wait_for()


def test_after_an_undo_or_a_correction_the_form_offers_the_engine_s_dealer(page, league):
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    self_draw(page, 1)  # round 1: 李四 wins, deals round 2
    tap(page, "#rf-save")
    saved(page, 1)
    self_draw(page, 2)  # round 2: 王五 wins, would deal round 3
    tap(page, "#rf-save")
    saved(page, 2)
    assert dealer_pressed(page) == [2]

    with page.expect_navigation():
        tap(page, "[data-role=banner-undo]")  # round 2 was wrong: 李四 deals again
    page.locator("#rf-body .rf-section").first.wait_for()
    page.screenshot(path=str(ARTIFACTS / "round-form-dealer-after-undo-390x844.png"))
    assert dealer_pressed(page) == [1]
    page.reload()
    page.locator("#rf-body .rf-section").first.wait_for()
    assert dealer_pressed(page) == [1]
    self_draw(page, 0)
    tap(page, "#rf-save")
    saved(page, 3)
    assert stored(session, 3)["dealer"] == 1

    # another phone corrects round 3's winner: 赵六, who deals round 4
    owner = get_user_model().objects.get(username="owner")
    third = Round.objects.get(session=session, number=3, is_current=True)
    data = {
        **third.data,
        "result": {**third.data["result"], "winners": [{"seat": 3, "hands": ["pinghu"]}]},
    }
    services.round_correct(round=third, data=data, actor=owner)
    page.reload()
    page.locator("#rf-body .rf-section").first.wait_for()
    assert dealer_pressed(page) == [3]

    # a dealer tapped on purpose is the recorder's: a reload keeps it
    tap(page, '[data-role=dealer][data-seat="0"]')
    page.reload()
    page.locator("#rf-body .rf-section").first.wait_for()
    assert dealer_pressed(page) == [0]


def test_offline_the_next_dealer_is_pre_selected_and_stays_right_once_synced(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    page.context.set_offline(True)
    tap(page, '[data-role=winner][data-seat="2"]')  # 王五 wins on 赵六's discard
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '[data-role=bird][data-bird="2"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    page.locator("[data-role=preview-offline]").wait_for()
    tap(page, "#rf-save")
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
    assert page.locator("[data-role=dealer-unknown]").count() == 0
    assert dealer_pressed(page) == [2]
    page.screenshot(path=str(ARTIFACTS / "round-form-dealer-offline-390x844.png"))

    page.context.set_offline(False)
    page.evaluate("window.csmjQueue.sync()")
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    assert Round.objects.get(session=session, number=1).result["next_dealer"] == 2
    assert dealer_pressed(page) == [2]
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
