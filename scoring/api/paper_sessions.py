"""REST API for finishing sessions, paper sessions, ratings and CSV exports.

Thin views over scoring.services (writes) and scoring.standings.selectors (reads); errors
go through the API's one error format (csmj_site.api.exception_handler).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes, renderer_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import (
    IDEMPOTENCY_KEY,
    ApiPagination,
    idempotent_view,
    paginated_rows,
    undeclared_refused,
)
from leagues.api.scope import related_queryset_set
from leagues.models import Club, Player, Season
from leagues.permissions import club_for_reader
from scoring.api.serializers import PlayerRefSerializer
from scoring.models import Session
from scoring.services import (
    PAPER_NET_LIMIT,
    paper_session_record,
    session_finish,
    session_reopen,
)
from scoring.standings import selectors
from scoring.standings.models import PlayerRating
from scoring.standings.selectors import season_rounds_csv_rows

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"


def _club(request: Request, slug: str) -> Club:
    """404 for a club that is absent or that the user may not read (never 403)."""
    return club_for_reader(slug=slug, user=request.user)[0]


def _season(request: Request, club_slug: str, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, club=_club(request, club_slug))


def _session(request: Request, club_slug: str, session_id: int) -> Session:
    club = _club(request, club_slug)
    return get_object_or_404(
        Session.objects.select_related("season__club"), pk=session_id, season__club=club
    )


class SessionStateSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    finished = serializers.BooleanField()
    is_paper = serializers.BooleanField()


def _state(session: Session, *, finished: bool, is_paper: bool) -> dict[str, Any]:
    """The session's state after a service call, from what the service did (no re-read)."""
    return {"id": session.pk, "finished": finished, "is_paper": is_paper}


@extend_schema(
    operation_id="session_finish",
    tags=["sessions"],
    summary="Finish a session (结束本场): it is rated; finishing twice changes nothing",
    description="A finished session takes no new round (409 session_finished) until it "
    "is reopened.",
    parameters=[IDEMPOTENCY_KEY],
    request=None,
    responses=SessionStateSerializer,
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent_view
def session_finish_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    session = _session(request, club_slug, id)
    result = session_finish(session=session, actor=request.user)
    return Response(_state(session, finished=True, is_paper=result.is_paper))


@extend_schema(
    operation_id="session_reopen",
    tags=["sessions"],
    summary="Reopen a finished session (not a paper one); ratings are replayed",
    parameters=[IDEMPOTENCY_KEY],
    request=None,
    responses=SessionStateSerializer,
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent_view
def session_reopen_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    session = _session(request, club_slug, id)
    session_reopen(session=session, actor=request.user)  # refuses a paper session
    return Response(_state(session, finished=False, is_paper=False))


class PaperSessionSerializer(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=serializers.PrimaryKeyRelatedField(queryset=Player.objects.none()),
        min_length=2,
        max_length=4,
        help_text="Roster player ids by seat (0..n-1): as many as the season's ruleset "
        "seats (its players: 4, 3 or 2).",
    )
    nets = serializers.ListField(
        child=serializers.IntegerField(min_value=-PAPER_NET_LIMIT, max_value=PAPER_NET_LIMIT),
        min_length=2,
        max_length=4,
        help_text="Final nets by seat, one a player, summing to zero.",
    )
    started_at = serializers.DateTimeField(required=False)
    table_label = serializers.CharField(required=False, allow_blank=True, max_length=40)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # An id off the club's roster does not exist here (as when starting a session);
        # the service checks the rest (a player twice).
        club_id = self.context.get("club_id")
        if club_id is not None:
            related_queryset_set(self.fields["players"], Player.objects.filter(club_id=club_id))


@extend_schema(
    operation_id="paper_session_record",
    tags=["sessions"],
    summary="Record a paper session (纸面记录): its players by seat and their final nets, "
    "summing to zero. Counts in net, sessions and ratings, not in hand statistics.",
    parameters=[IDEMPOTENCY_KEY],
    request=PaperSessionSerializer,
    responses={201: SessionStateSerializer},
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent_view
def paper_session_view(request: Request, club_slug: str, id: int) -> Response:  # noqa: A002
    season = _season(request, club_slug, id)
    body = PaperSessionSerializer(data=request.data, context={"club_id": season.club_id})
    undeclared_refused(body)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    session = paper_session_record(
        season=season,
        players=data["players"],
        nets=data["nets"],
        actor=request.user,
        started_at=data.get("started_at"),
        table_label=data.get("table_label", ""),
    )
    return Response(_state(session, finished=True, is_paper=True), status=201)


class RatingSerializer(serializers.Serializer[Any]):
    player = PlayerRefSerializer()
    player_name = serializers.CharField(
        source="player.display_name", help_text="The player's name (player.display_name)."
    )
    ordinal = serializers.FloatField(help_text="Conservative rating mu − 3σ (openskill).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    sessions = serializers.IntegerField(help_text="Finished sessions rated.")


class PaginatedRatingListSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
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
    season = _season(request, club_slug, id)
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
    season = _season(request, club_slug, id)
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
    season = _season(request, club_slug, id)
    return _csv_response(
        season_rounds_csv_rows(season=season), f"{club_slug}-season-{season.pk}-rounds.csv"
    )


def _urls() -> list[Any]:
    from django.urls import re_path

    season = rf"^{CLUB}/seasons/(?P<id>[0-9]+)"
    session = rf"^{CLUB}/sessions/(?P<id>[0-9]+)"
    return [
        re_path(rf"{session}/finish/$", session_finish_view, name="api-session-finish"),
        re_path(rf"{session}/reopen/$", session_reopen_view, name="api-session-reopen"),
        re_path(rf"{season}/paper-sessions/$", paper_session_view, name="api-paper-session"),
        re_path(rf"{season}/ratings/$", season_ratings_view, name="api-season-ratings"),
        re_path(rf"{season}/standings\.csv$", season_standings_csv_view, name="api-standings-csv"),
        re_path(rf"{season}/rounds\.csv$", season_rounds_csv_view, name="api-rounds-csv"),
    ]


urlpatterns = _urls()
