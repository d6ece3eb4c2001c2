"""快速开桌 in the API (docs/quick-tables.md, docs/api.md): ``POST /api/v1/tables/``
opens a table without an account and answers its ``id`` and ``key``; the key, sent as
``Authorization: Bearer tbl_…`` (leagues.table_keys), records and corrects that table's
rounds through the sessions' own round resource and reads the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.authentication import BaseAuthentication
from rest_framework.decorators import api_view, authentication_classes, throttle_classes
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle

from csmj_site.api import IDEMPOTENCY_KEY, id_or_404, idempotent_view
from csmj_site.api_body import body_valid
from csmj_site.api_fields import StrictCharField, StrictIntegerField
from csmj_site.errors import ServiceError, ServiceErrors
from leagues.models import Club
from leagues.permissions import can_record
from leagues.table_keys import TableKeyAuthentication, keeper_slug
from scoring import selectors, services
from scoring.api.rounds import RoundViewSet
from scoring.api.serializers import (
    TABLE_FEE_FIELDS,
    RoundSerializer,
    SessionUpdateSerializer,
    SettlementSerializer,
    settle_answer,
)
from scoring.models import Round, Session
from scoring.quick.services import quick_table_create, quick_table_session
from scoring.services import session_table_fee_update

TABLE_ID = OpenApiParameter(
    "table_id", int, OpenApiParameter.PATH, description="The table's id (from its creation)."
)
# The table itself: the object the path is about is {id} (docs/api.md, Names).
OWN_ID = OpenApiParameter(
    "id", int, OpenApiParameter.PATH, description="The table's id (from its creation)."
)


# The table endpoints read a table's key first (``tbl_…``), then the usual sign-ins; no
# other endpoint reads a table key (there it is an invalid token).
TABLE_AUTHENTICATION: list[type[BaseAuthentication]] = [
    TableKeyAuthentication,
    *api_settings.DEFAULT_AUTHENTICATION_CLASSES,  # type: ignore[list-item]
]


class TableKeyScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "leagues.table_keys.TableKeyAuthentication"
    name = "tableKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A quick table's key (tbl_…), answered once by POST /api/v1/tables/; "
            "it reads and records at that table only.",
        }


class QuickTableThrottle(AnonRateThrottle):
    """Anonymous tables opened from one address (``QUICK_TABLE_RATE``, 20/hour)."""

    scope = "quick_table"
    rate = getattr(settings, "QUICK_TABLE_RATE", "20/hour")


class TableCreateSerializer(serializers.Serializer[Any]):
    names = serializers.ListField(
        child=StrictCharField(max_length=60, allow_blank=True),
        min_length=2,
        max_length=4,
        help_text="The players in seat order (turn order); an empty name leaves the seat "
        "open. As many names as the ruleset's players (4, 3 or 2).",
    )
    ruleset = serializers.JSONField(
        default="changsha-67",  # type: ignore[arg-type]
        help_text='A preset code ("changsha-67") or a ruleset object ({"preset": …, '
        "overrides}); its players is the table's size.",
    )
    first_dealer = StrictIntegerField(default=0, help_text="The first dealer's seat.")


class TableSeatSerializer(serializers.Serializer[Any]):
    seat = StrictIntegerField()
    name = StrictCharField()
    total = StrictIntegerField()


class TableSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    session = StrictIntegerField(help_text="The table's session id.")
    seats = TableSeatSerializer(many=True)
    rounds = RoundSerializer(many=True)
    settle = SettlementSerializer(
        help_text="结账: who pays whom to settle the totals, with the table fee (settle.fee)."
    )


class TableFeeSerializer(serializers.Serializer[Any]):
    """The table fee's fields of a session's update (table_fee, table_fee_per, table_fee_by)."""

    def get_fields(self) -> dict[str, Any]:
        every = SessionUpdateSerializer().get_fields()
        return {name: every[name] for name in TABLE_FEE_FIELDS}


class TableCreatedSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    key = StrictCharField(help_text="The table's key (tbl_…), shown once.")
    session = StrictIntegerField()


def table_for_caller(request: Request, table_id: Any) -> Club:
    """The quick table ``table_id`` when the caller holds its key (or records there as a
    signed-in member); 404 for no such table, 401 without a key, 403 for another's."""
    club = Club.objects.filter(pk=id_or_404(table_id), is_quick=True).first()
    if club is None:
        raise Http404("No such table.")
    auth = request.auth
    if isinstance(auth, Club):
        if auth.pk != club.pk:
            raise PermissionDenied("This key is another table's.")
        return club
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    if not can_record(request.user, club):
        raise PermissionDenied()
    return club


def table_body(club: Club, request: Request) -> dict[str, Any]:
    session = quick_table_session(club)
    totals = selectors.session_totals(session=session)
    players = session.players_in_order()
    rounds = list(session.rounds.current().select_related("recorded_by", "voided_by"))
    return {
        "id": club.pk,
        "session": session.pk,
        "seats": [
            {"seat": i, "name": p.display_name, "total": totals.get(i, 0)}
            for i, p in enumerate(players)
        ],
        "rounds": RoundSerializer(rounds, many=True).data,
        "settle": settle_answer(session=session, request=request),
    }


@extend_schema(
    operation_id="table_create",
    summary="Open a quick table (快速开桌)",
    description="No login needed; anonymous callers are rate limited. Answers the "
    "table's id and its key: send the key as Authorization: Bearer <key> to record "
    "at /tables/{id}/rounds/ and to read /tables/{id}/.",
    parameters=[IDEMPOTENCY_KEY],
    request=TableCreateSerializer,
    responses={201: TableCreatedSerializer},
    tags=["tables"],
)
@api_view(["POST"])
@authentication_classes(TABLE_AUTHENTICATION)
@throttle_classes([QuickTableThrottle])
@idempotent_view
def table_create(request: Request) -> Response:
    body = TableCreateSerializer(data=request.data)
    body_valid(body)
    data = body.validated_data
    ruleset = data["ruleset"]
    if not isinstance(ruleset, (str, dict)):
        raise ServiceErrors([ServiceError("ruleset", "ruleset_not_object")])
    # a person signed in owns the table; a table's key (or its keeper's browser) does not
    person = request.user.is_authenticated and request.auth is None
    user = request.user if person and not keeper_slug(request.user) else None
    table = quick_table_create(
        names=data["names"], config=ruleset, first_dealer=data["first_dealer"], owner=user
    )
    return Response(
        {"id": table.club.pk, "key": table.key, "session": table.session.pk}, status=201
    )


@extend_schema(
    methods=["GET"],
    operation_id="table_get",
    summary="A quick table: its seats, totals, rounds and settlement",
    parameters=[OWN_ID],
    responses={200: TableSerializer},
    tags=["tables"],
)
@extend_schema(
    methods=["PATCH"],
    operation_id="table_update",
    summary="Set the quick table's table fee (台费) for 结账",
    description="The fee every phone's settlement shows (settle.fee); the fields not sent "
    "keep their values.",
    parameters=[OWN_ID],
    request=TableFeeSerializer,
    responses={200: TableSerializer},
    tags=["tables"],
)
@api_view(["GET", "PATCH"])
@authentication_classes(TABLE_AUTHENTICATION)
def table_read(request: Request, id: int) -> Response:  # noqa: A002
    club = table_for_caller(request, id)
    if request.method == "PATCH":
        body = TableFeeSerializer(data=request.data, partial=True)
        body_valid(body)
        session_table_fee_update(
            session=quick_table_session(club), actor=request.user, fields=body.validated_data
        )
    return Response(table_body(club, request))


@extend_schema(
    parameters=[
        TABLE_ID,
        # the sessions' round resource names its club and session; a table's its id
        OpenApiParameter("club_slug", str, OpenApiParameter.PATH, exclude=True),
        OpenApiParameter("session_id", int, OpenApiParameter.PATH, exclude=True),
    ],
    tags=["tables"],
)
@extend_schema_view(
    list=extend_schema(summary="The table's rounds", operation_id="table_round_list"),
    retrieve=extend_schema(summary="One round of the table", operation_id="table_round_get"),
    create=extend_schema(
        operation_id="table_round_record", summary="Record the table's next round"
    ),
    preview=extend_schema(operation_id="table_round_preview"),
    correct=extend_schema(operation_id="table_round_correct"),
    void=extend_schema(operation_id="table_round_void"),
    versions=extend_schema(operation_id="table_round_versions"),
)
class TableRoundViewSet(RoundViewSet):
    """A quick table's rounds: the sessions' round resource, reached by the table's key."""

    authentication_classes = TABLE_AUTHENTICATION

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = table_for_caller(self.request, self.kwargs.get("table_id"))
        return self._club

    def get_session(self) -> Session:
        if not hasattr(self, "_session"):
            self._session = quick_table_session(self.get_club())
        return self._session

    def get_queryset(self) -> QuerySet[Round]:
        if self.is_schema_view():
            return Round.objects.none()
        return super().get_queryset()

    def record(self, body: Callable[[], tuple[Any, int | None]]) -> dict[str, Any]:
        """A table's round: the caller's key checked (``table_for_caller``), then its body
        read and recorded into the table's session."""
        session = self._require_record()
        data, number = body()
        rnd = services.round_record(
            session=session, data=data, actor=self.request.user, number=number
        )
        return cast("dict[str, Any]", RoundSerializer(rnd).data)
