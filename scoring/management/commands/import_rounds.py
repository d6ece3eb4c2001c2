"""manage.py import_rounds FILE [--club SLUG] [--season NAME] [--user NAME]
[--all-or-nothing]: import sessions from JSON lines (scoring/club_file.py)."""

from __future__ import annotations

import sys
import time
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from csmj_site.errors import ServiceErrors, error_item
from leagues.models import Club, Season
from scoring.bulk_import import default_workers
from scoring.club_file import ImportFailed, lines_import


class Command(BaseCommand):
    help = (
        "Import sessions (one JSON object per line: players, seats, rounds). Each session "
        "is atomic: a bad one is reported with its line number and every error, the good "
        "ones are stored. Exit status 2 when any session failed."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="a .jsonl file, or - for standard input")
        parser.add_argument("--club", help="club slug (unless the file starts with a club)")
        parser.add_argument("--season", help="default season name for lines without one")
        parser.add_argument("--user", help="the recorder (default: the first superuser)")
        parser.add_argument(
            "--all-or-nothing",
            action="store_true",
            help="store nothing when any session is bad",
        )
        parser.add_argument("--batch", type=int, default=500, help="sessions per transaction")
        parser.add_argument(
            "--workers",
            type=int,
            default=default_workers(),
            help="processes that check and write batches in parallel (PostgreSQL; "
            f"default: two per CPU, at most 4, here {default_workers()})",
        )

    def handle(self, *args: Any, **o: Any) -> None:
        actor = self._actor(o["user"])
        club = None
        if o["club"]:
            club = Club.objects.filter(slug=o["club"]).first()
            if club is None:
                raise CommandError(f"no club {o['club']!r}")
        season = None
        if o["season"]:
            if club is None:
                raise CommandError("--season needs --club")
            season = Season.objects.filter(club=club, name=o["season"]).first()
            if season is None:
                raise CommandError(f"no season {o['season']!r} in {club.slug}")
        if o["file"] == "-":
            lines: list[str] = sys.stdin.read().splitlines()
        else:
            try:
                with open(o["file"], encoding="utf-8") as f:
                    lines = f.read().splitlines()
            except OSError as exc:
                raise CommandError(str(exc)) from exc
        total = sum(1 for line in lines if line.strip() and '"format"' not in line[:40])
        started = time.perf_counter()
        with tqdm(total=total, unit="session", disable=o["verbosity"] < 1, file=self.stderr) as bar:
            try:
                report, club = lines_import(
                    lines=lines,
                    actor=actor,
                    club=club,
                    season=season,
                    all_or_nothing=o["all_or_nothing"],
                    progress=bar.update,
                    batch_size=o["batch"],
                    workers=o["workers"],
                )
            except (ImportFailed, PermissionDenied) as exc:
                raise CommandError(str(exc)) from exc
            except ValidationError as exc:  # the header refused (its roster, a season …)
                lines = [f"{e['field'] or '-'}: {e['code']}: {e['message']}" for e in _errors(exc)]
                raise CommandError(
                    "the header is refused; nothing stored\n" + "\n".join(lines)
                ) from exc
        elapsed = time.perf_counter() - started
        for line, errors in report.failed:
            for e in errors:
                self.stderr.write(f"line {line}: {e['field'] or '-'}: {e['code']}: {e['message']}")
        for name, alias in report.aliases_left_out:
            self.stderr.write(f"players: {name}: alias {alias!r} left out: it names another player")
        rate = report.rounds / elapsed if elapsed > 0 else 0.0
        verb = "rolled back" if o["all_or_nothing"] and report.failed else "imported"
        self.stdout.write(
            f"{club.slug}: {verb} {report.sessions} sessions, {report.rounds} rounds "
            f"({rate:,.0f} rounds/s); {len(report.failed)} sessions failed; "
            f"{report.added_players} players added"
        )
        if report.failed:
            sys.exit(2)

    def _actor(self, username: str | None) -> Any:
        User = get_user_model()
        if username:
            user = User.objects.filter(username=username).first()
            if user is None:
                raise CommandError(f"no user {username!r}")
            return user
        user = User.objects.filter(is_superuser=True).order_by("pk").first()
        if user is None:
            raise CommandError("give --user (there is no superuser)")
        return user


def _errors(exc: ValidationError) -> list[dict[str, str]]:
    """A refusal's errors as the report's lines give them (field, code, English message)."""
    if isinstance(exc, ServiceErrors):
        return [e.as_dict() for e in exc.errors]
    return [error_item("", "invalid", m) for m in exc.messages]
