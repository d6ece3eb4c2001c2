"""The scoring engine: pure Python, no Django. The Django apps call it; it never calls them.

This module is the engine's one public interface: the apps (``scoring``, ``leagues``)
import what they need from ``scoring.engine`` itself, never from its modules (an
import-linter contract holds them to it), and every name here is typed, so
``mypy --strict`` checks the calls across the boundary.

Rounds::

    score_round(data, *, rules=None) -> RoundResult  # validate + score; raises RoundInvalid
    score_round_counted(data, *, rules=None) -> Scored  # the result, its birds, hits and wins
    validate_round(data) -> list[FieldError]
    parse_ruleset(value, *, field="ruleset") -> (Rules | None, list[FieldError])

Rulesets: ``Rules``, ``PRESETS``, ``PRESET_INFO``, ``PARAMETER_INFO``, ``KONG_KINDS``,
``TAKES_EFFECT``, ``presets_describe``. Hand types: ``HAND_TYPES``, ``MIDGAME_CODES``,
``SITUATIONS``, ``win_kinds_under``. Birds and dealers: ``bird_seats``, the 扎鸟 origins
and counts, and the round form's tables (``bird_form_tables``, ``dealer_form_table``,
``claim_form_table``: who may win or discard, claim a hand, take the 海底; tile counts).
Tiles: ``analyse``, ``analyse_opening``, ``analyse_request``, ``melds_from_text``,
``tile_text``. Words (Chinese and English, ``ValueLabel``): ``OUTCOMES``, ``TONGPAO``,
``HAND_CLASSES``, ``MELDS``, ``SEATS``, ``WINDS``, ``TRANSFER_EVENTS``,
``PENALTY_KINDS``, with the kongs' (``KONG_KINDS``) and ``BIRD_ON_NOBODY``.
One-line entry (docs/one-line-entry.md): ``parse_sentence``, ``parse_sentence_request``
(``POST /api/v1/parse/``) and ``round_sentence`` (a round said as a sentence);
``SENTENCE_ALIASES_MAX``, the aliases a seat may hold (a roster's bound too).
Errors: ``RoundInvalid``, ``FieldError`` and every code's templates in
``ALL_MESSAGES``.
"""

from __future__ import annotations

from scoring.engine import native

# Before any other engine module: the mypyc-compiled validate/scoring when current.
native.activate(__path__)

from scoring.engine.analysis import (
    GANG_CONTEXTS,
    SITUATIONAL_CODES,
    HandAnalysis,
    OpeningAnalysis,
    analyse,
    analyse_opening,
    analyse_request,
)
from scoring.engine.birds import (
    FormBirds,
    bird_seats,
    final_bird_origin,
    small_win_bird_count,
    small_win_origin,
)
from scoring.engine.birds import form_tables as bird_form_tables
from scoring.engine.dealers import FormDealers, draw_next_dealer, win_next_dealers
from scoring.engine.dealers import form_table as dealer_form_table
from scoring.engine.errors import FieldError, RoundInvalid
from scoring.engine.form_rules import FormRules
from scoring.engine.form_rules import form_table as claim_form_table
from scoring.engine.hands import (
    HAND_TYPES,
    MIDGAME_CODES,
    SITUATIONS,
    HandClass,
    HandType,
    Situation,
    WinKind,
)
from scoring.engine.messages import ALL_MESSAGES, SEAT_PARAMS
from scoring.engine.options import (
    KONG_KINDS,
    KONG_POINTS_BOUNDS,
    PARAMETER_INFO,
    PRESET_INFO,
    TAKES_EFFECT,
    KongWords,
    ParamInfo,
    PresetInfo,
    takes_effect,
)
from scoring.engine.rules import PRESETS, Rules, parse_ruleset, presets_describe, win_kinds_under
from scoring.engine.scoring import (
    RoundResult,
    Scored,
    SeatWins,
    Transfer,
    score_counted,
    seat_wins,
)
from scoring.engine.sentence import ALIASES_MAX as SENTENCE_ALIASES_MAX
from scoring.engine.sentence import parse_request as parse_sentence_request
from scoring.engine.sentence import parse_sentence, round_sentence
from scoring.engine.tiles import MeldKind, melds_from_text, tile_text
from scoring.engine.validate import parse_round
from scoring.engine.words import (
    BIRD_ON_NOBODY,
    HAND_CLASSES,
    MELDS,
    OUTCOMES,
    PENALTY_KINDS,
    SEATS,
    TONGPAO,
    TRANSFER_EVENTS,
    WINDS,
    WORD_GROUPS,
    ValueLabel,
)

__all__ = [
    "ALL_MESSAGES",
    "SEAT_PARAMS",
    "BIRD_ON_NOBODY",
    "GANG_CONTEXTS",
    "HAND_CLASSES",
    "HAND_TYPES",
    "KONG_KINDS",
    "KONG_POINTS_BOUNDS",
    "MELDS",
    "MIDGAME_CODES",
    "OUTCOMES",
    "PARAMETER_INFO",
    "PENALTY_KINDS",
    "PRESETS",
    "PRESET_INFO",
    "SITUATIONAL_CODES",
    "SEATS",
    "SITUATIONS",
    "TAKES_EFFECT",
    "takes_effect",
    "TONGPAO",
    "TRANSFER_EVENTS",
    "WINDS",
    "WORD_GROUPS",
    "FieldError",
    "FormBirds",
    "FormDealers",
    "FormRules",
    "HandAnalysis",
    "HandClass",
    "HandType",
    "KongWords",
    "MeldKind",
    "OpeningAnalysis",
    "ParamInfo",
    "PresetInfo",
    "RoundInvalid",
    "RoundResult",
    "Rules",
    "Scored",
    "SeatWins",
    "Situation",
    "Transfer",
    "ValueLabel",
    "WinKind",
    "analyse",
    "analyse_opening",
    "analyse_request",
    "bird_form_tables",
    "bird_seats",
    "claim_form_table",
    "dealer_form_table",
    "draw_next_dealer",
    "final_bird_origin",
    "melds_from_text",
    "parse_ruleset",
    "SENTENCE_ALIASES_MAX",
    "parse_sentence",
    "parse_sentence_request",
    "presets_describe",
    "round_sentence",
    "score_round",
    "score_round_counted",
    "small_win_bird_count",
    "small_win_origin",
    "tile_text",
    "validate_round",
    "win_kinds_under",
    "win_next_dealers",
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
