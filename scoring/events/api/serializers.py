"""The serializers of the league nights' API: events, entrants, seating rounds and their
tables, the board, penalties.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import (
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.relations import PKOnlyObject

from csmj_site.api_fields import (
    MAX_ID,
    ApiModelSerializer,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
    bounded_integer,
)
from leagues.api.scope import related_queryset_set
from leagues.models import Player, Ruleset, Season
from scoring.events import selectors
from scoring.events.models import (
    ENTRANTS_MAX,
    FINAL_SIZE,
    PENALTY_AMOUNT,
    ROUND_NUMBER,
    ROUNDS_PLANNED,
    SEED,
    TIMER_MINUTES,
    Entrant,
    Event,
    SeatingMode,
)
from scoring.standings.models import Penalty


def _club_field(queryset: Any) -> Any:
    return StrictPrimaryKeyRelatedField(queryset=queryset)


class ClubScopedSerializer(serializers.Serializer[Any]):
    """Ids of players, seasons and rulesets resolve inside the URL's club only."""

    club_fields: tuple[tuple[str, Any], ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        for name, model in self.club_fields:
            if club is not None and name in self.fields:
                related_queryset_set(self.fields[name], model.objects.filter(club=club))


# ---------------------------------------------------------------- serializers


class SeasonRulesetField(StrictPrimaryKeyRelatedField[Ruleset]):
    """A night's ruleset, which is its season's (``Event.ruleset``): read from the season
    (no query of its own), and when sent, checked against it by the service."""

    def get_attribute(self, instance: Any) -> Any:
        return PKOnlyObject(pk=instance.season.ruleset_id)


class EventSerializer(ApiModelSerializer[Event]):
    season = StrictPrimaryKeyRelatedField(queryset=Season.objects.none())
    ruleset = SeasonRulesetField(
        queryset=Ruleset.objects.none(),
        required=False,
        help_text="The season's: a night plays its season's ruleset; another is refused.",
    )
    is_finished = StrictBooleanField(read_only=True)
    # The bounds the service checks (scoring.events.models), not the database's ranges.
    rounds_planned = bounded_integer(ROUNDS_PLANNED, default=3)
    timer_minutes = bounded_integer(TIMER_MINUTES, allow_null=True, required=False)
    final_size = bounded_integer(
        FINAL_SIZE, default=0, help_text="0: no final; else a multiple of 4."
    )

    class Meta:
        model = Event
        fields = [
            "id", "season", "name", "date", "ruleset", "rounds_planned", "seating_mode",
            "remainder", "timer_minutes", "timer_end", "final_size", "final_carry",
            "created_at", "finished_at", "is_finished",
        ]  # fmt: skip
        read_only_fields = ["created_at", "finished_at"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        if club is not None:
            related_queryset_set(self.fields["season"], Season.objects.filter(club=club))
            related_queryset_set(self.fields["ruleset"], Ruleset.objects.filter(club=club))


class EntrantSerializer(ApiModelSerializer[Entrant]):
    player_name = StrictCharField(source="player.display_name", read_only=True)
    is_guest = StrictBooleanField(source="player.is_guest", read_only=True)
    joined_round = StrictIntegerField(read_only=True, min_value=1)
    dropped_after_round = StrictIntegerField(read_only=True, min_value=0, allow_null=True)

    class Meta:
        model = Entrant
        fields = [
            "id", "player", "player_name", "is_guest", "checked_in", "joined_round",
            "dropped_after_round",
        ]  # fmt: skip


class EntrantAddSerializer(ClubScopedSerializer):
    club_fields = (("player", Player),)
    player = _club_field(Player.objects.none())
    guest_name = StrictCharField(required=False, allow_blank=True, max_length=60)
    checked_in = StrictBooleanField(default=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].required = False
        self.fields["player"].help_text = "A club player's id; or give guest_name (客)."


class EntrantRefSerializer(serializers.Serializer[Any]):
    player = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The entrant's player id.")
    present = StrictBooleanField(
        default=True,
        help_text="Check-in only: true (the default) checks the player in, false out.",
    )


class DrawSerializer(serializers.Serializer[Any]):
    mode = StrictChoiceField(choices=SeatingMode.choices, required=False)
    seed = bounded_integer(
        SEED, required=False,
        help_text="The same entrants, history and seed give the same seating.",
    )  # fmt: skip
    number = bounded_integer(
        ROUND_NUMBER, required=False,
        help_text="Re-draw this round (the latest; refused once a table started).",
    )  # fmt: skip


class RoundSeatSerializer(serializers.Serializer[Any]):
    tables = serializers.ListField(
        child=serializers.ListField(
            child=StrictIntegerField(min_value=1, max_value=MAX_ID), max_length=4
        ),
        max_length=ENTRANTS_MAX // 4,
        help_text="Every table's player ids in seat order (东南西北).",
    )
    number = bounded_integer(ROUND_NUMBER, required=False)


class SwapSerializer(serializers.Serializer[Any]):
    round = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    player_a = StrictIntegerField(min_value=1, max_value=MAX_ID)
    player_b = StrictIntegerField(min_value=1, max_value=MAX_ID)


class TableRefSerializer(serializers.Serializer[Any]):
    round = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    table = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The table's number.")


class RoundRefSerializer(serializers.Serializer[Any]):
    round = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")


class TimerSerializer(serializers.Serializer[Any]):
    round = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    minutes = bounded_integer(TIMER_MINUTES, required=False)
    restart = StrictBooleanField(
        default=False,
        help_text="Put back a countdown that is still running (refused without it: timer_running).",
    )


class EventTableSerializer(serializers.Serializer[Any]):
    number = StrictIntegerField()
    seats = serializers.ListField(child=StrictIntegerField())
    names = serializers.ListField(child=StrictCharField())
    totals = serializers.ListField(child=StrictIntegerField())
    session = StrictIntegerField(allow_null=True)
    rounds = StrictIntegerField()
    finished = StrictBooleanField()


class SeatingRoundSerializer(serializers.Serializer[Any]):
    number = StrictIntegerField()
    mode = StrictChoiceField(choices=SeatingMode.choices)
    seed = StrictIntegerField()
    is_final = StrictBooleanField()
    sitting_out = serializers.ListField(child=StrictIntegerField())
    timer_ends_at = serializers.DateTimeField(allow_null=True)
    tables = EventTableSerializer(many=True)


class EventStandingSerializer(serializers.Serializer[Any]):
    rank = StrictIntegerField(help_text="Shared by entrants equal on total and wins (1, 2, 2, 4).")
    player = StrictIntegerField()
    player_name = StrictCharField()
    net = StrictIntegerField()
    penalties = StrictIntegerField()
    total = StrictIntegerField(help_text="Net after penalties: what ranks.")
    rounds = StrictIntegerField()
    wins = StrictIntegerField()
    finalist = StrictBooleanField()
    dropped = StrictBooleanField()


class PenaltyRecordSerializer(ApiModelSerializer[Penalty]):
    player_name = StrictCharField(source="player.display_name", read_only=True)
    is_cancelled = StrictBooleanField(read_only=True)
    season = StrictPrimaryKeyRelatedField(queryset=Season.objects.none())
    player = StrictPrimaryKeyRelatedField(queryset=Player.objects.none())
    event = StrictPrimaryKeyRelatedField(
        queryset=Event.objects.none(), required=False, allow_null=True
    )
    # Users are named by their username everywhere in the API (a round's recorded_by).
    given_by = StrictCharField(
        source="given_by.get_username", read_only=True, help_text="Who gave it (username)."
    )
    cancelled_by = serializers.SerializerMethodField(help_text="Who cancelled it (username).")

    class Meta:
        model = Penalty
        fields = [
            "id", "season", "event", "player", "player_name", "amount", "reason", "given_by",
            "created_at", "is_cancelled", "cancelled_at", "cancelled_by", "cancel_reason",
        ]  # fmt: skip
        read_only_fields = [
            "given_by", "created_at", "cancelled_at", "cancelled_by", "cancel_reason",
        ]  # fmt: skip
        extra_kwargs = {
            "amount": {
                "help_text": "Negative: 罚分; positive: 奖励; zero: a warning (警告).",
                "min_value": PENALTY_AMOUNT.low,
                "max_value": PENALTY_AMOUNT.high,
            }
        }

    @extend_schema_field(StrictCharField(allow_null=True))
    def get_cancelled_by(self, obj: Penalty) -> str | None:
        return obj.cancelled_by.get_username() if obj.cancelled_by is not None else None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        club = self.context.get("club")
        if club is not None:
            related_queryset_set(self.fields["season"], Season.objects.filter(club=club))
            related_queryset_set(self.fields["player"], Player.objects.filter(club=club))
            related_queryset_set(self.fields["event"], Event.objects.filter(season__club=club))


class PenaltyCancelSerializer(serializers.Serializer[Any]):
    reason = StrictCharField(max_length=200)


class SessionRefSerializer(serializers.Serializer[Any]):
    session = StrictIntegerField(help_text="The table's new scoring session.")
    round = StrictIntegerField()
    table = StrictIntegerField()


def round_values(view: selectors.RoundView) -> dict[str, Any]:
    r = view.round
    return {
        "number": r.number,
        "mode": r.mode,
        "seed": r.seed,
        "is_final": r.is_final,
        "sitting_out": list(r.sitting_out),
        "timer_ends_at": r.timer_ends_at,
        "tables": [
            {
                "number": t.table.number,
                "seats": [s.player_id for s in t.seats],
                "names": [s.name for s in t.seats],
                "totals": [s.total for s in t.seats],
                "session": t.table.session_id,
                "rounds": t.rounds,
                "finished": t.finished,
            }
            for t in view.tables
        ],
    }


class EventBoardSerializer(serializers.Serializer[Any]):
    event = EventSerializer()
    version = StrictCharField(help_text="Changes with any save of the night.")
    current = SeatingRoundSerializer(allow_null=True)
    next = SeatingRoundSerializer(allow_null=True)
    rounds = SeatingRoundSerializer(many=True)
    standings = EventStandingSerializer(many=True)
    penalties = PenaltyRecordSerializer(many=True)
    entrants = EntrantSerializer(many=True)
