"""URLs of the league nights' API that are not a viewset's: the result cards.
``csmj_site.api_urls`` routes them beside the viewsets (events, penalties)."""

from __future__ import annotations

from django.urls import re_path

from scoring.events.api.cards import event_card_view, player_card_view

_EVENT = r"^clubs/(?P<club_slug>[-a-zA-Z0-9_]+)/events/(?P<id>[0-9]+)"
urlpatterns = [
    re_path(rf"{_EVENT}/card\.png$", event_card_view, name="api-event-card"),
    re_path(
        rf"{_EVENT}/players/(?P<player_id>[0-9]+)/card\.png$",
        player_card_view,
        name="api-event-player-card",
    ),
]
