"""Serializers for sessions and rounds (and a guest's merge). The standings' and player
statistics' are ``scoring.api.standings_serializers``; the round format's documented
shapes are ``scoring.api.schema_shapes``, the enums ``scoring.api.enums``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from csmj_site.api_fields import (
    MAX_ID,
    ApiModelSerializer,
    BoundedDateTimeField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
)
from csmj_site.language import request_language
from leagues.api.scope import related_queryset_set
from leagues.api.serializers import RulesetParametersField
from leagues.models import Player, Season
from leagues.selectors import membership_role
from scoring.api.schema_shapes import RoundDataSerializer, RoundResultSerializer
from scoring.models import TABLE_FEE, FeeBy, FeePer, Round, Session
from scoring.selectors import (
    round_data_filled,
    round_found_codes,
    session_next_dealers,
    session_paper_nets,
    session_settlement,
    session_totals,
)

# ---------------------------------------------------------------- rounds


@extend_schema_field(RoundDataSerializer)
class RoundDataField(serializers.JSONField):
    """A stored round's data, hands filled in (``RoundSerializer`` hands it the codes)."""

    def get_attribute(self, instance: Round) -> Any:
        return instance

    # Given the round itself (``get_attribute``), not the JSON value a JSONField reads.
    def to_representation(self, value: Round) -> Any:  # type: ignore[override]
        found = getattr(self.parent, "found_codes", None)
        if found is None:
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
        rounds = list(data.all() if hasattr(data, "all") else data)
        self.child.found_codes = round_found_codes(rounds=rounds)  # type: ignore[union-attr]
        try:
            return super().to_representation(rounds)
        finally:
            self.child.found_codes = None  # type: ignore[union-attr]


class RoundSerializer(ApiModelSerializer[Round]):
    """A stored round (one version) with the engine's result. ``data`` is the round as
    recorded, each winner given by tiles alone with the hands the engine found."""

    found_codes: dict[tuple[int, int, bool], list[str]] | None = None

    session = StrictIntegerField(source="session_id", read_only=True)
    recorded_by = StrictCharField(source="recorded_by.get_username", read_only=True)
    voided_by = serializers.SerializerMethodField()
    supersedes = StrictIntegerField(source="supersedes_id", read_only=True, allow_null=True)
    counts = StrictBooleanField(read_only=True)
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

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_voided_by(self, obj: Round) -> str | None:
        return obj.voided_by.get_username() if obj.voided_by is not None else None


class RoundVoidSerializer(serializers.Serializer[Any]):
    reason = StrictCharField(max_length=200, help_text="Why the round is void.")


# ---------------------------------------------------------------- sessions


class SeatSerializer(serializers.Serializer[Any]):
    seat = StrictIntegerField()
    player = StrictIntegerField(source="player.pk")
    display_name = StrictCharField(source="player.display_name")


class SessionSerializer(ApiModelSerializer[Session]):
    """一场. ``players`` (write) are the player ids in turn order, seats 0..n-1: as many
    as the season's ruleset seats (``players``: 4, 3 or 2)."""

    club = StrictCharField(source="season.club.slug", read_only=True)
    season = StrictPrimaryKeyRelatedField(queryset=Season.objects.none())
    players = serializers.ListField(
        child=StrictPrimaryKeyRelatedField(queryset=Player.objects.none()),
        min_length=2,
        max_length=4,
        write_only=True,
        help_text="Roster player ids in turn order (seats 0..n-1): exactly as many as the "
        "season's ruleset seats (its players: 4, 3 or 2), else 400 naming players.",
    )
    seats = serializers.SerializerMethodField()
    rounds_count = StrictIntegerField(read_only=True, help_text="Rounds that count.")
    finished = StrictBooleanField(
        read_only=True,
        help_text="Finished (结束本场), or a paper session: it takes no round until reopened.",
    )
    next_number = StrictIntegerField(
        read_only=True, help_text="The number the next recorded round will get."
    )
    next_dealer = StrictIntegerField(
        read_only=True,
        min_value=0,
        max_value=3,
        help_text="The seat that deals (rolls the dice) in the next round.",
    )
    created_by = StrictCharField(source="created_by.get_username", read_only=True)
    started_at = BoundedDateTimeField(required=False)
    first_dealer = StrictIntegerField(min_value=0, max_value=3, default=0)
    table_label = StrictCharField(max_length=40, required=False, allow_blank=True)

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
    payer = StrictIntegerField(min_value=0, max_value=3, help_text="The seat that pays.")
    payee = StrictIntegerField(
        min_value=0,
        max_value=4,
        help_text="The seat paid; the table fee (台费) is one more payee, numbered after "
        "the last seat (to_fee).",
    )
    payer_name = StrictCharField()
    payee_name = StrictCharField()
    to_fee = StrictBooleanField(help_text="The payment is toward the table fee (台费).")
    chips = StrictIntegerField(min_value=1, help_text="Chips (子) paid.")
    money = serializers.DecimalField(
        max_digits=16,
        decimal_places=2,
        allow_null=True,
        coerce_to_string=False,
        help_text="The chips at the club's rate (元); null when the club has no rate.",
    )


class SettlementBurnedSerializer(serializers.Serializer[Any]):
    seat = StrictIntegerField(min_value=0, max_value=3)
    name = StrictCharField()
    chips = StrictIntegerField(min_value=1, help_text="Chips burned: paid to no one.")


class SettlementFeeShareSerializer(serializers.Serializer[Any]):
    name = StrictCharField()
    chips = StrictIntegerField(min_value=1, help_text="Chips of the fee this player pays.")


class SettlementFeeSerializer(serializers.Serializer[Any]):
    total = StrictIntegerField(
        min_value=0, help_text="The fee in chips (per round: times the counted rounds)."
    )
    amount = StrictIntegerField(min_value=0, help_text="The fee as chosen (table_fee).")
    per = StrictChoiceField(choices=FeePer.choices, help_text="For the table or per round.")
    by = StrictChoiceField(
        choices=FeeBy.choices,
        help_text="Who pays it: everyone equally, the winners in proportion, the biggest winner.",
    )
    shares = SettlementFeeShareSerializer(many=True, help_text="Who pays how much of it.")


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
    fee = SettlementFeeSerializer(
        help_text="The table fee (台费) the session keeps, chosen at 结账 on the session page."
    )
    text = StrictCharField(help_text="The same as lines of text, for a group chat.")


def settle_answer(*, session: Session, request: Any) -> dict[str, Any]:
    """A session's ``settle`` as the API gives it: its words English, its group-chat
    ``text`` in the language the caller asks for (``request_language``; English when it
    asks for none)."""
    language = request_language(request) if request is not None else None
    return dict(
        SettlementSerializer(session_settlement(session=session, text_language=language)).data
    )


def settle_as_sent(*, read: Mapping[str, Any], body: Any) -> dict[str, Any]:
    """A session as ``read``, its ``settle.text`` as ``body`` sent it back: the text is in
    the language of the request that read it, so a body read in one language and sent
    back in another holds the same settlement (its payments are still compared)."""
    now = dict(read)
    sent = body.get("settle") if isinstance(body, Mapping) else None
    if isinstance(sent, Mapping) and "text" in sent and isinstance(now.get("settle"), Mapping):
        now["settle"] = {**now["settle"], "text": sent["text"]}
    return now


class SessionDetailSerializer(SessionSerializer):
    totals = serializers.SerializerMethodField(
        help_text="Net chips by seat: the counted rounds', or a paper session's recorded nets."
    )
    is_paper = serializers.SerializerMethodField(
        help_text="A paper session (纸面记录): its final nets were recorded, not its rounds."
    )
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
        fields = [
            *SessionSerializer.Meta.fields,
            "totals",
            "is_paper",
            "settle",
            "follow_url",
            "next_dealers",
        ]

    @extend_schema_field(serializers.ListField(child=StrictIntegerField()))
    def get_totals(self, obj: Session) -> list[int]:
        paper = session_paper_nets(session=obj)
        return paper if paper is not None else list(session_totals(session=obj).values())

    def get_is_paper(self, obj: Session) -> bool:
        return session_paper_nets(session=obj) is not None

    @extend_schema_field(SettlementSerializer)
    def get_settle(self, obj: Session) -> dict[str, Any]:
        return settle_answer(session=obj, request=self.context.get("request"))

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_follow_url(self, obj: Session) -> str | None:
        from django.urls import reverse

        request = self.context.get("request")
        if request is None or not obj.follow_token:
            return None
        if membership_role(club=obj.season.club, user=request.user) is None:
            return None
        return str(request.build_absolute_uri(reverse("follow", args=[obj.follow_token])))

    @extend_schema_field(serializers.ListField(child=StrictIntegerField()))
    def get_next_dealers(self, obj: Session) -> list[int]:
        return session_next_dealers(session=obj)[1]


# the table fee's fields of a session's update (services.session_table_fee_update)
TABLE_FEE_FIELDS = ("table_fee", "table_fee_per", "table_fee_by")


class SessionUpdateSerializer(serializers.Serializer[Any]):
    started_at = BoundedDateTimeField(required=False)
    table_label = StrictCharField(max_length=40, required=False, allow_blank=True)
    table_fee = StrictIntegerField(
        min_value=TABLE_FEE.low,
        max_value=TABLE_FEE.high,
        required=False,
        help_text="结账's table fee (台费) in chips, 0 for none: every settlement of the "
        "session shows it (settle.fee).",
    )
    table_fee_per = StrictChoiceField(
        choices=FeePer.choices, required=False, help_text="For the table or per counted round."
    )
    table_fee_by = StrictChoiceField(
        choices=FeeBy.choices,
        required=False,
        help_text="Who pays it: everyone equally, the winners in proportion, the biggest winner.",
    )


# ---------------------------------------------------------------- merging a guest


class PlayerMergeSerializer(serializers.Serializer[Any]):
    target = StrictIntegerField(
        min_value=1, max_value=MAX_ID, help_text="The regular player (id) who takes the rounds."
    )
