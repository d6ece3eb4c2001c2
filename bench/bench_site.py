"""The site at scale (make bench-site, PostgreSQL): import throughput, request latency
through gunicorn on loopback (started from the Procfile by honcho), queries per request
at ~1,000 and ~400,000 rounds, on this tree and on a base commit in the same run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/csmj_bench BENCH_BASE=5c0d0d6 \
        python -m bench.bench_site

``BENCH_BASE`` (default 5c0d0d6; empty: this tree only) is checked out as a git
worktree under ``bench/.trees/`` (git-ignored; this tree's ``.venv`` runs it). Each
tree has its own database, since their migrations differ: ``DATABASE_URL`` for this
tree, ``<DATABASE_URL>_<base>`` for the base (``BENCH_BASE_DB`` to name another). The
clubs are generated once into each (``generate_demo_league``, the same in both) and
kept. Each tree is measured by this file's code run in a process of its own with the
tree's modules (``--tree``); the figures are printed side by side with HEAD/BASE.
Before measuring, each database is vacuumed when its server runs without autovacuum
(``vacuum_without_autovacuum``), as autovacuum would keep it.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
ROOT = HERE  # the tree measured (--tree); this one unless told
PORT = int(os.environ.get("BENCH_PORT", "0"))  # 0: a free port


REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
WARMUP = int(os.environ.get("BENCH_WARMUP", "20"))
IMPORTS = int(os.environ.get("BENCH_IMPORTS", "3"))  # import runs; each leaves its copy
BASE = os.environ.get("BENCH_BASE", "5c0d0d6")
SCALE = int(os.environ.get("BENCH_SCALE", "1"))  # >1: a club SCALE times demo-league too
COLD = os.environ.get("BENCH_COLD", "") == "1"  # the reads again, nothing kept (slower run)
PATHS = ("standings_page", "standings_api", "player_page", "club_page")
LABELS = {
    "standings_page": "season standings page",
    "standings_api": "standings API",
    "player_page": "busiest player's page",
    "club_page": "club board page",
    "record": "record a round (API)",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_database(url: str) -> None:
    """CREATE DATABASE for the bench URL when it does not exist yet."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def prepare() -> dict[str, float]:
    """Migrate, then create the demo clubs unless they exist (the big ones take a while:
    their rate is the import throughput at scale). Returns the seconds each club made
    now took."""
    from django.core.management import call_command

    from leagues.models import Club

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    took: dict[str, float] = {}
    for slug, sessions in (
        ("bench-small", 125),
        ("bench-import-src", 2500),
        ("demo-league", 50000),  # ~400,000 rounds
        *([(big_slug(), 50000 * SCALE)] if SCALE > 1 else []),
    ):
        if not Club.objects.filter(slug=slug).exists():
            print(f"generating {slug} ({sessions} sessions) ...", file=sys.stderr, flush=True)
            began = time.perf_counter()
            call_command(  # --sessions, not --scale: the base commit's command has no --scale
                "generate_demo_league", players=500, sessions=sessions, slug=slug, verbosity=1
            )
            took[slug] = time.perf_counter() - began
            print(f"  generated {slug} in {took[slug]:.0f} s", file=sys.stderr, flush=True)
    vacuum_without_autovacuum()
    return took


def vacuum_without_autovacuum() -> None:
    """VACUUM (ANALYZE) the bench database when its server runs without autovacuum (this
    machine's PostgreSQL does): what autovacuum keeps up on a server that has it, the
    visibility map that lets a read be answered from an index alone and the planner's
    statistics. Pages already vacuumed are skipped, so a kept database costs little."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SHOW autovacuum")
        if cur.fetchone()[0] == "on":
            return
        began = time.perf_counter()
        cur.execute("VACUUM (ANALYZE)")
    took = time.perf_counter() - began
    print(f"  VACUUM (ANALYZE), autovacuum being off: {took:.0f} s", file=sys.stderr, flush=True)


def big_slug() -> str:
    """The club BENCH_SCALE times demo-league's size (measured beside it)."""
    return f"demo-league-x{SCALE}"


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def scenario(slug: str, username: str) -> dict[str, Any]:
    """URLs of one club: its biggest season, its busiest player, a fresh session to record
    into, and an API token for a recorder."""
    from django.contrib.auth import get_user_model

    from leagues.models import Club, Membership, Role
    from leagues.tokens import apitoken_create
    from scoring.models import Session
    from scoring.services import session_start
    from scoring.standings.models import PlayerSeasonStat

    club = Club.objects.get(slug=slug)
    season = club.seasons.order_by("pk").first()
    top = PlayerSeasonStat.objects.filter(season=season).order_by("-rounds").first()
    player_id = top.player_id if top else club.players.order_by("pk").first().pk
    user, _ = get_user_model().objects.get_or_create(username=username)
    Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.RECORDER})
    _, token = apitoken_create(user=user, name=f"bench {time.time():.0f}")
    seated = list(Session.objects.filter(season=season).order_by("pk").first().seats.all())
    session = session_start(
        season=season, players=[s.player for s in seated], first_dealer=0, actor=user
    )
    return {
        "slug": slug,
        "rounds": _round_count(club),
        "standings_page": f"/c/{slug}/seasons/{season.pk}/",
        "standings_api": f"/api/v1/clubs/{slug}/seasons/{season.pk}/standings/",
        "player_page": f"/c/{slug}/players/{player_id}/",
        "club_page": f"/c/{slug}/",
        "record": f"/api/v1/clubs/{slug}/sessions/{session.pk}/rounds/",
        "token": token,
    }


def _round_count(club: Any) -> int:
    from scoring.models import Round

    return Round.objects.filter(session__season__club=club).count()


ROUND = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [2, 5]},
}


def settle_seconds() -> float:
    """SYNC_SETTLE_SECONDS (2 by default; older trees read it the same way)."""
    from django.conf import settings

    return float(getattr(settings, "SYNC_SETTLE_SECONDS", 2))


def queries_per_request(s: dict[str, Any]) -> dict[str, Any]:
    """Database queries of each request, served in-process by the test client: a read
    twice in a row (first and second reader; equal where nothing is kept), a round once."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    out: dict[str, Any] = {}
    auth = {"HTTP_AUTHORIZATION": f"Bearer {s['token']}"}
    for name in PATHS:
        counts = []
        for _ in range(2):
            with CaptureQueriesContext(connection) as ctx:
                status = Client(HTTP_HOST="127.0.0.1").get(s[name]).status_code
            counts.append(len(ctx) if status == 200 else -status)
        out[name] = counts
    with CaptureQueriesContext(connection) as ctx:
        status = (
            Client(HTTP_HOST="127.0.0.1")
            .post(s["record"], ROUND, content_type="application/json", **auth)
            .status_code
        )
    out["record"] = [len(ctx) if status == 201 else -status]
    return out


def start_web(env: dict[str, str]) -> subprocess.Popen:
    """gunicorn (and the Celery worker) from the Procfile, through honcho."""
    proc = subprocess.Popen(
        [str(HERE / ".venv/bin/honcho"), "start", "-f", str(ROOT / "Procfile"), "web", "worker"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _ in range(150):
        if proc.poll() is not None:
            raise SystemExit("honcho/gunicorn exited at start")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            conn.request("GET", "/")
            conn.getresponse().read()
            return proc
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise SystemExit("gunicorn did not start")


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def latency(path: str, *, method: str = "GET", token: str = "", body: Any = None) -> dict:
    """p50/p95 in ms over REQUESTS sequential requests, a new connection each."""
    headers = {"Host": "127.0.0.1"}
    payload = None
    if body is not None:
        payload = json.dumps(body)
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    times, statuses = [], set()
    for i in range(WARMUP + REQUESTS):
        began = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        resp.read()
        conn.close()
        elapsed = (time.perf_counter() - began) * 1000
        statuses.add(resp.status)
        if i >= WARMUP:
            times.append(elapsed)
    times.sort()
    return {
        "p50": statistics.median(times),
        "p95": times[int(len(times) * 0.95) - 1],
        "status": sorted(statuses),
    }


def import_throughput(env: dict[str, str]) -> str:
    """import_rounds of an exported club (bench-import-src, ~20,000 rounds, under a new slug)."""
    out = ROOT / "bench" / ".bench-import.jsonl"
    subprocess.run(
        [sys.executable, "manage.py", "export_club", "bench-import-src", "-o", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    text = out.read_text(encoding="utf-8").splitlines()
    header = json.loads(text[0])
    header["club"]["slug"] = f"bench-import-{time.time_ns() // 1_000_000}"
    text[0] = json.dumps(header, ensure_ascii=False)
    out.write_text("\n".join(text) + "\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "import_rounds",
            str(out),
            "--user",
            "bench-recorder",
            "-v",
            "0",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    out.unlink()
    return done.stdout.strip() or done.stderr.strip()[-300:]


def measure_tree() -> dict[str, Any]:
    """Everything measured on the tree at ROOT (this process runs its modules)."""
    url = os.environ.get("DATABASE_URL", "")
    ensure_database(url)
    setup_django()
    generated = prepare()
    scenarios = [
        scenario("bench-small", "bench-recorder"),
        scenario("demo-league", "bench-recorder"),
        *([scenario(big_slug(), "bench-recorder")] if SCALE > 1 else []),
    ]
    result: dict[str, Any] = {"clubs": {}, "import": [], "generated": generated}
    # The scenarios just logged a session in each club: a read is kept only once the
    # club's newest log entry has settled (club_read_version), as in the latency runs.
    time.sleep(settle_seconds() + 0.5)
    for s in scenarios:
        result["clubs"][s["slug"]] = {
            "rounds": s["rounds"],
            "queries": queries_per_request(s),
            "latency": {},
        }
    global PORT
    PORT = PORT or free_port()
    env = {
        **os.environ,
        "PATH": f"{HERE / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "BIND": f"127.0.0.1:{PORT}",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
        "ACCESS_LOG": "/dev/null",
        "DB_CONN_MAX_AGE": "60",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/1"),
    }
    for _ in range(IMPORTS):
        said = import_throughput(env)
        print(f"  import: {said}", file=sys.stderr, flush=True)
        found = re.search(r"\(([\d,]+) rounds/s\)", said)
        if found:
            result["import"].append(int(found.group(1).replace(",", "")))
    proc = start_web(env)
    try:
        for s in scenarios:
            kept = result["clubs"][s["slug"]]["latency"]
            for name in PATHS:
                kept[name] = latency(s[name])
            kept["record"] = latency(s["record"], method="POST", token=s["token"], body=ROUND)
            print(f"  {s['slug']} measured", file=sys.stderr, flush=True)
    finally:
        stop(proc)
    if COLD:
        # Every read rendered (nothing kept: the cost of the first reader after a change),
        # in the clubs of 400,000 rounds and more.
        proc = start_web({**env, "READ_CACHE_SECONDS": "0"})
        try:
            result["cold"] = {
                s["slug"]: {name: latency(s[name]) for name in PATHS} for s in scenarios[1:]
            }
        finally:
            stop(proc)
    return result


def base_tree(commit: str) -> Path:
    """A git worktree of ``commit`` under bench/.trees/ (made once, kept)."""
    tree = HERE / "bench" / ".trees" / commit
    if not (tree / "manage.py").exists():
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), commit],
            cwd=HERE,
            check=True,
            capture_output=True,
        )
    return tree


def run_tree(tree: Path, database: str) -> dict[str, Any]:
    """measure_tree() in a process of its own, on ``tree``'s modules."""
    print(f"measuring {tree} on {database.rsplit('/', 1)[1]} ...", flush=True)
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--tree", str(tree)],
        cwd=tree,
        env={**os.environ, "DATABASE_URL": database},
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def ratio(head: float, base: float | None) -> str:
    return f"{head / base:5.2f}" if base else "    —"


def report(head: dict[str, Any], base: dict[str, Any] | None, base_name: str) -> None:
    """HEAD's figures beside BASE's, with HEAD/BASE."""
    print(f"\nfigures: HEAD beside BASE {base_name or '(none)'}, ratio HEAD/BASE")
    for slug, club in head["clubs"].items():
        other = (base or {}).get("clubs", {}).get(slug)
        print(f"\n{slug}: {club['rounds']:,} rounds (BASE: {other['rounds'] if other else '—'})")
        print(
            f"  {'path':24} {'queries HEAD/BASE':>18}  {'p50 HEAD':>8} {'BASE':>7} {'ratio':>5}"
            f"  {'p95 HEAD':>8} {'BASE':>7} {'ratio':>5}  status"
        )
        for name in (*PATHS, "record"):
            h = club["latency"][name]
            b = other["latency"][name] if other else None
            hq = "/".join(str(q) for q in club["queries"][name])
            bq = "/".join(str(q) for q in other["queries"][name]) if other else "—"
            print(
                f"  {LABELS[name]:24} {hq + ' | ' + bq:>18}  {h['p50']:8.1f} "
                f"{b['p50'] if b else 0:7.1f} {ratio(h['p50'], b and b['p50'])}  "
                f"{h['p95']:8.1f} {b['p95'] if b else 0:7.1f} {ratio(h['p95'], b and b['p95'])}"
                f"  {h['status']}"
            )
    for slug, cold in head.get("cold", {}).items():
        other_cold = (base or {}).get("cold", {}).get(slug, {})
        print(f"\n{slug}, every read rendered (READ_CACHE_SECONDS=0: a first reader)")
        for name in PATHS:
            h, b = cold[name], other_cold.get(name)
            print(
                f"  {LABELS[name]:24} p50 {h['p50']:7.1f} BASE {b['p50'] if b else 0:7.1f}"
                f" {ratio(h['p50'], b and b['p50'])}   p95 {h['p95']:7.1f}"
                f" BASE {b['p95'] if b else 0:7.1f} {ratio(h['p95'], b and b['p95'])}"
            )
    if SCALE > 1:
        scaled(head)
    for slug, seconds in head.get("generated", {}).items():
        print(f"\ngenerated {slug} in this run: {seconds:.0f} s")
    rates = head["import"]
    base_rates = (base or {}).get("import", [])
    if rates:
        line = f"\nimport (import_rounds), median of {len(rates)}: {statistics.median(rates):,.0f}"
        if base_rates:
            line += (
                f" rounds/s, BASE {statistics.median(base_rates):,.0f}, ratio "
                f"{statistics.median(rates) / statistics.median(base_rates):.2f}"
            )
        print(line + f" (runs HEAD {rates}, BASE {base_rates})")


def scaled(head: dict[str, Any]) -> None:
    """The club BENCH_SCALE times the size beside the 400,000-round one: each p95 and
    the ratio (target: at most 1.5)."""
    big, small = head["clubs"][big_slug()], head["clubs"]["demo-league"]
    print(
        f"\n{big_slug()} ({big['rounds']:,} rounds) beside demo-league "
        f"({small['rounds']:,}): p95 and ratio"
    )
    rows = [(LABELS[n], big["latency"][n], small["latency"][n]) for n in (*PATHS, "record")]
    cold = head.get("cold", {})
    if big_slug() in cold:
        rows += [
            (f"{LABELS[n]}, rendered", cold[big_slug()][n], cold["demo-league"][n]) for n in PATHS
        ]
    for label, b, s in rows:
        print(f"  {label:40} {b['p95']:8.1f} {s['p95']:8.1f} {b['p95'] / s['p95']:5.2f}")


def main() -> None:
    global ROOT
    if len(sys.argv) == 3 and sys.argv[1] == "--tree":
        ROOT = Path(sys.argv[2]).resolve()
        sys.path.insert(0, str(ROOT))
        result = measure_tree()
        print(json.dumps(result))
        return
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench-site runs on PostgreSQL: set DATABASE_URL")
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)
    base = None
    if BASE:
        base_db = os.environ.get("BENCH_BASE_DB") or f"{url.split('?')[0]}_{BASE}"
        base = run_tree(base_tree(BASE), base_db)
    head = run_tree(HERE, url)
    report(head, base, BASE)
    print(f"\nload after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")


if __name__ == "__main__":
    main()
