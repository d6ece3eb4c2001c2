"""The scoring engine: pure Python, no Django. The Django apps call it; it never calls them.

Public API::

    score_round(data, *, rules=None) -> dict   # validate + score; raises RoundInvalid(errors)
    validate_round(data) -> list[FieldError]
    parse_ruleset(value, *, field="ruleset") -> (Rules | None, list[FieldError])
    Rules, PRESETS, HAND_TYPES, RoundInvalid, FieldError
"""

from __future__ import annotations

from typing import Any

from scoring.engine.errors import FieldError, RoundInvalid
from scoring.engine.hands import HAND_TYPES
from scoring.engine.rules import PRESETS, Rules, parse_ruleset
from scoring.engine.scoring import score_validated
from scoring.engine.validate import parse_round

__all__ = [
    "HAND_TYPES",
    "PRESETS",
    "FieldError",
    "RoundInvalid",
    "Rules",
    "parse_ruleset",
    "score_round",
    "validate_round",
]


def score_round(data: object, *, rules: Rules | None = None) -> dict[str, Any]:
    """Score one round (round-format.md JSON, decoded); RoundInvalid lists every error.

    ``rules`` (from ``parse_ruleset``) scores many rounds under one ruleset without
    parsing it for each; ``data["ruleset"]`` is then not read."""
    rnd, errors = parse_round(data, rules=rules)
    if rnd is None:
        raise RoundInvalid(errors)
    return score_validated(rnd)


def validate_round(data: object) -> list[FieldError]:
    """Every problem with one round (empty when it is valid)."""
    return parse_round(data)[1]
