"""The round form's scripts (round-form.js and its parts, loaded as plain scripts in
order) start without a script error on the session's round form and on the calculator,
and a round goes through the tile picker to its preview on each."""

from __future__ import annotations

import pytest

from tests.browser.test_table import form_url, log_in_and_start, tap

pytestmark = [pytest.mark.browser]


def a_picked_self_draw(page):
    """Seat 1 self-draws a hand picked in the tile picker; the birds 1 and 5."""
    page.locator("#rf-body .rf-section").first.wait_for()
    assert (
        page.evaluate("Object.keys(window.csmjRoundFormParts).sort().join()")
        == "picker,render,sentence,state,sync"
    )
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, "[data-role=winner-tiles]")
    for tile in [
        "1m",
        "2m",
        "3m",
        "4m",
        "5m",
        "6m",
        "7m",
        "8m",
        "9m",
        "2p",
        "3p",
        "4p",
        "5s",
        "5s",
    ]:
        page.locator(f'#tile-picker [data-tile="{tile}"]').click()
    status = page.locator("[data-role=picker-status]").inner_text()
    assert status.startswith("14")
    page.locator("[data-role=picker-done]").click()
    assert page.evaluate("window.csmjRoundForm.state.winners[0].tiles") == "123456789m55s234p"
    tap(page, '[data-role=bird][data-bird="1"]')
    tap(page, '[data-role=bird][data-bird="5"]')
    # complete: the preview runs by itself, and saving waits for nothing more
    page.wait_for_function("() => !document.getElementById('rf-save').disabled")
    assert page.locator("#rf-preview").inner_text().strip()


def test_the_session_s_round_form_runs_its_parts_without_a_script_error(page, league):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    session = log_in_and_start(page, league)
    page.goto(form_url(page, session))

    a_picked_self_draw(page)

    assert errors == []


def test_the_calculator_runs_the_same_parts_without_a_script_error(page, league):
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{page.base}/calc/?preset=changsha-67")

    a_picked_self_draw(page)

    assert errors == []
