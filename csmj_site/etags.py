"""ETag and ``If-None-Match`` on the API reads that apps poll: a session, a session's
rounds, the standings (docs/api.md, "Sync").

The ETag is a hash of the answer's bytes, so it changes exactly when the answer does
(a round recorded, corrected or voided, a session finished, a page, a filter, the
caller's rights); an app that sends it back in ``If-None-Match`` gets ``304 Not
Modified`` with no body while nothing changed. The answer is still computed: what an app
saves is the transfer and the parsing, not the server's reads.

Reads served once per change (docs/performance.md): the result pages and standings
an app registers (``versioned_reads_register``: a URL name and the version of what it
shows, e.g. ``scoring.standings.selectors.club_read_version``) are, for a logged-out
reader of a public club, rendered once per version, language, host and query, and kept
in the cache (``CACHE_URL``'s Redis, or each process's memory) ``READ_CACHE_SECONDS``.
Their ETag is the version's (with the reader's CSRF secret): a reader that sends it back
gets 304 after one query, the version's; another reader gets the kept answer after that
same query. The page's forms get the reader's own CSRF token (the kept copy holds a
placeholder). A logged-in reader, a reader with a session, a query the page does not
take, or an unsettled version: the read is computed as before.

A single round's ETag (its version, for ``If-Match`` on corrections) is not this one.
This module imports no app (the reads are named by their URL names).
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import get_language

# The URL names of the polled reads (csmj_site.api_urls' router names).
POLLED_READS = frozenset(
    {
        "api-session-detail",
        "api-round-list",
        "api-season-standings",
        "api-club-leaderboard",
        "api-event-standings",
    }
)


_BODY_HEADERS = frozenset({"content-type", "content-length", "content-encoding"})


def content_etag(content: bytes) -> str:
    """The quoted (strong) ETag of an answer's bytes."""
    return quote_etag(hashlib.sha256(content).hexdigest()[:32])


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (weak comparison, ``*`` included)."""
    if not if_none_match:
        return False
    tags = parse_etags(if_none_match)
    if tags == ["*"]:
        return True
    bare = etag.removeprefix("W/")
    return any(tag.removeprefix("W/") == bare for tag in tags)


# ---------------------------------------------------------------- reads served once per change

logger = logging.getLogger(__name__)

# URL name -> the version of what the read shows, from the URL's arguments (None: not
# kept). Filled by the apps (``versioned_reads_register``).
VersionOf = Callable[[dict[str, Any]], str | None]
_VERSIONED: dict[str, VersionOf] = {}

# The query parameters the kept reads take (sort, pages, dates); any other one (a
# format, a confirmation step) is computed every time.
KEPT_QUERY = frozenset({"order", "ordering", "page", "p", "page_size", "date_from", "date_to"})
_MAX_QUERY = 200
_CSRF_VALUE = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
_CSRF_PLACEHOLDER = "csmj-csrf-token"
_HEADERS_NOT_KEPT = frozenset({"content-length", "etag", "set-cookie", "vary"})


def versioned_reads_register(*, url_names: Iterable[str], version: VersionOf) -> None:
    """Serve the reads named ``url_names`` once per ``version(url kwargs)``."""
    for name in url_names:
        _VERSIONED[name] = version


def read_cache_seconds() -> int:
    return int(getattr(settings, "READ_CACHE_SECONDS", 600))


def _same_for_everyone(request: HttpRequest) -> bool:
    """A GET with no login, session or credentials, taking only the kept parameters: what
    it gets depends on the path, query, host, language and ``Accept`` alone."""
    query = request.META.get("QUERY_STRING", "")
    return (
        request.method in ("GET", "HEAD")
        and settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
        and "Authorization" not in request.headers
        and len(query) <= _MAX_QUERY
        and set(request.GET).issubset(KEPT_QUERY)
    )


def _read_key(request: HttpRequest, name: str, version: str) -> str:
    parts = [
        name,
        version,
        request.get_host(),
        request.scheme,
        request.path,
        request.META.get("QUERY_STRING", ""),
        get_language() or "",
        request.headers.get("Accept", ""),
    ]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:40]
    return f"read:{name}:{digest}"


def _read_etag(key: str, request: HttpRequest) -> str:
    """The version's ETag for this reader (whose CSRF secret the page's forms carry)."""
    secret = request.META.get("CSRF_COOKIE", "")
    return quote_etag("r" + hashlib.sha256(f"{key}\n{secret}".encode()).hexdigest()[:32])


def _kept_response(request: HttpRequest, kept: dict[str, Any]) -> HttpResponse:
    content: bytes = kept["content"]
    if _CSRF_PLACEHOLDER.encode() in content:
        content = content.replace(_CSRF_PLACEHOLDER.encode(), get_token(request).encode())
    response = HttpResponse(content, status=200)
    for header, value in kept["headers"]:
        response[header] = value
    if kept["vary"]:
        patch_vary_headers(response, kept["vary"])
    return response


def _keep(key: str, response: HttpResponse) -> None:
    if read_cache_seconds() <= 0:
        return
    content = _CSRF_VALUE.sub(rf"\g<1>{_CSRF_PLACEHOLDER}\g<2>", response.content.decode())
    headers = [(h, v) for h, v in response.items() if h.lower() not in _HEADERS_NOT_KEPT]
    vary = [v.strip() for v in response.get("Vary", "").split(",") if v.strip()]
    try:
        cache.set(
            key,
            {"content": content.encode(), "headers": headers, "vary": vary},
            read_cache_seconds(),
        )
    except Exception:  # the cache's server is down: the read was answered all the same
        logger.warning("read not kept: the cache is unreachable", exc_info=True)


def _cache_get(key: str) -> Any:
    """The kept answer, or None (also when the cache's server is down: then rendered)."""
    try:
        return cache.get(key)
    except Exception:
        logger.warning("kept read not fetched: the cache is unreachable", exc_info=True)
        return None


def _read_headers(response: HttpResponseBase, etag: str) -> HttpResponseBase:
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Authorization", "Cookie"])
    return response


def _not_modified(response: HttpResponse) -> HttpResponseNotModified:
    """The 304 keeps every header of the answer it stands for (ETag, caching, the rate
    limit's) but those of the body."""
    not_modified = HttpResponseNotModified()
    for header, value in response.items():
        if header.lower() not in _BODY_HEADERS:
            not_modified[header] = value
    not_modified.cookies = response.cookies
    return not_modified


class PolledReadETagMiddleware:
    """Adds the ETag to a 200 GET of a polled read, and answers 304 to a matching
    ``If-None-Match``; serves the registered reads once per change (above)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: list[Any],
        view_kwargs: dict[str, Any],
    ) -> HttpResponseBase | None:
        """A registered read for everyone: the kept answer, or the key to keep it under."""
        name = request.resolver_match.url_name if request.resolver_match is not None else None
        version_of = _VERSIONED.get(name or "")
        if version_of is None or not _same_for_everyone(request):
            return None
        version = version_of(view_kwargs)
        if version is None:
            return None
        key = _read_key(request, name or "", version)
        request.read_key = key  # type: ignore[attr-defined]
        etag = _read_etag(key, request)
        if etag_matches(request.headers.get("If-None-Match"), etag):
            request.read_kept = True  # type: ignore[attr-defined]
            return _read_headers(HttpResponseNotModified(), etag)
        kept = _cache_get(key)
        if kept is None:
            return None  # the view renders it; __call__ keeps it
        request.read_kept = True  # type: ignore[attr-defined]
        return _kept_response(request, kept)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        key: str | None = getattr(request, "read_key", None)
        if key is not None and response.status_code == 200 and isinstance(response, HttpResponse):
            if request.method == "GET" and not getattr(request, "read_kept", False):
                _keep(key, response)
            # After the page took its CSRF token: a new reader's secret is in the ETag.
            return _read_headers(response, _read_etag(key, request))
        match = getattr(request, "resolver_match", None)
        if (
            request.method not in ("GET", "HEAD")
            or match is None
            or match.url_name not in POLLED_READS
            or response.status_code != 200
            or not isinstance(response, HttpResponse)
        ):
            return response
        etag = content_etag(response.content)
        response["ETag"] = etag
        response["Cache-Control"] = "private, no-cache"
        patch_vary_headers(response, ["Authorization", "Cookie"])
        if not etag_matches(request.headers.get("If-None-Match"), etag):
            return response
        return _not_modified(response)


# ---------------------------------------------------------------- the schema

# The polled reads' paths in the schema (their parameters' names aside).
_POLLED_PATHS = re.compile(
    r"/sessions/\{[^}/]+\}/$|/sessions/\{[^}/]+\}/rounds/$|/standings/$|/leaderboard/$"
)


def schema_hook(result: dict[str, Any], **_kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: the polled reads take ``If-None-Match``, answer
    their 200 with an ``ETag`` and may answer 304."""
    for path, operations in result.get("paths", {}).items():
        operation = operations.get("get")
        if operation is None or not _POLLED_PATHS.search(path):
            continue
        operation.setdefault("parameters", []).append(
            {
                "in": "header",
                "name": "If-None-Match",
                "schema": {"type": "string"},
                "required": False,
                "description": "The ETag of an earlier answer: 304 with no body while "
                "the answer is the same.",
            }
        )
        responses = operation.setdefault("responses", {})
        ok = responses.get("200")
        if ok is not None:
            ok.setdefault("headers", {})["ETag"] = {
                "schema": {"type": "string"},
                "description": "This answer's ETag (send it back in If-None-Match).",
            }
        responses["304"] = {
            "description": "Not modified: the answer is the one whose ETag was sent.",
            "headers": {"ETag": {"schema": {"type": "string"}, "description": "The same ETag."}},
        }
    return result
