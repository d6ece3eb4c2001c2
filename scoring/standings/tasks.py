"""Celery tasks. Each only calls a service, is idempotent (running it twice leaves the same
state: every task recomputes from the rounds), acknowledges late and retries on
database trouble. Queue them with ``transaction.on_commit`` so that a worker never
sees a transaction that is not there yet.

A task queued after commit is kept in the outbox (TaskOutbox), written in the write's own
transaction, until the broker has taken it: nothing waits on a person after a broker
outage. With no CELERY_BROKER_URL the tasks run eagerly, in-process.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from celery import shared_task
from django.db import DatabaseError

from leagues.models import Club, Season
from scoring.standings.models import TaskOutbox
from scoring.standings.rebuild import ratings_rebuild, standings_rebuild

logger = logging.getLogger(__name__)

RETRYING: dict[str, Any] = {
    "acks_late": True,
    "autoretry_for": (DatabaseError,),
    "retry_backoff": True,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(name="standings.ratings_rebuild", **RETRYING)
def ratings_rebuild_task(*, club_id: int, season_id: int | None) -> int:
    """Replay a season's (or, with season_id None, the club's) ratings."""
    return ratings_rebuild(club_id=club_id, season_id=season_id)


@shared_task(name="standings.standings_rebuild", **RETRYING)
def standings_rebuild_task(*, club_id: int | None = None, season_id: int | None = None) -> int:
    """Recompute the materialised standings and the ratings of a season, a club, or all."""
    season = Season.objects.get(pk=season_id) if season_id is not None else None
    club = Club.objects.get(pk=club_id) if club_id is not None else None
    return standings_rebuild(club=club, season=season)


def queue_after_commit(task: Any, **kwargs: Any) -> None:
    """``task.delay(**kwargs)`` once the current transaction commits (at once outside one),
    kept in the outbox (TaskOutbox) in that same transaction until the broker takes it.

    With the broker down the write has already committed and the request still succeeds:
    the task stays in the outbox, a warning is logged, and it is sent when the broker is
    back, by the next successful send or the beat's ``standings.outbox_flush``
    (docs/reliability.md)."""
    from django.db import transaction

    key = outbox_key(task.name, kwargs)
    TaskOutbox.objects.bulk_create(
        [TaskOutbox(key=key, task=task.name, kwargs=kwargs)], ignore_conflicts=True
    )
    transaction.on_commit(lambda: _send(task, kwargs, key))


def outbox_key(name: str, kwargs: dict[str, Any]) -> str:
    """One pending task: its name and its arguments."""
    return f"{name}{json.dumps(kwargs, sort_keys=True, separators=(',', ':'))}"[:200]


def _publish(task: Any, kwargs: dict[str, Any]) -> bool:
    """Hand the task to the broker; False (logged) when the broker is unavailable."""
    from kombu.exceptions import OperationalError as BrokerError

    try:
        task.apply_async(kwargs=kwargs, retry=False, ignore_result=True)
    except (BrokerError, ConnectionError, OSError):
        logger.warning(
            "broker unavailable: %s%s not queued; kept in the outbox, sent when the broker is back",
            task.name,
            kwargs,
        )
        return False
    return True


def _send(task: Any, kwargs: dict[str, Any], key: str) -> None:
    if not _publish(task, kwargs):
        # Kept (again: a concurrent writer with the same task may have sent and removed it).
        TaskOutbox.objects.bulk_create(
            [TaskOutbox(key=key, task=task.name, kwargs=kwargs)], ignore_conflicts=True
        )
        return
    TaskOutbox.objects.filter(key=key).delete()
    outbox_flush()  # the broker is there: what waited for it goes too


def outbox_flush() -> int:
    """Send the tasks waiting in the outbox, oldest first, each removed once the broker has
    it; stops at the first the broker refuses. Idempotent. Returns how many were sent."""
    from celery import current_app

    sent = 0
    for row in TaskOutbox.objects.order_by("id"):
        task = current_app.tasks.get(row.task)
        if task is None:  # a task this code no longer has
            logger.error("outbox: unknown task %s dropped", row.key)
        elif not _publish(task, row.kwargs):
            break
        else:
            sent += 1
        TaskOutbox.objects.filter(pk=row.pk).delete()
    return sent


@shared_task(name="standings.outbox_flush", **RETRYING)
def outbox_flush_task() -> int:
    """Send what waited in the outbox for the broker (celery beat, every half minute)."""
    return outbox_flush()
