"""REST API for a club's seasons (``clubs/{slug}/seasons/``). Their standings action is
added in ``scoring.api.standings``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from drf_spectacular.utils import (
    extend_schema,
)

from csmj_site.api import CLUB_SLUG, ApiViewSet, DateRangeFilterSet
from leagues import selectors, services
from leagues.api.scope import ClubScopedMixin
from leagues.api.serializers import (
    SeasonSerializer,
)
from leagues.models import Season
from leagues.permissions import require_manage

# ---------------------------------------------------------------- seasons


class SeasonFilter(DateRangeFilterSet):
    date_field = "start_date"

    class Meta:
        model = Season
        fields = ["is_closed", "date_from", "date_to"]


@extend_schema(parameters=[CLUB_SLUG])
class SeasonViewSet(ClubScopedMixin, ApiViewSet):
    """The club's seasons. Writes need the organiser role; ``is_closed`` closes or
    reopens a season."""

    serializer_class = SeasonSerializer
    filterset_class = SeasonFilter
    ordering_fields = ["start_date", "name", "created_at", "id"]
    ordering = ["-start_date", "-id"]

    def get_queryset(self) -> QuerySet[Season]:
        if self.is_schema_view():
            return Season.objects.none()
        return selectors.season_list(club=self.get_club()).select_related("club")

    def check_write(self, instance: Season | None = None) -> None:
        require_manage(self.request.user, self.get_club())

    def _set_closed(self, season: Season, closed: bool | None) -> Season:
        actor = self.request.user
        if closed is True and not season.is_closed:
            return services.season_close(season=season, actor=actor)
        if closed is False and season.is_closed:
            return services.season_reopen(season=season, actor=actor)
        return season

    def service_create(self, data: dict[str, Any]) -> Season:
        closed = data.pop("is_closed", None)
        with transaction.atomic():
            season = services.season_create(club=self.get_club(), actor=self.request.user, **data)
            return self._set_closed(season, closed)

    def service_update(self, instance: Season, data: dict[str, Any]) -> Season:
        closed = data.pop("is_closed", None)
        with transaction.atomic():
            season = instance
            if data:
                season = services.season_update(season=instance, actor=self.request.user, **data)
            return self._set_closed(season, closed)
