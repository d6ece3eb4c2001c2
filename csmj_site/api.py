"""API conventions shared by every endpoint under /api/.

The conventions every endpoint is built from, each a short section below
(idempotency, errors, pagination, the schema, filters, the viewset), which build on one
another; the settings name two of them by path (``EXCEPTION_HANDLER``,
``DEFAULT_SCHEMA_CLASS``). What a single value may be (text only, whole numbers only,
bounds) is the fields' module, ``csmj_site.api_fields``; what a whole body may hold
(undeclared and read-only keys, no body where none is taken), ``csmj_site.api_body``.

- ``exception_handler``: one error body everywhere, the one of round-format.md:
  ``{"errors": [{"field", "code", "message"}, ...]}``. Field paths are dotted
  ("result.winners.0.seat"); errors that concern no field (401, 403, 404, 405, 429 …)
  have ``field: ""``. Engine errors of a round pass through unchanged.
- ``ApiTokenScheme``: documents leagues.token_auth.ApiTokenAuthentication (Bearer tokens).
- ``ApiAutoSchema``: documents the error responses on every operation.
- ``EnglishMessagesMixin``: the API speaks English (error messages included).
- ``ApiPagination``: ``?page=`` and ``?page_size=`` on every list.
- ``idempotent``: a POST that honours ``Idempotency-Key`` (the key's store is scoring's,
  handed over with ``idempotency_register``); the schema declares the header, its 422
  and ``Idempotent-Replayed`` on every operation so marked.
- ``ApiViewSet``: list / retrieve / create / update with writes through a service (a
  create honours ``Idempotency-Key``);
  ``DateRangeFilterSet``: ``date_from`` / ``date_to`` filters.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from typing import Any, Literal

import django_filters
from django import forms
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import models
from django.db.models import QuerySet
from django.http import Http404
from django.utils import translation
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import exceptions, mixins, serializers, status, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.filters import OrderingFilter
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer
from rest_framework.views import exception_handler as drf_exception_handler

from csmj_site.api_body import body_valid
from csmj_site.api_fields import MAX_ID, StrictCharField
from csmj_site.api_schema import error_codes
from csmj_site.bounds import date_range_refusal
from csmj_site.errors import (
    STATUS_OF_CODE,
    ConflictError,
    ServiceError,
    ServiceErrors,
    error_item,
    error_reply,
    errors_body,
)
from csmj_site.middleware import api_error, is_api

# ---------------------------------------------------------------- idempotency

IDEMPOTENCY_HEADER = "Idempotency-Key"
IDEMPOTENCY_KEY_MAX_LENGTH = 255
IDEMPOTENCY_KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {
        "type": "string",
        "minLength": 1,
        "maxLength": IDEMPOTENCY_KEY_MAX_LENGTH,
        "pattern": "^[ -~]+$",  # printable ASCII
    },
    OpenApiParameter.HEADER,
    required=False,
    description=f"Any unique string (≤{IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII "
    "characters). A retry with the same key and body returns the first response and "
    "changes nothing; the same key with a different body answers 422. Keys are kept for "
    "24 hours.",
)

# (request, call) -> response: runs ``call`` under the request's key (scoring.idempotency).
Runner = Callable[[Any, Callable[[], Any]], Any]
_RUNNERS: list[Runner] = []


def idempotency_register(runner: Runner) -> None:
    """The app that stores the keys hands over how a keyed request is run."""
    _RUNNERS[:] = [runner]


def idempotent(action: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a viewset's POST method so that it honours ``Idempotency-Key``: the first 2xx answer is kept with the key and
    replayed for a retry of the same request."""

    @functools.wraps(action)
    def wrapper(view: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
        def call() -> Any:
            return action(view, request, *args, **kwargs)

        return _RUNNERS[0](request, call) if _RUNNERS else call()

    wrapper.idempotent = True  # type: ignore[attr-defined]  # read by ApiAutoSchema
    return wrapper


def idempotent_view(view: Callable[..., Any]) -> Callable[..., Any]:
    """``idempotent`` for a function view (under ``@api_view``); its ``extend_schema``
    lists ``IDEMPOTENCY_KEY``."""

    @functools.wraps(view)
    def wrapper(request: Any, *args: Any, **kwargs: Any) -> Any:
        def call() -> Any:
            return view(request, *args, **kwargs)

        return _RUNNERS[0](request, call) if _RUNNERS else call()

    return wrapper


# ---------------------------------------------------------------- errors


class ErrorItemSerializer(serializers.Serializer[Any]):
    field = StrictCharField(
        help_text='Dotted path of the offending input ("result.winners.0.seat"); "" when '
        "the error concerns the whole request."
    )
    code = StrictCharField(
        help_text="Stable machine code, e.g. discarder_is_winner: an open string (codes may "
        "be added); the known ones are GET /api/v1/error-codes/."
    )
    message = StrictCharField(help_text="Human-readable explanation (English).")


class ErrorResponseSerializer(serializers.Serializer[Any]):
    errors = ErrorItemSerializer(many=True)  # type: ignore[assignment]  # a field named like Serializer.errors


def _join(path: str, name: str) -> str:
    return f"{path}.{name}" if path and name else path or name


def _is_leaf(detail: Any) -> bool:
    return isinstance(detail, dict) and set(detail) == {"message", "code"}


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    """ValidationError.get_full_details() → [{field, code, message}] with dotted paths."""
    if _is_leaf(detail):
        return [error_item(path, str(detail["code"]), str(detail["message"]))]
    out: list[dict[str, str]] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            out += _flatten(value, path if key == "non_field_errors" else _join(path, str(key)))
    elif isinstance(detail, list):
        for i, value in enumerate(detail):
            # Plain errors of this field, or one entry per item of a list field.
            out += _flatten(value, path if _is_leaf(value) else _join(path, str(i)))
    else:
        out.append(error_item(path, "invalid", str(detail)))
    return out


def django_validation_errors(exc: DjangoValidationError) -> list[dict[str, str]]:
    """A Django ValidationError (from a service or full_clean) in the error format."""
    if isinstance(exc, ServiceErrors):
        # A service's refusal (the engine's errors among them): English, field by field.
        return [e.as_dict() for e in exc.errors]
    out = []
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            name = "" if field == "__all__" else field
            for e in errors:
                out += _one_django_error(name, e)
    else:
        for e in exc.error_list:
            out += _one_django_error("", e)
    return out


def _one_django_error(field: str, error: DjangoValidationError) -> list[dict[str, str]]:
    # A unique (club, name) constraint names the field the client chose: the last one.
    unique_check = (getattr(error, "params", None) or {}).get("unique_check")
    if not field and unique_check:
        field = unique_check[-1]
    return [error_item(field, error.code or "invalid", message) for message in error.messages]


def _error_response(errors: list[dict[str, str]], status_code: int, **extra: Any) -> Response:
    return Response(errors_body(errors, **extra), status=status_code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        code = STATUS_OF_CODE.get(exc.code, status.HTTP_400_BAD_REQUEST)
        return Response(error_reply(exc, localised=False), status=code)
    if isinstance(exc, exceptions.UnsupportedMediaType):  # the catalogue's words, not DRF's
        sent = context["request"].content_type.partition(";")[0].strip()[:100]
        error = ServiceError(
            "", "unsupported_media_type", {"sent": sent}, variant="" if sent else "none"
        )
        return Response(error_reply(error, localised=False), status=exc.status_code)
    if isinstance(exc, exceptions.ParseError):  # one code for a body that is not JSON
        return _error_response([error_item("body", "malformed_json", str(exc.detail))], 400)
    if isinstance(exc, ConflictError):
        return _error_response(
            django_validation_errors(exc), status.HTTP_409_CONFLICT, **exc.conflict_fields()
        )
    if isinstance(exc, DjangoValidationError):
        return _error_response(django_validation_errors(exc), status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError) or isinstance(exc.detail, (dict, list)):
        errors = _flatten(exc.get_full_details())
    else:
        errors = [error_item("", str(exc.get_codes()), str(exc.detail))]
    response.data = errors_body(errors)
    return response


# ---------------------------------------------------------------- authentication


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "leagues.token_auth.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal token created on the account page (/accounts/tokens/).",
        }


# ---------------------------------------------------------------- language


class EnglishMessagesMixin:
    """API messages are English, like the engine's and round-format.md's, whatever
    language the site's pages use."""

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        with translation.override("en"):
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


# ---------------------------------------------------------------- pagination


def id_or_404(value: Any) -> int:
    """A path or query id as an int; NotFound when it cannot be a stored id (not a
    number, or too large for the database)."""
    try:
        number = int(str(value))
    except (TypeError, ValueError):
        raise exceptions.NotFound() from None
    if not 0 < number <= MAX_ID:
        raise exceptions.NotFound()
    return number


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class IdFilter(django_filters.NumberFilter):
    """An id in a query string: a whole number the database can hold (else 400)."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


def _positive(request: Request, name: str) -> int | None:
    """The query parameter ``name`` as a positive integer, None when absent; 400 naming it
    otherwise (``0``, ``-5``, ``abc`` are refused, not read as the default)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise exceptions.ValidationError(
            {name: [exceptions.ErrorDetail(f"{name} must be an integer ≥ 1", "invalid")]}
        )
    return value


class ApiPagination(PageNumberPagination):
    """``?page=`` and ``?page_size=``: a value that is not an integer ≥ 1 answers 400 on its
    parameter; a page past the last answers 404 on ``page``, naming the last page."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        size = _positive(request, self.page_size_query_param)
        return self.page_size if size is None else min(size, self.max_page_size)

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> Any:
        number = _positive(request, self.page_query_param) or 1
        try:
            return super().paginate_queryset(queryset, request, view)
        except exceptions.NotFound:
            last = self.django_paginator_class(queryset, self.get_page_size(request)).num_pages
            raise exceptions.NotFound(
                {
                    self.page_query_param: [
                        exceptions.ErrorDetail(
                            f"page {number} is past the last page, {last}", "not_found"
                        )
                    ]
                }
            ) from None

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(maximum=self.max_page_size, default=self.page_size)
                parameter["description"] = (
                    f"Results per page (default {self.page_size}, at most {self.max_page_size}; "
                    "a larger value gives the maximum)."
                )
        return parameters


def paginated_rows(
    request: Request, rows: QuerySet[Any] | Sequence[Any], serializer_class: Any
) -> Response:
    """A page of ``rows`` from a plain (function) view, as every list pages."""
    paginator = ApiPagination()
    page = paginator.paginate_queryset(rows, request)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


class StrictOrderingFilter(OrderingFilter):
    """``?ordering=``: one of the view's ``ordering_fields``, ``-`` reversing it (several,
    comma-separated, sort by each in turn). Any other field answers 400 naming
    ``ordering`` (never silently ignored). The schema lists the allowed values."""

    def get_ordering(self, request: Request, queryset: QuerySet[Any], view: Any) -> Any:
        given = request.query_params.get(self.ordering_param)
        if given:
            allowed = ordering_choices(view.ordering_fields)
            unknown = [term.strip() for term in given.split(",") if term.strip() not in allowed]
            if unknown:
                raise exceptions.ValidationError(
                    {
                        self.ordering_param: [
                            f"Unknown ordering {unknown[0]!r}; use one of: {', '.join(allowed)}."
                        ]
                    },
                    code="invalid_choice",
                )
        return super().get_ordering(request, queryset, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [ordering_parameter(view.ordering_fields, default=getattr(view, "ordering", None))]


def ordering_choices(fields: list[str]) -> list[str]:
    """Every value ``?ordering=`` accepts for ``fields``: each, and each reversed."""
    return [value for field in fields for value in (field, f"-{field}")]


def ordering_parameter(
    fields: list[str], *, default: Any = None, description: str = ""
) -> dict[str, Any]:
    """The ``ordering`` query parameter as the schema declares it: an enum."""
    text = description or 'Sort by this field ("-" reverses it); any other value answers 400.'
    if default:
        text += f" Default: {','.join(default)}."
    return {
        "name": "ordering",
        "required": False,
        "in": "query",
        "description": text,
        "schema": {"type": "string", "enum": ordering_choices(fields)},
    }


# ---------------------------------------------------------------- schema

_ERROR_DESCRIPTIONS = {
    400: "Invalid input: every problem, each naming its field.",
    401: "Not authenticated, or an invalid or revoked token.",
    403: "The user lacks the role this needs.",
    404: "Not found, or in a private club the user cannot read.",
    405: "Method not allowed.",
    406: "Not acceptable: only JSON is served (send Accept: application/json or */*).",
    411: "A chunked body without Content-Length where the server cannot read it whole "
    "(length_required); nothing was stored.",
    413: "The body is larger than the site accepts (too_large); nothing was stored.",
    415: "Unsupported media type (send JSON).",
    429: "Too many requests (Retry-After says when to come back).",
    503: "The database is unavailable; nothing was stored. Retry-After says when to retry.",
    422: "The Idempotency-Key was used before with a different request "
    "(idempotency_key_reused); nothing was changed.",
}


# A viewset's operations, named as an app calls them: "{resource}_{verb}" (club_list,
# player_get …); other actions are "{resource}_{action}" (round_void) unless the view
# names them (round_record, season_standings). Function views name theirs. The scheme is
# docs/api.md's "Names".
_VERBS = {
    "list": "list",
    "retrieve": "get",
    "create": "create",
    "update": "update",
    "partial_update": "patch",
    "destroy": "delete",
}
_SUMMARIES = {
    "list": "The club's {plural}",
    "retrieve": "One {resource}",
    "create": "Create a {resource}",
    "update": "Change a {resource} (every writable field)",
    "partial_update": "Change some fields of a {resource}",
}


class ApiAutoSchema(AutoSchema):
    """Every operation has a readable id, a tag, a summary, and the error responses it
    can give, in the error format. Its description is the view's own docstring only
    (a base class's notes for developers never reach the schema)."""

    def _resource(self) -> str:
        basename = getattr(self.view, "basename", None) or ""
        return basename.removeprefix("api-")

    def get_operation_id(self) -> str:
        resource = self._resource()
        action = getattr(self.view, "action", None)
        if resource and action:
            return f"{resource}_{_VERBS.get(action, action)}"
        return super().get_operation_id()

    def get_tags(self) -> list[str]:
        resource = self._resource()
        return [f"{resource}s"] if resource else super().get_tags()

    def get_summary(self) -> str | None:
        summary = super().get_summary()
        action = getattr(self.view, "action", None)
        resource = self._resource()
        if summary or action not in _SUMMARIES or not resource:
            return summary
        return _SUMMARIES[action].format(resource=resource, plural=f"{resource}s")

    def _flagged_idempotent(self) -> bool:
        action = getattr(self.view, "action", None) or self.method.lower()
        return bool(getattr(getattr(self.view, action, None), "idempotent", False))

    def _is_idempotent(self) -> bool:
        """The operation takes ``Idempotency-Key``: its method is ``idempotent``, or its
        ``extend_schema`` lists the header (a function view)."""
        return any(
            isinstance(p, OpenApiParameter) and p.name == IDEMPOTENCY_HEADER
            for p in self.get_override_parameters()
        )

    def get_override_parameters(self) -> list[Any]:
        parameters = list(super().get_override_parameters())
        named = any(
            isinstance(p, OpenApiParameter) and p.name == IDEMPOTENCY_HEADER for p in parameters
        )
        if self.method.upper() == "POST" and self._flagged_idempotent() and not named:
            parameters.append(IDEMPOTENCY_KEY)
        return parameters

    def _map_basic_serializer(self, serializer: Any, direction: Any) -> dict[str, Any]:
        """A model's answer carries every field it declares (a writable field with a
        default included): in a response, each of them is required."""
        schema: dict[str, Any] = super()._map_basic_serializer(serializer, direction)  # type: ignore[no-untyped-call]
        model = isinstance(serializer, serializers.ModelSerializer)
        if direction == "response" and model and schema.get("properties"):
            schema["required"] = sorted(schema["properties"])
        return schema

    def get_description(self) -> str:  # type: ignore[override]  # drf-spectacular's own signature
        own = type(self.view).__dict__.get("__doc__") or ""
        return inspect.cleandoc(own) if own else ""

    def _get_response_bodies(
        self, direction: Literal["request", "response"] = "response"
    ) -> dict[str, Any]:
        responses = super()._get_response_bodies(direction)
        method = self.method.upper()
        codes = [400, 401, 403, 404, 405, 406, 429, 503]
        if method in ("POST", "PUT", "PATCH"):
            codes += [411, 413, 415]
        if method == "POST" and self._is_idempotent():
            codes.append(422)
        for code in sorted(codes):
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(  # type: ignore[no-untyped-call]
                    OpenApiResponse(ErrorResponseSerializer, description=_ERROR_DESCRIPTIONS[code]),
                    str(code),
                    direction=direction,
                )
        return responses


# ---------------------------------------------------------------- the known error codes


class ErrorCodesSerializer(serializers.Serializer[Any]):
    codes = serializers.ListField(
        child=StrictCharField(), help_text="Every code an error can carry today, sorted."
    )


@extend_schema(
    operation_id="error_code_list",
    tags=["errors"],
    summary="The error codes the API answers today",
    description="ErrorItem.code is an open string: a code may be added later. This lists "
    "the codes known today (the schema's ErrorCode x-known-codes alike).",
    responses={200: ErrorCodesSerializer},
)
@api_view(["GET"])
@permission_classes([AllowAny])
def error_codes_view(request: Request) -> Response:
    return Response({"codes": error_codes()})


# ---------------------------------------------------------------- 404 outside the API's views


def page_not_found(request: Any, exception: Exception) -> Any:
    """handler404: under /api/ a URL that matches no route answers in the error format;
    elsewhere Django's (the site's) 404 page."""
    from django.views.defaults import page_not_found as site_page_not_found

    if is_api(request):
        return api_error(404, ServiceError("", "not_found"))
    return site_page_not_found(request, exception)


# ---------------------------------------------------------------- viewsets, filters

CLUB_SLUG = OpenApiParameter(
    "club_slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="The club's slug."
)


@extend_schema_field(OpenApiTypes.DATE)
class DateFilter(django_filters.DateFilter):
    pass


class _StrictNullBooleanField(forms.NullBooleanField):
    """true / false (True, 1 / False, 0); anything else is refused, not ignored."""

    def to_python(self, value: Any) -> bool | None:  # type: ignore[override]  # None: no filter
        if value in (None, ""):
            return None
        if value in (True, "true", "True", "1"):
            return True
        if value in (False, "false", "False", "0"):
            return False
        raise forms.ValidationError("Enter true or false.", code="invalid")

    def validate(self, value: Any) -> None:
        pass


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = _StrictNullBooleanField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.TextInput)  # the raw value reaches the field
        super().__init__(*args, **kwargs)


class ApiFilterSet(django_filters.FilterSet):
    """A list's filters: a boolean filter refuses a value that is not true or false
    (``is_void=maybe`` answers 400, as ``kind=bogus`` does)."""

    FILTER_DEFAULTS = {
        **django_filters.filterset.FILTER_FOR_DBFIELD_DEFAULTS,
        models.BooleanField: {"filter_class": StrictBooleanFilter},
    }


class _DateRangeCheck(forms.Form):
    """A reversed range is 400 ``date_range`` on ``date_to``, as the standings' own filter
    answers it (``csmj_site.bounds.date_range_refusal``), not a list with nothing in it."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        error = date_range_refusal(
            start=cleaned.get("date_from"), end=cleaned.get("date_to"), field="date_to"
        )
        if error is not None:
            self.add_error("date_to", forms.ValidationError(error.message, code=error.code))
        return cleaned


class DateRangeFilterSet(ApiFilterSet):
    """``date_from`` / ``date_to`` (inclusive) on the field named by ``date_field``; a
    ``date_to`` before ``date_from`` is refused."""

    date_field = ""
    date_from = DateFilter(method="filter_date_from", label="On or after this date")
    date_to = DateFilter(method="filter_date_to", label="On or before this date")

    def get_form_class(self) -> type[forms.Form]:
        # the check comes before the list's own form (a subclass's Meta keeps its model)
        form_class = super().get_form_class()
        return type(form_class.__name__, (_DateRangeCheck, form_class), {})

    def filter_date_from(self, queryset: QuerySet[Any], name: str, value: Any) -> QuerySet[Any]:
        return queryset.filter(**{f"{self.date_field}__gte": value})

    def filter_date_to(self, queryset: QuerySet[Any], name: str, value: Any) -> QuerySet[Any]:
        return queryset.filter(**{f"{self.date_field}__lte": value})


class ApiViewSet(
    EnglishMessagesMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet[Any],
):
    """list / retrieve / create / update, writes through a service.

    Subclasses implement ``service_create`` and ``service_update`` and may override
    ``check_write`` (the role check, run before the input is validated).
    """

    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = ApiPagination
    filter_backends = [django_filters.rest_framework.DjangoFilterBackend, StrictOrderingFilter]
    http_method_names = ["get", "post", "put", "patch", "head", "options"]

    def check_write(self, instance: Any = None) -> None:
        raise NotImplementedError

    def service_create(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def service_update(self, instance: Any, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def get_object(self) -> Any:
        lookup = self.lookup_url_kwarg or self.lookup_field
        if lookup == "pk":
            self.kwargs[lookup] = id_or_404(self.kwargs.get(lookup))
        return super().get_object()

    def reloaded(self, obj: Any) -> Any:
        """The object as the list shows it (annotations included)."""
        return self.get_queryset().get(pk=obj.pk)

    @idempotent
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.check_write()
        serializer = self.get_serializer(data=request.data)
        body_valid(serializer, creating=True)
        obj = self.service_create(dict(serializer.validated_data))
        return Response(self.get_serializer(self.reloaded(obj)).data, status=201)

    def update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        instance = self.get_object()
        self.check_write(instance)
        serializer = self.get_serializer(
            instance, data=request.data, partial=kwargs.get("partial", False)
        )
        body_valid(serializer, current=lambda: self.get_serializer(instance).data)
        obj = self.service_update(instance, dict(serializer.validated_data))
        return Response(self.get_serializer(self.reloaded(obj)).data)


def paginated(view: Any, rows: list[Any], serializer_class: type[BaseSerializer[Any]]) -> Response:
    page = view.paginate_queryset(rows)
    response: Response = view.get_paginated_response(serializer_class(page, many=True).data)
    return response
