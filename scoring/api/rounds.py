"""REST API for a session's rounds (一盘, ``clubs/{slug}/sessions/{id}/rounds/``).

A round is recorded, previewed, corrected and voided through ``scoring.services``,
the same functions as the site's round form, and validated by the engine: a rejected
round answers 400 with the engine's errors unchanged. The body of a round is the
round-format.md object without ``ruleset`` (the season's ruleset applies), plus an
optional ``number`` on create (409 when another client recorded that round first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import django_filters
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import exceptions, mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from csmj_site.api import (
    CLUB_SLUG,
    IDEMPOTENCY_KEY,
    ApiPagination,
    DateRangeFilterSet,
    EnglishMessagesMixin,
    ErrorItemSerializer,
    ErrorResponseSerializer,
    IdFilter,
    StrictBooleanFilter,
    StrictOrderingFilter,
    id_or_404,
)
from csmj_site.api_body import body_valid
from csmj_site.api_fields import MAX_ID, StrictIntegerField
from csmj_site.bulk_rows import Statement
from leagues.api.scope import ClubScopedMixin
from leagues.permissions import require_read, require_record
from scoring import services
from scoring.api.enums import OUTCOME_KINDS
from scoring.api.schema_shapes import (
    RoundCreateSerializer,
    RoundDataSerializer,
    RoundResultSerializer,
)
from scoring.api.serializers import RoundSerializer, RoundVoidSerializer
from scoring.idempotency import answer_statements, idempotent
from scoring.models import Round, RoundPlayer, Session
from scoring.selectors import round_history

SESSION_ID = OpenApiParameter(
    "session_id", OpenApiTypes.INT, OpenApiParameter.PATH, description="The session's id."
)
NUMBER = OpenApiParameter(
    "number", OpenApiTypes.INT, OpenApiParameter.PATH, description="The round number (1, 2, …)."
)


class RoundConflictSerializer(serializers.Serializer[Any]):
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]  # a field, as in the API
    round_count = StrictIntegerField(
        required=False,
        help_text="With round_conflict: how many rounds the session has now (the highest "
        "round number).",
    )


ROUND_CONFLICT = OpenApiResponse(
    RoundConflictSerializer,
    description="Nothing was stored: another client recorded this round number first "
    "(round_conflict, with round_count), or the session is finished (session_finished: "
    "reopen it first).",
)
CORRECTION_CONFLICT = OpenApiResponse(
    RoundConflictSerializer,
    description="Another client corrected this round at the same moment (round_conflict); "
    "nothing was stored.",
)
IDEMPOTENCY_MISMATCH = OpenApiResponse(
    ErrorResponseSerializer,
    description="The Idempotency-Key was used before with a different request.",
)


class PreconditionFailed(exceptions.APIException):
    """If-Match named another version than the round's current one."""

    status_code = 412
    default_code = "precondition_failed"
    default_detail = "The round has changed since it was read (If-Match); read it again."


IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description='The round\'s ETag as read (its version, e.g. "1"). When the round has '
    "another version now (another client corrected it), nothing is changed and the "
    "answer is 412 precondition_failed. Without it the change applies to the current "
    "version.",
)
PRECONDITION_FAILED = OpenApiResponse(
    ErrorResponseSerializer,
    description="If-Match named another version than the current one (another client "
    "corrected the round since it was read); nothing was changed.",
)


def round_etag(version: int) -> str:
    """A round's ETag: its version, quoted (a strong validator)."""
    return f'"{version}"'


def _if_match(request: Request, current: Round) -> None:
    """412 when ``If-Match`` names no ETag of the round's current version. A weak tag counts:
    a compressing proxy weakens the site's strong one on its way to the app, and the
    version number is all there is to compare (docs/api.md, "Concurrency")."""
    header = request.headers.get("If-Match")
    if header is None:
        return
    tags = [t.strip().removeprefix("W/") for t in header.split(",")]
    if "*" not in tags and round_etag(current.version) not in tags:
        raise PreconditionFailed(
            f"round {current.number} is at version {current.version} now, not "
            f"{header.strip()} (If-Match); read it again"
        )


# A round's ``number`` in a body (checked before the round itself: it says which round
# the body is, so the round's own errors come once it is right).
ROUND_NUMBER = StrictIntegerField(min_value=1, max_value=MAX_ID)


def _round_body(request: Request, *, allow_number: bool) -> tuple[Any, int | None]:
    """The round object as sent (for the engine) and the client's round ``number``; where
    ``number`` is not allowed it stays in the body and the engine refuses it
    (``unknown_field``), as any field the operation does not declare."""
    body = request.data
    if not allow_number or not isinstance(body, dict) or "number" not in body:
        return body, None
    data = {k: v for k, v in body.items() if k != "number"}
    number = body["number"]
    if number is None:  # null counts as absent (round-format.md)
        return data, None
    try:
        return data, ROUND_NUMBER.run_validation(number)
    except ValidationError as exc:  # a JSON integer ≥ 1, as every whole number of the API
        raise ValidationError({"number": exc.detail}) from None


# ---------------------------------------------------------------- rounds


class RoundFilter(DateRangeFilterSet):
    date_field = "recorded_at__date"
    is_void = StrictBooleanFilter()
    kind = django_filters.ChoiceFilter(
        field_name="data__result__kind", choices=OUTCOME_KINDS, label="Outcome kind"
    )
    player = IdFilter(method="filter_player", label="Won by this player (id)")

    class Meta:
        model = Round
        fields = ["is_void", "kind", "player", "date_from", "date_to"]

    def filter_player(self, queryset: QuerySet[Round], name: str, value: int) -> QuerySet[Round]:
        winners = RoundPlayer.objects.filter(player_id=value, won=True).values("round_id")
        return queryset.filter(pk__in=winners)


@extend_schema(parameters=[CLUB_SLUG, SESSION_ID])
@extend_schema_view(
    list=extend_schema(summary="The session's rounds (current versions, void ones marked)"),
    retrieve=extend_schema(summary="The current version of a round", parameters=[NUMBER]),
)
class RoundViewSet(
    EnglishMessagesMixin,
    ClubScopedMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet[Round],
):
    """Rounds of a session. Recording, correcting and voiding need the recorder role."""

    serializer_class = RoundSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = ApiPagination
    filter_backends = [django_filters.rest_framework.DjangoFilterBackend, StrictOrderingFilter]
    filterset_class = RoundFilter
    ordering_fields = ["number", "recorded_at"]
    ordering = ["number"]
    lookup_field = "number"
    lookup_value_regex = r"[0-9]+"

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        """A stored round's answer (read, recorded, corrected, voided; replays
        included) carries its ETag, the version, for If-Match."""
        response = super().finalize_response(request, response, *args, **kwargs)
        data = getattr(response, "data", None)
        single = self.action in ("retrieve", "create", "correct", "void")
        if single and 200 <= response.status_code < 300 and isinstance(data, dict):
            version = data.get("version")
            if isinstance(version, int):
                response["ETag"] = round_etag(version)
        return response

    def get_session(self) -> Session:
        if not hasattr(self, "_session"):
            self._session = get_object_or_404(
                Session.objects.select_related("season__club", "season__ruleset"),
                pk=id_or_404(self.kwargs.get("session_id")),
                season__club=self.get_club(),
            )
        return self._session

    def get_queryset(self) -> QuerySet[Round]:
        if self.is_schema_view():
            return Round.objects.none()
        # Through the loaded session, so that each round's ``.session`` is that object
        # (the services read its season and club without fetching them again).
        return self.get_session().rounds.current().select_related("recorded_by", "voided_by")

    def get_object(self) -> Round:
        self.kwargs["number"] = id_or_404(self.kwargs.get("number"))
        rnd: Round = super().get_object()
        return rnd

    def _require_record(self) -> Session:
        session = self.get_session()
        require_record(self.request.user, session.season.club)
        return session

    @extend_schema(
        operation_id="round_record",
        summary="Record the session's next round",
        description="The round (round-format.md, without ruleset), scored under the "
        "season's ruleset. 409 when another client recorded that number first "
        "(round_conflict) or when the session is finished (session_finished: reopen it "
        "first).",
        request=RoundCreateSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: RoundSerializer, 409: ROUND_CONFLICT, 422: IDEMPOTENCY_MISMATCH},
    )
    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(self.record(lambda: _round_body(request, allow_number=True)), status=201)

    def record(self, body: Callable[[], tuple[Any, int | None]]) -> dict[str, Any]:
        """Record the round and answer it: the club, the caller's role and the session
        are read with it, the answer is kept with the Idempotency-Key in the same write
        (``services.round_record_at``), nothing is read back."""

        answer: dict[str, Any] = {}

        def kept(recorded: services.Recorded) -> list[Statement]:
            serializer = RoundSerializer(recorded.round)
            serializer.found_codes = recorded.found_codes
            answer.update(cast("dict[str, Any]", serializer.data))
            return answer_statements(self.request, body=answer, status=201)

        services.round_record_at(
            club_slug=str(self.kwargs.get("club_slug")),
            session_id=id_or_404(self.kwargs.get("session_id")),
            actor=self.request.user,
            body=body,
            also=kept,
        )
        return answer

    @extend_schema(
        summary="Score a round under the season's ruleset without storing it",
        request=RoundDataSerializer,
        responses={200: RoundResultSerializer},
    )
    @action(detail=False, methods=["post"], filter_backends=[], pagination_class=None)
    def preview(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        session = self.get_session()
        require_read(request.user, session.season.club)
        data, _number = _round_body(request, allow_number=False)
        return Response(services.round_preview(session=session, data=data))

    @extend_schema(
        summary="Correct a round: stores a new version, the old one is kept",
        request=RoundDataSerializer,
        parameters=[NUMBER, IDEMPOTENCY_KEY, IF_MATCH],
        responses={
            201: RoundSerializer,
            200: OpenApiResponse(
                RoundSerializer, description="The same round as stored: nothing changed"
            ),
            409: CORRECTION_CONFLICT,
            412: PRECONDITION_FAILED,
            422: IDEMPOTENCY_MISMATCH,
        },
    )
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    @idempotent
    def correct(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self._require_record()
        current = self.get_object()
        _if_match(request, current)
        data, _number = _round_body(request, allow_number=False)
        rnd = services.round_correct(round=current, data=data, actor=request.user)
        return Response(RoundSerializer(rnd).data, status=200 if rnd.pk == current.pk else 201)

    @extend_schema(
        summary="Void a round (it stays, marked, and stops counting)",
        request=RoundVoidSerializer,
        parameters=[NUMBER, IDEMPOTENCY_KEY, IF_MATCH],
        responses={200: RoundSerializer, 412: PRECONDITION_FAILED, 422: IDEMPOTENCY_MISMATCH},
    )
    @action(detail=True, methods=["post"], filter_backends=[], pagination_class=None)
    @idempotent
    def void(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self._require_record()
        current = self.get_object()
        _if_match(request, current)
        body = RoundVoidSerializer(data=request.data)
        body_valid(body)
        rnd = services.round_void(
            round=current, reason=body.validated_data["reason"], actor=request.user
        )
        return Response(RoundSerializer(rnd).data)

    @extend_schema(
        summary="Every version of a round, oldest first",
        description="A plain array, not a page: a round has few versions.",
        parameters=[NUMBER],
        responses={200: RoundSerializer(many=True)},
    )
    @action(detail=True, methods=["get"], filter_backends=[], pagination_class=None)
    def versions(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        number = id_or_404(kwargs["number"])
        rounds = round_history(session=self.get_session(), number=number)
        if not rounds:
            raise NotFound()
        return Response(RoundSerializer(rounds, many=True).data)
