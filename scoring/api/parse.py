"""``POST /api/v1/parse/``: the one-line entry (docs/one-line-entry.md), a sentence read
into a round.

Thin: ``scoring.engine.parse_sentence_request`` does the work. No login is needed;
anonymous callers share the calculator's throttle (scope ``anon_calculator``). Errors
are the calculator's: HTTP 400 with ``{"errors": [{field, code, message}]}``, one
``sentence_not_understood`` error (field ``text``) for each part it could not place.
Nothing is stored: the round form fills itself from the answer and waits for 保存.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import ErrorItemSerializer
from csmj_site.api_fields import StrictCharField, StrictIntegerField
from leagues.api.serializers import RulesetChoiceField
from scoring.api.calculator import AnonCalculatorThrottle, calculator_response
from scoring.engine import parse_sentence_request

_REQUEST = inline_serializer(
    "ParseSentence",
    {
        "text": StrictCharField(
            max_length=500,
            help_text="One round in one sentence, e.g. 王芳自摸清一色 鸟3 7 (the grammar: "
            "docs/one-line-entry.md). Full-width punctuation and digits are read as such.",
        ),
        "players": serializers.ListField(
            child=StrictCharField(allow_blank=True),
            min_length=2,
            max_length=4,
            help_text="The seats' names in turn order, one per seat of the ruleset's table "
            "(4, 3 or 2). A seat is also named by its number (3号位).",
        ),
        "aliases": serializers.ListField(
            child=serializers.ListField(
                child=StrictCharField(min_length=1, max_length=60), max_length=50
            ),
            required=False,
            max_length=4,
            help_text="Each seat's other names (a roster's 别名: 老张 for 张伟), one list per "
            "seat in turn order; optional. A seat's name comes first: an alias that is a "
            "seat's name, another seat's alias too, or (the start of) a game word (胡, 清一, "
            "二号) names no one.",
        ),
        "dealer": StrictIntegerField(
            min_value=0,
            max_value=3,
            default=0,
            allow_null=True,
            help_text="The dice-rolling dealer's seat (absent or null: seat 0).",
        ),
        "ruleset": RulesetChoiceField(
            required=False, help_text='a preset code or {"preset": CODE, …}; default changsha-67'
        ),
    },
)

_ANSWER = inline_serializer(
    "ParsedSentence",
    {
        "round": serializers.JSONField(
            help_text="The round the sentence says (round-format.md), with the request's "
            "ruleset and dealer. It may be incomplete (an opening said alone): problems says "
            "what it still lacks."
        ),
        "problems": ErrorItemSerializer(
            many=True,
            help_text="The engine's validation errors of the round ([] when it is complete "
            "and valid): what the recorder still has to tap in.",
        ),
    },
)

EXAMPLE_REQUEST = {
    "text": "刘洋胡碰碰胡 李娜放炮 鸟2 5",
    "players": ["张伟", "李娜", "王芳", "刘洋"],
    "dealer": 0,
    "ruleset": "changsha-67",
}
EXAMPLE_ANSWER = {
    "round": {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 3, "hands": ["pengpenghu"]}],
            "discarder": 1,
            "birds": [2, 5],
        },
    },
    "problems": [],
}


@extend_schema(
    operation_id="parse_sentence",
    summary="Read a round from one sentence",
    description="The one-line entry: names or seat numbers, the outcome words, every hand's "
    "name, birds after 鸟, openings, mid-game wins and kongs, read into a round "
    "(round-format.md) that the engine then validates (problems). Nothing is stored. What "
    "the sentence holds that cannot be placed is answered as 400, one "
    "sentence_not_understood error per part. No login needed; anonymous callers are rate "
    "limited.",
    request=_REQUEST,
    responses={200: _ANSWER},
    examples=[
        OpenApiExample("A win on a discard", value=EXAMPLE_REQUEST, request_only=True),
        OpenApiExample("Its round", value=EXAMPLE_ANSWER, response_only=True, status_codes=["200"]),
        OpenApiExample(
            "A word it could not place",
            value={
                "errors": [
                    {
                        "field": "text",
                        "code": "sentence_not_understood",
                        "message": "text: could not place 赵六",
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
def parse(request: Request) -> Response:
    return calculator_response(request, parse_sentence_request)
