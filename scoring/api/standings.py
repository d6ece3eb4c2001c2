"""REST API of standings and player statistics: the all-time board of a club, a season's
standings and a player's statistics, as actions of the club, season and player
resources (``leagues.api``), which these classes extend; a season's ratings and its CSV
downloads (``clubs/{slug}/seasons/{id}/ratings/``, ``…/standings.csv``, ``…/rounds.csv``).
"""

from __future__ import annotations

import csv
import dataclasses
import io
from typing import Any

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.decorators import action, api_view, renderer_classes
from rest_framework.exceptions import ValidationError
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import ApiPagination, idempotent, paginated, paginated_rows
from csmj_site.api_body import body_object, body_valid
from csmj_site.api_fields import StrictCharField, StrictIntegerField
from leagues.api import clubs, players, seasons
from leagues.api.serializers import PlayerSerializer
from leagues.models import Player, Season
from scoring.api.lookups import season_of_url
from scoring.api.serializers import PlayerMergeSerializer
from scoring.api.standings_serializers import (
    PlayerRefSerializer,
    PlayerStatsQuerySerializer,
    PlayerStatsSerializer,
    StandingRowSerializer,
    StandingsQuerySerializer,
)
from scoring.merge.services import player_delete, player_merge
from scoring.standings import selectors
from scoring.standings.models import PlayerRating
from scoring.standings.selectors import season_rounds_csv_rows

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


class ClubViewSet(clubs.ClubViewSet):
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


@extend_schema_view(
    destroy=extend_schema(
        summary="Delete a player entered by mistake (organiser role): only one who never "
        "played nor entered a league night (merge one who did); audited",
        responses={204: None},
    ),
)
class PlayerViewSet(players.PlayerViewSet):
    http_method_names = [*players.PlayerViewSet.http_method_names, "delete"]

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
        summary="Merge this player (a guest, or a regular player entered twice) into a regular "
        "player: every round moves, a regular player's name and aliases become the target's "
        "aliases; organisers only",
        request=PlayerMergeSerializer,
        responses=PlayerSerializer,
    )
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    @idempotent
    def merge(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        source = self.get_object()
        self.check_write(source)
        body = PlayerMergeSerializer(data=request.data)
        body_valid(body)
        target_id = body.validated_data["target"]
        target = body_object(
            Player.objects.filter(club=self.get_club()),
            field="target",
            value=target_id,
            pk=target_id,
        )
        player_merge(source=source, target=target, actor=request.user)
        return Response(PlayerSerializer(target).data)

    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player_delete(player=self.get_object(), actor=request.user)
        return Response(status=204)


class SeasonViewSet(seasons.SeasonViewSet):
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


class RatingSerializer(serializers.Serializer[Any]):
    player = PlayerRefSerializer()
    player_name = StrictCharField(
        source="player.display_name", help_text="The player's name (player.display_name)."
    )
    ordinal = serializers.FloatField(help_text="Conservative rating mu − 3σ (openskill).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    sessions = StrictIntegerField(help_text="Finished sessions rated.")


class PaginatedRatingListSerializer(serializers.Serializer[Any]):
    count = StrictIntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RatingSerializer(many=True)


@extend_schema(
    operation_id="season_ratings",
    tags=["standings"],
    summary="Season ratings (openskill Plackett-Luce), best first",
    responses=PaginatedRatingListSerializer,
    parameters=[
        OpenApiParameter("page", OpenApiTypes.INT, description="A page number (from 1)."),
        OpenApiParameter(
            "page_size",
            {"type": "integer", "minimum": 1, "maximum": ApiPagination.max_page_size},
            description=f"Results per page (default {ApiPagination.page_size}, at most "
            f"{ApiPagination.max_page_size}).",
        ),
    ],
)
@api_view(["GET"])
def season_ratings_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    season = season_of_url(request, club_slug, id)
    rows = (
        PlayerRating.objects.filter(season=season)
        .select_related("player")
        .order_by("-ordinal", "player__display_name")
    )
    return paginated_rows(request, rows, RatingSerializer)


class CsvRenderer(BaseRenderer):
    """Lets ``Accept: text/csv`` reach the CSV exports (the API serves JSON only
    otherwise). The CSV itself is streamed by the view; only an error is rendered here,
    as CSV: a header line, then one line per error."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["field", "code", "message"])
        for error in (data or {}).get("errors", []):
            writer.writerow([error["field"], error["code"], error["message"]])
        return out.getvalue().encode()


class _Echo:
    def write(self, value: str) -> str:
        return value


def _csv_response(rows: Any, filename: str) -> StreamingHttpResponse:
    writer = csv.writer(_Echo())
    response = StreamingHttpResponse(
        (writer.writerow(row) for row in rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@extend_schema(
    operation_id="season_standings_csv",
    tags=["standings"],
    summary="Season standings as CSV (the same rows as the standings endpoint)",
    responses={(200, "text/csv"): OpenApiTypes.STR},
)
@api_view(["GET"])
@renderer_classes([JSONRenderer, CsvRenderer])
def season_standings_csv_view(
    request: Request,
    club_slug: str,
    id: int,  # noqa: A002
) -> StreamingHttpResponse:
    season = season_of_url(request, club_slug, id)
    rows = selectors.standings_csv_rows(rows=selectors.season_standings(season=season))
    return _csv_response(rows, f"{club_slug}-season-{season.pk}-standings.csv")


@extend_schema(
    operation_id="season_rounds_csv",
    tags=["standings"],
    summary="Every round of the season as CSV (current versions; void ones marked)",
    responses={(200, "text/csv"): OpenApiTypes.STR},
)
@api_view(["GET"])
@renderer_classes([JSONRenderer, CsvRenderer])
def season_rounds_csv_view(
    request: Request,
    club_slug: str,
    id: int,  # noqa: A002
) -> StreamingHttpResponse:
    season = season_of_url(request, club_slug, id)
    return _csv_response(
        season_rounds_csv_rows(season=season), f"{club_slug}-season-{season.pk}-rounds.csv"
    )
