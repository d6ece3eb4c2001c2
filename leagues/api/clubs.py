"""REST API for clubs, players, rulesets and seasons.

(Their standings and statistics actions are added in ``scoring.api.standings``.)

Views are thin: reads go through ``leagues.selectors`` / plain querysets scoped to the
clubs the user may read, writes through ``leagues.services`` (the same functions the
site's forms call). A club the user cannot read answers 404, never 403, so private
clubs do not leak; a write without the role answers 403; anonymous writes 401.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery, Value
from django.db.models.fields import CharField
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)

from csmj_site.api import CLUB_SLUG, ApiFilterSet, ApiViewSet, DateRangeFilterSet, IdFilter
from leagues import selectors, services
from leagues.api.scope import ClubScopedMixin
from leagues.api.serializers import (
    ClubSerializer,
    PlayerSerializer,
    RulesetSerializer,
    SeasonSerializer,
)
from leagues.models import Club, Membership, Player, Ruleset, Season
from leagues.permissions import club_for_reader, require_manage

# ---------------------------------------------------------------- clubs


class ClubFilter(ApiFilterSet):
    class Meta:
        model = Club
        fields = ["is_public"]


@extend_schema_view(
    list=extend_schema(summary="Clubs the user can read (public ones, and their own)"),
    create=extend_schema(summary="Create a club; the user becomes its owner"),
    update=extend_schema(summary="Change a club (organiser or owner)"),
    partial_update=extend_schema(summary="Change some fields of a club (organiser or owner)"),
)
class ClubViewSet(ApiViewSet):
    serializer_class = ClubSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "club_slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    filterset_class = ClubFilter
    ordering_fields = ["name", "created_at", "id"]
    ordering = ["name", "id"]

    def get_queryset(self) -> QuerySet[Club]:
        user = self.request.user
        if user.is_authenticated:
            role: Any = Subquery(
                Membership.objects.filter(club=OuterRef("pk"), user=user).values("role")[:1]
            )
        else:
            role = Value(None, output_field=CharField())
        return selectors.club_list_for_user(user=user).annotate(my_role=role)

    def get_object(self) -> Club:
        """The one club lookup (404 when absent or not readable), with the user's role."""
        club, role = club_for_reader(slug=self.kwargs.get("club_slug"), user=self.request.user)
        club.my_role = role  # type: ignore[attr-defined]
        self.check_object_permissions(self.request, club)
        return club

    def check_write(self, instance: Club | None = None) -> None:
        if instance is not None:
            require_manage(self.request.user, instance)

    def service_create(self, data: dict[str, Any]) -> Club:
        return services.club_create(owner=self.request.user, **data)

    def service_update(self, instance: Club, data: dict[str, Any]) -> Club:
        return services.club_update(club=instance, actor=self.request.user, **data)


# ---------------------------------------------------------------- players


class PlayerFilter(django_filters.FilterSet):
    season = IdFilter(
        method="filter_season", label="Players who sat in a session of this season (id)"
    )
    q = django_filters.CharFilter(
        field_name="display_name", lookup_expr="icontains", label="Name contains"
    )

    class Meta:
        model = Player
        fields = ["season", "q"]

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
