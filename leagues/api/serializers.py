"""Serializers for clubs, players, rulesets and seasons.

They check types and lengths only; every rule about who may write what, and what
makes a valid ruleset or season, is in ``leagues.services`` (the site's forms call the
same functions).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from csmj_site.api_fields import (
    ApiModelSerializer,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
    StrictSlugField,
)
from leagues.api.scope import related_queryset_set
from leagues.models import (
    CHIP_RATE_MAX,
    CHIP_RATE_MIN,
    CLUB_DESCRIPTION_MAX,
    PLAYER_ALIASES_MAX,
    Club,
    Player,
    Role,
    Ruleset,
    Season,
)
from scoring.engine import PARAMETER_INFO, PRESET_INFO, PRESETS, parse_ruleset

# The API speaks English: each choice's label is the engine's English name for it.
PRESET_CODES = [(code, info.name_en) for code, info in PRESET_INFO.items()]

assert set(PRESETS) == {code for code, _ in PRESET_CODES}

# ---------------------------------------------------------------- clubs


class ClubSerializer(ApiModelSerializer[Club]):
    slug = StrictSlugField(max_length=60)
    name = StrictCharField(max_length=100)
    description = StrictCharField(required=False, allow_blank=True, max_length=CLUB_DESCRIPTION_MAX)
    is_public = StrictBooleanField(required=False, default=False)
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
    my_role = StrictChoiceField(
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


class PlayerSerializer(ApiModelSerializer[Player]):
    club = StrictCharField(source="club.slug", read_only=True)
    display_name = StrictCharField(max_length=60)
    aliases = serializers.ListField(
        child=StrictCharField(max_length=60), required=False, max_length=PLAYER_ALIASES_MAX
    )
    user = StrictCharField(
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


def _choices(key: str) -> list[tuple[Any, str]]:
    """The values the engine allows for ``key``, each with its English label."""
    return [(value, label.en) for value, label in PARAMETER_INFO[key].values.items()]


# The values of a bird landing on nobody (空鸟), named EmptyBirds in the schema.
EMPTY_BIRDS_CHOICES = _choices("empty_birds")


def _choice(key: str, *, required: bool = False) -> StrictChoiceField:
    return StrictChoiceField(choices=_choices(key), required=required)


def _integer(key: str, *, required: bool = False) -> StrictIntegerField:
    """An integer parameter between the bounds the engine declares for it."""
    bounds = PARAMETER_INFO[key].bounds
    assert bounds is not None, key
    return StrictIntegerField(min_value=bounds[0], max_value=bounds[1], required=required)


# Two parameters share each of these enums in the schema (their labels differ, so the
# enum lists the values only).
STACKING_CHOICES = list(PARAMETER_INFO["big_stacking"].values)
PAIR_CHOICES = list(PARAMETER_INFO["situational_pair"].values)
assert set(STACKING_CHOICES) == set(PARAMETER_INFO["opening_stacking"].values)
assert set(PAIR_CHOICES) == set(PARAMETER_INFO["quanqiuren_pair"].values)


def _stacking(*, required: bool = False) -> StrictChoiceField:
    return StrictChoiceField(choices=STACKING_CHOICES, required=required)


def _pair(*, required: bool = False) -> StrictChoiceField:
    return StrictChoiceField(choices=PAIR_CHOICES, required=required)


def _extra_small_hands(*, required: bool = False) -> serializers.ListField:
    return serializers.ListField(
        child=StrictChoiceField(choices=_choices("extra_small_hands")),
        required=required,
        help_text="Codes of rules §9.4.",
    )


class KindAmountsSerializer(serializers.Serializer[Any]):
    self_draw = StrictIntegerField()
    discard = StrictIntegerField()


class BaseTableSerializer(serializers.Serializer[Any]):
    small = KindAmountsSerializer()
    big = KindAmountsSerializer()


class ClassAmountsSerializer(serializers.Serializer[Any]):
    small = StrictIntegerField()
    big = StrictIntegerField()


class KongPointsSerializer(serializers.Serializer[Any]):
    """What each other seat pays for one kong, by kind (rules.md §10.4)."""

    an = StrictIntegerField(min_value=0, help_text="暗杠, a concealed kong.")
    jia = StrictIntegerField(min_value=0, help_text="加杠, a kong added to a pung.")
    ming = StrictIntegerField(min_value=0, help_text="放杠, a kong on a discard.")


class KongPointsOverrideSerializer(serializers.Serializer[Any]):
    """Some kinds of kong_points; the others keep the preset's."""

    an = StrictIntegerField(min_value=0, required=False)
    jia = StrictIntegerField(min_value=0, required=False)
    ming = StrictIntegerField(min_value=0, required=False)


class KindAmountsOverrideSerializer(serializers.Serializer[Any]):
    self_draw = StrictIntegerField(min_value=0, max_value=1000, required=False)
    discard = StrictIntegerField(min_value=0, max_value=1000, required=False)


class BaseTableOverrideSerializer(serializers.Serializer[Any]):
    """Some entries of the base table; the others keep the preset's."""

    small = KindAmountsOverrideSerializer(required=False)
    big = KindAmountsOverrideSerializer(required=False)


class ClassAmountsOverrideSerializer(serializers.Serializer[Any]):
    """Some entries of the self-draw bonus; the others keep the preset's."""

    small = StrictIntegerField(min_value=0, max_value=1000, required=False)
    big = StrictIntegerField(min_value=0, max_value=1000, required=False)


class RulesetParametersSerializer(serializers.Serializer[Any]):
    """Every parameter of a resolved ruleset (rules.md §7), with the choices and bounds
    of ``RulesetConfig``."""

    preset = StrictChoiceField(choices=PRESET_CODES)
    bird_count = _choice("bird_count", required=True)
    bird_mode = _choice("bird_mode", required=True)
    base = BaseTableSerializer()
    dealer_bonus = _integer("dealer_bonus", required=True)
    dealer_bonus_per_unit = StrictBooleanField()
    zimo_bonus = ClassAmountsSerializer()
    big_stacking = _stacking(required=True)
    opening_stacking = _stacking(required=True)
    tongzhuang = StrictBooleanField()
    dealer_vs_dealer = _integer("dealer_vs_dealer", required=True)
    big_in_big_out = StrictBooleanField()
    escape_penalty = _integer("escape_penalty", required=True)
    escape_distribution = _choice("escape_distribution", required=True)
    situational_pair = _pair(required=True)
    bird_points = _integer("bird_points", required=True)
    bird_origin = _choice("bird_origin", required=True)
    opening_birds = StrictBooleanField()
    haohua = StrictBooleanField()
    menqing = _choice("menqing", required=True)
    extra_small_hands = _extra_small_hands(required=True)
    piao = _choice("piao", required=True)
    piao_value = _integer("piao_value", required=True)
    piao_max = _integer("piao_max", required=True)
    cap = _integer("cap", required=True)
    double_kong = _choice("double_kong", required=True)
    quanqiuren_pair = _pair(required=True)
    players = _choice("players", required=True)
    empty_birds = _choice("empty_birds", required=True)
    quyimen = StrictBooleanField()
    kong_pay = StrictBooleanField()
    kong_points = KongPointsSerializer()
    menqing_scope = _choice("menqing_scope", required=True)
    yizhihua = _choice("yizhihua", required=True)
    tianhu_pair = _choice("tianhu_pair", required=True)
    haohua_levels = _choice("haohua_levels", required=True)
    short_wall_birds = _choice("short_wall_birds", required=True)


@extend_schema_field(RulesetParametersSerializer)
class RulesetParametersField(serializers.JSONField):
    pass


class RulesetConfigSerializer(serializers.Serializer[Any]):
    """A preset with overrides (rules.md §7); keys not given keep the preset's value."""

    preset = StrictChoiceField(choices=PRESET_CODES)
    bird_count = _choice("bird_count")
    bird_mode = _choice("bird_mode")
    dealer_bonus = _integer("dealer_bonus")
    dealer_bonus_per_unit = StrictBooleanField(required=False)
    big_stacking = _stacking()
    opening_stacking = _stacking()
    tongzhuang = StrictBooleanField(required=False)
    dealer_vs_dealer = _integer("dealer_vs_dealer")
    big_in_big_out = StrictBooleanField(required=False)
    escape_penalty = _integer("escape_penalty")
    escape_distribution = _choice("escape_distribution")
    situational_pair = _pair()
    base = BaseTableOverrideSerializer(required=False, help_text='e.g. {"big": {"self_draw": 4}}')
    zimo_bonus = ClassAmountsOverrideSerializer(required=False, help_text='e.g. {"small": 1}')
    bird_points = _integer("bird_points")
    bird_origin = _choice("bird_origin")
    opening_birds = StrictBooleanField(required=False)
    haohua = StrictBooleanField(required=False)
    menqing = _choice("menqing")
    extra_small_hands = _extra_small_hands()
    piao = _choice("piao")
    piao_value = _integer("piao_value")
    piao_max = _integer("piao_max")
    cap = _integer("cap")
    double_kong = _choice("double_kong")
    quanqiuren_pair = _pair()
    # rules.md §10
    players = _choice("players")
    empty_birds = _choice("empty_birds")
    quyimen = StrictBooleanField(required=False)
    kong_pay = StrictBooleanField(required=False)
    kong_points = KongPointsOverrideSerializer(required=False, help_text='e.g. {"ming": 2}')
    menqing_scope = _choice("menqing_scope")
    yizhihua = _choice("yizhihua")
    tianhu_pair = _choice("tianhu_pair")
    haohua_levels = _choice("haohua_levels")
    short_wall_birds = _choice("short_wall_birds")


@extend_schema_field(RulesetConfigSerializer)
class RulesetConfigField(serializers.JSONField):
    """The config as given: an object (``{"preset": …, overrides}``); a bare preset code
    such as "changsha-67" is accepted too and stored as ``{"preset": code}``."""


@extend_schema_field(
    {
        "oneOf": [
            {"type": "boolean"},
            {"type": "integer"},
            {"type": "string"},
            {"type": "array", "items": {"type": "string"}},
            {"$ref": "#/components/schemas/BaseTable"},
            {"$ref": "#/components/schemas/ClassAmounts"},
            {"$ref": "#/components/schemas/KongPoints"},
        ]
    }
)
class RulesetValueField(serializers.JSONField):
    """A parameter's value: a boolean, an integer, a choice, a list of codes
    (extra_small_hands) or a table (base, zimo_bonus, kong_points)."""


class RulesetChoiceField(serializers.JSONField):
    """A ruleset as the calculator takes it: a preset code, or a preset with overrides.
    Documented as ``oneOf`` (``RulesetChoiceFieldSchema``); the engine reads it."""


class RulesetChoiceFieldSchema(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    target_class = RulesetChoiceField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        # The Preset enum (settings.SPECTACULAR_SETTINGS names it; RulesetConfig uses it).
        preset = {"$ref": "#/components/schemas/Preset"}
        config = auto_schema.resolve_serializer(RulesetConfigSerializer, direction).ref
        return {"oneOf": [preset, config]}


class RulesetSerializer(ApiModelSerializer[Ruleset]):
    club = StrictCharField(source="club.slug", read_only=True)
    name = StrictCharField(max_length=100)
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
        rules, errors = parse_ruleset(obj.config, field="ruleset")
        return None if errors or rules is None else rules.to_dict()


# ---------------------------------------------------------------- seasons


class SeasonSerializer(ApiModelSerializer[Season]):
    club = StrictCharField(source="club.slug", read_only=True)
    name = StrictCharField(max_length=100)
    ruleset = StrictPrimaryKeyRelatedField(queryset=Ruleset.objects.none())
    is_closed = StrictBooleanField(
        required=False, help_text="Closing a season stops recording in it."
    )
    sessions_count = StrictIntegerField(read_only=True)

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
            related_queryset_set(self.fields["ruleset"], Ruleset.objects.filter(club=club))
