"""The refusals of recording: ``RoundRejected`` and the two conflicts the API answers
with 409. Every module of ``scoring.services`` raises them; ``scoring.services`` exports
them."""

from __future__ import annotations

from typing import Any

from csmj_site.errors import ConflictError, ServiceError, ServiceErrors, field_errors
from scoring.engine import ALL_MESSAGES, FieldError


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
