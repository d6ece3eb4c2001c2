"""Celery tasks of webhooks. Each only calls a service. A delivery is queued once the
transaction that wrote its change commits (``queue_after_commit``), and retried after
a failed attempt on the services' schedule (``ATTEMPTS``, ``backoff_seconds``), then
logged as failed.

With no CELERY_BROKER_URL the tasks run eagerly, in-process (the retries too, at once).
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction

from leagues.audit import AuditEntry
from scoring.webhooks.services import (
    ATTEMPTS,
    backoff_seconds,
    deliveries_create,
    delivery_attempt,
)

logger = logging.getLogger(__name__)


@shared_task(name="webhooks.deliver", acks_late=True)
def webhook_deliver_task(*, delivery_id: int, attempt: int = 1) -> bool:
    """Attempt a delivery (``attempt`` of ATTEMPTS); on failure, queue the next attempt
    after its backoff until the attempts run out. (A new message rather than Celery's
    ``retry``, which an eager run would raise out of the write that queued it.)"""
    final = attempt >= ATTEMPTS
    delivered = delivery_attempt(delivery_id=delivery_id, final=final)
    if not delivered and not final:
        webhook_deliver_task.apply_async(
            kwargs={"delivery_id": delivery_id, "attempt": attempt + 1},
            countdown=backoff_seconds(attempt - 1),
            ignore_result=True,
        )
    return delivered


def delivery_queue(*, delivery_id: int) -> None:
    """Queue a delivery's attempts once the current transaction commits (at once outside
    one). With the broker down the delivery stays pending, a warning is logged, and the
    organiser's page can send it again."""
    transaction.on_commit(lambda: _send(delivery_id))


def _send(delivery_id: int) -> None:
    from kombu.exceptions import OperationalError as BrokerError

    try:
        webhook_deliver_task.apply_async(
            kwargs={"delivery_id": delivery_id}, retry=False, ignore_result=True
        )
    except (BrokerError, ConnectionError, OSError):
        logger.warning("broker unavailable: webhook delivery %s not queued", delivery_id)


def webhooks_notify(*, entry: AuditEntry) -> None:
    """The deliveries that a write's audit entry calls for (its club's webhooks that asked
    for its event), written in the write's transaction and queued after it commits. The
    write services call it beside their audit line: round record, correct and void, a
    session's finish, a paper session, a night's finish."""
    for delivery in deliveries_create(entry=entry):
        delivery_queue(delivery_id=delivery.pk)
