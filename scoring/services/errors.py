"""The refusals of recording: ``RoundRejected`` and the two conflicts the API answers
with 409. Every module of ``scoring.services`` raises them; ``scoring.services`` exports
them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from csmj_site.errors import ConflictError, ServiceError, ServiceErrors, field_errors
from scoring.engine import ALL_MESSAGES, SEAT_PARAMS, FieldError


class RoundRejected(ServiceErrors):
    """A round (or a change to one) was refused; nothing was stored.

    ``errors`` is a list of ``csmj_site.errors.ServiceError``: English for the API
    (``as_dict()``), the reader's language for a page (``localised()``).
    """


class RoundConflict(RoundRejected, ConflictError):
    """Round ``number`` was asked for, but the session's next number is ``expected``
    (another recorder got there first). The API answers 409 with ``round_count``."""

    def __init__(self, *, number: int, expected: int):
        self.number = number
        self.expected = expected
        super().__init__(
            [ServiceError("number", "round_conflict", {"number": number, "expected": expected})]
        )

    def conflict_fields(self) -> dict[str, Any]:
        return {"round_count": self.expected - 1}


class SessionFinished(RoundRejected, ConflictError):
    """A round recorded into a finished session (结束本场): the API answers 409; the
    session must be reopened first."""

    def __init__(self) -> None:
        super().__init__([ServiceError("session", "session_finished")])


def rejected_by_engine(errors: list[FieldError]) -> RoundRejected:
    """RoundRejected from engine FieldErrors, with the engine's (English, Chinese)
    templates for their codes."""
    return RoundRejected(field_errors(errors, ALL_MESSAGES))


def seats_named(exc: RoundRejected, *, names: Sequence[str]) -> RoundRejected:
    """``exc`` with every seat the engine's Chinese words name by number (3号位) named by
    the player sitting there (王五), for a round of a session whose players are known:
    the recorder sees names on the form, not seat numbers. The English message (the
    API's, and its fields and codes) stays the engine's."""
    for error in exc.errors:
        for key in SEAT_PARAMS:
            seat = error.params.get(key)
            if (
                f"{key}_zh" in error.params
                and isinstance(seat, int)
                and not isinstance(seat, bool)
                and 0 <= seat < len(names)
            ):
                error.params[f"{key}_zh"] = names[seat]
    return exc
