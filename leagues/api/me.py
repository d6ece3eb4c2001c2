"""``GET /api/v1/me/``: who the caller is, their clubs and roles, and the roster players
linked to their account (``Player.user``), for an app that has just signed in."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from csmj_site.api import EnglishMessagesMixin
from csmj_site.api_fields import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSlugField,
)
from leagues import oauth_schema  # noqa: F401  (registers the OAuth 2 security scheme)
from leagues.models import Membership, Player, Role
from leagues.oauth_auth import SCOPES, token_scopes


class MeClubSerializer(serializers.Serializer[Any]):
    slug = StrictSlugField()
    name = StrictCharField()
    role = StrictChoiceField(choices=Role.choices, help_text="Your role in the club.")


class MePlayerSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    club = StrictSlugField(help_text="The slug of the player's club.")
    display_name = StrictCharField()


class MeSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    username = StrictCharField()
    clubs = MeClubSerializer(many=True, help_text="The clubs you belong to, by name.")
    players = MePlayerSerializer(
        many=True, help_text="The roster players linked to your account, in every club."
    )
    scopes = serializers.ListField(
        child=StrictChoiceField(choices=SCOPES),
        allow_null=True,
        help_text="The scopes the app was allowed (signed in through OAuth 2); null for a "
        "personal token or the site's session, which act with all your roles.",
    )


def me_data(*, user: Any, auth: Any) -> dict[str, Any]:
    clubs = (
        Membership.objects.filter(user=user)
        .select_related("club")
        .order_by("club__name", "club__id")
    )
    players = Player.objects.filter(user=user).select_related("club").order_by("club__name", "id")
    scopes = sorted(token_scopes(auth)) if hasattr(auth, "application_id") else None
    return {
        "id": user.pk,
        "username": user.get_username(),
        "clubs": [{"slug": m.club.slug, "name": m.club.name, "role": m.role} for m in clubs],
        "players": [
            {"id": p.pk, "club": p.club.slug, "display_name": p.display_name} for p in players
        ],
        "scopes": scopes,
    }


class MeView(EnglishMessagesMixin, APIView):
    """Who you are: your clubs and your role in each (the roles themselves, whatever an
    app's scopes allow it to do with them), and the roster players linked to you."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_get",
        tags=["account"],
        summary="Who you are: your clubs, roles and players",
        responses=MeSerializer,
    )
    def get(self, request: Request) -> Response:
        return Response(MeSerializer(me_data(user=request.user, auth=request.auth)).data)
