"""Recording a round through the API, this tree (HEAD) beside another checkout (BASE) in
the same run (docs/performance.md, "Recording a round"): the queries of one request
(in-process, the test client) and p50/p95 through gunicorn on loopback, both trees served
at once and asked in turn, each against its own PostgreSQL database holding the same
generated club.

    python -m bench.bench_record --base /work/wt/base [--sessions 2500] [--requests 300]

Each tree runs its own code (its manage.py, its gunicorn); BASE shares this tree's .venv.
The databases are BENCH_DB with the suffixes ``_head`` and ``_base``, created, migrated and
filled (generate_demo_league, the club "bench-record") when absent.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from loadtest.stack import free_port

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = os.environ.get("BENCH_DB", "postgres://postgres@127.0.0.1:5432/csmj_bench_record")
SLUG = "bench-record"
ROUND = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [2, 5]},
}

# Run in each tree (manage.py shell): a recorder's token, a new session of the club's
# biggest season, and the queries of one recorded round, as JSON.
PREPARE = """
import json, time
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from leagues.models import Club, Membership, Role
from leagues.tokens import apitoken_create
from scoring.models import Round, Session
from scoring.services import session_start
club = Club.objects.get(slug=%(slug)r)
season = club.seasons.order_by("pk").first()
user, _ = get_user_model().objects.get_or_create(username="bench-recorder")
Membership.objects.get_or_create(club=club, user=user, defaults={"role": Role.RECORDER})
_, token = apitoken_create(user=user, name="bench %%d" %% time.time())
seated = list(Session.objects.filter(season=season).order_by("pk").first().seats.all())
session = session_start(season=season, players=[s.player for s in seated], first_dealer=0,
                        actor=user)
path = "/api/v1/clubs/%%s/sessions/%%d/rounds/" %% (club.slug, session.pk)
client = Client(HTTP_HOST="127.0.0.1")
auth = {"HTTP_AUTHORIZATION": "Bearer " + token}
counts = []
for key in (None, None, "k-%%d" %% time.time_ns()):
    headers = dict(auth, **({"HTTP_IDEMPOTENCY_KEY": key} if key else {}))
    with CaptureQueriesContext(connection) as ctx:
        status = client.post(path, %(round)r, content_type="application/json", **headers)
    counts.append(len(ctx) if status.status_code == 201 else -status.status_code)
rounds = Round.objects.filter(session__season__club=club).count()
print("BENCH" + json.dumps({"path": path, "token": token, "queries": counts[1],
                            "queries_keyed": counts[2], "rounds": rounds}))
"""


def run(tree: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=tree, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{tree}: manage.py {args[0]} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def tree_env(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "PATH": f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
        "DB_CONN_MAX_AGE": "60",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CELERY_BROKER_URL": "",
    }


def prepare(tree: Path, url: str, sessions: int) -> dict[str, Any]:
    ensure_database(url)
    env = tree_env(url)
    run(tree, env, "migrate", "-v", "0")
    has = run(
        tree,
        env,
        "shell",
        "-c",
        f"from leagues.models import Club; print(Club.objects.filter(slug={SLUG!r}).exists())",
    )
    if "True" not in has:
        print(f"generating {SLUG} ({sessions} sessions) in {url} ...", flush=True)
        run(tree, env, "generate_demo_league", "--players", "500", "--sessions", str(sessions),
            "--slug", SLUG)  # fmt: skip
    out = run(tree, env, "shell", "-c", PREPARE % {"slug": SLUG, "round": ROUND})
    line = next(ln for ln in out.splitlines() if ln.startswith("BENCH"))
    return json.loads(line.removeprefix("BENCH"))


def start_web(tree: Path, url: str, port: int, workers: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [str(ROOT / ".venv/bin/gunicorn"), "csmj_site.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", workers, "--threads", "2", "--timeout", "30"],
        cwd=tree, env=tree_env(url), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    for _ in range(150):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/")
            conn.getresponse().read()
            return proc
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"gunicorn of {tree} did not start")


def post(port: int, path: str, token: str) -> tuple[float, int]:
    headers = {
        "Host": "127.0.0.1",
        "Content-Type": "application/json",
        "Authorization": f"Bearer {token}",
    }
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", path, body=json.dumps(ROUND), headers=headers)
    resp = conn.getresponse()
    resp.read()
    conn.close()
    return (time.perf_counter() - began) * 1000, resp.status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, type=Path)
    parser.add_argument("--sessions", type=int, default=2500)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--workers", default="2")
    args = parser.parse_args()
    trees = {"BASE": args.base.resolve(), "HEAD": ROOT}
    urls = {"BASE": f"{BENCH_DB}_base", "HEAD": f"{BENCH_DB}_head"}
    found = {name: prepare(tree, urls[name], args.sessions) for name, tree in trees.items()}
    for name, f in found.items():
        print(f"{name}: {f['rounds']:,} rounds; queries per recorded round {f['queries']} "
              f"({f['queries_keyed']} with an Idempotency-Key)")  # fmt: skip
    ports = {name: free_port() for name in trees}
    procs = [start_web(trees[n], urls[n], ports[n], args.workers) for n in trees]
    times: dict[str, list[float]] = {n: [] for n in trees}
    statuses: dict[str, set[int]] = {n: set() for n in trees}
    try:
        for i in range(args.warmup + args.requests):
            for name in trees if i % 2 else reversed(trees):  # in turn, each first as often
                ms, status = post(ports[name], found[name]["path"], found[name]["token"])
                statuses[name].add(status)
                if i >= args.warmup:
                    times[name].append(ms)
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
    for name in trees:
        t = sorted(times[name])
        p95 = t[int(len(t) * 0.95) - 1]
        print(f"{name}: p50 {statistics.median(t):6.1f} ms  p95 {p95:6.1f} ms  "
              f"({len(t)} requests, status {sorted(statuses[name])})")  # fmt: skip


if __name__ == "__main__":
    main()
