"""English names run long (Christopher, Elizabeth): on a 390 px phone each seat button of
the round form keeps its name inside it, ending in … with the whole name as its title,
and the page does not scroll sideways. Screenshot: tests/artifacts/long-names-en-390.png."""

from __future__ import annotations

import pytest

from tests.browser.test_recording import ARTIFACTS
from tests.browser.test_table import form_url, log_in_and_start

pytestmark = [pytest.mark.browser]

LONG = ["Alexander", "Christopher", "Elizabeth", "Margaret"]

FIT = """() => ({
  page: document.documentElement.scrollWidth,
  buttons: Array.from(document.querySelectorAll('.seats .tap')).map(b => {
    const name = b.querySelector('.tap-name');
    const box = b.getBoundingClientRect(), inner = name.getBoundingClientRect();
    return {overflow: b.scrollWidth - b.clientWidth, left: inner.left - box.left,
            right: box.right - inner.right, title: name.title};
  }),
})"""


def test_long_english_names_stay_inside_their_seat_buttons(page, league):
    session = log_in_and_start(page, league)
    for player, name in zip(session.players_in_order(), LONG, strict=True):
        player.display_name = name
        player.save(update_fields=["display_name"])
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": page.base}])
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(form_url(page, session))
    page.locator("#rf-body .rf-section").first.wait_for()

    m = page.evaluate(FIT)
    page.screenshot(path=str(ARTIFACTS / "long-names-en-390.png"))

    assert m["page"] <= 390
    assert m["buttons"], "no seat buttons"
    for b in m["buttons"]:
        assert b["overflow"] <= 0 and b["left"] >= 0 and b["right"] >= 0, b
    assert {b["title"] for b in m["buttons"]} == set(LONG)
