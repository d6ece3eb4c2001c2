"""Celery beat's nightly clean-up of unclaimed anonymous quick tables (csmj_site/celery.py)."""

from __future__ import annotations

from celery import shared_task

from scoring.quick.services import quick_tables_expire


@shared_task(name="quick.tables_expire", acks_late=True)
def tables_expire() -> int:
    return quick_tables_expire()
