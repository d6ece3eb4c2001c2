"""Celery tasks. Each only calls a service, is idempotent (running it twice leaves the same
state: every task recomputes from the rounds), acknowledges late and retries on
database trouble. Queue them with ``transaction.on_commit`` so that a worker never
sees a transaction that is not there yet.

With no CELERY_BROKER_URL the tasks run eagerly, in-process.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from django.db import DatabaseError

from leagues.models import Club, Season
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
    """``task.delay(**kwargs)`` once the current transaction commits (at once outside one).

    With the broker down the write has already committed: the task is not queued, a
    warning is logged, and the request still succeeds. The work is not caught up by itself;
    ``manage.py rebuild_standings`` (or the nightly rebuild) restores it (docs/reliability.md)."""
    from django.db import transaction

    transaction.on_commit(lambda: _send(task, kwargs))


def _send(task: Any, kwargs: dict[str, Any]) -> None:
    from kombu.exceptions import OperationalError as BrokerError

    try:
        task.apply_async(kwargs=kwargs, retry=False, ignore_result=True)
    except (BrokerError, ConnectionError, OSError):
        logger.warning(
            "broker unavailable: %s%s not queued; run manage.py rebuild_standings",
            task.name,
            kwargs,
        )
