"""The changes of a club in the order they were written, read from the audit log
(``leagues.audit``): every write service records its entry inside its own transaction, so
an entry exists exactly when its change does, and the entry's id is the feed's position.

An app keeps an opaque cursor (the last entry it has seen, encoded) and asks for what
came after it. Entries younger than ``SYNC_SETTLE_SECONDS`` (setting, default 2) are held
back for the next call: on PostgreSQL a transaction that took its id earlier can commit
later than one that took a larger id, and a cursor that had moved past its id would skip it.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from csmj_site.errors import ServiceError
from leagues.audit import AuditEntry
from leagues.models import Club

# What the feed carries: the audit log's actions on sessions and rounds.
CHANGE_KINDS: tuple[str, ...] = (
    "round.record",
    "round.correct",
    "round.void",
    "session.start",
    "session.update",
    "session.finish",
    "session.reopen",
    "session.delete",
    "session.paper",
    "session.import",
)
# Audit actions the feed reports as one of its kinds: a table fee changed is a change of
# the session (its settle-up), as a start time or table name is.
REPORTED_AS: dict[str, str] = {"session.table_fee": "session.update"}
LIMIT_DEFAULT = 100
LIMIT_MAX = 500
_PREFIX = "v1:"
_CURSOR_TEXT = re.compile(r"^[A-Za-z0-9_-]{1,64}={0,2}$")


@dataclass(frozen=True)
class Change:
    cursor: str
    kind: str
    at: datetime
    session: int | None
    sessions: list[int] | None
    round: int | None
    number: int | None
    version: int | None


@dataclass(frozen=True)
class ChangesPage:
    changes: list[Change]
    next_cursor: str
    has_more: bool


def cursor_encode(position: int) -> str:
    """The opaque cursor of a position in the log."""
    return base64.urlsafe_b64encode(f"{_PREFIX}{position}".encode()).decode().rstrip("=")


def cursor_decode(cursor: str) -> int:
    """The position a cursor stands for; ServiceError(cursor, invalid_cursor) for anything
    this site did not hand out."""
    text = cursor.strip()
    if not _CURSOR_TEXT.match(text):
        raise ServiceError("cursor", "invalid_cursor")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ServiceError("cursor", "invalid_cursor") from None
    digits = raw.removeprefix(_PREFIX)
    if not raw.startswith(_PREFIX) or not digits.isdigit() or len(digits) > 18:
        raise ServiceError("cursor", "invalid_cursor")
    return int(digits)


def settle_seconds() -> float:
    return float(getattr(settings, "SYNC_SETTLE_SECONDS", 2))


def club_changes(*, club: Club, cursor: str | None, limit: int = LIMIT_DEFAULT) -> ChangesPage:
    """The club's changes after ``cursor`` (from the beginning without one), oldest first,
    at most ``limit``; the cursor to ask with next, and whether more are waiting."""
    after = cursor_decode(cursor) if cursor else 0
    settled = timezone.now() - timedelta(seconds=settle_seconds())
    rows = list(
        AuditEntry.objects.filter(
            club=club, action__in=(*CHANGE_KINDS, *REPORTED_AS), pk__gt=after, at__lte=settled
        )
        .order_by("pk")
        .values("pk", "action", "at", "object_id", "before", "after")[: limit + 1]
    )
    if not rows and after and not AuditEntry.objects.filter(pk__gte=after).exists():
        # past the end of the log: no page ever ended there (an app would skip what comes)
        raise ServiceError("cursor", "invalid_cursor")
    has_more = len(rows) > limit
    rows = rows[:limit]
    changes = [_change(row) for row in rows]
    next_position = rows[-1]["pk"] if rows else after
    return ChangesPage(changes=changes, next_cursor=cursor_encode(next_position), has_more=has_more)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _change(row: Mapping[str, Any]) -> Change:
    kind = REPORTED_AS.get(row["action"], row["action"])
    snapshot = row["after"] or row["before"] or {}
    session: int | None = None
    sessions: list[int] | None = None
    rnd = number = version = None
    if kind.startswith("round."):
        rnd = _int(snapshot.get("id"))
        session = _int(snapshot.get("session_id"))
        number = _int(snapshot.get("number"))
        version = _int(snapshot.get("version"))
    elif kind == "session.import":
        ids = snapshot.get("session_ids") or []
        sessions = [i for i in ids if _int(i) is not None] or None
    else:
        session = int(row["object_id"]) if row["object_id"].isdigit() else None
    return Change(
        cursor=cursor_encode(row["pk"]),
        kind=kind,
        at=row["at"],
        session=session,
        sessions=sessions,
        round=rnd,
        number=number,
        version=version,
    )
