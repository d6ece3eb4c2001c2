"""一句话记一盘 on a phone (390×844): a sentence typed (or spoken through the keyboard's
voice input) into the round form fills the form, says what it understood in the form's
words and waits for 保存; what it cannot place it names. On the session's round form and
on the calculator. Screenshots in tests/artifacts/."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, saved, stored, tap

pytestmark = [pytest.mark.browser]


def say(page, text: str) -> None:
    page.locator("[data-role=sentence-text]").fill(text)
    page.locator("[data-role=sentence-text]").press("Enter")


def test_a_sentence_fills_the_round_form_and_nothing_is_saved_before_the_tap(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    box = page.locator("[data-role=sentence-text]")
    assert box.get_attribute("placeholder") == "赵六自摸清一色 鸟3 7"

    say(page, "王五胡碰碰胡，李四放炮 鸟２、５")
    said = page.locator("[data-role=sentence-said][data-state=ok]")
    said.wait_for()
    assert said.inner_text() == "听懂了：点炮 · 王五 碰碰胡 ← 李四 · 扎鸟 2、5"
    state = page.evaluate("window.csmjRoundForm.state")
    assert state["kind"] == "discard"
    assert state["discarder"] == 1
    assert [(w["seat"], w["hands"]) for w in state["winners"]] == [(2, ["pengpenghu"])]
    assert state["birds"] == [2, 5]
    # the form shows it with its own taps: the winner and the discarder pressed
    assert page.locator('[data-role=winner][data-seat="2"]').get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")
    page.screenshot(path=str(ARTIFACTS / "one-line-entry-filled-390x844.png"))
    assert Round.objects.filter(session=session).count() == 0

    tap(page, "#rf-save")
    saved(page, 1)
    data = stored(session, 1)
    assert data["result"]["winners"] == [{"seat": 2, "hands": ["pengpenghu"]}]
    assert data["result"]["birds"] == [2, 5]


def test_a_players_alias_names_their_seat_and_forgotten_birds_are_said_back(page, league):
    session = log_in_and_start(page, league)  # 赵六's alias on the roster: 老赵
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    say(page, "老赵自摸 没扎鸟")

    said = page.locator("[data-role=sentence-said][data-state=ok]")
    said.wait_for()
    assert said.inner_text() == "听懂了：自摸 · 赵六 平胡 · 忘记扎鸟（本盘不扎鸟）"
    state = page.evaluate("window.csmjRoundForm.state")
    assert [w["seat"] for w in state["winners"]] == [3]
    assert state["birdsForfeited"] is True


def test_what_it_cannot_place_it_names_and_the_form_is_left_as_it_was(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    say(page, "钱七自摸清一色 鸟3 7")
    said = page.locator("[data-role=sentence-said][data-state=error]")
    said.wait_for()
    assert said.inner_text() == "没听懂：钱七"
    assert page.evaluate("window.csmjRoundForm.state.kind") is None
    page.screenshot(path=str(ARTIFACTS / "one-line-entry-not-understood-390x844.png"))


def test_a_sentence_not_understood_takes_the_last_sentences_round_out_of_the_form(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    say(page, "李四自摸七小对 鸟2 6")
    page.locator("[data-role=sentence-said][data-state=ok]").wait_for()
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")

    say(page, "王五胡了哈哈 鸟3 3")
    page.locator("[data-role=sentence-said][data-state=error]").wait_for()

    assert page.evaluate("window.csmjRoundForm.state.kind") is None
    assert page.evaluate("window.csmjRoundForm.state.winners") == []
    assert page.locator("#rf-save").is_disabled()  # 李四's 七小对 cannot be saved by mistake
    # a tapped round is the recorder's own: a sentence not understood leaves it
    tap(page, '#rf-outcome [data-kind="self_draw"]')
    tap(page, '[data-role=winner][data-seat="0"]')
    say(page, "哈哈")
    page.locator("[data-role=sentence-said][data-state=error]").wait_for()
    assert page.evaluate("window.csmjRoundForm.state.kind") == "self_draw"


def test_the_calculator_takes_a_sentence_with_an_opening_and_a_tongpao(page):
    page.goto(f"{page.base}/calc/")
    page.locator("#rf-body .rf-section").first.wait_for()
    names = page.evaluate("JSON.parse(document.getElementById('rf-context').textContent).seats")
    a, b, c, d = (s["name"] or s["label"] for s in names)
    say(page, f"3号位起手六六顺 鸟4 6 通炮 {a}放炮 {b}平胡 {c}七小对 鸟1 1")
    page.locator("[data-role=sentence-said][data-state=ok]").wait_for()
    state = page.evaluate("window.csmjRoundForm.state")
    assert [(o["seat"], o["hands"], o["birds"]) for o in state["openings"]] == [
        (2, ["liuliushun"], [4, 6])
    ]
    assert [(w["seat"], w["hands"]) for w in state["winners"]] == [
        (1, ["pinghu"]),
        (2, ["qixiaodui"]),
    ]
    page.locator("[data-role=preview]").wait_for()
    page.screenshot(path=str(ARTIFACTS / "one-line-entry-calculator-390x844.png"), full_page=True)


def test_offline_the_box_says_it_needs_the_network(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    page.context.set_offline(True)
    say(page, "王五自摸 鸟1 2")
    page.locator("[data-role=sentence-said][data-state=warn]").wait_for()
    assert "离线" in page.locator("[data-role=sentence-said]").inner_text()
    page.context.set_offline(False)


def test_a_hand_the_ruleset_does_not_play_is_named(page):
    page.goto(f"{page.base}/calc/")
    page.locator("#rf-body .rf-section").first.wait_for()
    say(page, "2号位自摸豪华七小对 鸟1 2")
    said = page.locator("[data-role=sentence-said][data-state=error]")
    said.wait_for()
    assert said.inner_text() == "豪华七小对：这一桌的规则不算这个牌型"
    assert page.evaluate("window.csmjRoundForm.state.kind") is None


def test_the_sentence_and_what_was_understood_go_with_the_saved_round(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    box = page.locator("[data-role=sentence-text]")
    said = page.locator("[data-role=sentence-said]")
    hint = said.inner_text()  # what the line says on a new round's form

    say(page, "李四自摸清一色 鸟2 6")
    page.locator("[data-role=sentence-said][data-state=ok]").wait_for()
    understood = "听懂了：自摸 · 李四 清一色 · 扎鸟 2、6"
    assert said.inner_text() == understood
    # a tap after 填表 (a bird changed) is the recorder's check of the form: the line
    # still says what the sentence said
    tap(page, '[data-role=bird-remove][data-index="1"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    assert page.evaluate("window.csmjRoundForm.state.birds") == [2, 3]
    assert said.inner_text() == understood
    assert box.input_value() == "李四自摸清一色 鸟2 6"
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")
    tap(page, "#rf-save")
    saved(page, 1)
    assert stored(session, 1)["result"]["birds"] == [2, 3]

    # 第 2 盘: an empty form, and nothing of 第 1 盘's sentence under it
    assert page.evaluate("window.csmjRoundForm.state.kind") is None
    assert "听懂了" not in said.inner_text()
    assert said.inner_text() == hint
    assert said.get_attribute("data-state") in (None, "")
    assert box.input_value() == ""

    # the box goes on as before for the new round
    say(page, "王五胡碰碰胡，李四放炮 鸟２、５")
    page.locator("[data-role=sentence-said][data-state=ok]").wait_for()
    assert said.inner_text() == "听懂了：点炮 · 王五 碰碰胡 ← 李四 · 扎鸟 2、5"
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")
    tap(page, "#rf-save")
    saved(page, 2)
    assert box.input_value() == ""
    assert said.inner_text() == hint


def test_a_round_saved_offline_takes_its_sentence_with_it_too(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    said = page.locator("[data-role=sentence-said]")
    hint = said.inner_text()
    say(page, "李四自摸清一色 鸟2 6")
    page.locator("[data-role=sentence-said][data-state=ok]").wait_for()
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")

    page.context.set_offline(True)
    tap(page, "#rf-save")  # the round waits on the phone; the form goes on to 第 2 盘
    page.locator("[data-role=rf-number]", has_text="第 2 盘").wait_for()
    assert said.inner_text() == hint
    assert page.locator("[data-role=sentence-text]").input_value() == ""
    page.context.set_offline(False)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    assert stored(session, 1)["result"]["birds"] == [2, 6]
