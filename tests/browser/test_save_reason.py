"""A greyed-out 保存 says why, next to it, on a phone (390×844): what is missing (the
winner, the discarder, the birds, the 海底 seat of a 流局), and nothing once the round
can be saved. Saves tests/artifacts/round-form-save-reason-390x844.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, tap

pytestmark = [pytest.mark.browser]


def why(page) -> str:
    return page.locator("[data-role=save-why]").inner_text()


def test_a_greyed_out_save_names_what_is_missing(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("#rf-save").is_disabled()
    assert why(page) == "还没点胡牌的人，或自摸、点炮、流局"

    tap(page, "[data-kind=draw]")  # 流局 without 海底 info
    assert why(page) == "流局：还没选海底先轮到谁或谁要了海底"
    reason = page.locator("[data-role=save-why]").bounding_box()
    save = page.locator("#rf-save").bounding_box()
    assert reason is not None and save is not None
    assert abs((reason["y"]) - (save["y"] + save["height"])) < 40  # right under the button
    page.screenshot(path=str(ARTIFACTS / "round-form-save-reason-390x844.png"))
    tap(page, '[data-role=haidi-first][data-seat="2"]')
    page.locator("[data-role=preview]").wait_for()
    assert page.locator("#rf-save").is_enabled()
    assert why(page) == ""

    tap(page, "[data-kind=discard]")
    tap(page, '[data-role=winner][data-seat="1"]')
    assert why(page) == "还没点放炮的人"
    tap(page, '[data-role=discarder][data-seat="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    assert why(page) == "还差 1 个鸟"
    tap(page, '[data-winner="1"] [data-hand=pinghu]')  # no hand type left
    assert why(page) == "还没选 李四 的牌型"


def test_an_opening_win_starts_with_nobody_and_save_waits_for_a_tap_on_whose(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("[data-role=opening-add]").wait_for()
    tap(page, "[data-kind=self_draw]")
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    tap(page, "[data-role=opening-add]")
    opening = '[data-fields="openings.0"]'
    assert page.locator(f'{opening} [data-role=opening-seat][aria-pressed="true"]').count() == 0
    assert page.locator(f"{opening} [data-role=opening-tiles]").is_disabled()
    tap(page, f"{opening} [data-hand=sixi]")
    tap(page, f'{opening} [data-role=opening-bird][data-bird="2"]')
    tap(page, f'{opening} [data-role=opening-bird][data-bird="3"]')
    assert page.locator("#rf-save").is_disabled()
    assert why(page) == "起手胡或中途胡还没点是谁"
    page.locator(opening).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "round-form-opening-without-seat-390x844.png"))
    tap(page, f'{opening} [data-role=opening-seat][data-seat="2"]')
    page.locator("[data-role=preview]").wait_for()
    assert page.locator("#rf-save").is_enabled()
    assert why(page) == ""
    assert page.locator(f"{opening} [data-role=opening-tiles]").is_enabled()
