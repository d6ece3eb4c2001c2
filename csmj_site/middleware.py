"""Reliability and security middleware (docs/reliability.md).

- ``ApiBodyGuardMiddleware``: JSON bodies under /api/ are checked before any view reads
  them. Larger than DATA_UPLOAD_MAX_MEMORY_SIZE → 413; nested deeper than
  ``MAX_JSON_DEPTH`` (json.loads would hit RecursionError long before 100,000 levels) or
  holding a lone UTF-16 surrogate ("\\ud800", which cannot be written back as UTF-8) →
  400. Always in the API's error format ``{"errors": [{field, code, message}]}``.
  Bodies that are not JSON at all are left to the views (they answer malformed_json).
- ``DatabaseUnavailableMiddleware``: a lost or refused database connection
  (django.db OperationalError / InterfaceError) answers 503 with Retry-After — JSON under
  /api/, a plain page elsewhere — instead of a 500 with a traceback in the logs' place.
  Every write service is one transaction, so a request cut short leaves nothing half
  written; Django drops the broken connection at the end of the request and the next
  request opens a new one, so the site recovers by itself.
- ``lockout_response``: the page django-axes shows after too many failed logins.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

logger = logging.getLogger("csmj.reliability")

API_PREFIX = "/api/"
MAX_JSON_DEPTH = 64
RETRY_AFTER_SECONDS = 5
_SURROGATE = re.compile("[\ud800-\udfff]")


def api_error(status: int, field: str, code: str, message: str) -> JsonResponse:
    return JsonResponse(
        {"errors": [{"field": field, "code": code, "message": message}]}, status=status
    )


def _too_large(limit: int | None) -> JsonResponse:
    return api_error(413, "body", "too_large", f"the body is larger than {limit} bytes")


def is_api(request: HttpRequest) -> bool:
    """Whether the request is for the REST API (answers in its JSON error format)."""
    return request.path.startswith(API_PREFIX)


# ---------------------------------------------------------------- request bodies


def json_body_problem(value: Any) -> tuple[str, str] | None:
    """(code, message) when a decoded JSON value is too deep or holds a lone surrogate.
    Iterative, so the check itself never recurses."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return "too_deep", f"the body is nested more than {MAX_JSON_DEPTH} levels deep"
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return "invalid_unicode", "the body holds a lone UTF-16 surrogate"
        elif isinstance(item, dict):
            stack.extend((key, depth) for key in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return None


class ApiBodyGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request) and request.method in ("POST", "PUT", "PATCH"):
            refused = self.check(request)
            if refused is not None:
                return refused
        return self.get_response(request)

    def check(self, request: HttpRequest) -> HttpResponse | None:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            return _too_large(limit)
        try:
            body = request.body  # Django enforces the limit for chunked bodies too
        except RequestDataTooBig:
            return _too_large(limit)
        if not body or "json" not in (request.content_type or ""):
            return None
        try:
            value = json.loads(body)
        except RecursionError:
            return api_error(400, "body", "too_deep", "the body is nested too deeply")
        except ValueError:
            return None  # not JSON: the view answers malformed_json
        problem = json_body_problem(value)
        if problem is not None:
            return api_error(400, "body", *problem)
        return None


# ---------------------------------------------------------------- database outages


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.warning(
            "database unavailable on %s %s: %s",
            request.method,
            request.path,
            type(exception).__name__,
        )
        return database_unavailable_response(request)


def database_unavailable_response(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        response: HttpResponse = api_error(
            503,
            "",
            "service_unavailable",
            "the database is unavailable; nothing was saved, try again shortly",
        )
    else:
        response = HttpResponse(
            render_to_string("audit/503.html", request=None),
            status=503,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# ---------------------------------------------------------------- login lockout


def lockout_response(request: HttpRequest, credentials: Any = None, *args: Any, **kwargs: Any):
    """django-axes: the answer once a username + address has failed too often."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if is_api(request):
        return api_error(
            429, "", "locked_out", f"too many failed logins; try again in {minutes} minutes"
        )
    return HttpResponse(
        render_to_string("audit/lockout.html", {"minutes": minutes}, request=request),
        status=429,
        content_type="text/html; charset=utf-8",
    )
