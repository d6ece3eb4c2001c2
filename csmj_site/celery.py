"""The Celery app. With no CELERY_BROKER_URL, tasks run eagerly in-process."""

import os
from typing import Any

from celery import Celery, Task
from celery.schedules import crontab

from csmj_site.replica import primary_reads

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")


class PrimaryTask(Task):  # type: ignore[misc]
    """Every task reads the primary, even one run eagerly inside a request that was
    allowed the replica (csmj_site/replica.py): tasks recompute what was just written."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        with primary_reads():
            return super().__call__(*args, **kwargs)


app = Celery("csmj", task_cls=PrimaryTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Task modules of packages that are not apps of their own: the worker imports them too.
app.autodiscover_tasks(["scoring.quick", "scoring.webhooks"])

# celery beat: a nightly rebuild of the materialised standings and ratings from the rounds,
# a safety net (the write path keeps them right; the rebuild is idempotent).
app.conf.beat_schedule = {
    "standings-rebuild-nightly": {
        "task": "standings.standings_rebuild",
        "schedule": crontab(hour=4, minute=30),
    },
    # The tasks a broker outage kept in the outbox, sent once it is back (docs/reliability.md).
    "standings-outbox-flush": {
        "task": "standings.outbox_flush",
        "schedule": 30.0,
    },
    # 快速开桌: anonymous tables nobody claimed go after 90 days (docs/quick-tables.md).
    "quick-tables-expire-nightly": {
        "task": "quick.tables_expire",
        "schedule": crontab(hour=4, minute=45),
    },
}
