"""The one guard of a text cell in a download: a name a spreadsheet would run as a
formula ("=HYPERLINK(…)", "+1", "@SUM") is written with a leading apostrophe, so the
program shows it as text. The site's downloads (``exports.csv_cell``) and the API's CSV
files (``selectors.standings_csv_rows``, ``season_rounds_csv_rows``) both call it.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_safe(text: str) -> str:
    """``text`` as a spreadsheet shows it: an apostrophe before a formula's first sign."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
