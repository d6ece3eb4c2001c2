"""REST API of a club's penalties (``clubs/{slug}/penalties/``): record, list, read, cancel."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework.decorators import (
    action,
)
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import CLUB_SLUG, ApiViewSet, IdFilter
from csmj_site.api_body import body_valid
from leagues.api.scope import ClubScopedMixin
from leagues.permissions import require_manage
from scoring.events import services
from scoring.events.api.events import IDEMPOTENCY, TAG
from scoring.events.api.serializers import PenaltyCancelSerializer, PenaltyRecordSerializer
from scoring.idempotency import idempotent
from scoring.standings.models import Penalty


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
        body_valid(body)
        penalty = services.penalty_cancel(
            penalty=penalty, reason=body.validated_data["reason"], actor=request.user
        )
        return Response(PenaltyRecordSerializer(self.reloaded(penalty)).data)
