"""REST API for a season's paper sessions (``clubs/{slug}/seasons/{id}/paper-sessions/``):
the nets of a session played on paper.

A thin view over scoring.services (writes); errors
go through the API's one error format (csmj_site.api.exception_handler).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import IDEMPOTENCY_KEY, idempotent_view
from csmj_site.api_body import body_valid
from csmj_site.api_fields import (
    BoundedDateTimeField,
    StrictCharField,
    StrictIntegerField,
    StrictPrimaryKeyRelatedField,
)
from leagues.api.scope import related_queryset_set
from leagues.models import Player
from scoring.api.lookups import season_of_url
from scoring.api.sessions import SessionStateSerializer, session_state
from scoring.services import (
    PAPER_NET_LIMIT,
    paper_session_record,
)


class PaperSessionSerializer(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=StrictPrimaryKeyRelatedField(queryset=Player.objects.none()),
        min_length=2,
        max_length=4,
        help_text="Roster player ids by seat (0..n-1): as many as the season's ruleset "
        "seats (its players: 4, 3 or 2).",
    )
    nets = serializers.ListField(
        child=StrictIntegerField(min_value=-PAPER_NET_LIMIT, max_value=PAPER_NET_LIMIT),
        min_length=2,
        max_length=4,
        help_text="Final nets by seat, one a player, summing to zero.",
    )
    started_at = BoundedDateTimeField(required=False)
    table_label = StrictCharField(required=False, allow_blank=True, max_length=40)

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
    season = season_of_url(request, club_slug, id)
    body = PaperSessionSerializer(data=request.data, context={"club_id": season.club_id})
    body_valid(body)
    data = body.validated_data
    session = paper_session_record(
        season=season,
        players=data["players"],
        nets=data["nets"],
        actor=request.user,
        started_at=data.get("started_at"),
        table_label=data.get("table_label", ""),
    )
    return Response(session_state(session, finished=True, is_paper=True), status=201)
