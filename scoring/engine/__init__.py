"""The scoring engine: pure Python, no Django. The Django apps call it; it never calls them.

Public API::

    score_round(data, *, rules=None) -> RoundResult  # validate + score; raises RoundInvalid
    score_round_counted(data, *, rules=None) -> Scored  # the result, its birds, hits and wins
    validate_round(data) -> list[FieldError]
    parse_ruleset(value, *, field="ruleset") -> (Rules | None, list[FieldError])
    Rules, PRESETS, HAND_TYPES, RoundInvalid, FieldError
"""

from __future__ import annotations

from scoring.engine import native

# Before any other engine module: the mypyc-compiled validate/scoring when current.
native.activate(__path__)

from scoring.engine.birds import BIRD_SEAT
from scoring.engine.errors import FieldError, RoundInvalid
from scoring.engine.hands import HAND_TYPES
from scoring.engine.rules import PRESETS, Rules, parse_ruleset
from scoring.engine.scoring import (
    RoundResult,
    Scored,
    SeatWins,
    Transfer,
    score_counted,
    seat_wins,
)
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
    "SeatWins",
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
    """``score_round``, with the birds that counted, the 扎鸟 hits and the wins by seat,
    with the codes the engine scored (found in ``tiles`` when no ``hands`` were given).
    The services store these: nothing outside the engine counts birds or reads hands."""
    rnd, errors = parse_round(data, rules=rules)
    if rnd is None:
        raise RoundInvalid(errors)
    result, birds, hits = score_counted(rnd)
    # at a table of n < 4 seats, the hits' slots beyond n count birds on nobody
    return Scored(result, birds, tuple(hits[: rnd.rules.players]), seat_wins(rnd))


def validate_round(data: object) -> list[FieldError]:
    """Every problem with one round (empty when it is valid)."""
    return parse_round(data)[1]
