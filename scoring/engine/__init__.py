"""The scoring engine: pure Python, no Django. The Django apps call it; it never calls them.

Public API::

    score_round(data, *, rules=None) -> RoundResult  # validate + score; raises RoundInvalid
    score_round_counted(data, *, rules=None) -> Scored  # the result, its birds and hits
    validate_round(data) -> list[FieldError]
    parse_ruleset(value, *, field="ruleset") -> (Rules | None, list[FieldError])
    Rules, PRESETS, HAND_TYPES, RoundInvalid, FieldError
"""

from __future__ import annotations

from scoring.engine import native

# Before any other engine module: the mypyc-compiled validate/scoring when current.
native.activate(__path__)

from scoring.engine.errors import FieldError, RoundInvalid
from scoring.engine.hands import HAND_TYPES
from scoring.engine.rules import PRESETS, Rules, parse_ruleset
from scoring.engine.scoring import BIRD_SEAT, RoundResult, Scored, Transfer, score_counted
from scoring.engine.validate import parse_round

__all__ = [
    "BIRD_SEAT",
    "HAND_TYPES",
    "PRESETS",
    "FieldError",
    "RoundInvalid",
    "RoundResult",
    "Rules",
    "Scored",
    "Transfer",
    "parse_ruleset",
    "score_round",
    "score_round_counted",
    "validate_round",
]


def score_round(data: object, *, rules: Rules | None = None) -> RoundResult:
    """Score one round (round-format.md JSON, decoded); RoundInvalid lists every error.

    ``rules`` (from ``parse_ruleset``) scores many rounds under one ruleset without
    parsing it for each; ``data["ruleset"]`` is then not read."""
    rnd, errors = parse_round(data, rules=rules)
    if rnd is None:
        raise RoundInvalid(errors)
    return score_counted(rnd)[0]


def score_round_counted(data: object, *, rules: Rules | None = None) -> Scored:
    """``score_round``, with the birds that counted and the 扎鸟 hits by seat (the
    services store these; nothing outside the engine counts birds)."""
    rnd, errors = parse_round(data, rules=rules)
    if rnd is None:
        raise RoundInvalid(errors)
    result, birds, hits = score_counted(rnd)
    h0, h1, h2, h3 = hits
    return Scored(result, birds, (h0, h1, h2, h3))


def validate_round(data: object) -> list[FieldError]:
    """Every problem with one round (empty when it is valid)."""
    return parse_round(data)[1]
