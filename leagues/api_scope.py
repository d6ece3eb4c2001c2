"""What every API resource under ``/clubs/{club_slug}/…`` is built on (``ClubScopedMixin``):
the club, readable by the user or 404, looked up once and given to the serializers. The
resources of both apps mix it in.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from leagues.models import Club
from leagues.permissions import club_for_reader


class ClubScopedMixin:
    """Views under /clubs/{club_slug}/…: the club must be readable by the user, else 404."""

    kwargs: dict[str, Any]
    request: Request

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            club, _role = club_for_reader(slug=self.kwargs.get("club_slug"), user=self.request.user)
            self._club = club
        return self._club

    def is_schema_view(self) -> bool:
        return getattr(self, "swagger_fake_view", False)

    def get_serializer_context(self) -> dict[str, Any]:
        context = super().get_serializer_context()  # type: ignore[misc]
        if not self.is_schema_view():
            context["club"] = self.get_club()
        return context
