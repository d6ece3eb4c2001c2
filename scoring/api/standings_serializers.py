"""The standings' and statistics' serializers: a standings row (a season's, the club's
leaderboard), its query, and a player's statistics with their query (the resources:
``scoring.api.standings``). The sessions' and rounds' are ``scoring.api.serializers``."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from csmj_site.api_fields import (
    MAX_ID,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from csmj_site.bounds import date_range_refusal
from csmj_site.errors import ServiceErrors
from scoring.api.enums import HAND_TYPE_CODES, KONG_KINDS


class PlayerRefSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField(source="pk")
    display_name = StrictCharField()


class StandingRowSerializer(serializers.Serializer[Any]):
    rank = StrictIntegerField()
    player = PlayerRefSerializer()
    net = StrictIntegerField()
    penalties = StrictIntegerField(
        help_text="The season's penalties and bonuses (outside zero-sum); net + penalties "
        "ranks. 0 in all-time standings."
    )
    total = StrictIntegerField(
        help_text="合计: net + penalties, what ranks (equal on it, then on average per round "
        "and wins: a shared rank)."
    )
    sessions = StrictIntegerField()
    rounds = StrictIntegerField()
    wins = StrictIntegerField()
    self_draws = StrictIntegerField()
    deal_ins = StrictIntegerField()
    big_hands = StrictIntegerField()
    win_rate = serializers.FloatField(help_text="wins / rounds, 0..1")
    avg_per_round = serializers.FloatField(help_text="net / rounds")


class StandingsQuerySerializer(serializers.Serializer[Any]):
    date_from = serializers.DateField(required=False, help_text="Sessions started on or after.")
    date_to = serializers.DateField(
        required=False, help_text="Sessions started on or before (not before date_from)."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        error = date_range_refusal(
            start=attrs.get("date_from"), end=attrs.get("date_to"), field="date_to"
        )
        if error is not None:
            raise ServiceErrors([error])
        return attrs


class HandCountSerializer(serializers.Serializer[Any]):
    code = StrictChoiceField(choices=HAND_TYPE_CODES)
    name_zh = StrictCharField()
    name_en = StrictCharField()
    is_big = StrictBooleanField()
    is_opening = StrictBooleanField()
    count = StrictIntegerField()


class KongCountSerializer(serializers.Serializer[Any]):
    kind = StrictChoiceField(
        choices=[*KONG_KINDS, ("fed", "Kong fed: another's kong on this player's discard")],
        help_text="an, jia, ming: kongs the player made (a ming on another's discard "
        "counts for its maker); fed (点杠): ming kongs others made on the player's discard.",
    )
    count = StrictIntegerField(min_value=0)


class ChipPointSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField(help_text="The session's start.")
    cumulative = StrictIntegerField(help_text="Net chips after that session.")


class PlayerStatsSerializer(serializers.Serializer[Any]):
    player = PlayerRefSerializer()
    season = StrictIntegerField(source="season.pk", allow_null=True)
    net = StrictIntegerField()
    sessions = StrictIntegerField()
    rounds = StrictIntegerField()
    wins = StrictIntegerField()
    self_draws = StrictIntegerField()
    deal_ins = StrictIntegerField()
    big_hands = StrictIntegerField()
    opening_wins = StrictIntegerField()
    birds_hit = StrictIntegerField()
    win_rate = serializers.FloatField()
    avg_per_round = serializers.FloatField()
    hand_counts = HandCountSerializer(many=True)
    kong_counts = KongCountSerializer(
        many=True, help_text="Kongs by kind over the counted rounds (every kind, zeros too)."
    )
    chip_history = ChipPointSerializer(many=True)


class PlayerStatsQuerySerializer(serializers.Serializer[Any]):
    season = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="Limit to one season (id)."
    )
