"""Rate limits an app can see: signed-in API callers are limited per token (a personal
token, an app's access token, or else the browser session or user), at the rate
``DEFAULT_THROTTLE_RATES["token"]`` (``API_TOKEN_RATE``, default 600/min), read at each
request. Every answer to a limited caller carries ``RateLimit-Limit``,
``RateLimit-Remaining`` and ``RateLimit-Reset`` (seconds until the window frees a call);
over the limit the API answers 429 ``throttled`` with ``Retry-After``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from rest_framework.throttling import SimpleRateThrottle

RATE_SCOPE = "token"
# Where the throttle leaves (limit, remaining, reset) for the middleware.
REQUEST_ATTRIBUTE = "csmj_rate_limit"


def _caller_key(request: Any) -> str | None:
    """Who is counted: the token (its hash, never the token), else the session, else the
    user; None for anonymous callers (the calculator has its own throttle)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    auth = getattr(request, "auth", None)
    secret = getattr(auth, "token_hash", None) or getattr(auth, "token_checksum", None)
    if secret:
        return "t" + hashlib.sha256(str(secret).encode("utf-8")).hexdigest()[:32]
    session_key = getattr(getattr(request, "session", None), "session_key", None)
    if session_key:
        return "s" + hashlib.sha256(session_key.encode("utf-8")).hexdigest()[:32]
    return f"u{user.pk}"


class TokenRateThrottle(SimpleRateThrottle):
    scope = RATE_SCOPE

    def get_rate(self) -> str | None:
        drf: dict[str, Any] = getattr(settings, "REST_FRAMEWORK", {})
        rate = drf.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)
        return str(rate) if rate else None

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = _caller_key(request)
        if ident is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Any, view: Any) -> bool:
        # The rate is read afresh (settings may change it, as tests do).
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        allowed = super().allow_request(request, view)
        if getattr(self, "key", None) and self.num_requests and self.duration:
            remaining = max(self.num_requests - len(self.history), 0)
            oldest = self.history[-1] if self.history else self.now
            reset = max(math.ceil(self.duration - (self.now - oldest)), 1)
            setattr(request._request, REQUEST_ATTRIBUTE, (self.num_requests, remaining, reset))
        return bool(allowed)


class RateLimitHeadersMiddleware:
    """Writes the limit the throttle counted on the answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        counted = getattr(request, REQUEST_ATTRIBUTE, None)
        if counted is not None:
            limit, remaining, reset = counted
            response["RateLimit-Limit"] = str(limit)
            response["RateLimit-Remaining"] = str(remaining)
            response["RateLimit-Reset"] = str(reset)
        return response
