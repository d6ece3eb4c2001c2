"""/rules/ on a phone (390×844): each preset's table of parameters wraps its words inside
the card instead of running 1,000 px wide (each explanation read without scrolling
sideways). Screenshot in tests/artifacts/."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]


def test_every_presets_table_fits_the_phones_width(page):
    page.goto(f"{page.base}/rules/")
    widths = page.evaluate(
        """() => [...document.querySelectorAll("section.card .table-wrap")].map(w => [
            w.querySelector("table").scrollWidth, w.clientWidth])"""
    )
    assert len(widths) >= 5  # four presets and the hand types
    assert [w for w in widths if w[0] > w[1]] == []
    page.screenshot(path=str(ARTIFACTS / "rules-390x844.png"))
