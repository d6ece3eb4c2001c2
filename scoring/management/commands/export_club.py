"""manage.py export_club SLUG [-o FILE]: the whole club as JSON lines (see
scoring/club_file.py); import_rounds FILE reads it back into an empty database."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from leagues.models import Club
from scoring.club_file import club_export_lines


class Command(BaseCommand):
    help = "Write a club (rulesets, seasons, roster, sessions, rounds) as JSON lines."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help="a file (default: standard output)")

    def handle(self, *args: Any, slug: str, output: str | None, **options: Any) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"no club {slug!r}")
        out = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
        try:
            n = 0
            for line in club_export_lines(club=club):
                out.write(line + "\n")
                n += 1
        finally:
            if output:
                out.close()
        if output:
            self.stderr.write(f"wrote {n - 1} sessions of {club.slug} to {output}")
