"""The request body's checks, shared by every API endpoint that takes one: a key the
operation does not declare is refused (``unknown_field``), a read-only field sent with
another value than it has too (``read_only``), and every problem of the body's fields
comes in one 400 (``body_valid``); an operation that takes no body refuses one
(``body_none``); an id in a body that names nothing is the body's error (``body_object``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from django.db import models
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.serializers import BaseSerializer

from csmj_site.api_fields import MAX_ID, ModelT
from csmj_site.errors import ServiceError, ServiceErrors

_ABSENT = object()


def undeclared_refused(
    serializer: BaseSerializer[Any],
    *,
    also: Sequence[str] = (),
    current: Callable[[], Mapping[str, Any]] | None = None,
    creating: bool = False,
) -> None:
    """400 ``unknown_field`` on every key of the body its serializer does not have: a
    field the operation does not declare is refused, not silently ignored (the engine
    does the same for a round). Read-only fields pass, so that a body read back is
    accepted, and ``also``: the fields of the resource as read, where the body's
    serializer is another. With ``current`` (the resource as read, asked for only when
    the body holds such a field), such a field sent with another value than it has is
    refused too (``read_only``): the client meant a change that would not be made.
    ``creating``: the body makes a new resource, which has no value of its own yet, so a
    read-only field in it is refused whatever it holds (``read_only:create``). A body
    that is not an object (JSON null included) is ``not_an_object``, alone."""
    problems = _undeclared(serializer, also=also, current=current, creating=creating)
    if problems:
        raise exceptions.ValidationError(problems)


def _undeclared(
    serializer: BaseSerializer[Any],
    *,
    also: Sequence[str],
    current: Callable[[], Mapping[str, Any]] | None,
    creating: bool,
) -> dict[str, list[exceptions.ErrorDetail]]:
    data = getattr(serializer, "initial_data", _ABSENT)  # JSON null is a body too
    fields = getattr(serializer, "fields", None)
    if data is not _ABSENT and not isinstance(data, dict) and fields is not None:
        raise ServiceErrors([ServiceError("", "not_an_object", variant="body")])
    if not isinstance(data, dict) or fields is None:
        return {}
    problems: dict[str, list[exceptions.ErrorDetail]] = {
        key: [exceptions.ErrorDetail(f"{key} is not a field of this request", "unknown_field")]
        for key in data
        if key not in fields and key not in also
    }
    refused: list[ServiceError] = []
    if creating:
        refused = [
            ServiceError(key, "read_only", variant="create")
            for key in data
            if key in fields and fields[key].read_only
        ]
    elif current is not None:
        fixed = [
            key
            for key in data
            if key not in problems and (key not in fields or fields[key].read_only)
        ]
        if fixed:
            now = current()
            # a field the resource is not read with (a session's players) cannot be sent back
            refused = [
                ServiceError(key, "read_only")
                for key in fixed
                if key not in now or data[key] != now[key]
            ]
    for e in refused:
        problems[e.field] = [exceptions.ErrorDetail(e.message, e.code)]
    return problems


def body_valid(
    serializer: BaseSerializer[Any],
    *,
    also: Sequence[str] = (),
    current: Callable[[], Mapping[str, Any]] | None = None,
    creating: bool = False,
) -> None:
    """``undeclared_refused`` (its arguments) and ``serializer.is_valid()`` in one: every
    problem of the body's fields in one 400, the keys it does not take beside the values
    its fields refuse, so that an app fixes a body in one go. What the services check
    against the stored data (a player seated twice, a closed season) comes once the
    fields are right."""
    problems: dict[str, Any] = dict(
        _undeclared(serializer, also=also, current=current, creating=creating)
    )
    if not serializer.is_valid():
        for key, details in cast(dict[str, Any], serializer.errors).items():
            problems.setdefault(key, details)
    if problems:
        raise exceptions.ValidationError(problems)


def body_none(request: Request) -> None:
    """An operation that takes no body (``request=None`` in its schema): a key sent in one
    is refused as ``undeclared_refused`` refuses it (400 ``unknown_field``), and a body
    that is not an object (JSON ``null`` included) with ``not_an_object``. An empty body
    or ``{}`` passes (DRF reads an empty body as ``{}``)."""
    data = request.data
    if isinstance(data, dict) and not data:
        return
    if not isinstance(data, dict):
        raise ServiceErrors([ServiceError("", "not_an_object", variant="body")])
    undeclared_refused(serializers.Serializer(data=data))


def body_object(
    queryset: models.QuerySet[ModelT], *, field: str, value: Any, **lookup: Any
) -> ModelT:
    """The object an id in a request's body names (``lookup``, e.g. ``pk=value``), or 400
    ``does_not_exist`` on ``field``, in the words DRF's id fields give it: the body is
    wrong, not the URL, so not a 404 (which an app reads as the resource of the path
    being gone)."""
    whole = type(value) is int and 0 < value <= MAX_ID
    found = queryset.filter(**lookup).first() if whole else None
    if found is None:
        message = f'Invalid pk "{value}" - object does not exist.'
        raise exceptions.ValidationError(
            {field: [exceptions.ErrorDetail(message, "does_not_exist")]}
        )
    return found
