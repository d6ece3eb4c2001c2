"""Stateless calculator endpoints: score one round, list the ruleset presets.

Both are thin: the engine (scoring.engine) does all the work. No login is needed;
anonymous callers of the calculator are throttled (scope ``anon_calculator``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle

from csmj_site.api_fields import StrictCharField, StrictChoiceField
from leagues.api.serializers import (
    PRESET_CODES,
    RulesetParametersSerializer,
    RulesetValueField,
)
from scoring.api.schema_shapes import CalculatorRoundSerializer, RoundResultSerializer
from scoring.engine import RoundInvalid, presets_describe, score_round


class AnonCalculatorThrottle(AnonRateThrottle):
    """Throttles anonymous callers only (by IP); signed-in users and tokens are not."""

    scope = "anon_calculator"


# --- documentation ---------------------------------------------------------------

EXAMPLE_ROUND = {
    "ruleset": "changsha-67",
    "dealer": 0,
    "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5]}],
    "result": {
        "kind": "discard",
        "winners": [{"seat": 2, "hands": ["qingyise", "pengpenghu"]}],
        "discarder": 3,
        "birds": [3, 7],
    },
}


# round-format.md's mid-game example (the table option extra_small_hands).
EXAMPLE_MIDGAME = {
    "ruleset": {"preset": "changsha-67", "extra_small_hands": ["zhongtu_sixi"]},
    "dealer": 0,
    "midgame": [{"seat": 2, "hands": ["zhongtu_sixi"], "birds": [3, 7]}],
    "result": {
        "kind": "self_draw",
        "winners": [{"seat": 2, "hands": ["pinghu"]}],
        "birds": [1, 2],
    },
}


def _detail(units: int, cls: str, pair_base: int, multiplier: int, zimo: int) -> dict[str, object]:
    return {
        "units": units,
        "class": cls,
        "pair_base": pair_base,
        "multiplier": multiplier,
        "zimo_bonus": zimo,
        "dealer_vs_dealer": 0,
        "fish": 0,
    }


EXAMPLE_RESULT = {
    "transfers": [
        {
            "from": 0,
            "to": 1,
            "amount": 7,
            "event": "opening",
            "winner": 1,
            "detail": _detail(1, "small", 2, 3, 1),
        },
        {
            "from": 2,
            "to": 1,
            "amount": 3,
            "event": "opening",
            "winner": 1,
            "detail": _detail(1, "small", 1, 2, 1),
        },
        {
            "from": 3,
            "to": 1,
            "amount": 3,
            "event": "opening",
            "winner": 1,
            "detail": _detail(1, "small", 1, 2, 1),
        },
        {
            "from": 3,
            "to": 2,
            "amount": 36,
            "event": "result",
            "winner": 2,
            "detail": _detail(2, "big", 12, 3, 0),
        },
    ],
    "net": [-7, 13, 33, -39],
    "burned": 0,
    "next_dealer": 2,
    "next_dealers": [2],
}


class RulesetParameterSerializer(serializers.Serializer[Any]):
    key = StrictCharField()
    name_zh = StrictCharField()
    name_en = StrictCharField()
    value = RulesetValueField(help_text="The preset's value: its type is the parameter's.")
    allowed = StrictCharField(help_text="The values allowed, in words.")
    description = StrictCharField()
    source = StrictCharField(  # type: ignore[assignment]  # a field, named as in the API
        help_text="Seed passage the value comes from."
    )


class RulesetPresetSerializer(serializers.Serializer[Any]):
    code = StrictChoiceField(choices=PRESET_CODES)
    name_zh = StrictCharField()
    name_en = StrictCharField()
    source = StrictCharField()  # type: ignore[assignment]  # a field, named as in the API
    ruleset = RulesetParametersSerializer(
        help_text='The JSON form: {"preset": code, every parameter}.'
    )
    parameters = RulesetParameterSerializer(many=True)


# --- views -------------------------------------------------------------------------


@extend_schema(
    operation_id="score_round",
    summary="Score one round",
    description="Validates one round (round-format.md) and returns its transfers, net by seat, "
    "burned chips and the next dealer(s). Every problem is reported at once, each naming its "
    "field. No login needed; anonymous callers are rate limited.",
    request=CalculatorRoundSerializer,
    responses={200: RoundResultSerializer},
    examples=[
        OpenApiExample(
            "A 四喜 opening, then a big discard win", value=EXAMPLE_ROUND, request_only=True
        ),
        OpenApiExample(
            "Its result", value=EXAMPLE_RESULT, response_only=True, status_codes=["200"]
        ),
        OpenApiExample(
            "A mid-game 四喜, then a self-draw",
            value=EXAMPLE_MIDGAME,
            request_only=True,
        ),
        OpenApiExample(
            "A rejected round",
            value={
                "errors": [
                    {
                        "field": "result.discarder",
                        "code": "discarder_is_winner",
                        "message": "seat 2 cannot both win and discard",
                    }
                ]
            },
            response_only=True,
            status_codes=["400"],
        ),
    ],
    tags=["calculator"],
)
@api_view(["POST"])
@throttle_classes([AnonCalculatorThrottle])
def score(request: Request) -> Response:
    return calculator_response(request, score_round)


def calculator_response(request: Request, compute: Callable[[Any], Any]) -> Response:
    """Run a stateless calculator on the JSON body: its answer, or 400 with every error."""
    # request.data: csmj_site.jsonio.JsonBodyParser; a body it refuses (malformed_json,
    # duplicate_key, too_deep, invalid_unicode) answers 400 through the exception handler.
    try:
        return Response(compute(request.data))
    except RoundInvalid as exc:
        return Response(exc.as_json(), status=400)


@extend_schema(
    operation_id="preset_list",
    summary="Ruleset presets",
    description="The four presets of rules.md §7, each with every parameter: its value, "
    "allowed values, meaning and the seed passage it comes from. A plain array, not a page: "
    "the presets are few and fixed.",
    responses={200: RulesetPresetSerializer(many=True)},
    tags=["calculator"],
)
@api_view(["GET"])
def rulesets(request: Request) -> Response:
    return Response(presets_describe())
