"""Reliability and security middleware (issue 7).

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
- ``SecretMaskingFilter``: a logging filter that replaces API tokens, Authorization
  headers, passwords in URLs, the SECRET_KEY, the database and SMTP passwords with "********".
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


# ---------------------------------------------------------------- secrets in logs

MASK = "********"
_TOKEN = re.compile(r"csmj_[A-Za-z0-9_\-]{8,}")
_AUTH_HEADER = re.compile(r"(?i)\b(bearer|token|basic)\s+[A-Za-z0-9_\-.=+/]{8,}")
_URL_PASSWORD = re.compile(r"(\w+://[^:/@\s]*:)[^@\s]+(@)")
_PASSWORD_FIELD = re.compile(r"(?i)(password['\"]?\s*[:=]\s*['\"]?)[^'\"\s,&}]+")


def _known_secrets() -> list[str]:
    secrets = [settings.SECRET_KEY, getattr(settings, "EMAIL_HOST_PASSWORD", "")]
    for db in settings.DATABASES.values():
        if db.get("PASSWORD"):
            secrets.append(str(db["PASSWORD"]))
    return [s for s in secrets if len(s) >= 6]


def mask_secrets(text: str) -> str:
    for secret in _known_secrets():
        text = text.replace(secret, MASK)
    text = _TOKEN.sub(MASK, text)
    text = _AUTH_HEADER.sub(lambda m: f"{m.group(1)} {MASK}", text)
    text = _URL_PASSWORD.sub(rf"\g<1>{MASK}\g<2>", text)
    return _PASSWORD_FIELD.sub(rf"\g<1>{MASK}", text)


class SecretMaskingFilter(logging.Filter):
    """Masks secrets in the message and the traceback of every record it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            record.msg = mask_secrets(record.getMessage())
            record.args = None
            if record.exc_info and not record.exc_text:
                record.exc_text = logging.Formatter().formatException(record.exc_info)
            if record.exc_text:
                record.exc_text = mask_secrets(record.exc_text)
        except Exception:  # a log line must never break the request
            record.msg, record.args = "(log message withheld: it could not be masked)", None
        return True


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
