"""Saving on a finished session (结束本场), at 390×844: the form says so before anything
is entered, the server's refusal is shown as what it is (never "第 undefined 盘"), and the
round entered is kept: 继续本场 stores it in the reopened session, or it is copied as
text. The same for a round that waited offline while the session was finished."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS, tap
from tests.browser.test_table import form_url, log_in_and_start, saved

pytestmark = [pytest.mark.browser]


def finish(session, *, with_round: bool = True) -> None:
    """The organiser records round 1 (if asked) and finishes the night, elsewhere."""
    from django.contrib.auth import get_user_model

    from scoring import services

    owner = get_user_model().objects.get(username="owner")
    if with_round:
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
            actor=owner,
        )
    services.session_finish(session=session, actor=owner)


def stored_within(page, session, *, number: int, seconds: float = 10.0):
    """The current round `number` of `session`, once the page's queue has sent it."""
    from scoring.models import Round

    for _ in range(int(seconds * 10)):
        mine = Round.objects.filter(session=session, number=number, is_current=True).first()
        if mine is not None:
            return mine
        page.wait_for_timeout(100)
    raise AssertionError(f"round {number} was not stored within {seconds} s")


def enter_discard_win(page) -> None:
    """李四 wins on 王五's discard, birds 3 and 4 (the dealer is pre-filled)."""
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=discarder][data-seat="2"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')


def refusal_shown(page) -> str:
    box = page.locator("#rf-conflict")
    box.wait_for()
    text = box.inner_text()
    assert "本场已结束" in page.locator("#rf-conflict h2").inner_text()
    assert "本场已结束" in page.locator("[data-role=refused-why]").inner_text()
    assert "undefined" not in text
    assert page.locator("[data-role=conflict-keep]").count() == 0  # not another's round
    mine = page.locator("[data-role=refused-text]").input_value()
    assert "李四" in mine and "王五" in mine and "3" in mine
    return mine


def test_a_round_saved_while_the_night_was_finished_is_refused_as_such_and_kept(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    enter_discard_win(page)
    page.locator("[data-role=preview]").wait_for()
    finish(session)  # the organiser finishes the night while the form is open

    tap(page, "#rf-save")
    refusal_shown(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-finished-refused-390x844.png"))
    assert Round.objects.filter(session=session).count() == 1

    with page.expect_navigation():
        tap(page, "[data-role=refused-reopen]")  # 继续本场: back here, the round kept
    page.locator("#rf-body .rf-section").first.wait_for()
    assert page.locator("[data-role=rf-finished]").count() == 0
    assert page.locator("[data-role=rf-number]").inner_text() == "第 2 盘"
    assert page.locator('[data-role=winner][data-seat="1"]').get_attribute("aria-pressed") == (
        "true"
    )
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 2)
    mine = Round.objects.get(session=session, number=2, is_current=True)
    assert mine.data["result"]["winners"] == [{"seat": 1, "hands": ["pinghu"]}]
    assert (mine.data["result"]["discarder"], mine.data["result"]["birds"]) == (2, [3, 4])


def test_the_form_of_a_finished_session_says_so_up_front_and_copies_the_round_as_text(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    finish(session)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(form_url(page, session))
    notice = page.locator("[data-role=rf-finished]")
    notice.wait_for()
    assert "本场已结束" in notice.inner_text()
    assert notice.locator("[data-role=rf-reopen]").inner_text() == "继续本场"
    page.screenshot(path=str(ARTIFACTS / "round-form-finished-notice-390x844.png"))

    enter_discard_win(page)
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    mine = refusal_shown(page)
    tap(page, "[data-role=refused-copy]")
    page.locator("[data-role=refused-copy]", has_text="已复制").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == mine
    assert Round.objects.filter(session=session).count() == 1


def test_a_round_queued_offline_whose_session_was_finished_meanwhile_is_kept(page, league):
    from scoring.models import Round

    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    page.context.set_offline(True)
    enter_discard_win(page)
    page.locator("[data-role=preview-offline]").wait_for()
    tap(page, "#rf-save")
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()
    finish(session, with_round=False)  # finished (0 rounds) while this phone was offline

    page.context.set_offline(False)  # the queue sends it: refused, the queue stops
    refusal_shown(page)
    page.screenshot(path=str(ARTIFACTS / "round-form-finished-queued-390x844.png"))
    assert not Round.objects.filter(session=session).exists()
    page.locator("[data-role=sync-status]", has_text="1 盘待同步").wait_for()

    with page.expect_navigation():
        tap(page, "[data-role=refused-reopen]")
    # The reopened page's status line starts hidden, before the queue is read, so it
    # cannot tell "sent" from "not yet counted": wait for the stored round instead.
    mine = stored_within(page, session, number=1)
    page.locator("[data-role=sync-status]").wait_for(state="hidden")
    assert mine.data["result"]["winners"] == [{"seat": 1, "hands": ["pinghu"]}]
    assert (mine.data["result"]["discarder"], mine.data["result"]["birds"]) == (2, [3, 4])
