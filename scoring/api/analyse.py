"""``POST /api/v1/analyse/``: what a hand really is, from its tiles.

Thin: ``scoring.engine.analysis.analyse_request`` does the work. No login is needed;
anonymous callers share the calculator's throttle (scope ``anon_calculator``).
Errors are the calculator's: HTTP 400 with ``{"errors": [{field, code, message}]}``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    OpenApiExample,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api_fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from leagues.api.serializers import PAIR_CHOICES, PRESET_CODES, RulesetChoiceField
from scoring.api.calculator import AnonCalculatorThrottle, calculator_response
from scoring.api.enums import HAND_CLASSES, HAND_TYPE_CODES, OPENING_HAND_CODES
from scoring.engine import GANG_CONTEXTS, SITUATIONAL_CODES, MeldKind, analyse_request

ANALYSIS_MELD_KINDS = [k.value for k in MeldKind]
_MELD_FIELDS: dict[str, serializers.Field[Any, Any, Any, Any]] = {
    "kind": StrictChoiceField(ANALYSIS_MELD_KINDS),
    "tiles": StrictCharField(help_text="e.g. 555m; a kong has 4 tiles"),
}
_REQUEST = inline_serializer(
    "Analyse",
    {
        "tiles": StrictCharField(
            help_text="Concealed tiles, winning tile included: 123m456s789p55m, or Chinese "
            "(一万二万三万, 5条, 五筒…). With opening: the dealt 13 (14 for the dealer) tiles."
        ),
        "melds": inline_serializer("AnalyseMeld", _MELD_FIELDS, many=True, required=False),
        "win_tile": StrictCharField(required=False, allow_null=True),
        "self_draw": StrictBooleanField(default=False, help_text="false: won on a discard"),
        "dealer": StrictBooleanField(default=False),
        "haidi": StrictBooleanField(default=False, help_text="won on the 海底 (海底捞月 / 海底炮)"),
        "gang": StrictChoiceField(
            list(GANG_CONTEXTS),
            required=False,
            allow_null=True,
            help_text="kong: won on a 开杠 replacement tile (杠上开花 / 杠上炮); double_kong: "
            "both (双杠上花 / 双杠上炮); rob: robbing a 明杠 (抢杠胡)",
        ),
        "first_discard": StrictBooleanField(
            default=False, help_text="the dealt hand: 天胡 (dealer, self-draw) / 地胡 (idle)"
        ),
        "opening": StrictBooleanField(
            default=False, help_text="analyse a dealt hand for opening hands (起手胡)"
        ),
        "ruleset": RulesetChoiceField(
            required=False, help_text='a preset code or {"preset": CODE, …}; default changsha-67'
        ),
    },
)

# --- the answer ---------------------------------------------------------------------

FINAL_KIND = [("final", "A final hand")]
DEALT_KIND = [("opening", "A dealt hand (opening hands)")]
DECOMPOSITION_KINDS = [("standard", "Four sets and a pair"), ("seven_pairs", "Seven pairs")]


class AnalysedMeldSerializer(serializers.Serializer[Any]):
    kind = StrictChoiceField(ANALYSIS_MELD_KINDS)
    tiles = StrictCharField(help_text="e.g. 555m; a kong has 4 tiles")


class HandNameSerializer(serializers.Serializer[Any]):
    code = StrictChoiceField(choices=HAND_TYPE_CODES)
    name_zh = StrictCharField()
    name_en = StrictCharField()


class DroppedClaimSerializer(serializers.Serializer[Any]):
    code = StrictChoiceField(choices=HAND_TYPE_CODES)
    reason = StrictCharField(help_text="Why the context's code does not hold (English).")
    reason_zh = StrictCharField()


class DecompositionSerializer(serializers.Serializer[Any]):
    kind = StrictChoiceField(choices=DECOMPOSITION_KINDS)
    notation = StrictCharField(help_text="e.g. 111p 333p 666p 777p 99p")
    pair = StrictCharField(allow_null=True, help_text="The pair (将); null for seven pairs.")
    sets = serializers.ListField(child=StrictCharField())
    melds = AnalysedMeldSerializer(many=True)
    pairs = serializers.ListField(child=StrictCharField(), help_text="Seven pairs only.")


def _by_code(
    name: str, codes: tuple[str, ...], field: type[serializers.Field[Any, Any, Any, Any]], text: str
) -> Any:
    return inline_serializer(name, {code: field(help_text=text) for code in codes})


class FinalHandAnalysisSerializer(serializers.Serializer[Any]):
    """What a final hand is (analysis.md)."""

    kind = StrictChoiceField(choices=FINAL_KIND)
    tiles = StrictCharField(help_text="The concealed tiles, sorted.")
    melds = AnalysedMeldSerializer(many=True)
    win_tile = StrictCharField(allow_null=True)
    self_draw = StrictBooleanField()
    dealer = StrictBooleanField()
    ruleset = StrictChoiceField(choices=PRESET_CODES, help_text="The ruleset's preset.")
    situational_pair = StrictChoiceField(choices=PAIR_CHOICES)
    winning = StrictBooleanField()
    reason = StrictCharField(allow_null=True, help_text="Why it does not win (English).")
    reason_zh = StrictCharField(allow_null=True)
    best_claim = serializers.ListField(
        child=StrictChoiceField(choices=HAND_TYPE_CODES),
        help_text="The codes worth the most chips; [] when the hand does not win.",
    )
    best_claim_names = HandNameSerializer(many=True)
    units = StrictIntegerField()
    chips = StrictIntegerField(help_text="What the best claim is worth.")
    shapes = serializers.ListField(child=StrictChoiceField(choices=HAND_TYPE_CODES))
    context = serializers.ListField(  # type: ignore[assignment]  # a field, named as in the API
        child=StrictChoiceField(choices=HAND_TYPE_CODES)
    )
    dropped = DroppedClaimSerializer(many=True)
    situational = _by_code(
        "SituationalWins",
        SITUATIONAL_CODES,
        StrictBooleanField,
        "Whether these tiles may win this way.",
    )
    decomposition = DecompositionSerializer(allow_null=True)
    decompositions = DecompositionSerializer(many=True)


# "class" is a Python keyword: added after the class body.
FinalHandAnalysisSerializer._declared_fields["class"] = StrictChoiceField(
    choices=HAND_CLASSES, allow_null=True, help_text="small or big; null when it does not win."
)


class DealtHandNameSerializer(HandNameSerializer):
    code = StrictChoiceField(choices=OPENING_HAND_CODES)
    count = StrictIntegerField(min_value=1)
    tiles = StrictCharField(help_text="The tiles that make it, e.g. 2222m 5555s.")


class DealtHandAnalysisSerializer(serializers.Serializer[Any]):
    """The opening hands (起手胡) a dealt hand holds (analysis.md)."""

    kind = StrictChoiceField(choices=DEALT_KIND)
    tiles = StrictCharField()
    dealer = StrictBooleanField()
    winning = StrictBooleanField()
    codes = serializers.ListField(
        child=StrictChoiceField(choices=OPENING_HAND_CODES),
        help_text="The claim: every occurrence (四喜 once per quad).",
    )
    hands = DealtHandNameSerializer(many=True)
    occurrences = _by_code(
        "OpeningOccurrences",
        tuple(code for code, _name in OPENING_HAND_CODES),
        StrictIntegerField,
        "How many times the dealt hand holds it.",
    )


HAND_ANALYSIS = PolymorphicProxySerializer(
    component_name="HandAnalysis",
    serializers={"final": FinalHandAnalysisSerializer, "opening": DealtHandAnalysisSerializer},
    resource_type_field_name="kind",
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
    responses={200: HAND_ANALYSIS},
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
