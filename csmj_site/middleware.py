"""Reliability and security middleware (docs/reliability.md).

- ``ApiBodyGuardMiddleware``: a body under /api/ larger than DATA_UPLOAD_MAX_MEMORY_SIZE
  answers 413 in the API's error format ``{"errors": [{field, code, message}]}`` before
  any view runs; a chunked body (no Content-Length) is read whole where the server
  de-chunks it, else refused with 411. A write (POST, PUT, PATCH, DELETE) under /api/ to a path without its
  trailing slash answers 404 ``not_found`` in that format, naming the path to use,
  rather than APPEND_SLASH's redirect (which a client follows as a GET: a 200 that
  stored nothing) or its error page under DEBUG. What a JSON body holds (nesting, duplicate keys, lone surrogates, invalid
  JSON) is checked by the one JSON reader, csmj_site.jsonio, when the view reads it.
- ``ApiEnglishMiddleware``: everything under /api/ answers in English (DRF's 404, 415,
  429 … messages included), whatever language the site's pages use; it runs after the
  locale middleware. A 404 page under /api/ (Django's debug page, with DEBUG on) is
  answered in the error format, as handler404 answers it with DEBUG off.
- ``DatabaseUnavailableMiddleware``: a lost or refused database connection
  (django.db OperationalError / InterfaceError) answers 503 with Retry-After — JSON under
  /api/, a plain page elsewhere — instead of a 500 with a traceback in the logs' place.
  Every write service is one transaction, so a request cut short leaves nothing half
  written; Django drops the broken connection at the end of the request and the next
  request opens a new one, so the site recovers by itself.
- ``lockout_response``: the page django-axes shows after too many failed logins.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.handlers.wsgi import LimitedStream
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.urls import is_valid_path
from django.utils import translation

from csmj_site.errors import ServiceError, error_reply

logger = logging.getLogger("csmj.reliability")

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = 5


def api_error(status: int, error: ServiceError) -> JsonResponse:
    """The API's one error reply (English), answered outside its views."""
    return JsonResponse(error_reply(error, localised=False), status=status)


def _too_large(limit: int | None) -> JsonResponse:
    return api_error(413, ServiceError("body", "too_large", {"limit": limit}))


def is_api(request: HttpRequest) -> bool:
    """Whether the request is for the REST API (answers in its JSON error format)."""
    return request.path.startswith(API_PREFIX)


# ---------------------------------------------------------------- request bodies


class ApiBodyGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if is_api(request) and request.method in ("POST", "PUT", "PATCH", "DELETE"):
            refused = self.slash(request) or self.check(request)
            if refused is not None:
                return refused
        return self.get_response(request)

    def slash(self, request: HttpRequest) -> HttpResponse | None:
        """404 for a write to a path that exists only with a trailing slash."""
        path = request.path_info
        if path.endswith("/") or not settings.APPEND_SLASH:
            return None
        urlconf = getattr(request, "urlconf", None)
        if is_valid_path(path, urlconf) or not is_valid_path(f"{path}/", urlconf):
            return None
        slashed = f"{request.path}/"
        return api_error(
            404,
            ServiceError(
                "", "not_found", {"method": request.method, "path": slashed}, variant="slash"
            ),
        )

    def check(self, request: HttpRequest) -> HttpResponse | None:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not request.META.get("CONTENT_LENGTH"):
            return self.unchunked(request, limit)
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            return _too_large(limit)
        try:
            request.body  # noqa: B018  Django enforces the limit for chunked bodies too
        except RequestDataTooBig:
            return _too_large(limit)
        return None

    @staticmethod
    def unchunked(request: HttpRequest, limit: int | None) -> HttpResponse | None:
        """A chunked body (no Content-Length), which Django would read as empty: read
        whole when the server has de-chunked it (``wsgi.input_terminated``, gunicorn),
        else 411 ``length_required`` (never a write of an empty body)."""
        if not request.META.get("wsgi.input_terminated"):
            return api_error(411, ServiceError("body", "length_required"))
        stream = request.META["wsgi.input"]
        data = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(data) > limit:
            return _too_large(limit)
        request.META["CONTENT_LENGTH"] = str(len(data))
        request._stream = LimitedStream(io.BytesIO(data), len(data))  # type: ignore[assignment]
        return None


# ---------------------------------------------------------------- the API's language


class ApiEnglishMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        with translation.override("en"):
            response = self.get_response(request)
            if response.status_code == 404 and response.get("Content-Type", "").startswith(
                "text/html"
            ):  # Django's debug page (DEBUG on, as make run serves) in handler404's place
                response = api_error(404, ServiceError("", "not_found"))
        response.headers["Content-Language"] = "en"
        return response


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
        response: HttpResponse = api_error(503, ServiceError("", "service_unavailable"))
    else:
        response = HttpResponse(
            render_to_string("errors/503.html", request=None),
            status=503,
            content_type="text/html; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# ---------------------------------------------------------------- login lockout


def lockout_response(
    request: HttpRequest, credentials: Any = None, *args: Any, **kwargs: Any
) -> HttpResponse:
    """django-axes: the answer once a username + address has failed too often."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    if is_api(request):
        return api_error(429, ServiceError("", "locked_out", {"minutes": minutes}))
    return HttpResponse(
        render_to_string("errors/lockout.html", {"minutes": minutes}, request=request),
        status=429,
        content_type="text/html; charset=utf-8",
    )
