"""The site at scale (make bench-site, PostgreSQL): import throughput, request latency
through gunicorn on loopback (started from the Procfile by honcho), queries per request
at ~1,000 and ~400,000 rounds.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/csmj_bench python -m bench.bench_site

The database must already hold the clubs "bench-small" and "demo-league"
(make bench-site creates them with generate_demo_league).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from loadtest.stack import free_port

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("BENCH_PORT", "0"))  # 0: a free port


REQUESTS = int(os.environ.get("BENCH_REQUESTS", "200"))
WARMUP = int(os.environ.get("BENCH_WARMUP", "20"))
IMPORTS = int(os.environ.get("BENCH_IMPORTS", "3"))  # import runs; each leaves its copy


def ensure_database(url: str) -> None:
    """CREATE DATABASE for the bench URL when it does not exist yet."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def prepare() -> None:
    """Migrate, then create the two demo clubs unless they exist (the big one takes a
    while: its rate is the import throughput at scale)."""
    from django.core.management import call_command

    from leagues.models import Club

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    for slug, sessions in (
        ("bench-small", 125),
        ("bench-import-src", 2500),
        ("demo-league", 50000),
    ):
        if not Club.objects.filter(slug=slug).exists():
            print(f"generating {slug} ({sessions} sessions) ...", flush=True)
            call_command(
                "generate_demo_league", players=500, sessions=sessions, slug=slug, verbosity=1
            )


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


def queries_per_request(s: dict[str, Any]) -> dict[str, int]:
    """Database queries of each request, served in-process by the test client."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="127.0.0.1")
    out = {}
    auth = {"HTTP_AUTHORIZATION": f"Bearer {s['token']}"}
    for name in ("standings_page", "standings_api", "player_page"):
        with CaptureQueriesContext(connection) as ctx:
            status = client.get(s[name]).status_code
        out[name] = len(ctx) if status == 200 else -status
    with CaptureQueriesContext(connection) as ctx:
        status = client.post(
            s["record"], ROUND, content_type="application/json", **auth
        ).status_code
    out["record"] = len(ctx) if status == 201 else -status
    return out


def start_web(env: dict[str, str]) -> subprocess.Popen:
    """gunicorn (and the Celery worker) from the Procfile, through honcho."""
    proc = subprocess.Popen(
        [str(ROOT / ".venv/bin/honcho"), "start", "-f", str(ROOT / "Procfile"), "web", "worker"],
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


def main() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench-site runs on PostgreSQL: set DATABASE_URL")
    ensure_database(url)
    setup_django()
    prepare()
    scenarios = [
        scenario("bench-small", "bench-recorder"),
        scenario("demo-league", "bench-recorder"),
    ]
    print("queries per request (in-process):")
    for s in scenarios:
        print(f"  {s['slug']:12} {s['rounds']:>7} rounds  {queries_per_request(s)}")
    global PORT
    PORT = PORT or free_port()
    env = {
        **os.environ,
        "PATH": f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "BIND": f"127.0.0.1:{PORT}",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
        "ACCESS_LOG": "/dev/null",
        "DB_CONN_MAX_AGE": "60",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CELERY_BROKER_URL": os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/1"),
    }
    rates = []
    for _ in range(IMPORTS):
        said = import_throughput(env)
        print("import:", said)
        found = re.search(r"\(([\d,]+) rounds/s\)", said)
        if found:
            rates.append(int(found.group(1).replace(",", "")))
    if rates:
        print(
            f"import median of {len(rates)}: {statistics.median(rates):,.0f} rounds/s "
            f"(runs {', '.join(f'{r:,}' for r in rates)}; target >= 5,000)"
        )
    proc = start_web(env)
    try:
        print(f"latency through gunicorn on loopback, {REQUESTS} requests each (ms):")
        for s in scenarios:
            for name in ("standings_page", "standings_api", "player_page"):
                r = latency(s[name])
                print(
                    f"  {s['slug']:12} {name:15} p50 {r['p50']:7.1f}  p95 {r['p95']:7.1f}  {r['status']}"
                )
            r = latency(s["record"], method="POST", token=s["token"], body=ROUND)
            print(
                f"  {s['slug']:12} {'record':15} p50 {r['p50']:7.1f}  p95 {r['p95']:7.1f}  {r['status']}"
            )
    finally:
        stop(proc)


if __name__ == "__main__":
    main()
