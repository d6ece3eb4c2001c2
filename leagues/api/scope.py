"""What every API resource under ``/clubs/{club_slug}/…`` is built on (``ClubScopedMixin``):
the club, readable by the user or 404, looked up once and given to the serializers. The
resources of both apps mix it in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.db.models import Model, QuerySet
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.relations import RelatedField

from leagues.models import Club
from leagues.permissions import club_for_reader

# What the mixin is mixed into, for the type checker (at run time a plain mixin).
if TYPE_CHECKING:
    _ViewBase = GenericAPIView[Any]
else:
    _ViewBase = object


class ClubScopedMixin(_ViewBase):
    """Views under /clubs/{club_slug}/…: the club must be readable by the user, else 404."""

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            club, _role = club_for_reader(slug=self.kwargs.get("club_slug"), user=self.request.user)
            self._club = club
        return self._club

    def is_schema_view(self) -> bool:
        return getattr(self, "swagger_fake_view", False)

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        if not self.is_schema_view():
            context["club"] = self.get_club()
        return context


def related_queryset_set(
    field: serializers.Field[Any, Any, Any, Any], queryset: QuerySet[Any]
) -> None:
    """Let the related field ``field`` (or the related field of each item of a list field)
    choose from ``queryset`` only: a club's serializer limits its ids to the club's rows."""
    if isinstance(field, serializers.ListField):
        field = field.child
    related = cast("RelatedField[Model, Any, Any]", field)
    # The stubs type ``queryset`` as QuerySet or Manager, and read a Manager's __get__ here.
    related.queryset = queryset  # type: ignore[arg-type]
