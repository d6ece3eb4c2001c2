"""``POST /api/v1/analyse/``: what a hand really is, from its tiles.

Thin: ``scoring.engine.analysis.analyse_request`` does the work. No login is needed;
anonymous callers share the calculator's throttle (scope ``anon_calculator``).
Errors are the calculator's: HTTP 400 with ``{"errors": [{field, code, message}]}``.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.api import AnonCalculatorThrottle, calculator_response
from scoring.engine.analysis import GANG_CONTEXTS, analyse_request
from scoring.engine.tiles import MeldKind

_MELD_FIELDS = {
    "kind": serializers.ChoiceField([k.value for k in MeldKind]),
    "tiles": serializers.CharField(help_text="e.g. 555m; a kong has 4 tiles"),
}
_REQUEST = inline_serializer(
    "Analyse",
    {
        "tiles": serializers.CharField(
            help_text="Concealed tiles, winning tile included: 123m456s789p55m, or Chinese "
            "(一万二万三万, 5条, 五筒…). With opening: the dealt 13 (14 for the dealer) tiles."
        ),
        "melds": inline_serializer("AnalyseMeld", _MELD_FIELDS, many=True, required=False),
        "win_tile": serializers.CharField(required=False, allow_null=True),
        "self_draw": serializers.BooleanField(default=False, help_text="false: won on a discard"),
        "dealer": serializers.BooleanField(default=False),
        "haidi": serializers.BooleanField(
            default=False, help_text="won on the 海底 (海底捞月 / 海底炮)"
        ),
        "gang": serializers.ChoiceField(
            list(GANG_CONTEXTS),
            required=False,
            allow_null=True,
            help_text="kong: won on a 开杠 replacement tile (杠上开花 / 杠上炮); double_kong: "
            "both (双杠上花 / 双杠上炮); rob: robbing a 明杠 (抢杠胡)",
        ),
        "first_discard": serializers.BooleanField(
            default=False, help_text="the dealt hand: 天胡 (dealer, self-draw) / 地胡 (idle)"
        ),
        "opening": serializers.BooleanField(
            default=False, help_text="analyse a dealt hand for opening hands (起手胡)"
        ),
        "ruleset": serializers.JSONField(
            required=False, help_text='a preset code or {"preset": CODE, …}; default changsha-67'
        ),
    },
)

EXAMPLE_FINAL = {"tiles": "11133366677799p", "win_tile": "9p"}
EXAMPLE_OPENING = {"tiles": "2222m5555s134p67p", "opening": True}


@extend_schema(
    operation_id="analyse_hand",
    summary="Analyse a hand from its tiles",
    description="Every hand type the tiles hold (rules.md §2): for a final hand the shape "
    "types, for each situational type whether the tiles may win that way under the "
    "ruleset's situational_pair, the decompositions, the best claim and its worth in "
    "chips, or why it is not a winning hand (winning: false, reason). For a dealt hand "
    "(opening: true) every opening type with its count. No login needed; anonymous "
    "callers are rate limited.",
    request=_REQUEST,
    responses={200: OpenApiTypes.OBJECT},
    examples=[
        OpenApiExample("A final hand", value=EXAMPLE_FINAL, request_only=True),
        OpenApiExample("A dealt hand", value=EXAMPLE_OPENING, request_only=True),
        OpenApiExample(
            "Bad tiles",
            value={
                "errors": [
                    {
                        "field": "tiles",
                        "code": "tile_unknown_suit",
                        "message": "tiles: unknown suit 'z' at position 4 of '123z'",
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
def analyse(request: Request) -> Response:
    return calculator_response(request, lambda data: analyse_request(data).as_dict())
