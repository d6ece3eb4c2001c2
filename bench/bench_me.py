"""我的 (/me/) at scale (make bench-me): one user linked to a roster entry in three clubs,
~20,000 counted rounds in all, served in-process by the Django test client (no network).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/csmj_bench_me python -m bench.bench_me
    DATABASE_URL=sqlite:////tmp/csmj_bench_me.sqlite3 python -m bench.bench_me

The three clubs (``bench-me-1`` … ``-3``, four players each, so every player sits in every
session) are generated on the first run and kept. Each request is measured twice: with
the figures' cache cleared before every request (cold: what the first reader after a
change waits) and with the cache kept (warm: every other reader).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CLUBS = ("bench-me-1", "bench-me-2", "bench-me-3")
SESSIONS = int(os.environ.get("BENCH_ME_SESSIONS", "834"))  # per club, ~8 rounds each
REQUESTS = int(os.environ.get("BENCH_REQUESTS", "40"))
WARMUP = int(os.environ.get("BENCH_WARMUP", "5"))
PATHS = ("/me/", "/api/v1/me/stats/", "/me/?year=2025")


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")
    sys.path.insert(0, str(ROOT))
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        from bench.bench_site import ensure_database

        ensure_database(url)
    import django

    django.setup()


def prepare() -> Any:
    """Migrate, generate the clubs unless they exist, link the user to each club's first
    player; the user."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from leagues.models import Club, Player

    call_command("migrate", verbosity=0)
    for n, slug in enumerate(CLUBS, start=1):
        if not Club.objects.filter(slug=slug).exists():
            print(f"generating {slug} ({SESSIONS} sessions) ...", flush=True)
            call_command(
                "generate_demo_league",
                players=4,
                sessions=SESSIONS,
                slug=slug,
                seed=n,
                workers=1,
                verbosity=0,
            )
    user, _ = get_user_model().objects.get_or_create(username="bench-me")
    for slug in CLUBS:
        player = Player.objects.filter(club__slug=slug).order_by("pk").first()
        if player is not None and player.user_id is None:
            player.user = user
            player.save(update_fields=["user"])
    return user


def measure(client: Any, path: str, *, cold: bool) -> dict[str, Any]:
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    queries = 0
    for i in range(WARMUP + REQUESTS):
        if cold:
            cache.clear()
        with CaptureQueriesContext(connection) as ctx:
            began = time.perf_counter()
            status = client.get(path).status_code
            elapsed = (time.perf_counter() - began) * 1000
        if status != 200:
            raise SystemExit(f"{path}: {status}")
        if i >= WARMUP:
            times.append(elapsed)
            queries = len(ctx)
    times.sort()
    return {
        "p50": statistics.median(times),
        "p95": times[max(0, round(0.95 * len(times)) - 1)],
        "queries": queries,
    }


def main() -> None:
    setup_django()
    from django.db import connection
    from django.test import Client

    from scoring.models import RoundPlayer, counting_q

    user = prepare()
    rounds = RoundPlayer.objects.filter(counting_q("round"), player__user=user).count()
    print(
        f"{connection.vendor}: user linked in {len(CLUBS)} clubs, {rounds:,} counted rounds; "
        f"{REQUESTS} requests after {WARMUP} warm-ups; load {os.getloadavg()[0]:.2f}"
    )
    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(user)
    for path in PATHS:
        for cold in (True, False):
            r = measure(client, path, cold=cold)
            print(
                f"  {path:20} {'cold' if cold else 'warm':4}  p50 {r['p50']:7.1f} ms  "
                f"p95 {r['p95']:7.1f} ms  {r['queries']} queries",
                flush=True,
            )


if __name__ == "__main__":
    main()
