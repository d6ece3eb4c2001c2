"""Field errors in the format of round-format.md: ``{"field", "code", "message"}``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class FieldError:
    field: str  # dotted path into the input, e.g. "result.winners.0.hands.1"
    code: str  # stable machine code, e.g. "discarder_is_winner"
    message: str  # English, names the field and the value
    params: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False)

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "code": self.code, "message": self.message}


class RoundInvalid(Exception):
    """Raised with every problem found in a round (never only the first)."""

    def __init__(self, errors: list[FieldError]):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors

    def as_json(self) -> dict[str, list[dict[str, str]]]:
        return {"errors": [e.as_dict() for e in self.errors]}
