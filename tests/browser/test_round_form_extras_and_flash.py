"""The round form's 罚分与钓鱼 section on a phone (390×844): once opened it stays open
while the rest of the round is tapped in; a 钓鱼 stake the table could not have agreed
on (-5, 2.5, 99999999) is refused beside its box, which is outlined and named, never
quietly changed, and the refusal goes as soon as the stake is fixed; and a flash message
(已撤销第 1 盘。) goes once the form says a newer round is saved.
Screenshots: tests/artifacts/round-form-extras-*.png, round-form-flash-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import open_form, saved, stored, tap_self_draw

pytestmark = [pytest.mark.browser]


def extras_open(page) -> bool:
    return page.locator("#rf-extras details").evaluate("el => el.open")


def fish(page, seat: int):
    return page.locator(f'[data-role=fish][data-seat="{seat}"]')


def type_fish(page, seat: int, text: str) -> None:
    """Types a stake and leaves the box as a thumb would, for the next seat's box."""
    fish(page, seat).fill(text)
    fish(page, seat).press("Tab")
    page.wait_for_function("() => window.csmjRoundForm.idle()")


def test_the_extras_stay_open_while_the_round_is_tapped_in(page, league):
    session = open_form(page, league)
    assert not extras_open(page)
    tap(page, "#rf-extras summary")
    assert extras_open(page)
    tap(page, '[data-kind="self_draw"]')
    assert extras_open(page), "closed by a tap on 自摸"
    tap(page, '[data-role=winner][data-seat="1"]')
    assert extras_open(page), "closed by a tap on a winner"
    tap(page, '[data-role=bird][data-bird="5"]')
    tap(page, '[data-role=bird][data-bird="9"]')
    page.locator("[data-role=preview]").wait_for()
    assert extras_open(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-extras-open-390x844.png"))
    # the recorder may close it again, and it stays closed
    tap(page, "#rf-extras summary")
    tap(page, '[data-role=bird-remove][data-index="1"]')
    assert not extras_open(page)
    tap(page, '[data-role=bird][data-bird="9"]')
    page.locator("[data-role=preview]").wait_for()
    # a round with an escape: open while it holds one; the next round's form starts closed
    tap(page, "#rf-extras summary")
    tap(page, '[data-role=escape][data-seat="3"]')
    assert extras_open(page)
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 1)
    assert stored(session, 1)["penalties"] == [{"seat": 3, "kind": "escape"}]
    assert not extras_open(page)


def test_a_fishing_stake_out_of_bounds_is_refused_beside_its_named_box(page, league):
    session = open_form(page, league)
    tap_self_draw(page, 1, (5, 9))
    tap(page, "#rf-extras summary")
    errors = page.locator('#rf-extras .field-errors li[data-field="fish.1"]')
    why = page.locator("#rf-save-why")

    for typed in ["-5", "2.5", "2,5"]:
        type_fish(page, 1, typed)
        # refused as typed, not made 0 or 2: the box keeps it, outlined, its error named
        assert fish(page, 1).input_value() == typed
        # (the redraw after leaving the box may come a frame later: waited for)
        expect(fish(page, 1)).to_have_attribute("aria-invalid", "true")
        expect(errors).to_have_text("李四 的钓鱼：应为 0 或更大的整数")
        assert page.locator("#rf-save").is_disabled()
        assert why.inner_text() == "先改正上面标红的地方"
        assert page.locator("[data-role=preview]").count() == 0
        # the focus moved on to the next seat's box, and stays there through the redraw
        assert page.evaluate("document.activeElement.dataset.seat") == "2"
    errors.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(ARTIFACTS / "round-form-extras-fish-refused-390x844.png"))

    # a whole stake past the engine's bound: the engine's error, beside 李四's box
    type_fish(page, 1, "99999999")
    errors.filter(has_text="应在 0 到 10000 之间").wait_for()
    assert errors.inner_text() == "李四 的钓鱼：应在 0 到 10000 之间，收到 99999999"
    assert fish(page, 1).get_attribute("aria-invalid") == "true"
    outline = fish(page, 1).evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline == "solid"
    assert page.locator("#rf-extras").get_attribute("class") == "rf-section has-error"
    assert why.inner_text() == "先改正上面标红的地方"
    assert fish(page, 0).get_attribute("aria-invalid") is None
    box = fish(page, 1).bounding_box()
    assert box is not None and box["height"] >= 44
    page.wait_for_timeout(600)  # the form's smooth scroll to the error, over
    page.screenshot(path=str(ARTIFACTS / "round-form-extras-fish-engine-390x844.png"))

    # fixed: the error and 先改正… go at once, the preview comes back by itself
    type_fish(page, 1, "10")
    page.locator("[data-role=preview]").wait_for()
    assert errors.count() == 0
    assert fish(page, 1).get_attribute("aria-invalid") is None
    assert why.inner_text() == ""
    assert page.locator("#rf-extras").get_attribute("class") == "rf-section"
    tap(page, "#rf-save")
    saved(page, 1)
    assert stored(session, 1)["fish"] == [0, 10, 0, 0]
    # the next round's boxes are empty of it, and so is the next round
    assert [fish(page, s).input_value() for s in range(4)] == ["", "", "", ""]

    # a stake typed and sent with the keyboard's Enter is the one saved
    tap_self_draw(page, 2, (3, 4))
    page.wait_for_function("() => window.csmjRoundForm.idle()")
    tap(page, "#rf-extras summary")
    fish(page, 3).fill("4")
    fish(page, 3).press("Enter")
    saved(page, 2)
    assert stored(session, 2)["fish"] == [0, 0, 0, 4]
    assert [fish(page, s).input_value() for s in range(4)] == ["", "", "", ""]


def test_stakes_typed_box_after_box_with_the_thumb_are_the_stakes_saved(page, league):
    """A tap on a box, digits on the keyboard, a tap on the next box: each box holds
    what was typed in it (a digit once went before the next box's 0: 1 became 10)."""
    session = open_form(page, league)
    tap_self_draw(page, 1, (5, 9))
    tap(page, "#rf-extras summary")
    for seat, digits in [(1, "2"), (2, "1"), (3, "3"), (0, "12")]:
        tap(page, f'[data-role=fish][data-seat="{seat}"]')
        # the phone's keyboard comes up meanwhile: the form redraws (the last box's stake)
        page.wait_for_timeout(100)
        page.wait_for_function("() => window.csmjRoundForm.idle()")
        page.keyboard.type(digits)
    tap(page, '[data-role=fish][data-seat="3"]')  # leaves 张三's box: the last redraw
    page.wait_for_function("() => window.csmjRoundForm.idle()")
    page.locator("[data-role=preview]").wait_for()
    assert [fish(page, s).input_value() for s in range(4)] == ["12", "2", "1", "3"]
    # a digit added at the end of a stake already there goes after it
    page.keyboard.press("End")
    page.keyboard.type("0")
    tap(page, '[data-role=fish][data-seat="2"]')
    page.wait_for_function("() => window.csmjRoundForm.idle()")
    page.locator("[data-role=preview]").wait_for()
    page.screenshot(path=str(ARTIFACTS / "round-form-extras-fish-typed-390x844.png"))
    assert [fish(page, s).input_value() for s in range(4)] == ["12", "2", "1", "30"]
    tap(page, "#rf-save")
    saved(page, 1)
    assert stored(session, 1)["fish"] == [12, 2, 1, 30]


def test_a_flash_message_goes_once_a_newer_round_is_saved(page, league):
    session = open_form(page, league)
    tap_self_draw(page, 1, (5, 9))
    tap(page, "#rf-save")
    saved(page, 1)
    with page.expect_navigation():
        tap(page, "[data-role=banner-undo]")
    page.locator("#rf-body .rf-section").first.wait_for()
    flash = page.locator("ul.messages")
    assert flash.inner_text() == "已撤销第 1 盘。"

    tap_self_draw(page, 2, (3, 4))
    tap(page, "#rf-save")
    saved(page, 2)
    page.screenshot(path=str(ARTIFACTS / "round-form-flash-gone-390x844.png"))
    assert flash.count() == 0
    assert stored(session, 2)["result"]["winners"][0]["seat"] == 2
