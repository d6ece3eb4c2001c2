"""The tile picker shows all 27 tiles on a phone: nine to a row, as on /calc/, at
360×780 and 390×844, every tile's box inside the screen (none hidden off the sheet's
right edge), a finger's height each and abutting, as wide as nine can be. Saves tests/artifacts/tile-picker-360x780.png and -390x844.png."""

from __future__ import annotations

import itertools

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start, tap

pytestmark = [pytest.mark.browser]


@pytest.mark.parametrize("width,height", [(360, 780), (390, 844)])
def test_all_27_tiles_of_the_picker_are_inside_a_phone_s_screen(page, league, width, height):
    session = log_in_and_start(page, league)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()
    tap(page, '[data-role=winner][data-seat="1"]')
    tap(page, "[data-role=winner-tiles]")
    page.locator("#tile-picker [data-tile]").first.wait_for()

    boxes = page.evaluate(
        """() => Array.from(document.querySelectorAll('#tile-picker [data-tile]')).map(el => {
             const r = el.getBoundingClientRect();
             return {tile: el.dataset.tile, left: r.left, right: r.right, top: r.top,
                     bottom: r.bottom, h: r.height}; })"""
    )
    page.screenshot(path=str(ARTIFACTS / f"tile-picker-{width}x{height}.png"))
    outside = [
        b["tile"]
        for b in boxes
        if b["left"] < 0 or b["right"] > width or b["top"] < 0 or b["bottom"] > height
    ]
    assert len(boxes) == 27
    assert outside == []
    assert min(b["h"] for b in boxes) >= 44  # still a finger's height
    # As wide as nine fit (the grid spans all but 4 px a side), and abutting: no gap
    # between two tiles of a row where a tap would land on neither.
    assert min(b["right"] - b["left"] for b in boxes) >= (width - 8) / 9 - 0.5
    for row in (boxes[i : i + 9] for i in range(0, 27, 9)):
        assert all(abs(b["left"] - a["right"]) < 0.5 for a, b in itertools.pairwise(row))
    modes = page.evaluate(
        """() => Array.from(document.querySelectorAll('#tile-picker .tp-modes .chip'))
             .map(el => el.getBoundingClientRect().height)"""
    )
    assert modes and min(modes) >= 44  # the sheet's mode chips too
    assert page.evaluate(
        "document.getElementById('tile-picker').scrollWidth <= "
        "document.getElementById('tile-picker').clientWidth"
    )
