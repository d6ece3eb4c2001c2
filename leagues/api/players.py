"""REST API for a club's roster (``clubs/{slug}/players/``). Its statistics and merge
actions are added in ``scoring.api.standings``.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import (
    extend_schema,
)

from csmj_site.api import CLUB_SLUG, ApiViewSet, IdFilter
from leagues import services
from leagues.api.scope import ClubScopedMixin
from leagues.api.serializers import (
    PlayerSerializer,
)
from leagues.models import Player, reader_is_visitor
from leagues.permissions import require_manage

# ---------------------------------------------------------------- players


class PlayerFilter(django_filters.FilterSet):
    season = IdFilter(
        method="filter_season", label="Players who sat in a session of this season (id)"
    )
    q = django_filters.CharFilter(method="filter_q", label="Name contains")

    class Meta:
        model = Player
        fields = ["season", "q"]

    def filter_q(self, queryset: QuerySet[Player], name: str, value: str) -> QuerySet[Player]:
        """Names containing ``value``; a logged-out visitor finds no hidden name by it."""
        found = queryset.filter(display_name__icontains=value)
        return found.filter(name_hidden=False) if reader_is_visitor() else found

    def filter_season(self, queryset: QuerySet[Player], name: str, value: int) -> QuerySet[Player]:
        return queryset.filter(session_seats__session__season_id=value).distinct()


@extend_schema(parameters=[CLUB_SLUG])
class PlayerViewSet(ClubScopedMixin, ApiViewSet):
    """The club's roster. Writes need the organiser role."""

    serializer_class = PlayerSerializer
    filterset_class = PlayerFilter
    ordering_fields = ["display_name", "created_at", "id"]
    ordering = ["display_name", "id"]

    def get_queryset(self) -> QuerySet[Player]:
        if self.is_schema_view():
            return Player.objects.none()
        return Player.objects.filter(club=self.get_club()).select_related("club", "user")

    def check_write(self, instance: Player | None = None) -> None:
        require_manage(self.request.user, self.get_club())

    def service_create(self, data: dict[str, Any]) -> Player:
        return services.player_create(club=self.get_club(), actor=self.request.user, **data)

    def service_update(self, instance: Player, data: dict[str, Any]) -> Player:
        return services.player_update(player=instance, actor=self.request.user, **data)
