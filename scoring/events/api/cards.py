"""The nights' result cards as PNG images (``clubs/{slug}/events/{id}/card.png`` and
``…/players/{player_id}/card.png``).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework.decorators import (
    api_view,
    content_negotiation_class,
    renderer_classes,
)
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from csmj_site.api import (
    CLUB_SLUG,
    id_or_404,
)
from leagues.permissions import club_for_reader
from scoring.events.api.events import TAG
from scoring.events.cards import event_card_response, player_card_response
from scoring.events.models import (
    Event,
)

# ---------------------------------------------------------------- the result cards (images)


class ErrorsAsJson(DefaultContentNegotiation):
    """The result cards answer an image whatever the client accepts (``Accept:
    image/png`` included); an error is the JSON every other error is."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


def _event_of(request: Request, club_slug: str, event_id: int) -> Event:
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
