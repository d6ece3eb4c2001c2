"""On paper (print media), a wide table at phone size (390×844) shows no screen cue:
no scroll shadow on its edges and no grey sticky player column, on the season page
and on its printable table. Screenshots: tests/artifacts/print-no-cues-*.png."""

from __future__ import annotations

import pytest

from tests.browser.test_exports_and_words import log_in, played
from tests.browser.test_recording import ARTIFACTS

pytestmark = [pytest.mark.browser]

CUES = """() => {
  const box = document.querySelector('.table-scroll');
  const cells = [...document.querySelectorAll('table.standings th.l, table.standings td.l')];
  const edge = (side) => getComputedStyle(box, side);
  const shadow = (side) => edge(side).display !== 'none' && edge(side).opacity !== '0';
  const styles = cells.map((c) => getComputedStyle(c));
  return {
    wide: box.querySelector('.table-wrap').scrollWidth > 390,
    scroll: box.classList.contains('more-right'),
    shadow: shadow('::before') || shadow('::after'),
    sticky: styles.some((s) => s.position === 'sticky'),
    grey: styles.some((s) => s.backgroundColor !== 'rgba(0, 0, 0, 0)'),
  };
}"""


@pytest.mark.parametrize("which", ["season", "season-print"])
def test_a_printed_standings_table_has_no_scroll_shadow_and_no_sticky_cell(page, league, which):
    played(league)
    log_in(page)
    suffix = "print/" if which == "season-print" else ""
    page.goto(f"{page.base}/c/{league['club'].slug}/seasons/{league['season'].pk}/{suffix}")
    page.locator("table.standings td.l").first.wait_for()

    if which == "season":  # on screen: the cues are there (so the check below can fail)
        screen = page.evaluate(CUES)
        assert screen["scroll"] and screen["shadow"] and screen["sticky"]

    page.emulate_media(media="print")
    printed = page.evaluate(CUES)
    page.screenshot(path=str(ARTIFACTS / f"print-no-cues-{which}-390x844.png"), full_page=True)

    assert not printed["shadow"]
    assert not printed["sticky"]
    assert not printed["grey"]
