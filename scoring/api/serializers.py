"""Serializers for sessions and rounds, standings and player statistics, and the documented
shapes of the round format.

The serializers of the round format (Meld … RoundCreate, RoundResult) describe
round-format.md for the OpenAPI schema only.
A round is never validated by them: its body goes to the services unchanged and the
engine validates it, so a client sees the engine's own errors.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, cast

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from csmj_site.api import MAX_ID, BoundedDateTimeField
from leagues.api.scope import related_queryset_set
from leagues.api.serializers import RulesetChoiceField, RulesetParametersField
from leagues.models import Player, Season
from scoring.engine import HAND_CLASSES as ENGINE_HAND_CLASSES
from scoring.engine import HAND_TYPES, MELDS, MIDGAME_CODES, OUTCOMES, ValueLabel
from scoring.engine import KONG_KINDS as ENGINE_KONG_KINDS
from scoring.engine import PENALTY_KINDS as ENGINE_PENALTY_KINDS
from scoring.engine import TRANSFER_EVENTS as ENGINE_TRANSFER_EVENTS
from scoring.models import Round, Session

# ---------------------------------------------------------------- enums (named in settings)

# The API speaks English: a hand type's label is the registry's English name.
HAND_TYPE_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values()]
OPENING_HAND_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values() if ht.is_opening]
FINAL_HAND_CODES = [(ht.code, ht.name_en) for ht in HAND_TYPES.values() if ht.is_final]
MIDGAME_HAND_CODES = [
    (code, HAND_TYPES[code].name_en) for code in HAND_TYPES if code in MIDGAME_CODES
]


def _english(words: Mapping[str, ValueLabel], *codes: str) -> list[tuple[str, str]]:
    """The choices of an enum from the engine's words: each code and its English, as a
    label (capitalised)."""
    return [(code, words[code].en[:1].upper() + words[code].en[1:]) for code in codes or words]


OUTCOME_KINDS = _english(OUTCOMES)
MELD_KINDS = _english(MELDS)
PENALTY_KINDS = _english(ENGINE_PENALTY_KINDS)
# The one enum of a transfer's event, for stored rounds and the calculator alike. A new
# event joins the engine's TRANSFER_EVENTS, in the engine's order.
TRANSFER_EVENTS = _english(ENGINE_TRANSFER_EVENTS)
HAND_CLASSES = _english(ENGINE_HAND_CLASSES, "small", "big")
# The engine's kinds of kong, by their English names (the schema's enum labels).
KONG_KINDS = [(kind, words.name.en) for kind, words in ENGINE_KONG_KINDS.items()]


def _seat(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=0, max_value=3, **kwargs)


def _bird() -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=9)


# ---------------------------------------------------------------- round format (docs only)


class MeldSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=MELD_KINDS)
    tiles = serializers.CharField(help_text='Tile notation, e.g. "555m".')


class OpeningSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=serializers.ChoiceField(choices=OPENING_HAND_CODES),
        min_length=1,
        required=False,
        help_text="Opening codes; sixi may repeat, once per quad. May be left out when "
        "tiles are given: the codes are then found in the tiles (a stored round carries "
        "the found codes).",
    )
    birds = serializers.ListField(child=_bird(), help_text="Dice values or tile ranks, 1–9.")
    tiles = serializers.CharField(required=False, help_text="The dealt 13/14 tiles (optional).")


class MidgameSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=serializers.ChoiceField(choices=MIDGAME_HAND_CODES),
        min_length=1,
        help_text="Mid-game codes (中途四喜 / 中途六六顺); a code may repeat. One entry, one win.",
    )
    birds = serializers.ListField(
        child=_bird(), required=False, help_text="Absent or [] when opening_birds is false."
    )


class WinnerSerializer(serializers.Serializer[Any]):
    seat = _seat()
    hands = serializers.ListField(
        child=serializers.ChoiceField(choices=FINAL_HAND_CODES),
        required=False,
        help_text="The final hand types claimed. May be left out when tiles are given: the "
        "claim is then filled in from the tiles (a stored round carries the filled-in codes).",
    )
    tiles = serializers.CharField(
        required=False, help_text="Concealed tiles including the winning tile (optional)."
    )
    melds = MeldSerializer(many=True, required=False)
    win_tile = serializers.CharField(required=False, help_text='e.g. "9p"')


class HaidiSerializer(serializers.Serializer[Any]):
    tile = serializers.CharField(required=False, help_text='The 海底 tile, e.g. "5m".')
    taker = _seat(required=False, allow_null=True)
    first_offered = _seat(required=False, allow_null=True)
    replaced_by = _seat(required=False, allow_null=True)


class RoundOutcomeSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=OUTCOME_KINDS)
    winners = WinnerSerializer(many=True, required=False)
    discarder = _seat(required=False, allow_null=True)
    birds = serializers.ListField(child=_bird(), required=False)
    birds_forfeited = serializers.BooleanField(required=False)
    haidi = HaidiSerializer(required=False, allow_null=True)


class PenaltySerializer(serializers.Serializer[Any]):
    seat = _seat()
    kind = serializers.ChoiceField(choices=PENALTY_KINDS)


class KongSerializer(serializers.Serializer[Any]):
    seat = _seat()
    kind = serializers.ChoiceField(choices=KONG_KINDS)


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
        child=serializers.IntegerField(min_value=0),
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
        child=serializers.IntegerField(min_value=0),
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
    number = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="The round number the client believes it is recording. If another "
        "client recorded it first the answer is 409 with round_count. Without it the "
        "round is appended.",
    )


def _chips(help_text: str, **kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(required=False, help_text=help_text, **kwargs)


class WinDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a win's transfer (events opening, midgame, result):
    amount = pair_base × multiplier + bird_points_added + zimo_bonus + dealer_vs_dealer
    + fish + piao, capped."""

    units = serializers.IntegerField(help_text="The claim's units (U).")
    pair_base = serializers.IntegerField(help_text="The base this payer owes before the birds.")
    multiplier = serializers.IntegerField(
        help_text="The birds' multiplier m (1 under bird_mode points)."
    )
    bird_points_added = _chips("Under bird_mode points: the birds' points added.")
    zimo_bonus = serializers.IntegerField(help_text="The self-draw bonus.")
    dealer_vs_dealer = serializers.IntegerField(help_text="庄对庄 (under 通庄).")
    fish = serializers.IntegerField(help_text="钓鱼 stakes added.")
    piao = _chips("A final win under 飘分: the stakes added.")
    uncapped = _chips("The amount before the cap (封顶), when the cap lowered it.")


# "class" is a Python keyword: added after the class body.
WinDetailSerializer._declared_fields["class"] = serializers.ChoiceField(
    choices=HAND_CLASSES, help_text="Small or big."
)


class KongDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a kong's transfer (event kong, rules.md §10): the ruleset's
    kong_points for the kong's kind, once per paying seat (a 放杠's discarder pays for
    every other seat)."""

    kind = serializers.ChoiceField(choices=KONG_KINDS, help_text="The kind of kong.")
    kong_points = serializers.IntegerField(help_text="The ruleset's kong_points for that kind.")


class PenaltyDetailSerializer(serializers.Serializer[Any]):
    """The arithmetic of a split penalty's transfer (event penalty)."""

    kind = serializers.ChoiceField(choices=PENALTY_KINDS, help_text="The penalty's kind.")
    penalty = serializers.IntegerField(help_text="The whole penalty P.")
    distribution = serializers.ChoiceField(
        choices=[("split", "Split")], help_text="How it is paid."
    )
    share = serializers.IntegerField(help_text="Each other seat's share, P // (seats − 1).")
    burned = serializers.IntegerField(help_text="The chips nobody receives.")


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
    amount = serializers.IntegerField(min_value=1)
    event = serializers.ChoiceField(choices=TRANSFER_EVENTS)
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
        child=serializers.IntegerField(),
        min_length=2,
        max_length=4,
        help_text="Chips won (+) or lost (−) by seat.",
    )
    burned = serializers.IntegerField(
        min_value=0, help_text="Penalty chips nobody received; sum(net) + burned == 0."
    )
    next_dealer = _seat(help_text="Who rolls the dice next round.")
    next_dealers = serializers.ListField(
        child=_seat(), help_text="The next round's dealer set, ascending."
    )


# ---------------------------------------------------------------- rounds


def round_data_filled(data: dict[str, Any], found: dict[tuple[int, bool], list[str]]) -> Any:
    """A stored round's data with each winner and opening given by tiles alone carrying
    the codes the engine found (``found``: codes by (seat, is_opening)), so that every
    reader gets ``hands`` and the data can be posted back as it is (a correction)."""
    if not isinstance(data, dict):
        return data
    winners = (data.get("result") or {}).get("winners") or []
    openings = data.get("openings") or []
    entries = [(w, False) for w in winners] + [(o, True) for o in openings]
    if all("hands" in e for e, _opening in entries if isinstance(e, dict)):
        return data
    filled = copy.deepcopy(data)
    entries = [(w, False) for w in (filled.get("result") or {}).get("winners") or []]
    entries += [(o, True) for o in filled.get("openings") or []]
    for entry, opening in entries:
        if isinstance(entry, dict) and "hands" not in entry:
            seat = entry.get("seat")
            entry["hands"] = found.get((seat, opening), []) if isinstance(seat, int) else []
    return filled


@extend_schema_field(RoundDataSerializer)
class RoundDataField(serializers.JSONField):
    """A stored round's data, hands filled in (``RoundSerializer`` hands it the codes)."""

    def get_attribute(self, instance: Round) -> Any:
        return instance

    # Given the round itself (``get_attribute``), not the JSON value a JSONField reads.
    def to_representation(self, value: Round) -> Any:  # type: ignore[override]
        found = getattr(self.parent, "found_codes", None)
        if found is None:
            from scoring.selectors import round_found_codes

            found = round_found_codes(rounds=[value])
        mine = {
            (seat, opening): codes for (pk, seat, opening), codes in found.items() if pk == value.pk
        }
        return round_data_filled(value.data or {}, mine)


@extend_schema_field(RoundResultSerializer)
class RoundResultField(serializers.JSONField):
    pass


class RoundListSerializer(serializers.ListSerializer[Any]):
    """Rounds, with the codes the engine found for tiles-only winners read in one query."""

    def to_representation(self, data: Any) -> list[Any]:
        from scoring.selectors import round_found_codes

        rounds = list(data.all() if hasattr(data, "all") else data)
        self.child.found_codes = round_found_codes(rounds=rounds)  # type: ignore[union-attr]
        try:
            return super().to_representation(rounds)
        finally:
            self.child.found_codes = None  # type: ignore[union-attr]


class RoundSerializer(serializers.ModelSerializer[Round]):
    """A stored round (one version) with the engine's result. ``data`` is the round as
    recorded, each winner given by tiles alone with the hands the engine found."""

    found_codes: dict[tuple[int, int, bool], list[str]] | None = None

    session = serializers.IntegerField(source="session_id", read_only=True)
    recorded_by = serializers.CharField(source="recorded_by.get_username", read_only=True)
    voided_by = serializers.SerializerMethodField()
    supersedes = serializers.IntegerField(source="supersedes_id", read_only=True, allow_null=True)
    counts = serializers.BooleanField(read_only=True)
    # The API names the round-format object ``data``, like the serializer's own output.
    data = RoundDataField(read_only=True)  # type: ignore[assignment]
    ruleset = RulesetParametersField(source="ruleset_config", read_only=True)
    result = RoundResultField(read_only=True)

    class Meta:
        model = Round
        fields = [
            "id",
            "session",
            "number",
            "version",
            "is_current",
            "is_void",
            "counts",
            "void_reason",
            "voided_by",
            "voided_at",
            "recorded_by",
            "recorded_at",
            "supersedes",
            "data",
            "ruleset",
            "result",
        ]
        read_only_fields = fields
        list_serializer_class = RoundListSerializer

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_voided_by(self, obj: Round) -> str | None:
        return obj.voided_by.get_username() if obj.voided_by is not None else None


class RoundVoidSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=200, help_text="Why the round is void.")


# ---------------------------------------------------------------- sessions


class SeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player = serializers.IntegerField(source="player.pk")
    display_name = serializers.CharField(source="player.display_name")


class SessionSerializer(serializers.ModelSerializer[Session]):
    """一场. ``players`` (write) are the player ids in turn order, seats 0..n-1: as many
    as the season's ruleset seats (``players``: 4, 3 or 2)."""

    club = serializers.CharField(source="season.club.slug", read_only=True)
    season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.none())
    players = serializers.ListField(
        child=serializers.PrimaryKeyRelatedField(queryset=Player.objects.none()),
        min_length=2,
        max_length=4,
        write_only=True,
        help_text="Roster player ids in turn order (seats 0..n-1): exactly as many as the "
        "season's ruleset seats (its players: 4, 3 or 2), else 400 naming players.",
    )
    seats = serializers.SerializerMethodField()
    rounds_count = serializers.IntegerField(read_only=True, help_text="Rounds that count.")
    finished = serializers.BooleanField(
        read_only=True,
        help_text="Finished (结束本场), or a paper session: it takes no round until reopened.",
    )
    next_number = serializers.IntegerField(
        read_only=True, help_text="The number the next recorded round will get."
    )
    next_dealer = serializers.IntegerField(
        read_only=True,
        min_value=0,
        max_value=3,
        help_text="The seat that deals (rolls the dice) in the next round.",
    )
    created_by = serializers.CharField(source="created_by.get_username", read_only=True)
    started_at = BoundedDateTimeField(required=False)
    first_dealer = serializers.IntegerField(min_value=0, max_value=3, default=0)
    table_label = serializers.CharField(max_length=40, required=False, allow_blank=True)

    class Meta:
        model = Session
        fields = [
            "id",
            "club",
            "season",
            "started_at",
            "table_label",
            "first_dealer",
            "players",
            "seats",
            "rounds_count",
            "finished",
            "next_number",
            "next_dealer",
            "created_by",
            "created_at",
        ]
        read_only_fields = ["id", "created_at"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        if club is not None:
            related_queryset_set(self.fields["season"], Season.objects.filter(club=club))
            related_queryset_set(self.fields["players"], Player.objects.filter(club=club))

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, obj: Session) -> list[dict[str, Any]]:
        seats = sorted(obj.seats.all(), key=lambda s: s.seat)
        # A ListSerializer's list, which the stubs read as a Serializer's dict.
        return cast("list[dict[str, Any]]", SeatSerializer(seats, many=True).data)


class SettlementPaymentSerializer(serializers.Serializer[Any]):
    payer = serializers.IntegerField(min_value=0, max_value=3, help_text="The seat that pays.")
    payee = serializers.IntegerField(min_value=0, max_value=3, help_text="The seat paid.")
    payer_name = serializers.CharField()
    payee_name = serializers.CharField()
    chips = serializers.IntegerField(min_value=1, help_text="Chips (子) paid.")
    money = serializers.DecimalField(
        max_digits=16,
        decimal_places=2,
        allow_null=True,
        coerce_to_string=False,
        help_text="The chips at the club's rate (元); null when the club has no rate.",
    )


class SettlementBurnedSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField(min_value=0, max_value=3)
    name = serializers.CharField()
    chips = serializers.IntegerField(min_value=1, help_text="Chips burned: paid to no one.")


class SettlementSerializer(serializers.Serializer[Any]):
    rate = serializers.DecimalField(
        max_digits=8,
        decimal_places=2,
        allow_null=True,
        coerce_to_string=False,
        help_text="The club's money per chip (元), or null.",
    )
    payments = SettlementPaymentSerializer(
        many=True, help_text="Who pays whom, in the fewest payments, largest first."
    )
    burned = SettlementBurnedSerializer(
        many=True,
        help_text="Chips a seat burned (an escape penalty): in its net, but paid to no one, "
        "so left out of the payments.",
    )
    text = serializers.CharField(help_text="The same as lines of text, for a group chat.")


class SessionDetailSerializer(SessionSerializer):
    totals = serializers.SerializerMethodField(help_text="Net chips by seat (counted rounds).")
    settle = serializers.SerializerMethodField(
        help_text="结账: who pays whom to settle the totals (paper nets for a paper session)."
    )
    follow_url = serializers.SerializerMethodField(
        help_text="The session's secret follow link (read-only, no login), for the club's "
        "members; null for anyone else, or when an organiser has turned it off."
    )
    next_dealers = serializers.SerializerMethodField(
        help_text="The next round's dealer set, ascending (several seats only under 通庄)."
    )

    class Meta(SessionSerializer.Meta):
        fields = [*SessionSerializer.Meta.fields, "totals", "settle", "follow_url", "next_dealers"]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_totals(self, obj: Session) -> list[int]:
        from scoring.selectors import session_totals

        return list(session_totals(session=obj).values())

    @extend_schema_field(SettlementSerializer)
    def get_settle(self, obj: Session) -> dict[str, Any]:
        from scoring.selectors import session_settlement

        return SettlementSerializer(session_settlement(session=obj)).data

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_follow_url(self, obj: Session) -> str | None:
        from django.urls import reverse

        from leagues.selectors import membership_role

        request = self.context.get("request")
        if request is None or not obj.follow_token:
            return None
        if membership_role(club=obj.season.club, user=request.user) is None:
            return None
        return str(request.build_absolute_uri(reverse("follow", args=[obj.follow_token])))

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_next_dealers(self, obj: Session) -> list[int]:
        from scoring.selectors import session_next_dealers

        return session_next_dealers(session=obj)[1]


class SessionUpdateSerializer(serializers.Serializer[Any]):
    started_at = BoundedDateTimeField(required=False)
    table_label = serializers.CharField(max_length=40, required=False, allow_blank=True)


# ---------------------------------------------------------------- standings, statistics


class PlayerRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="pk")
    display_name = serializers.CharField()


class StandingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player = PlayerRefSerializer()
    net = serializers.IntegerField()
    penalties = serializers.IntegerField(
        help_text="The season's penalties and bonuses (outside zero-sum); net + penalties "
        "ranks. 0 in all-time standings."
    )
    total = serializers.IntegerField(
        help_text="合计: net + penalties, what ranks (equal on it, then on average per round "
        "and wins: a shared rank)."
    )
    sessions = serializers.IntegerField()
    rounds = serializers.IntegerField()
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    deal_ins = serializers.IntegerField()
    big_hands = serializers.IntegerField()
    win_rate = serializers.FloatField(help_text="wins / rounds, 0..1")
    avg_per_round = serializers.FloatField(help_text="net / rounds")


class StandingsQuerySerializer(serializers.Serializer[Any]):
    date_from = serializers.DateField(required=False, help_text="Sessions started on or after.")
    date_to = serializers.DateField(required=False, help_text="Sessions started on or before.")


class HandCountSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(choices=HAND_TYPE_CODES)
    name_zh = serializers.CharField()
    name_en = serializers.CharField()
    is_big = serializers.BooleanField()
    is_opening = serializers.BooleanField()
    count = serializers.IntegerField()


class KongCountSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=[*KONG_KINDS, ("fed", "Kong fed: another's kong on this player's discard")],
        help_text="an, jia, ming: kongs the player made (a ming on another's discard "
        "counts for its maker); fed (点杠): ming kongs others made on the player's discard.",
    )
    count = serializers.IntegerField(min_value=0)


class ChipPointSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField(help_text="The session's start.")
    cumulative = serializers.IntegerField(help_text="Net chips after that session.")


class PlayerStatsSerializer(serializers.Serializer[Any]):
    player = PlayerRefSerializer()
    season = serializers.IntegerField(source="season.pk", allow_null=True)
    net = serializers.IntegerField()
    sessions = serializers.IntegerField()
    rounds = serializers.IntegerField()
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    deal_ins = serializers.IntegerField()
    big_hands = serializers.IntegerField()
    opening_wins = serializers.IntegerField()
    birds_hit = serializers.IntegerField()
    win_rate = serializers.FloatField()
    avg_per_round = serializers.FloatField()
    hand_counts = HandCountSerializer(many=True)
    kong_counts = KongCountSerializer(
        many=True, help_text="Kongs by kind over the counted rounds (every kind, zeros too)."
    )
    chip_history = ChipPointSerializer(many=True)


class PlayerStatsQuerySerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="Limit to one season (id)."
    )


class PlayerMergeSerializer(serializers.Serializer[Any]):
    target = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The regular player (id) who takes the rounds."
    )
