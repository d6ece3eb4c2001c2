"""The round format's documented shapes (round-format.md) for the OpenAPI schema only: a
round's body (Meld … RoundCreate) and its result (RoundResult, transfers and their
details). A round is never validated by them: its body goes to the services unchanged
and the engine validates it, so a client sees the engine's own errors.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from csmj_site.api_fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from leagues.api.serializers import RulesetChoiceField
from scoring.api.enums import (
    FINAL_HAND_CODES,
    HAND_CLASSES,
    KONG_KINDS,
    MELD_KINDS,
    MIDGAME_HAND_CODES,
    OPENING_HAND_CODES,
    OUTCOME_KINDS,
    PENALTY_KINDS,
    TRANSFER_EVENTS,
)


def _seat(**kwargs: Any) -> StrictIntegerField:
    return StrictIntegerField(min_value=0, max_value=3, **kwargs)


def _bird() -> StrictIntegerField:
    return StrictIntegerField(min_value=1, max_value=9)


# ---------------------------------------------------------------- round format (docs only)


class MeldSerializer(serializers.Serializer[Any]):
    kind = StrictChoiceField(choices=MELD_KINDS)
    tiles = StrictCharField(help_text='Tile notation, e.g. "555m".')


class OpeningSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=StrictChoiceField(choices=OPENING_HAND_CODES),
        min_length=1,
        required=False,
        help_text="Opening codes; sixi may repeat, once per quad. May be left out when "
        "tiles are given: the codes are then found in the tiles (a stored round carries "
        "the found codes).",
    )
    birds = serializers.ListField(child=_bird(), help_text="Dice values or tile ranks, 1–9.")
    tiles = StrictCharField(required=False, help_text="The dealt 13/14 tiles (optional).")


class MidgameSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=StrictChoiceField(choices=MIDGAME_HAND_CODES),
        min_length=1,
        help_text="Mid-game codes (中途四喜 / 中途六六顺); a code may repeat. One entry, one win.",
    )
    birds = serializers.ListField(
        child=_bird(), required=False, help_text="Absent or [] when opening_birds is false."
    )


class WinnerSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=StrictChoiceField(choices=FINAL_HAND_CODES),
        required=False,
        help_text="The final hand types claimed. May be left out when tiles are given: the "
        "claim is then filled in from the tiles (a stored round carries the filled-in codes).",
    )
    tiles = StrictCharField(
        required=False, help_text="Concealed tiles including the winning tile (optional)."
    )
    melds = MeldSerializer(many=True, required=False)
    win_tile = StrictCharField(required=False, help_text='e.g. "9p"')


class HaidiSerializer(serializers.Serializer[Any]):
    tile = StrictCharField(required=False, help_text='The 海底 tile, e.g. "5m".')
    taker = _seat(required=False, allow_null=True)
    first_offered = _seat(required=False, allow_null=True)
    replaced_by = _seat(required=False, allow_null=True)


class RoundOutcomeSerializer(serializers.Serializer[Any]):
    kind = StrictChoiceField(choices=OUTCOME_KINDS)
    winners = WinnerSerializer(many=True, required=False)
    discarder = _seat(required=False, allow_null=True)
    birds = serializers.ListField(child=_bird(), required=False)
    birds_forfeited = StrictBooleanField(required=False)
    haidi = HaidiSerializer(required=False, allow_null=True)


class PenaltySerializer(serializers.Serializer[Any]):
    seat = _seat()
    kind = StrictChoiceField(choices=PENALTY_KINDS)


class KongSerializer(serializers.Serializer[Any]):
    seat = _seat()
    kind = StrictChoiceField(choices=KONG_KINDS)


# "from" is a Python keyword: add the field after the class body.
KongSerializer._declared_fields["from"] = _seat(
    required=False, allow_null=True, help_text="ming only: the seat whose discard it took."
)


class RoundDataSerializer(serializers.Serializer[Any]):
    """A round in round-format.md, without ``ruleset`` (it comes from the season)."""

    dealer = _seat(help_text="The dice-rolling dealer.")
    dealers = serializers.ListField(
        child=_seat(), required=False, help_text="Every dealer seat under 通庄."
    )
    fish = serializers.ListField(
        child=StrictIntegerField(min_value=0),
        min_length=2,
        max_length=4,
        required=False,
        help_text="钓鱼 stakes by seat (one per seat of the table).",
    )
    openings = OpeningSerializer(many=True, required=False)
    midgame = MidgameSerializer(
        many=True, required=False, help_text="中途胡 wins (ruleset extra_small_hands)."
    )
    result = RoundOutcomeSerializer()
    penalties = PenaltySerializer(many=True, required=False)
    kongs = KongSerializer(
        many=True, required=False, help_text="Kongs that stood; paid under kong_pay."
    )
    piao = serializers.ListField(
        child=StrictIntegerField(min_value=0),
        min_length=2,
        max_length=4,
        required=False,
        allow_null=True,
        help_text="飘分 stakes by seat: required under piao free, optional under fixed, "
        "absent when the ruleset plays no 飘.",
    )


class CalculatorRoundSerializer(RoundDataSerializer):
    """A round in round-format.md with its ``ruleset``: the calculator's body."""

    ruleset = RulesetChoiceField(
        help_text='A preset code ("changsha-67") or {"preset": CODE, PARAM: VALUE, …}.'
    )


class RoundCreateSerializer(RoundDataSerializer):
    number = StrictIntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The round number the client believes it is recording. If another "
        "client recorded it first the answer is 409 with round_count. Without it the "
        "round is appended.",
    )


def _chips(help_text: str, **kwargs: Any) -> StrictIntegerField:
    return StrictIntegerField(required=False, help_text=help_text, **kwargs)


class WinDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a win's transfer (events opening, midgame, result):
    amount = pair_base × multiplier + bird_points_added + zimo_bonus + dealer_vs_dealer
    + fish + piao, capped."""

    units = StrictIntegerField(help_text="The claim's units (U).")
    pair_base = StrictIntegerField(help_text="The base this payer owes before the birds.")
    multiplier = StrictIntegerField(help_text="The birds' multiplier m (1 under bird_mode points).")
    bird_points_added = _chips("Under bird_mode points: the birds' points added.")
    zimo_bonus = StrictIntegerField(help_text="The self-draw bonus.")
    dealer_vs_dealer = StrictIntegerField(help_text="庄对庄 (under 通庄).")
    fish = StrictIntegerField(help_text="钓鱼 stakes added.")
    piao = _chips("A final win under 飘分: the stakes added.")
    uncapped = _chips("The amount before the cap (封顶), when the cap lowered it.")


# "class" is a Python keyword: added after the class body.
WinDetailSerializer._declared_fields["class"] = StrictChoiceField(
    choices=HAND_CLASSES, help_text="Small or big."
)


class KongDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a kong's transfer (event kong, rules.md §10): the ruleset's
    kong_points for the kong's kind, once per paying seat (a 放杠's discarder pays for
    every other seat)."""

    kind = StrictChoiceField(choices=KONG_KINDS, help_text="The kind of kong.")
    kong_points = StrictIntegerField(help_text="The ruleset's kong_points for that kind.")


class PenaltyDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a split penalty's transfer (event penalty)."""

    kind = StrictChoiceField(choices=PENALTY_KINDS, help_text="The penalty's kind.")
    penalty = StrictIntegerField(help_text="The whole penalty P.")
    distribution = StrictChoiceField(choices=[("split", "Split")], help_text="How it is paid.")
    share = StrictIntegerField(help_text="Each other seat's share, P // (seats − 1).")
    burned = StrictIntegerField(help_text="The chips nobody receives.")


TRANSFER_DETAIL = PolymorphicProxySerializer(
    component_name="TransferDetail",
    serializers=[WinDetailSerializer, KongDetailSerializer, PenaltyDetailSerializer],
    resource_type_field_name=None,
)


@extend_schema_field(TRANSFER_DETAIL)
class TransferDetailField(serializers.JSONField):
    """The arithmetic of a transfer: one variant per event (a win's, a kong's, a
    penalty's), told apart by the transfer's ``event``."""


class TransferSerializer(serializers.Serializer[Any]):
    amount = StrictIntegerField(min_value=1)
    event = StrictChoiceField(choices=TRANSFER_EVENTS)
    winner = _seat(allow_null=True, help_text="The winning seat; null for a penalty.")
    detail = TransferDetailField(
        help_text="The arithmetic of the amount: WinDetail for the events opening, midgame "
        "and result, KongDetail for kong, PenaltyDetail for penalty."
    )


# "from" is a Python keyword: add the seat fields after the class body.
TransferSerializer._declared_fields["from"] = _seat(help_text="Paying seat.")
TransferSerializer._declared_fields["to"] = _seat(help_text="Receiving seat.")


class RoundResultSerializer(serializers.Serializer[Any]):
    """The engine's result (round-format.md, Output)."""

    transfers = TransferSerializer(many=True)
    net = serializers.ListField(
        child=StrictIntegerField(),
        min_length=2,
        max_length=4,
        help_text="Chips won (+) or lost (−) by seat.",
    )
    burned = StrictIntegerField(
        min_value=0, help_text="Penalty chips nobody received; sum(net) + burned == 0."
    )
    next_dealer = _seat(help_text="Who rolls the dice next round.")
    next_dealers = serializers.ListField(
        child=_seat(), help_text="The next round's dealer set, ascending."
    )
