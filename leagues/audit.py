"""The audit log: every write, who did it, when, what, before and after.

Write services call ``audit_record`` explicitly, inside their transaction, once per write
(no signals: a signal would not know the actor, and would fire per row of a bulk write).
A bulk import writes one ``session.import`` entry per club and batch
(``audit_record_import``); a standings or ratings rebuild recomputes derived rows and is
not logged. Club organisers read the log on /c/<slug>/audit/ (leagues.audit_views).

Snapshots are the model's concrete fields as JSON. Secrets (invitation tokens, token
hashes, passwords, a session's follow link) are never stored: they show as "********".

The model is registered through ``leagues.models`` (one import line there).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The names at a session's seats, by session id, for the audit log's sentences about
# rounds: the app that owns sessions (scoring) registers it when it is ready
# (``seat_names_provide``), so leagues never reads that app's tables. (Here, not in
# audit_text, so that registering it at start-up loads nothing more.)
SeatNames = Callable[[set[int]], dict[int, list[str]]]
SEAT_NAMES: list[SeatNames] = []


def seat_names_provide(provider: SeatNames) -> None:
    """Register the function that names the seats of sessions (one at a time)."""
    SEAT_NAMES[:] = [provider]


SECRET_FIELDS = frozenset({"token", "token_hash", "password", "secret", "follow_token"})
MASK = "********"


class AuditEntry(models.Model):
    club = models.ForeignKey(
        "leagues.Club", on_delete=models.CASCADE, related_name="audit_entries", null=True
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    actor_name = models.CharField(_("操作人"), max_length=150, blank=True)
    at = models.DateTimeField(_("时间"), default=timezone.now)
    action = models.CharField(_("操作"), max_length=40)
    object_type = models.CharField(_("对象类型"), max_length=40)
    object_id = models.CharField(_("对象编号"), max_length=40, blank=True)
    object_repr = models.CharField(_("对象"), max_length=200, blank=True)
    before = models.JSONField(_("修改前"), null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(_("修改后"), null=True, blank=True, encoder=DjangoJSONEncoder)

    class Meta:
        app_label = "leagues"
        ordering = ["-at", "-id"]
        verbose_name = _("操作记录")
        verbose_name_plural = _("操作记录")
        indexes = [models.Index(fields=["club", "-at"], name="audit_club_at")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.actor_name} {self.action} {self.object_repr}"

    def changes(self) -> list[tuple[str, Any, Any]]:
        """(field, before, after) for every field that differs (all fields of a create
        or a delete)."""
        before, after = self.before or {}, self.after or {}
        keys = list(dict.fromkeys([*before, *after]))
        return [(k, before.get(k), after.get(k)) for k in keys if before.get(k) != after.get(k)]


def audit_snapshot(obj: Any) -> dict[str, Any] | None:
    """The object's concrete fields as JSON values (secrets masked); None for None."""
    if obj is None:
        return None
    values = {
        f.attname: (MASK if f.name in SECRET_FIELDS else getattr(obj, f.attname))
        for f in obj._meta.concrete_fields
    }
    snapshot: dict[str, Any] = json.loads(json.dumps(values, cls=DjangoJSONEncoder))
    return snapshot


def audit_stored(obj: Any) -> dict[str, Any] | None:
    """The snapshot of the row as the database holds it now: the "before" of an update,
    right even when a form has already changed the instance in memory."""
    if obj is None or obj.pk is None:
        return None
    return audit_snapshot(type(obj)._default_manager.filter(pk=obj.pk).first())


def audit_record(
    *,
    actor: Any,
    club: Any,
    action: str,
    obj: Any,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEntry:
    """Record one write. ``action`` is "<thing>.<verb>" (e.g. "round.record");
    ``before``/``after`` are audit_snapshot()s (None for a create's before or a delete's
    after). Call it inside the write's transaction, so both commit or neither."""
    entry = audit_entry(actor=actor, club=club, action=action, obj=obj, before=before, after=after)
    entry.save()
    return entry


def audit_record_created(*, actor: Any, club: Any, action: str, objs: list[Any]) -> None:
    """``audit_record(..., after=audit_snapshot(obj))`` for many new objects, in one
    INSERT (a bulk import's roster)."""
    AuditEntry.objects.bulk_create(
        [
            audit_entry(
                actor=actor, club=club, action=action, obj=o, before=None, after=audit_snapshot(o)
            )
            for o in objs
        ],
        batch_size=1000,
    )


def audit_record_import(
    *,
    actor: Any,
    club_id: int,
    sessions: int,
    rounds: int,
    session_ids: list[int],
    lines: list[int],
) -> AuditEntry:
    """One entry per club for each batch of a bulk import (``import_rounds``,
    ``generate_demo_league``), written in the batch's transaction: how many sessions and
    rounds, which session ids and which lines of the file."""
    entry = audit_entry(
        actor=actor,
        club=None,
        action="session.import",
        obj=None,
        before=None,
        after={
            "sessions": sessions,
            "rounds": rounds,
            "session_ids": [min(session_ids), max(session_ids)],
            "lines": [min(lines), max(lines)],
        },
    )
    entry.club_id = club_id
    entry.object_type = "scoring.session"
    entry.object_id = f"{min(session_ids)}-{max(session_ids)}"
    # The sessions' ids, in no language: the log's sentence (导入了 … 场 … 盘, imported …)
    # is worded from ``after`` in the reader's language by ``leagues.audit_text``.
    entry.object_repr = entry.object_id
    entry.save()
    return entry


def audit_entry(
    *,
    actor: Any,
    club: Any,
    action: str,
    obj: Any,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEntry:
    """``audit_record``'s entry, unsaved: for a write that inserts it with its other rows
    in one statement (recording a round, ``scoring.services.rounds``)."""
    user = actor if actor is not None and getattr(actor, "is_authenticated", False) else None
    return AuditEntry(
        club=club,
        actor=user,
        actor_name=user.get_username() if user is not None else "",
        action=action,
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None and obj.pk is not None else "",
        object_repr=str(obj)[:200] if obj is not None else "",
        before=before,
        after=after,
    )


def audit_list(*, club: Any) -> QuerySet[AuditEntry]:
    """A club's log, newest first."""
    return AuditEntry.objects.filter(club=club).select_related("actor")
