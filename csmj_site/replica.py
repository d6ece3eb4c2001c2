"""Reads that may come from a PostgreSQL streaming replica (docs/deploy.md, "A primary
with replicas").

With ``DATABASE_REPLICA_URL`` set, settings add the database alias ``replica``, the router
and the middleware below; unset, neither is installed and everything reads and writes the
one database.

- ``REPLICA_READ_VIEWS``: the one list of views (URL names) whose GET and HEAD requests
  may read the replica: public boards, standings, player pages and the follow polls,
  pages that tolerate a second of lag. Nothing else ever reads it.
- ``ReplicaReadsMiddleware``: marks such a request for the replica, unless its caller
  wrote within ``REPLICA_STICKY_SECONDS`` (read-your-writes). A request that wrote (any
  POST, PUT, PATCH or DELETE, or a save through the ORM) answers with a signed cookie
  that keeps that browser on the primary for those seconds; a caller with an
  ``Authorization`` header (a token, an app) is remembered in the cache under a digest of
  that header, as cookie-less clients keep no cookie. A replica that cannot be reached
  costs the request only time: the view runs again on the primary.
- ``PrimaryReplicaRouter``: every write goes to the primary (``default``); a read goes
  to the replica only inside a marked request and outside a transaction; migrations run
  on the primary only. Celery tasks and management commands are never inside a marked
  request (``csmj_site.celery`` also runs each task under ``primary_reads``).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

REPLICA_ALIAS = "replica"
SAFE_METHODS = frozenset({"GET", "HEAD"})
STICKY_COOKIE = "csmj_primary"
STICKY_SALT = "csmj_site.replica.sticky"

# The views whose GET/HEAD may read the replica (URL names, as in reverse()). A page that
# lists what its reader just changed (a session's own page, the round form, settings, the
# member lists) is not here: the recorder's next page reads the primary anyway, but
# these are the pages strangers and phones poll.
REPLICA_READ_VIEWS = frozenset(
    {
        # public boards and follow polls
        "event-board",
        "event-follow",
        "session-follow",
        "follow",
        "follow-state",
        "api-event-board",
        # standings
        "club",
        "season",
        "season-print",
        "api-club-leaderboard",
        "api-season-standings",
        "api-season-ratings",
        "api-event-standings",
        # player pages
        "player",
        "api-player-stats",
    }
)


@dataclass
class Routing:
    """The current request's routing: may it read the replica, and has it written."""

    replica: bool = False
    wrote: bool = False


_routing: ContextVar[Routing | None] = ContextVar("csmj_replica_routing", default=None)


@contextmanager
def request_routing(*, replica: bool = False) -> Iterator[Routing]:
    """The routing of one request (the middleware opens one around each view)."""
    routing = Routing(replica=replica)
    token = _routing.set(routing)
    try:
        yield routing
    finally:
        _routing.reset(token)


@contextmanager
def primary_reads() -> Iterator[None]:
    """Everything inside reads the primary (Celery tasks run under it)."""
    token = _routing.set(None)
    try:
        yield
    finally:
        _routing.reset(token)


def reads_replica() -> bool:
    """Does a read now go to the replica: inside a request marked for it, before it wrote,
    outside a transaction on the primary?

    What a process keeps of a read that another is compared against (a follow's version,
    ``scoring.follow.poll.recent``) is kept apart by it: a version read on the primary must
    not be paired with content read on a replica that is still behind it."""
    routing = _routing.get()
    if routing is None or not routing.replica or routing.wrote:
        return False
    return not connections[DEFAULT_DB_ALIAS].in_atomic_block


class PrimaryReplicaRouter:
    """Writes and migrations on the primary; reads on the replica only when the current
    request was marked for it and no transaction is open on the primary."""

    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return REPLICA_ALIAS if reads_replica() else DEFAULT_DB_ALIAS

    def db_for_write(self, model: type[Any], **hints: Any) -> str:
        routing = _routing.get()
        if routing is not None:
            routing.wrote = True
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool:
        return True  # the replica holds the primary's rows: one database, two doors

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool:
        return db == DEFAULT_DB_ALIAS


def _authorization_key(request: HttpRequest) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if not header:
        return None
    return "csmj:wrote:" + hashlib.sha256(header.encode()).hexdigest()


def wrote_recently(request: HttpRequest) -> bool:
    """Did this caller write within REPLICA_STICKY_SECONDS (its cookie, or its
    Authorization header in the cache)?"""
    seconds = settings.REPLICA_STICKY_SECONDS
    try:
        request.get_signed_cookie(STICKY_COOKIE, salt=STICKY_SALT, max_age=seconds)
        return True
    except (KeyError, signing.BadSignature):
        pass
    key = _authorization_key(request)
    return key is not None and cache.get(key) is not None


def remember_write(request: HttpRequest, response: HttpResponse) -> None:
    seconds = settings.REPLICA_STICKY_SECONDS
    response.set_signed_cookie(
        STICKY_COOKIE,
        "1",
        salt=STICKY_SALT,
        max_age=seconds,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    key = _authorization_key(request)
    if key is not None:
        cache.set(key, 1, timeout=seconds)


def may_read_replica(request: HttpRequest) -> bool:
    match = request.resolver_match
    return (
        request.method in SAFE_METHODS
        and match is not None
        and match.view_name in REPLICA_READ_VIEWS
        and not wrote_recently(request)
    )


class ReplicaReadsMiddleware:
    """Routes the reads of the views in REPLICA_READ_VIEWS to the replica (settings put
    it just before the kept reads' middleware, which then reads its version there too)
    and keeps a caller who wrote on the primary."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with request_routing() as routing:
            response = self.get_response(request)
        if routing.wrote or request.method not in SAFE_METHODS:
            remember_write(request, response)
        return response

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> None:
        routing = _routing.get()
        if routing is not None:
            routing.replica = may_read_replica(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A replica that is down or refuses: the same view once more on the primary
        (these views only read). Should the primary fail too, the original error goes on
        to DatabaseUnavailableMiddleware (503)."""
        routing = _routing.get()
        match = request.resolver_match
        if (
            routing is None
            or not routing.replica
            or match is None
            or not isinstance(exception, (OperationalError, InterfaceError))
        ):
            return None
        logger.warning(
            "replica unavailable on %s %s (%s): read from the primary",
            request.method,
            request.path,
            type(exception).__name__,
        )
        routing.replica = False
        try:
            response: HttpResponse = match.func(request, *match.args, **match.kwargs)
        except (OperationalError, InterfaceError):
            return None
        return response
