"""What a page's follow poll answers (``static/js/follow.js``): the session page follows
its table, the board (大屏) its night.

The page polls its follow URL every few seconds with ``If-None-Match`` (the version it
shows) and ``Accept: text/html``. The answer is

- 304 while the version is unchanged (nearly every poll);
- once it changed: the page's followed parts at the new version, with its ``ETag``: the
  ``#follow-area`` element and every ``[data-follow-swap][id]`` one, cut from the page
  the reader would get. One request a change, not a poll and then the page;
- for any other ``Accept`` (an app, the secret follow link's page): the JSON state.

A room of phones costs the server little. Each process keeps the version it read
``FOLLOW_VERSION_SECONDS`` (default 1; 0 reads it on every poll), so a save shows on every
follower within the poll's interval plus that second. A logged-out reader of a public
club is the same for everyone: once a reader passed the club's check, the process lets
the next logged-out readers of that URL through for ``ACCESS_SECONDS`` without reading
the club again (a club made private stops answering them within those seconds; none when
``FOLLOW_VERSION_SECONDS`` is 0), and the followed parts are cut once per version and
language and kept ``PARTS_SECONDS``. A member's poll
checks the member's role every time and cuts the parts from the member's own page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.translation import get_language

from csmj_site.replica import reads_replica

T = TypeVar("T")

PARTS_SECONDS = 30
ACCESS_SECONDS = 10

_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)\b([^>]*)>")


def keep_seconds() -> float:
    """How long a process keeps what it read for the followers (``FOLLOW_VERSION_SECONDS``)."""
    return float(getattr(settings, "FOLLOW_VERSION_SECONDS", 1))


def recent(key: str, read: Callable[[], T]) -> T:
    """``read()`` as this process read it at most ``keep_seconds()`` ago. Read from a
    replica (``csmj_site.replica``), it is kept apart from the primary's: the content
    read after it must be at least as new, and the replica may be behind the primary."""
    seconds = keep_seconds()
    if not seconds:
        return read()
    if reads_replica():
        key = f"{key}@replica"
    value: T | None = cache.get(key)
    if value is None:
        value = read()
        cache.set(key, value, seconds)
    return value


def followed_parts(html: str) -> str:
    """The parts of a page its follow swaps in: the ``#follow-area`` element and every
    element with ``data-follow-swap`` and an id, each whole, in page order. The page is
    ours (escaped text holds no tag), so an element ends at the close tag that balances
    its name."""
    parts: list[str] = []
    pos = 0
    while match := _TAG.search(html, pos):
        closing, name, attrs = match.groups()
        pos = match.end()
        wanted = ' id="follow-area"' in attrs or ("data-follow-swap" in attrs and " id=" in attrs)
        if closing or not wanted:
            continue
        same = re.compile(rf"<(/?){re.escape(name)}\b[^>]*>")
        depth, end = 1, len(html)
        for tag in same.finditer(html, pos):
            depth += -1 if tag.group(1) else 1
            if depth == 0:
                end = tag.end()
                break
        parts.append(html[match.start() : end])
        pos = end
    return "\n".join(parts)


def follow_response(
    request: HttpRequest,
    *,
    resolve: Callable[[], Any],
    version: Callable[[Callable[[], Any]], str],
    state: Callable[[Callable[[], Any]], dict[str, Any]],
    page: Callable[[], HttpResponse],
    keep_access: bool = True,
) -> HttpResponse:
    """A follow poll's answer (304, the followed parts, or the JSON state).

    ``resolve()`` checks the reader's access and returns the followed object (it raises
    as the page would); ``version(target)`` is the followed version (kept: ``recent``),
    ``target()`` giving the object resolved once; ``state(target)`` is the JSON answer
    (``{"version": ..., ...}``); ``page()`` is the page the reader would get.
    ``keep_access=False``: a logged-out reader's access is checked on every poll too."""
    seconds = keep_seconds()
    anonymous = not request.user.is_authenticated
    kept = anonymous and bool(seconds)
    resolved: list[Any] = []

    def target() -> Any:
        if not resolved:
            resolved.append(resolve())
        return resolved[0]

    passed = f"follow-open:{request.path}"
    if not (kept and keep_access and cache.get(passed)):
        target()
        if kept and keep_access:
            cache.set(passed, True, ACCESS_SECONDS)
    current = version(target)
    etag = f'"{current}"'
    if request.headers.get("If-None-Match") == etag:
        response: HttpResponse = HttpResponseNotModified()
    elif "text/html" in request.headers.get("Accept", ""):
        response = _parts_response(request, current, page, keep=kept)
    else:
        response = HttpResponse(json.dumps(state(target)), content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    response["Vary"] = "Accept, Cookie"
    return response


def _parts_response(
    request: HttpRequest, version: str, page: Callable[[], HttpResponse], *, keep: bool
) -> HttpResponse:
    key = f"follow-parts:{request.path}:{version}:{get_language()}"
    parts: str | None = cache.get(key) if keep else None
    if parts is None:
        full = page()
        if full.status_code != 200:
            return full
        parts = followed_parts(full.content.decode())
        if keep:
            cache.set(key, parts, PARTS_SECONDS)
    return HttpResponse(parts, content_type="text/html; charset=utf-8")
