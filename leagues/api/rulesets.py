"""REST API for a club's saved rulesets (``clubs/{slug}/rulesets/``)."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import (
    extend_schema,
)

from csmj_site.api import CLUB_SLUG, ApiViewSet
from leagues import services
from leagues.api.scope import ClubScopedMixin
from leagues.api.serializers import (
    RulesetSerializer,
)
from leagues.models import Ruleset
from leagues.permissions import require_manage

# ---------------------------------------------------------------- rulesets


class RulesetViewSetFilter(django_filters.FilterSet):
    class Meta:
        model = Ruleset
        fields: list[str] = []


@extend_schema(parameters=[CLUB_SLUG])
class RulesetViewSet(ClubScopedMixin, ApiViewSet):
    """The club's saved rulesets ({"preset": …, overrides}). Writes need the organiser role.
    (The presets themselves are at GET /api/v1/rulesets/.)"""

    serializer_class = RulesetSerializer
    filterset_class = RulesetViewSetFilter
    ordering_fields = ["name", "created_at", "id"]
    ordering = ["name", "id"]

    def get_queryset(self) -> QuerySet[Ruleset]:
        if self.is_schema_view():
            return Ruleset.objects.none()
        return Ruleset.objects.filter(club=self.get_club()).select_related("club")

    def check_write(self, instance: Ruleset | None = None) -> None:
        require_manage(self.request.user, self.get_club())

    def service_create(self, data: dict[str, Any]) -> Ruleset:
        return services.ruleset_create(club=self.get_club(), actor=self.request.user, **data)

    def service_update(self, instance: Ruleset, data: dict[str, Any]) -> Ruleset:
        return services.ruleset_update(ruleset=instance, actor=self.request.user, **data)
