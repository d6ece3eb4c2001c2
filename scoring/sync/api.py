"""``GET /api/v1/clubs/{club_slug}/changes/?cursor=…``: what changed in a club since the
app last asked (rounds recorded, corrected, voided; sessions started, changed, finished,
reopened, deleted, stored on paper, imported), oldest first, read from the audit log
(``scoring.sync.selectors``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import CLUB_SLUG, EnglishMessagesMixin, ErrorResponseSerializer
from csmj_site.api_fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from leagues.api.scope import ClubScopedMixin
from scoring.sync.selectors import CHANGE_KINDS, LIMIT_DEFAULT, LIMIT_MAX, club_changes


class ChangesQuerySerializer(serializers.Serializer[Any]):
    cursor = StrictCharField(required=False, max_length=100, trim_whitespace=True)
    limit = StrictIntegerField(
        required=False, min_value=1, max_value=LIMIT_MAX, default=LIMIT_DEFAULT
    )


class ChangeSerializer(serializers.Serializer[Any]):
    cursor = StrictCharField(
        help_text="This change's position: asking with it as `cursor` gives what came after."
    )
    kind = StrictChoiceField(choices=list(CHANGE_KINDS))
    at = serializers.DateTimeField(help_text="When the change was written.")
    session = StrictIntegerField(
        allow_null=True,
        help_text="The session's id (null for `session.import`, which names `sessions`).",
    )
    sessions = serializers.ListField(
        child=StrictIntegerField(),
        allow_null=True,
        min_length=2,
        max_length=2,
        help_text="`session.import` only: the first and last id of the sessions imported.",
    )
    round = StrictIntegerField(
        allow_null=True, help_text="`round.*` only: the id of the round version written."
    )
    number = StrictIntegerField(allow_null=True, help_text="`round.*` only: its number.")
    version = StrictIntegerField(allow_null=True, help_text="`round.*` only: its version.")


class ChangesPageSerializer(serializers.Serializer[Any]):
    changes = ChangeSerializer(many=True)
    next_cursor = StrictCharField(
        help_text="Ask with this next time (the last change's cursor, or the one you sent)."
    )
    has_more = StrictBooleanField(help_text="More changes are waiting: ask again now.")


class ChangesView(EnglishMessagesMixin, ClubScopedMixin, GenericAPIView[Any]):
    """A club's changes feed (readers of the club)."""

    permission_classes = [AllowAny]  # the club's reading rights decide (get_club)
    pagination_class = None
    filter_backends: list[Any] = []
    serializer_class = ChangesPageSerializer

    @extend_schema(
        operation_id="changes_list",
        tags=["changes"],
        summary="What changed in a club since a cursor",
        description=(
            "Rounds recorded, corrected and voided and sessions started, changed, finished, "
            "reopened, deleted, stored on paper or imported, oldest first. Start without a "
            "cursor, keep `next_cursor`, and ask again with it (at once while `has_more`). "
            "Changes younger than two seconds wait for the next call."
        ),
        parameters=[
            CLUB_SLUG,
            OpenApiParameter(
                "cursor",
                str,
                required=False,
                description="`next_cursor` (or a change's `cursor`) of an earlier answer.",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": LIMIT_MAX, "default": LIMIT_DEFAULT},
                required=False,
                description=f"Changes per answer (1–{LIMIT_MAX}).",
            ),
        ],
        responses={200: ChangesPageSerializer, 400: ErrorResponseSerializer},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_club()
        query = ChangesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = club_changes(
            club=club,
            cursor=query.validated_data.get("cursor"),
            limit=query.validated_data["limit"],
        )
        return Response(ChangesPageSerializer(page).data)
