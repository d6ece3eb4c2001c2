"""REST API of league nights (``clubs/{slug}/events/``): events and every action of the night.

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
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.decorators import (
    action,
)
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import CLUB_SLUG, IDEMPOTENCY_KEY, ApiViewSet, IdFilter
from csmj_site.api_body import body_none, body_valid
from csmj_site.errors import ServiceError, reject
from leagues.api.scope import ClubScopedMixin
from leagues.models import Player
from leagues.permissions import require_manage, require_record
from scoring.events import selectors, services
from scoring.events.api.serializers import (
    DrawSerializer,
    EntrantAddSerializer,
    EntrantRefSerializer,
    EntrantSerializer,
    EventBoardSerializer,
    EventSerializer,
    EventStandingSerializer,
    PenaltyRecordSerializer,
    RoundRefSerializer,
    RoundSeatSerializer,
    SessionRefSerializer,
    SwapSerializer,
    TableRefSerializer,
    TimerSerializer,
    round_values,
)
from scoring.events.models import (
    Entrant,
    Event,
    SeatingRound,
    Table,
)
from scoring.idempotency import idempotent

TAG = "events"
IDEMPOTENCY = IDEMPOTENCY_KEY


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
        body_valid(body)
        return dict(body.validated_data)

    def _round(self, event: Event, number: int) -> SeatingRound:
        """The night's round the body's ``round`` names: ``round_unknown`` on it when there
        is none, as the service says it (``round_cancel``)."""
        rnd = SeatingRound.objects.filter(event=event, number=number).first()
        if rnd is None:
            raise reject("round", "round_unknown", number=number)
        return rnd

    def _entrant(self, event: Event, player: int) -> Entrant:
        """The entrant the body's ``player`` names: ``not_an_entrant`` on it for a player
        who did not enter, as the service says it (``table_swap``)."""
        entrant = (
            Entrant.objects.select_related("event__season__club", "player")
            .filter(event=event, player_id=player)
            .first()
        )
        if entrant is None:
            known = Player.objects.filter(club=event.season.club, pk=player).first()
            raise reject(
                "player", "not_an_entrant", name=known.display_name if known else str(player)
            )
        return entrant

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
        table = Table.objects.filter(round=rnd, number=data["table"]).first()
        if table is None:
            raise reject("table", "table_unknown", round=rnd.number, number=data["table"])
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
        require_manage(request.user, self.get_club())  # the role first: never the body
        body_none(request)
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
        event = self.get_object()
        require_manage(request.user, self.get_club())  # the role first: never the body
        body_none(request)
        done = services.event_finish(event=event, actor=request.user)
        return self._board(done.event)
