"""The round form's running scoreboard on a phone (390×844): each seat's total and the
last round's change above the pads, right after every save, still in view when the
recorder has scrolled down to the birds; offline it says how many rounds wait, and once
they sync it shows the engine's totals. Saves tests/artifacts/round-form-scoreboard-*.png.
"""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from tests.browser.test_recording import ARTIFACTS, RULESET
from tests.browser.test_table import form_url, log_in_and_start, saved, tap

pytestmark = [pytest.mark.browser]


def board(page) -> tuple[list[int], list[str]]:
    totals = [
        int(page.locator(f'#rf-scoreboard [data-seat="{s}"] [data-total]').inner_text())
        for s in range(4)
    ]
    last = [
        page.locator(f'#rf-scoreboard [data-seat="{s}"] [data-last]').inner_text() for s in range(4)
    ]
    return totals, last


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def test_the_board_shows_totals_and_the_last_change_and_follows_the_queue(page, league):
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))
    page.locator("#rf-scoreboard [data-total]").first.wait_for()
    assert board(page) == ([0, 0, 0, 0], ["", "", "", ""])

    # round 1: 李四 self-draws
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    tap(page, '[data-role=bird][data-bird="9"]')
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 1)
    first = score_round(
        {
            "dealer": 0,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 1, "hands": ["pinghu"]}],
                "birds": [5, 9],
            },
            "ruleset": RULESET,
        }
    )["net"]
    assert board(page) == (first, [signed(n) for n in first])

    # round 2: 王五 wins on 赵六's discard; the board stays in view down at the birds
    tap(page, '[data-role=winner][data-seat="2"]')
    tap(page, '[data-role=discarder][data-seat="3"]')
    page.locator('[data-role=bird][data-bird="2"]').scroll_into_view_if_needed()
    top = page.locator("#rf-scoreboard").bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert top is not None and bar is not None
    assert bar["y"] + bar["height"] <= top["y"] and top["y"] + top["height"] <= 844
    page.screenshot(path=str(ARTIFACTS / "round-form-scoreboard-390x844.png"))
    tap(page, '[data-role=bird][data-bird="2"]')
    tap(page, '[data-role=bird][data-bird="6"]')
    page.locator("[data-role=preview]").wait_for()
    tap(page, "#rf-save")
    saved(page, 2)
    second = score_round(
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
    both = [a + b for a, b in zip(first, second, strict=True)]
    assert board(page) == (both, [signed(n) for n in second])

    # round 3 offline: the board says it waits, then counts it once synced
    page.context.set_offline(True)
    tap(page, '[data-role=winner][data-seat="0"]')
    tap(page, '[data-role=bird][data-bird="3"]')
    tap(page, '[data-role=bird][data-bird="4"]')
    page.locator("[data-role=preview-offline]").wait_for()
    tap(page, "#rf-save")
    page.locator("[data-role=scoreboard-waiting]", has_text="另有 1 盘待同步").wait_for()
    assert board(page) == (both, ["", "", "", ""])
    page.screenshot(path=str(ARTIFACTS / "round-form-scoreboard-offline-390x844.png"))
    page.context.set_offline(False)
    page.evaluate("window.csmjQueue.sync()")
    page.locator("[data-role=scoreboard-waiting]").wait_for(state="detached")
    third = score_round(
        {
            "dealer": 2,
            "result": {
                "kind": "self_draw",
                "winners": [{"seat": 0, "hands": ["pinghu"]}],
                "birds": [3, 4],
            },
            "ruleset": RULESET,
        }
    )["net"]
    assert board(page) == (
        [a + b for a, b in zip(both, third, strict=True)],
        [signed(n) for n in third],
    )
