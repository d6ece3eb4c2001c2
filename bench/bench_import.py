"""The import's floor (make bench-import, PostgreSQL; docs/performance.md, "The import's
floor"): the 20,046-round export of bench-import-src imported by BASE's ``import_rounds``
and by this tree three ways, in turn, each into its own database:

- ``as is``: what ``import_rounds`` does;
- ``one row a round``: the round's transfers, players, hands and kongs not written (what a
  schema keeping them inside the round row would save at most);
- ``no rows``: no session, seat, round or stat row written at all; what is left is reading
  the file, checking and scoring every round, building the rows, the totals and the audit.

Each is timed as ``import_rounds`` times itself (``lines_import`` only, not the start-up)
with the default workers; rows are left out by replacing ``insert_rows`` in this process
before the workers are forked, so nothing else changes. Prints each run, the medians and
each median over BASE's.

    python -m bench.bench_import [--base 5c0d0d6] [--runs 3]

The databases are make bench-site's (``BENCH_DB``, ``<BENCH_DB>_<base>``): migrated, and
the clubs ``bench-import-src`` (2,500 sessions) and ``demo-league`` (50,000 sessions, about
400,000 rounds) generated when absent. Each run leaves its copy, a ``bench-import-<ms>``
club (the ``no rows`` runs leave an empty one).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.bench_site import base_tree, ensure_database

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = os.environ.get("BENCH_DB", "postgres://postgres@127.0.0.1:5432/csmj_bench")
USER = "bench-recorder"
CLUBS = (("bench-import-src", 2500), ("demo-league", 50000))
# the models each mode leaves out
MODES: dict[str, tuple[str, ...]] = {
    "as is": (),
    "one row a round": ("Transfer", "RoundPlayer", "RoundHand", "RoundKong"),
    "no rows": (
        "Session",
        "SessionSeat",
        "Round",
        "Transfer",
        "RoundPlayer",
        "RoundHand",
        "RoundKong",
        "SessionResult",
        "PlayerSessionStat",
    ),
}


def manage(tree: Path, database: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=tree,
        env={**os.environ, "DATABASE_URL": database},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def prepare(tree: Path, database: str) -> None:
    """Migrate ``tree``'s database and generate the clubs and the recorder it lacks."""
    import psycopg

    ensure_database(database)
    manage(tree, database, "migrate", "-v", "0")
    with psycopg.connect(database) as conn:
        for slug, sessions in CLUBS:
            if not conn.execute("SELECT 1 FROM leagues_club WHERE slug = %s", [slug]).fetchone():
                print(f"generating {slug} in {tree.name} ...", file=sys.stderr, flush=True)
                manage(
                    tree,
                    database,
                    "generate_demo_league",
                    *("--players", "500", "--sessions", str(sessions), "--slug", slug),
                    *("-v", "0"),
                )
        if not conn.execute("SELECT 1 FROM auth_user WHERE username = %s", [USER]).fetchone():
            manage(
                tree, database, "createsuperuser", "--noinput", "--username", USER, "--email", ""
            )


def export(database: str) -> list[str]:
    out = ROOT / "bench" / ".bench-import-src.jsonl"
    manage(ROOT, database, "export_club", "bench-import-src", "-o", str(out))
    lines = out.read_text(encoding="utf-8").splitlines()
    out.unlink()
    return lines


def renamed(lines: list[str]) -> Path:
    """The export under a new club slug, written to a file of its own."""
    header = json.loads(lines[0])
    header["club"]["slug"] = f"bench-import-{time.time_ns() // 1_000_000}"
    out = ROOT / "bench" / f".{header['club']['slug']}.jsonl"
    out.write_text("\n".join([json.dumps(header, ensure_ascii=False), *lines[1:]]) + "\n")
    return out


def run_base(tree: Path, database: str, lines: list[str]) -> float:
    """BASE's import_rounds; its own printed rate."""
    path = renamed(lines)
    try:
        said = manage(tree, database, "import_rounds", str(path), "--user", USER, "-v", "0")
    finally:
        path.unlink()
    found = re.search(r"\(([\d,]+) rounds/s\)", said)
    if not found:
        raise SystemExit(f"BASE import said: {said}")
    return float(found.group(1).replace(",", ""))


def run_head(database: str, lines: list[str], mode: str) -> float:
    """This tree's import in ``mode``, in a process of its own (``--child``)."""
    path = renamed(lines)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bench.bench_import", "--child", mode, str(path)],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database},
            capture_output=True,
            text=True,
            check=True,
        )
    finally:
        path.unlink()
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return float(result["rounds"] / result["seconds"])


def child(mode: str, path: str) -> None:
    """Import ``path`` with MODES[mode]'s models left out; print rounds and seconds."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from scoring import bulk_import
    from scoring.club_file import lines_import

    left_out = set(MODES[mode])
    insert_rows = bulk_import.insert_rows

    def some_rows(model: Any, rows: list[dict[str, Any]]) -> None:
        if model.__name__ not in left_out:
            insert_rows(model, rows)

    bulk_import.insert_rows = some_rows  # type: ignore[assignment]
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    actor = get_user_model().objects.get(username=USER)
    began = time.perf_counter()
    report, _club = lines_import(lines=lines, actor=actor, workers=bulk_import.default_workers())
    seconds = time.perf_counter() - began
    if report.failed:
        raise SystemExit(f"{len(report.failed)} sessions failed")
    print(json.dumps({"rounds": report.rounds, "seconds": seconds}))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default=os.environ.get("BENCH_BASE", "5c0d0d6"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", nargs=2, metavar=("MODE", "FILE"))
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if not args.base:
        raise SystemExit("bench-import measures beside a commit: give --base (BENCH_BASE)")
    base_db = os.environ.get("BENCH_BASE_DB") or f"{BENCH_DB.split('?')[0]}_{args.base}"
    tree = base_tree(args.base)
    prepare(tree, base_db)
    prepare(ROOT, BENCH_DB)
    lines = export(BENCH_DB)
    print(f"load before: {os.getloadavg()[0]:.2f}", flush=True)
    rates: dict[str, list[float]] = {"BASE": [], **{m: [] for m in MODES}}
    for run in range(1, args.runs + 1):
        rates["BASE"].append(run_base(tree, base_db, lines))
        for mode in MODES:
            rates[mode].append(run_head(BENCH_DB, lines, mode))
        print(f"run {run}: " + ", ".join(f"{k} {v[-1]:,.0f}" for k, v in rates.items()), flush=True)
    base = statistics.median(rates["BASE"])
    print(f"\nimport of {len(lines) - 1:,} sessions, rounds/s, median of {args.runs}:")
    for name, got in rates.items():
        median = statistics.median(got)
        print(f"  {name:18} {median:8,.0f}  {median / base:5.2f} × BASE {args.base}")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
