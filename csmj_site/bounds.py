"""Whole numbers' bounds and date ranges, each stated once.

A ``Bound`` is the range a number of the site may take (a league night's timer, a
penalty's amount, a seed, a stored id). The service checks its input against it
(``refusal`` / ``check``: the catalogue's ``out_of_range`` naming the field), and the API
declares the same range on its field (``csmj_site.api_fields.bounded_integer``), so a page's
form post, an API call and an import meet one rule, and a number too large for the
database or for Python's dates never reaches either.

This module imports no app of the project (as ``csmj_site.errors``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from csmj_site.errors import ServiceError, ServiceErrors


@dataclass(frozen=True)
class Bound:
    """``low`` … ``high`` inclusive; with ``step`` > 1, only multiples of ``step``.
    ``label``: the field's name on a page (a lazy translation), for the message shown
    there without the field's path."""

    low: int
    high: int
    step: int = 1
    label: Any = ""

    def holds(self, value: object) -> bool:
        """Whether ``value`` is a whole number inside the bound (``True`` is not one)."""
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return self.low <= value <= self.high and value % self.step == 0

    def refusal(self, field: str, value: object) -> ServiceError | None:
        """The error for ``value`` under ``field``, or None when it holds."""
        if self.holds(value):
            return None
        params = {"low": self.low, "high": self.high, "step": self.step, "label": self.label}
        return ServiceError(field, "out_of_range", params, variant="step" if self.step > 1 else "")

    def check(self, field: str, value: object) -> int:
        """``value`` when it holds; else raise its refusal."""
        error = self.refusal(field, value)
        if error is not None or not isinstance(value, int):
            raise ServiceErrors([error] if error is not None else [])
        return value


# A stored id: what a SQLite integer and a PostgreSQL bigint hold.
ID = Bound(1, 2**63 - 1)


def parse_int(value: object) -> int | None:
    """A form's whole number (``"12"``, ``" -3 "``), or None when the text is none
    (blank, ``"1.5"``, ``"abc"``; at most 50 characters, so that a page's post cannot
    make Python read a number of a million digits)."""
    text = str(value).strip() if value is not None else ""
    if not text or len(text) > 50:
        return None
    try:
        return int(text)
    except ValueError:
        return None


# The years a date of the site may fall in (a season's dates, a session's start): outside
# them, the time zone database's local mean time (+08:05:43) is not even valid RFC 3339,
# and a typed 0001 or 9999 is a slip, not a season.
YEARS = Bound(1970, 2200)


def date_years_refusal(*, field: str, value: datetime.date | None) -> ServiceError | None:
    """A date outside ``YEARS``: ``date_out_of_range`` on ``field``, or None."""
    if value is None or YEARS.low <= value.year <= YEARS.high:
        return None
    return ServiceError(field, "date_out_of_range", {"low": YEARS.low, "high": YEARS.high})


def date_range_refusal(
    *, start: datetime.date | None, end: datetime.date | None, field: str
) -> ServiceError | None:
    """A date range whose end (``field``) comes before its start: ``date_range``, or
    None. A filter's range (standings from … to …) on a page and in the API alike: a
    reversed range is a mistake to say, not a period with nothing in it."""
    if start is not None and end is not None and end < start:
        return ServiceError(field, "date_range", {"start": start.isoformat()})
    return None
