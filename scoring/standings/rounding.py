"""The rounding of figures shown or exported with decimals (ratings, averages, rates in
files): half away from zero, on the decimal value.

Python's ``round`` and ``format`` round half to even on the binary value, Django's
``floatformat`` half up on the decimal one: neither is used for these figures. Pages
use the ``fixed`` template filter, files ``fixed``, and numbers handed to a script
(the player chart's ratings) ``rounded``.

Two figures round elsewhere: the win rate a page shows as a whole percent (Django's
``widthratio``), and money, quantised to the fen by ``scoring.settlement.money``.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def fixed(value: float | int | Decimal, places: int) -> str:
    """``value`` with ``places`` decimals, halves rounded away from zero:
    fixed(-2.625, 2) == "-2.63", fixed(2.625, 2) == "2.63", fixed(0.125, 2) == "0.13"."""
    exact = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
    rounded = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{abs(rounded) if rounded == 0 else rounded:f}"  # never "-0.00"


def rounded(value: float | int | Decimal, places: int) -> float:
    """``fixed`` as a number, for data a script draws: rounded(2.25, 1) == 2.3."""
    return float(fixed(value, places))
