"""Serializers for clubs, players, rulesets and seasons.

They check types and lengths only; every rule about who may write what, and what
makes a valid ruleset or season, is in ``leagues.services`` (the site's forms call the
same functions).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from leagues.models import CHIP_RATE_MAX, CHIP_RATE_MIN, Club, Player, Role, Ruleset, Season
from scoring.engine.rules import PARAMETER_INFO, PRESET_INFO, PRESETS

# The API speaks English: each choice's label is the engine's English name for it.
PRESET_CODES = [(code, info.name_en) for code, info in PRESET_INFO.items()]

assert set(PRESETS) == {code for code, _ in PRESET_CODES}

# ---------------------------------------------------------------- clubs


class ClubSerializer(serializers.ModelSerializer):
    slug = serializers.SlugField(max_length=60)
    name = serializers.CharField(max_length=100)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    is_public = serializers.BooleanField(required=False, default=False)
    chip_rate = serializers.DecimalField(
        max_digits=8,
        decimal_places=2,
        min_value=CHIP_RATE_MIN,
        max_value=CHIP_RATE_MAX,
        required=False,
        allow_null=True,
        coerce_to_string=False,
        help_text="结账: money (元) per chip for settling up, 0.01–10000; null: chips only.",
    )
    my_role = serializers.ChoiceField(
        choices=Role.choices,
        read_only=True,
        allow_null=True,
        help_text="The requesting user's role in the club; null for outsiders.",
    )

    class Meta:
        model = Club
        fields = [
            "id",
            "slug",
            "name",
            "description",
            "is_public",
            "chip_rate",
            "created_at",
            "my_role",
        ]
        read_only_fields = ["id", "created_at"]


# ---------------------------------------------------------------- players


class PlayerSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.slug", read_only=True)
    display_name = serializers.CharField(max_length=60)
    aliases = serializers.ListField(
        child=serializers.CharField(max_length=60), required=False, max_length=50
    )
    user = serializers.CharField(
        source="user.get_username",
        read_only=True,
        allow_null=True,
        help_text="Username of the linked account, if any.",
    )

    class Meta:
        model = Player
        fields = ["id", "club", "display_name", "aliases", "user", "is_guest", "created_at"]
        read_only_fields = ["id", "is_guest", "created_at"]


# ---------------------------------------------------------------- rulesets


class KindAmountsSerializer(serializers.Serializer):
    self_draw = serializers.IntegerField()
    discard = serializers.IntegerField()


class BaseTableSerializer(serializers.Serializer):
    small = KindAmountsSerializer()
    big = KindAmountsSerializer()


class ClassAmountsSerializer(serializers.Serializer):
    small = serializers.IntegerField()
    big = serializers.IntegerField()


class RulesetParametersSerializer(serializers.Serializer):
    """Every parameter of a resolved ruleset (rules.md §7)."""

    preset = serializers.ChoiceField(choices=PRESET_CODES)
    bird_count = serializers.IntegerField()
    bird_mode = serializers.CharField()
    base = BaseTableSerializer()
    dealer_bonus = serializers.IntegerField()
    dealer_bonus_per_unit = serializers.BooleanField()
    zimo_bonus = ClassAmountsSerializer()
    big_stacking = serializers.CharField()
    opening_stacking = serializers.CharField()
    tongzhuang = serializers.BooleanField()
    dealer_vs_dealer = serializers.IntegerField()
    big_in_big_out = serializers.BooleanField()
    escape_penalty = serializers.IntegerField()
    escape_distribution = serializers.CharField()
    situational_pair = serializers.CharField()
    bird_points = serializers.IntegerField()
    bird_origin = serializers.CharField()
    opening_birds = serializers.BooleanField()
    haohua = serializers.BooleanField()
    menqing = serializers.CharField()
    extra_small_hands = serializers.ListField(child=serializers.CharField())
    piao = serializers.CharField()
    piao_value = serializers.IntegerField()
    piao_max = serializers.IntegerField()
    cap = serializers.IntegerField()
    double_kong = serializers.CharField()
    quanqiuren_pair = serializers.CharField()


@extend_schema_field(RulesetParametersSerializer)
class RulesetParametersField(serializers.JSONField):
    pass


def _choices(key: str) -> list[tuple[Any, str]]:
    """The values the engine allows for ``key``, each with its English label."""
    return [(value, label.en) for value, label in PARAMETER_INFO[key].values.items()]


def _choice(key: str) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=_choices(key), required=False)


def _integer(key: str) -> serializers.IntegerField:
    """An integer parameter between the bounds the engine declares for it."""
    bounds = PARAMETER_INFO[key].bounds
    assert bounds is not None, key
    return serializers.IntegerField(min_value=bounds[0], max_value=bounds[1], required=False)


# Two parameters share each of these enums in the schema (their labels differ, so the
# enum lists the values only).
STACKING_CHOICES = list(PARAMETER_INFO["big_stacking"].values)
PAIR_CHOICES = list(PARAMETER_INFO["situational_pair"].values)
assert set(STACKING_CHOICES) == set(PARAMETER_INFO["opening_stacking"].values)
assert set(PAIR_CHOICES) == set(PARAMETER_INFO["quanqiuren_pair"].values)


class RulesetConfigSerializer(serializers.Serializer):
    """A preset with overrides (rules.md §7); keys not given keep the preset's value."""

    preset = serializers.ChoiceField(choices=PRESET_CODES)
    bird_count = _choice("bird_count")
    bird_mode = _choice("bird_mode")
    dealer_bonus = _integer("dealer_bonus")
    dealer_bonus_per_unit = serializers.BooleanField(required=False)
    big_stacking = serializers.ChoiceField(choices=STACKING_CHOICES, required=False)
    opening_stacking = serializers.ChoiceField(choices=STACKING_CHOICES, required=False)
    tongzhuang = serializers.BooleanField(required=False)
    dealer_vs_dealer = _integer("dealer_vs_dealer")
    big_in_big_out = serializers.BooleanField(required=False)
    escape_penalty = _integer("escape_penalty")
    escape_distribution = _choice("escape_distribution")
    situational_pair = serializers.ChoiceField(choices=PAIR_CHOICES, required=False)
    base = serializers.DictField(required=False, help_text='e.g. {"big": {"self_draw": 4}}')
    zimo_bonus = serializers.DictField(required=False, help_text='e.g. {"small": 1}')
    bird_points = _integer("bird_points")
    bird_origin = _choice("bird_origin")
    opening_birds = serializers.BooleanField(required=False)
    haohua = serializers.BooleanField(required=False)
    menqing = _choice("menqing")
    extra_small_hands = serializers.ListField(
        child=serializers.ChoiceField(choices=_choices("extra_small_hands")),
        required=False,
        help_text="Codes of rules §9.4.",
    )
    piao = _choice("piao")
    piao_value = _integer("piao_value")
    piao_max = _integer("piao_max")
    cap = _integer("cap")
    double_kong = _choice("double_kong")
    quanqiuren_pair = serializers.ChoiceField(choices=PAIR_CHOICES, required=False)


@extend_schema_field(RulesetConfigSerializer)
class RulesetConfigField(serializers.JSONField):
    """The config as given: an object (``{"preset": …, overrides}``); a bare preset code
    such as "changsha-67" is accepted too and stored as ``{"preset": code}``."""


class RulesetSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.slug", read_only=True)
    name = serializers.CharField(max_length=100)
    config = RulesetConfigField(
        help_text='{"preset": CODE, PARAM: VALUE, …}; validated by the engine.'
    )
    parameters = serializers.SerializerMethodField(
        help_text="Every parameter after the overrides are applied."
    )

    class Meta:
        model = Ruleset
        fields = ["id", "club", "name", "config", "parameters", "created_at"]
        read_only_fields = ["id", "created_at"]

    @extend_schema_field(RulesetParametersField)
    def get_parameters(self, obj: Ruleset) -> dict[str, Any] | None:
        from scoring.engine import parse_ruleset

        rules, errors = parse_ruleset(obj.config, field="ruleset")
        return None if errors or rules is None else rules.to_dict()


# ---------------------------------------------------------------- seasons


class SeasonSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.slug", read_only=True)
    name = serializers.CharField(max_length=100)
    ruleset = serializers.PrimaryKeyRelatedField(queryset=Ruleset.objects.none())
    is_closed = serializers.BooleanField(
        required=False, help_text="Closing a season stops recording in it."
    )
    sessions_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Season
        fields = [
            "id",
            "club",
            "name",
            "start_date",
            "end_date",
            "ruleset",
            "is_closed",
            "sessions_count",
            "created_at",
        ]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"end_date": {"required": False}}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        if club is not None:
            self.fields["ruleset"].queryset = Ruleset.objects.filter(club=club)
