"""ETag and ``If-None-Match`` on the API reads that apps poll: a session, a session's
rounds, the standings (docs/api.md, "Sync").

The ETag is a hash of the answer's bytes, so it changes exactly when the answer does
(a round recorded, corrected or voided, a session finished, a page, a filter, the
caller's rights); an app that sends it back in ``If-None-Match`` gets ``304 Not
Modified`` with no body while nothing changed. The answer is still computed: what an app
saves is the transfer and the parsing, not the server's reads.

A single round's ETag (its version, for ``If-Match`` on corrections) is not this one.
This module imports no app (the reads are named by their URL names).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags, quote_etag

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


class PolledReadETagMiddleware:
    """Adds the ETag to a 200 GET of a polled read, and answers 304 to a matching
    ``If-None-Match``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
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
        # The 304 keeps every header of the answer it stands for (ETag, caching, the
        # rate limit's) but those of the body it leaves out.
        not_modified = HttpResponseNotModified()
        for header, value in response.items():
            if header.lower() not in _BODY_HEADERS:
                not_modified[header] = value
        not_modified.cookies = response.cookies
        return not_modified


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
