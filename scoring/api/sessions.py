"""REST API for a club's sessions (一场): list, start, read, change, delete, finish and
reopen (``clubs/{slug}/sessions/``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import (
    CLUB_SLUG,
    IDEMPOTENCY_KEY,
    ApiViewSet,
    DateRangeFilterSet,
    IdFilter,
    idempotent_view,
)
from csmj_site.api_body import body_none, body_valid
from csmj_site.api_fields import StrictBooleanField, StrictIntegerField
from leagues.api.scope import ClubScopedMixin
from leagues.permissions import require_record
from scoring import services
from scoring.api.lookups import session_of_url
from scoring.api.serializers import (
    TABLE_FEE_FIELDS,
    SessionDetailSerializer,
    SessionSerializer,
    SessionUpdateSerializer,
    settle_as_sent,
)
from scoring.models import Session
from scoring.selectors import sessions_with_state
from scoring.services import (
    session_finish,
    session_reopen,
)

# ---------------------------------------------------------------- sessions


class SessionFilter(DateRangeFilterSet):
    date_field = "started_at__date"
    season = IdFilter(field_name="season_id", label="Season (id)")
    player = IdFilter(method="filter_player", label="Sat at the table (id)")

    class Meta:
        model = Session
        fields = ["season", "player", "date_from", "date_to"]

    def filter_player(
        self, queryset: QuerySet[Session], name: str, value: int
    ) -> QuerySet[Session]:
        return queryset.filter(seats__player_id=value)


@extend_schema(parameters=[CLUB_SLUG])
@extend_schema_view(
    create=extend_schema(
        operation_id="session_start",
        summary="Start a session (recorder role)",
        description="Roster players in turn order (seats 0..n-1), exactly as many as the "
        "season's ruleset seats (players: 4, 3 or 2); the first dealer is a seat of that "
        "table. The answer carries next_number and next_dealer, what the first round needs.",
    ),
    update=extend_schema(
        summary="Change a session's start time or table (recorder role)",
        request=SessionUpdateSerializer,
    ),
    partial_update=extend_schema(
        summary="Change a session's start time or table (recorder role)",
        request=SessionUpdateSerializer,
    ),
    destroy=extend_schema(
        summary="Delete a session started by mistake (organiser role): only one without "
        "rounds (void ones count), not a paper session, in an open season; audited",
        responses={204: None},
    ),
)
class SessionViewSet(ClubScopedMixin, ApiViewSet):
    """The club's sessions: four, three or two players, in turn order, at one table."""

    filterset_class = SessionFilter
    http_method_names = [*ApiViewSet.http_method_names, "delete"]  # an empty one (destroy)
    ordering_fields = ["started_at", "created_at", "id"]
    ordering = ["-started_at", "-id"]

    def get_serializer_class(self) -> type[serializers.BaseSerializer[Any]]:
        if self.action in ("retrieve", "update", "partial_update"):
            return SessionDetailSerializer
        return SessionSerializer

    def get_queryset(self) -> QuerySet[Session]:
        if self.is_schema_view():
            return Session.objects.none()
        return sessions_with_state(
            queryset=Session.objects.filter(season__club=self.get_club()).select_related(
                "season__club", "created_by"
            )
        )

    def check_write(self, instance: Session | None = None) -> None:
        require_record(self.request.user, self.get_club())

    def service_create(self, data: dict[str, Any]) -> Session:
        return services.session_start(actor=self.request.user, **data)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        instance = self.get_object()
        self.check_write(instance)
        serializer = SessionUpdateSerializer(data=request.data, partial=bool(kwargs.get("partial")))
        body_valid(
            serializer,
            also=list(SessionDetailSerializer().fields),
            current=lambda: settle_as_sent(
                read=self.get_serializer(instance).data, body=request.data
            ),
        )
        fields = dict(serializer.validated_data)
        fee = {k: fields.pop(k) for k in TABLE_FEE_FIELDS if k in fields}
        session = instance
        with transaction.atomic():
            if fields or not fee:
                session = services.session_update(session=session, actor=request.user, **fields)
            if fee:
                session = services.session_table_fee_update(
                    session=session, actor=request.user, fields=fee
                )
        return Response(self.get_serializer(self.reloaded(session)).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        services.session_delete(session=self.get_object(), actor=request.user)
        return Response(status=204)


class SessionStateSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    finished = StrictBooleanField()
    is_paper = StrictBooleanField()


def session_state(session: Session, *, finished: bool, is_paper: bool) -> dict[str, Any]:
    """The session's state after a service call, from what the service did (no re-read)."""
    return {"id": session.pk, "finished": finished, "is_paper": is_paper}


@extend_schema(
    operation_id="session_finish",
    tags=["sessions"],
    summary="Finish a session (结束本场): it is rated; finishing twice changes nothing",
    description="A finished session takes no new round (409 session_finished) until it "
    "is reopened. In a closed season, whose results are final, a session not yet finished "
    "is refused (400 season_closed).",
    parameters=[IDEMPOTENCY_KEY],
    request=None,
    responses=SessionStateSerializer,
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent_view
def session_finish_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    session = session_of_url(request, club_slug, id)
    require_record(request.user, session.season.club)  # the role first: never the body
    body_none(request)
    result = session_finish(session=session, actor=request.user)
    return Response(session_state(session, finished=True, is_paper=result.is_paper))


@extend_schema(
    operation_id="session_reopen",
    tags=["sessions"],
    summary="Reopen a finished session (not a paper one); ratings are replayed",
    description="Refused for a paper session (400 paper_reopen) and in a closed season, "
    "whose results are final (400 season_closed).",
    parameters=[IDEMPOTENCY_KEY],
    request=None,
    responses=SessionStateSerializer,
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent_view
def session_reopen_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    session = session_of_url(request, club_slug, id)
    require_record(request.user, session.season.club)  # the role first: never the body
    body_none(request)
    session_reopen(session=session, actor=request.user)  # refuses paper, a closed season
    return Response(session_state(session, finished=False, is_paper=False))
