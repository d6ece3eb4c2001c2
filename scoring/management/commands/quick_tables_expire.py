"""manage.py quick_tables_expire: delete the anonymous quick tables (快速开桌) nobody
claimed, 90 days after they were opened (docs/quick-tables.md). Celery beat runs the same
service nightly (``quick.tables_expire``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.quick.services import QUICK_TABLE_KEEP_DAYS, quick_tables_expire


class Command(BaseCommand):
    help = f"Delete unclaimed anonymous quick tables older than {QUICK_TABLE_KEEP_DAYS} days."

    def handle(self, *args: Any, **options: Any) -> None:
        count = quick_tables_expire()
        self.stdout.write(f"{count} quick table(s) deleted")
