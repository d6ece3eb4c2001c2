"""REST API for clubs (``clubs/``); players, rulesets and seasons have modules of their
own beside this one. The standings actions are added in ``scoring.api.standings``.

Views are thin: reads go through ``leagues.selectors`` / plain querysets scoped to the
clubs the user may read, writes through ``leagues.services`` (the same functions the
site's forms call). A club the user cannot read answers 404, never 403, so private
clubs do not leak; a write without the role answers 403; anonymous writes 401.
"""

from __future__ import annotations

from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery, Value
from django.db.models.fields import CharField
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)

from csmj_site.api import ApiFilterSet, ApiViewSet
from leagues import selectors, services
from leagues.api.serializers import (
    ClubSerializer,
)
from leagues.models import Club, Membership
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
