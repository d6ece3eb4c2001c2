"""The calculator at phone size (390×844): the table's size and 杠分 up front, one tap
each; 杠分 and any other option that leaves the seats alone keep the hand entered (the
preview scores it under the new rules; fewer birds keep the first of its birds); a new
size clears it. Screenshots:
tests/artifacts/calculator-up-front-*.png."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_tables_of_three_and_two import shown_net

pytestmark = [pytest.mark.browser]

HAND = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 0, "hands": ["pinghu"]}], "birds": [1, 8]},
}


def winner_pressed(page, seat: int) -> bool:
    return (
        page.locator(f'[data-role=winner][data-seat="{seat}"]').get_attribute("aria-pressed")
        == "true"
    )


def test_kong_pay_is_one_tap_up_front_and_keeps_the_hand(page, transactional_db):
    page.goto(f"{page.base}/calc/")
    page.locator("#rf-body .rf-section").first.wait_for()
    up_front = page.locator("[data-role=calc-kong-pay]")
    settings = page.locator(".calc-settings")
    assert up_front.bounding_box()["y"] < settings.bounding_box()["y"]  # above 规则与名字
    kong_yes = page.locator("[data-role=calc-kong][data-value=true]")
    assert kong_yes.bounding_box()["height"] >= 44
    assert page.locator("[data-role=kong-seat]").count() == 0  # the preset: no 杠分

    tap(page, '[data-role=winner][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="1"]')
    tap(page, '[data-role=bird][data-bird="8"]')
    assert shown_net(page) == score_round({**HAND, "ruleset": "changsha-67"})["net"]

    with page.expect_navigation():
        tap(page, "[data-role=calc-kong][data-value=true]")  # one tap: 杠分 on
    page.locator("#rf-body .rf-section").first.wait_for()
    assert kong_yes.get_attribute("aria-current") == "true"
    assert winner_pressed(page, 0)  # the hand is still there
    tap(page, '[data-role=kong-seat][data-seat="2"]')
    tap(page, "[data-role=kong-kind][data-kind=an]")
    with_kong = {**HAND, "kongs": [{"seat": 2, "kind": "an"}]}
    config = {"preset": "changsha-67", "kong_pay": True}
    assert shown_net(page) == score_round({**with_kong, "ruleset": config})["net"]
    page.screenshot(
        path=str(ARTIFACTS / "calculator-up-front-kong-pay-390x844.png"), full_page=True
    )

    # another option through 规则与名字: the hand, kong included, stays and is rescored
    page.locator(".calc-settings > summary").click()
    page.locator(".calc-settings details.options > summary").click()
    page.fill("input[name=opt_dealer_bonus]", "3")
    with page.expect_navigation():
        page.locator("[data-role=calc-apply]").click()
    page.locator("#rf-body .rf-section").first.wait_for()
    assert winner_pressed(page, 0)
    config = {**config, "dealer_bonus": 3}
    assert shown_net(page) == score_round({**with_kong, "ruleset": config})["net"]
    page.screenshot(
        path=str(ARTIFACTS / "calculator-up-front-option-kept-390x844.png"), full_page=True
    )

    # fewer birds: the hand stays with its first bird (the pad offers one, no more)
    page.locator(".calc-settings > summary").click()
    page.locator(".calc-settings details.options > summary").click()
    page.select_option("select[name=opt_bird_count]", "1")
    with page.expect_navigation():
        page.locator("[data-role=calc-apply]").click()
    page.locator("#rf-body .rf-section").first.wait_for()
    assert winner_pressed(page, 0)
    one_bird = {**with_kong, "result": {**HAND["result"], "birds": [1]}}
    config = {**config, "bird_count": 1}
    assert shown_net(page) == score_round({**one_bird, "ruleset": config})["net"]

    # a new table size: other seats, so a fresh hand
    with page.expect_navigation():
        tap(page, '[data-role=calc-size][data-players="3"]')
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=winner]").count() == 3
    assert not winner_pressed(page, 0)
    assert kong_yes.get_attribute("aria-current") == "true"  # 杠分 carried to three seats
