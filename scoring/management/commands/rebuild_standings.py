"""manage.py rebuild_standings [--season ID | --club SLUG] [--async]: recompute the
materialised standings and the ratings from the rounds."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from leagues.models import Club, Season
from scoring.models import Session
from scoring.standings.rebuild import standings_rebuild
from scoring.standings.tasks import standings_rebuild_task


class Command(BaseCommand):
    help = "Recompute per-season and per-club player stats and ratings from the rounds."

    def add_arguments(self, parser: Any) -> None:
        scope = parser.add_mutually_exclusive_group()
        scope.add_argument("--season", type=int, help="a season id (its club's totals too)")
        scope.add_argument("--club", help="a club slug")
        parser.add_argument(
            "--async",
            dest="run_async",
            action="store_true",
            help="queue the Celery task instead of running here",
        )

    def handle(
        self, *args: Any, season: int | None, club: str | None, run_async: bool, **options: Any
    ) -> None:
        season_obj = Season.objects.filter(pk=season).first() if season else None
        if season and season_obj is None:
            raise CommandError(f"no season with id {season}")
        club_obj = Club.objects.filter(slug=club).first() if club else None
        if club and club_obj is None:
            raise CommandError(f"no club {club!r}")
        if run_async:
            result = standings_rebuild_task.delay(
                club_id=club_obj.pk if club_obj else None,
                season_id=season_obj.pk if season_obj else None,
            )
            self.stdout.write(f"queued {result.id}")
            return
        sessions = Session.objects.all()
        if season_obj is not None:
            sessions = sessions.filter(season=season_obj)
        elif club_obj is not None:
            sessions = sessions.filter(season__club=club_obj)
        verbosity = options.get("verbosity", 1)
        with tqdm(
            total=sessions.count(), unit="session", disable=verbosity < 1, file=self.stderr
        ) as bar:
            n = standings_rebuild(club=club_obj, season=season_obj, progress=bar.update)
        self.stdout.write(f"rebuilt standings and ratings from {n} sessions")
