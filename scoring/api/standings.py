"""REST API of standings and player statistics: the all-time board of a club, a season's
standings and a player's statistics, as actions of the club, season and player
resources (``leagues.api.clubs``), which these classes extend.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import idempotent, paginated, undeclared_refused
from leagues.api import clubs as api_views
from leagues.api.serializers import PlayerSerializer
from leagues.models import Player, Season
from scoring import services
from scoring.api.serializers import (
    PlayerMergeSerializer,
    PlayerStatsQuerySerializer,
    PlayerStatsSerializer,
    StandingRowSerializer,
    StandingsQuerySerializer,
)
from scoring.standings import selectors

ORDER_VALUES = sorted([*selectors.STANDINGS_ORDERS, *(f"-{k}" for k in selectors.STANDINGS_ORDERS)])
STANDINGS_ORDERING = OpenApiParameter(
    "ordering",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    enum=ORDER_VALUES,
    description='Sort column ("-" reverses it); any other value answers 400. Ranks always '
    "follow the official order: total (net + penalties), then average per round, then wins.",
)


def standings_response(view: Any, request: Request, rows_for: Any) -> Response:
    """Paginated standings from a selector called with the query's dates and order."""
    query = StandingsQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    order = request.query_params.get("ordering") or selectors.DEFAULT_ORDER
    if order not in ORDER_VALUES:
        allowed = ", ".join(ORDER_VALUES)
        message = f"Unknown ordering {order!r}; use one of: {allowed}."
        raise ValidationError({"ordering": [message]}, code="invalid_choice")
    rows = rows_for(order=order, **query.validated_data)
    return paginated(view, rows, StandingRowSerializer)


class ClubViewSet(api_views.ClubViewSet):
    @extend_schema(
        operation_id="club_leaderboard",
        tags=["standings"],
        summary="All-time board of the club (every season)",
        parameters=[StandingsQuerySerializer, STANDINGS_ORDERING],
        responses=StandingRowSerializer(many=True),
    )
    @action(
        detail=True, methods=["get"], filter_backends=[], serializer_class=StandingRowSerializer
    )
    def leaderboard(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        return standings_response(
            self, request, lambda **kw: selectors.club_leaderboard(club=club, **kw)
        )


class PlayerViewSet(api_views.PlayerViewSet):
    @extend_schema(
        summary="A player's statistics: totals, hand-type counts, birds hit, chip history",
        parameters=[PlayerStatsQuerySerializer],
        responses=PlayerStatsSerializer,
    )
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def stats(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player = self.get_object()
        query = PlayerStatsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        season = None
        if "season" in query.validated_data:
            season = get_object_or_404(
                Season, club=self.get_club(), pk=query.validated_data["season"]
            )
        stats = selectors.player_stats(player=player, season=season)
        data = {
            **{f.name: getattr(stats, f.name) for f in dataclasses.fields(stats)},
            "chip_history": selectors.player_chip_history(player=player, season=season),
        }
        return Response(PlayerStatsSerializer(data).data)

    @extend_schema(
        summary="Merge this guest (客) into a regular player: every round moves; organisers only",
        request=PlayerMergeSerializer,
        responses=PlayerSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    @idempotent
    def merge(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        guest = self.get_object()
        self.check_write(guest)
        body = PlayerMergeSerializer(data=request.data)
        undeclared_refused(body)
        body.is_valid(raise_exception=True)
        target = get_object_or_404(Player, club=self.get_club(), pk=body.validated_data["target"])
        services.player_merge(guest=guest, target=target, actor=request.user)
        return Response(PlayerSerializer(target).data)


class SeasonViewSet(api_views.SeasonViewSet):
    @extend_schema(
        operation_id="season_standings",
        tags=["standings"],
        summary="Season standings (the same numbers as the season page)",
        parameters=[StandingsQuerySerializer, STANDINGS_ORDERING],
        responses=StandingRowSerializer(many=True),
    )
    @action(
        detail=True, methods=["get"], filter_backends=[], serializer_class=StandingRowSerializer
    )
    def standings(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        season = self.get_object()
        return standings_response(
            self, request, lambda **kw: selectors.season_standings(season=season, **kw)
        )
