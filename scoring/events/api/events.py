"""REST API of league nights: events and every action of the night, and penalties.

Thin views over ``scoring.events.services`` (writes) and ``scoring.events.selectors``
(reads), with the roles, errors and idempotency keys of the rest of the API: a club the
user cannot read answers 404; a write without the role 403; the POSTs that create
something take an ``Idempotency-Key`` as recording a round does. A score app can run a
whole night through these alone (``tests/scoring/events/test_api_night.py``).
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.decorators import (
    action,
    api_view,
    content_negotiation_class,
    renderer_classes,
)
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import (
    CLUB_SLUG,
    IDEMPOTENCY_KEY,
    MAX_ID,
    ApiViewSet,
    IdFilter,
    bounded_integer,
    id_or_404,
    undeclared_refused,
)
from csmj_site.errors import ServiceError
from leagues.api.scope import ClubScopedMixin, related_queryset_set
from leagues.models import Player, Ruleset, Season
from leagues.permissions import require_manage, require_record
from scoring.events import selectors, services
from scoring.events.cards import event_card_response, player_card_response
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
    Penalty,
    SeatingMode,
    SeatingRound,
    Table,
)
from scoring.idempotency import idempotent

TAG = "events"
IDEMPOTENCY = IDEMPOTENCY_KEY


def _club_field(queryset: Any) -> Any:
    return serializers.PrimaryKeyRelatedField(queryset=queryset)


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


class EventSerializer(serializers.ModelSerializer[Event]):
    season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.none())
    ruleset = serializers.PrimaryKeyRelatedField(
        queryset=Ruleset.objects.none(),
        required=False,
        help_text="The season's: a night plays its season's ruleset; another is refused.",
    )
    is_finished = serializers.BooleanField(read_only=True)
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


class EntrantSerializer(serializers.ModelSerializer[Entrant]):
    player_name = serializers.CharField(source="player.display_name", read_only=True)
    is_guest = serializers.BooleanField(source="player.is_guest", read_only=True)
    joined_round = serializers.IntegerField(read_only=True, min_value=1)
    dropped_after_round = serializers.IntegerField(read_only=True, min_value=0, allow_null=True)

    class Meta:
        model = Entrant
        fields = [
            "id", "player", "player_name", "is_guest", "checked_in", "joined_round",
            "dropped_after_round",
        ]  # fmt: skip


class EntrantAddSerializer(ClubScopedSerializer):
    club_fields = (("player", Player),)
    player = _club_field(Player.objects.none())
    guest_name = serializers.CharField(required=False, allow_blank=True, max_length=60)
    checked_in = serializers.BooleanField(default=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].required = False
        self.fields["player"].help_text = "A club player's id; or give guest_name (客)."


class EntrantRefSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The entrant's player id."
    )
    present = serializers.BooleanField(default=True, help_text="Check-in only.")


class DrawSerializer(serializers.Serializer[Any]):
    mode = serializers.ChoiceField(choices=SeatingMode.choices, required=False)
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
            child=serializers.IntegerField(min_value=1, max_value=MAX_ID), max_length=4
        ),
        max_length=ENTRANTS_MAX // 4,
        help_text="Every table's player ids in seat order (东南西北).",
    )
    number = bounded_integer(ROUND_NUMBER, required=False)


class SwapSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    player_a = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    player_b = serializers.IntegerField(min_value=1, max_value=MAX_ID)


class TableRefSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    table = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The table's number.")


class RoundRefSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")


class TimerSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The round's number.")
    minutes = bounded_integer(TIMER_MINUTES, required=False)
    restart = serializers.BooleanField(
        default=False,
        help_text="Put back a countdown that is still running (refused without it: timer_running).",
    )


class EventTableSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField())
    names = serializers.ListField(child=serializers.CharField())
    totals = serializers.ListField(child=serializers.IntegerField())
    session = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField()
    finished = serializers.BooleanField()


class SeatingRoundSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=SeatingMode.choices)
    seed = serializers.IntegerField()
    is_final = serializers.BooleanField()
    sitting_out = serializers.ListField(child=serializers.IntegerField())
    timer_ends_at = serializers.DateTimeField(allow_null=True)
    tables = EventTableSerializer(many=True)


class EventStandingSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(
        help_text="Shared by entrants equal on total and wins (1, 2, 2, 4)."
    )
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    net = serializers.IntegerField()
    penalties = serializers.IntegerField()
    total = serializers.IntegerField(help_text="Net after penalties: what ranks.")
    rounds = serializers.IntegerField()
    wins = serializers.IntegerField()
    finalist = serializers.BooleanField()
    dropped = serializers.BooleanField()


class PenaltyRecordSerializer(serializers.ModelSerializer[Penalty]):
    player_name = serializers.CharField(source="player.display_name", read_only=True)
    is_cancelled = serializers.BooleanField(read_only=True)
    season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.none())
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.none())
    event = serializers.PrimaryKeyRelatedField(
        queryset=Event.objects.none(), required=False, allow_null=True
    )
    # Users are named by their username everywhere in the API (a round's recorded_by).
    given_by = serializers.CharField(
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

    @extend_schema_field(serializers.CharField(allow_null=True))
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
    reason = serializers.CharField(max_length=200)


class SessionRefSerializer(serializers.Serializer[Any]):
    session = serializers.IntegerField(help_text="The table's new scoring session.")
    round = serializers.IntegerField()
    table = serializers.IntegerField()


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
    version = serializers.CharField(help_text="Changes with any save of the night.")
    current = SeatingRoundSerializer(allow_null=True)
    next = SeatingRoundSerializer(allow_null=True)
    rounds = SeatingRoundSerializer(many=True)
    standings = EventStandingSerializer(many=True)
    penalties = PenaltyRecordSerializer(many=True)
    entrants = EntrantSerializer(many=True)


# ---------------------------------------------------------------- views


class EventFilter(django_filters.FilterSet):
    season = IdFilter(field_name="season_id", label="Events of this season (id)")

    class Meta:
        model = Event
        fields = ["season"]


@extend_schema(parameters=[CLUB_SLUG], tags=[TAG])
@extend_schema_view(
    list=extend_schema(operation_id="event_list", summary="The club's league nights"),
    retrieve=extend_schema(operation_id="event_get", summary="A league night"),
    create=extend_schema(
        operation_id="event_create",
        summary="Create a league night (比赛之夜) in a season (organiser role)",
        parameters=[IDEMPOTENCY],
    ),
)
class EventViewSet(ClubScopedMixin, ApiViewSet):
    """League nights: entrants, seating rounds, tables, the timer, the final, finishing."""

    serializer_class = EventSerializer
    filterset_class = EventFilter
    ordering_fields = ["date", "id"]
    ordering = ["-date", "-id"]
    http_method_names = ["get", "post", "head", "options"]

    def get_queryset(self) -> QuerySet[Event]:
        if self.is_schema_view():
            return Event.objects.none()
        return Event.objects.filter(season__club=self.get_club()).select_related("season__club")

    def check_write(self, instance: Any = None) -> None:
        require_manage(self.request.user, self.get_club())

    def service_create(self, data: dict[str, Any]) -> Event:
        return services.event_create(actor=self.request.user, **data)

    # ---- helpers

    def _body(
        self, serializer_class: type[serializers.Serializer[Any]], *, role: str = "manage"
    ) -> dict[str, Any]:
        """The action's body, read once the caller's role allows the action (``manage``:
        organiser, ``record``: recorder), so a refusal never depends on the body."""
        club = self.get_club()
        if role == "record":
            require_record(self.request.user, club)
        else:
            require_manage(self.request.user, club)
        body = serializer_class(data=self.request.data, context=self.get_serializer_context())
        undeclared_refused(body)
        body.is_valid(raise_exception=True)
        return dict(body.validated_data)

    def _round(self, event: Event, number: int) -> SeatingRound:
        return get_object_or_404(SeatingRound, event=event, number=id_or_404(number))

    def _entrant(self, event: Event, player: int) -> Entrant:
        return get_object_or_404(
            Entrant.objects.select_related("event__season__club", "player"),
            event=event,
            player_id=id_or_404(player),
        )

    def _board(self, event: Event, status: int = 200) -> Response:
        board = selectors.event_board(event=event)
        data = {
            "event": EventSerializer(board.event).data,
            "version": board.version,
            "current": round_values(board.current) if board.current else None,
            "next": round_values(board.next) if board.next else None,
            "rounds": [round_values(r) for r in board.rounds],
            "standings": selectors.event_rows_values(board.standings),
            "penalties": PenaltyRecordSerializer(board.penalties, many=True).data,
            "entrants": EntrantSerializer(board.entrants, many=True).data,
        }
        return Response(data, status=status)

    # ---- reads

    @extend_schema(
        operation_id="event_board",
        summary="The board (大屏): rounds and tables with live totals, standings, penalties",
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def board(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return self._board(self.get_object())

    @extend_schema(
        operation_id="event_standings",
        summary="The night's standings: net, penalties, their sum (which ranks), rounds, wins",
        description="A plain array, not a page: one row per entrant of one night.",
        responses=EventStandingSerializer(many=True),
    )
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def standings(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        rows = selectors.event_standings(event=self.get_object())
        return Response(selectors.event_rows_values(rows))

    # ---- writes (each answers the board, so a client sees the night after it)

    @extend_schema(
        operation_id="entrant_add",
        summary="Add an entrant: a club player, or a guest (客) by name; between rounds a "
        "late arrival (organiser role)",
        request=EntrantAddSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: EventBoardSerializer},
    )
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    @idempotent
    def entrants(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(EntrantAddSerializer)
        name = data.get("guest_name", "").strip()
        if data.get("player") is not None and name:
            raise ServiceError("guest_name", "ambiguous", variant="entrant")
        if name:
            # A returning guest (or a roster player) by name is found, not added again.
            known = Player.objects.filter(club=event.season.club, display_name=name).first()
            if known is not None:
                data = {**data, "player": known, "guest_name": ""}
        services.entrant_add(event=event, actor=request.user, **data)
        return self._board(event, 201)

    @extend_schema(
        operation_id="entrant_check_in",
        summary="Check an entrant in (present: true) or out (organiser role)",
        request=EntrantRefSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], url_path="check-in", filter_backends=[])
    @idempotent
    def check_in(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(EntrantRefSerializer)
        entrant = self._entrant(event, data["player"])
        services.entrant_check_in(entrant=entrant, present=data["present"], actor=request.user)
        return self._board(event)

    @extend_schema(
        operation_id="entrant_drop",
        summary="An entrant drops out after the current round (organiser role)",
        request=EntrantRefSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def drop(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(EntrantRefSerializer)
        services.entrant_drop(entrant=self._entrant(event, data["player"]), actor=request.user)
        return self._board(event)

    @extend_schema(
        operation_id="entrant_return",
        summary="An entrant who dropped out comes back from the next draw (organiser role)",
        request=EntrantRefSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], url_path="return", filter_backends=[])
    @idempotent
    def return_(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(EntrantRefSerializer)
        services.entrant_return(entrant=self._entrant(event, data["player"]), actor=request.user)
        return self._board(event)

    @extend_schema(
        operation_id="seating_round_draw",
        summary="Draw a seating round (random, swiss, interval); re-draw the latest until "
        "one of its tables starts (organiser role)",
        request=DrawSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: EventBoardSerializer},
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def draw(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        services.round_draw(event=event, actor=request.user, **self._body(DrawSerializer))
        return self._board(event, 201)

    @extend_schema(
        operation_id="seating_round_seat",
        summary="Seat a round by hand (manual): every table's players in seat order",
        request=RoundSeatSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: EventBoardSerializer},
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def seat(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        services.round_seat(event=event, actor=request.user, **self._body(RoundSeatSerializer))
        return self._board(event, 201)

    @extend_schema(
        operation_id="seating_round_cancel",
        summary="Cancel the latest drawn round while none of its tables started "
        "(organiser role; audited)",
        request=RoundRefSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], url_path="cancel-round", filter_backends=[])
    @idempotent
    def cancel_round(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(RoundRefSerializer)
        services.round_cancel(event=event, number=data["round"], actor=request.user)
        return self._board(event)

    @extend_schema(
        operation_id="table_swap",
        summary="Swap two players' seats in a round; refused at a started table (audited)",
        request=SwapSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def swap(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(SwapSerializer)
        services.table_swap(
            round=self._round(event, data["round"]),
            player_a=data["player_a"],
            player_b=data["player_b"],
            actor=request.user,
        )
        return self._board(event)

    @extend_schema(
        operation_id="table_start",
        summary="Start a table: an ordinary session with its seats, 东 deals first "
        "(recorder role); record its rounds under /sessions/{id}/rounds/",
        request=TableRefSerializer,
        parameters=[IDEMPOTENCY],
        responses={201: SessionRefSerializer},
    )
    @action(detail=True, methods=["post"], url_path="start-table", filter_backends=[])
    @idempotent
    def start_table(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(TableRefSerializer, role="record")
        rnd = self._round(event, data["round"])
        table = get_object_or_404(Table, round=rnd, number=id_or_404(data["table"]))
        session = services.table_start(table=table, actor=request.user)
        return Response(
            {"session": session.pk, "round": rnd.number, "table": table.number}, status=201
        )

    @extend_schema(
        operation_id="seating_round_timer_start",
        summary="(Re)start a round's countdown (organiser role)",
        request=TimerSerializer,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def timer(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        data = self._body(TimerSerializer)
        services.timer_start(
            round=self._round(event, data["round"]),
            minutes=data.get("minutes"),
            restart=data["restart"],
            actor=request.user,
        )
        return self._board(event)

    @extend_schema(
        operation_id="seating_final_draw",
        summary="Seat the final: the top N by the night's standings (organiser role)",
        request=None,
        parameters=[IDEMPOTENCY],
        responses={201: EventBoardSerializer},
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def final(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        event = self.get_object()
        services.final_draw(event=event, actor=request.user)
        return self._board(event, 201)

    @extend_schema(
        operation_id="event_finish",
        summary="Finish the night once every started table's session is finished; tables "
        "that never started are cancelled (organiser role)",
        request=None,
        responses=EventBoardSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def finish(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        done = services.event_finish(event=self.get_object(), actor=request.user)
        return self._board(done.event)


class PenaltyFilter(django_filters.FilterSet):
    season = IdFilter(field_name="season_id", label="Penalties of this season (id)")
    event = IdFilter(field_name="event_id", label="Penalties of this event (id)")
    player = IdFilter(field_name="player_id", label="Penalties of this player (id)")

    class Meta:
        model = Penalty
        fields = ["season", "event", "player"]


@extend_schema(parameters=[CLUB_SLUG], tags=[TAG])
@extend_schema_view(
    list=extend_schema(operation_id="penalty_list", summary="The club's penalties, newest first"),
    retrieve=extend_schema(operation_id="penalty_get", summary="A penalty"),
    create=extend_schema(
        operation_id="penalty_give",
        summary="Give a penalty (罚分, negative), a bonus (奖励, positive) or a warning "
        "(警告, zero), outside zero-sum (organiser role)",
        parameters=[IDEMPOTENCY],
    ),
)
class PenaltyViewSet(ClubScopedMixin, ApiViewSet):
    """Penalties and bonuses: never deleted; a cancelled one keeps its row."""

    serializer_class = PenaltyRecordSerializer
    filterset_class = PenaltyFilter
    ordering_fields = ["created_at", "id"]
    ordering = ["-created_at", "-id"]
    http_method_names = ["get", "post", "head", "options"]

    def get_queryset(self) -> QuerySet[Penalty]:
        if self.is_schema_view():
            return Penalty.objects.none()
        return Penalty.objects.filter(season__club=self.get_club()).select_related(
            "player", "given_by", "cancelled_by"
        )

    def check_write(self, instance: Any = None) -> None:
        require_manage(self.request.user, self.get_club())

    def service_create(self, data: dict[str, Any]) -> Penalty:
        return services.penalty_give(actor=self.request.user, **data)

    @extend_schema(
        operation_id="penalty_cancel",
        summary="Cancel a penalty with a reason; it stays, marked (organiser role)",
        request=PenaltyCancelSerializer,
        responses=PenaltyRecordSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    @idempotent
    def cancel(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        penalty = self.get_object()
        self.check_write(penalty)
        body = PenaltyCancelSerializer(data=request.data)
        undeclared_refused(body)
        body.is_valid(raise_exception=True)
        penalty = services.penalty_cancel(
            penalty=penalty, reason=body.validated_data["reason"], actor=request.user
        )
        return Response(PenaltyRecordSerializer(self.reloaded(penalty)).data)


# ---------------------------------------------------------------- the result cards (images)


class ErrorsAsJson(DefaultContentNegotiation):
    """The result cards answer an image whatever the client accepts (``Accept:
    image/png`` included); an error is the JSON every other error is."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


def _event_of(request: Request, club_slug: str, event_id: int) -> Event:
    from leagues.permissions import club_for_reader

    club, _role = club_for_reader(slug=club_slug, user=request.user)
    return get_object_or_404(
        Event.objects.select_related("season__club"), pk=id_or_404(event_id), season__club=club
    )


PNG = {(200, "image/png"): OpenApiTypes.BINARY}
EVENT_ID = OpenApiParameter(
    "id", {"type": "integer", "minimum": 1}, OpenApiParameter.PATH,
    description="The event's id.",
)  # fmt: skip
PLAYER_ID = OpenApiParameter(
    "player_id", {"type": "integer", "minimum": 1}, OpenApiParameter.PATH,
    description="The player's id (an entrant of the night).",
)  # fmt: skip


@extend_schema(
    operation_id="event_card",
    tags=[TAG],
    parameters=[CLUB_SLUG, EVENT_ID],
    summary="The night's result card: its standings as a PNG image for a group chat",
    responses=PNG,
)
@api_view(["GET"])
@renderer_classes([JSONRenderer])
@content_negotiation_class(ErrorsAsJson)
def event_card_view(request: Request, club_slug: str, id: int) -> HttpResponse:  # noqa: A002
    return event_card_response(event=_event_of(request, club_slug, id))


@extend_schema(
    operation_id="event_player_card",
    tags=[TAG],
    parameters=[CLUB_SLUG, EVENT_ID, PLAYER_ID],
    summary="A player's result card of the night (rank, net, penalties, rounds, wins, "
    "biggest win) as a PNG image; 404 for a player who is not an entrant",
    responses=PNG,
)
@api_view(["GET"])
@renderer_classes([JSONRenderer])
@content_negotiation_class(ErrorsAsJson)
def player_card_view(
    request: Request,
    club_slug: str,
    id: int,  # noqa: A002
    player_id: int,
) -> HttpResponse:
    event = _event_of(request, club_slug, id)
    return player_card_response(event=event, player_id=id_or_404(player_id))


def _urls() -> list[Any]:
    from django.urls import re_path

    event = r"^clubs/(?P<club_slug>[-a-zA-Z0-9_]+)/events/(?P<id>[0-9]+)"
    return [
        re_path(rf"{event}/card\.png$", event_card_view, name="api-event-card"),
        re_path(
            rf"{event}/players/(?P<player_id>[0-9]+)/card\.png$",
            player_card_view,
            name="api-event-player-card",
        ),
    ]


urlpatterns = _urls()
