"""The processes a load or fault run needs, all on loopback, all stopped on exit:
a fresh PostgreSQL database (LOAD_DB, dropped and created), gunicorn with several workers,
and a Celery worker on Redis (database LOAD_REDIS_DB, so other users' queues are not touched).
"""

from __future__ import annotations

import datetime
import http.client
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
DB_URL = os.environ.get("LOAD_DB", "postgres://postgres@127.0.0.1:5432/csmj_load")
BROKER = os.environ.get("LOAD_BROKER", "redis://127.0.0.1:6379/2")
WEB_WORKERS = os.environ.get("LOAD_WORKERS", "4")
WEB_THREADS = os.environ.get("LOAD_THREADS", "2")
LOG_DIR = Path(os.environ.get("LOAD_LOG_DIR", "/tmp/csmj-load"))
ACCESS_LOG = LOG_DIR / "access.log"
ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s"  # method, path, status, the server's time in µs
# The Redis that a run starts when it is down and that broker_down stops (LOAD_REDIS_PORT:
# another port, with LOAD_BROKER on it, runs the faults beside the machine's own Redis).
REDIS_PORT = os.environ.get("LOAD_REDIS_PORT", "6379")
REDIS_START = [
    "redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port", REDIS_PORT,
    "--save", "", "--appendonly", "no",
    *(["--dir", "/var/lib/redis", "--logfile", "/var/log/redis/ci.log"]
      if REDIS_PORT == "6379" else ["--dir", "/tmp"]),
]  # fmt: skip
REDIS_CLI = ["redis-cli", "-p", REDIS_PORT]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def redis_up() -> bool:
    return (
        subprocess.run([*REDIS_CLI, "ping"], capture_output=True, text=True).stdout.strip()
        == "PONG"
    )


def redis_start() -> None:
    if not redis_up():
        subprocess.run(REDIS_START, check=True)
        for _ in range(50):
            if redis_up():
                return
            time.sleep(0.1)
        raise RuntimeError("redis did not start")


def recreate_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def process_env(db_url: str, broker: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DATABASE_URL=db_url,
        CELERY_BROKER_URL=broker,
        DEBUG="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        LOG_LEVEL="WARNING",
        DB_CONN_MAX_AGE=os.environ.get("DB_CONN_MAX_AGE", "60"),
        # Every simulated phone shares the bot's one token: no per-token limit (empty: off).
        API_TOKEN_RATE=os.environ.get("API_TOKEN_RATE", ""),
        PYTHONPATH=str(ROOT),
    )
    env.pop("SECRET_KEY", None)  # no production mode: it would redirect to https
    return env


def setup_django(db_url: str, broker: str) -> None:
    """Configure this process's Django for the load database (once)."""
    os.environ.update(DATABASE_URL=db_url, CELERY_BROKER_URL=broker)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "csmj_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def close_db_connections() -> None:
    """Close this process's Django database connections, if Django is set up: the next
    query opens a fresh one. A PostgreSQL restart, or the next stack dropping the
    database (DROP DATABASE … WITH (FORCE)), kills them on the server's side, and Django
    would only find out by failing the next query."""
    if "django.db" not in sys.modules:
        return
    from django.db import connections

    connections.close_all()


class Stack:
    def __init__(
        self, *, db_url: str = DB_URL, broker: str = BROKER, worker: bool = True,
        access_log: bool = False, follow_workers: int = 0, beat: bool = False,
        replica_url: str = "",
    ) -> None:  # fmt: skip
        self.db_url, self.broker, self.want_worker = db_url, broker, worker
        # beat: the worker runs celery beat too (the outbox's flush every half minute)
        self.beat = beat
        # replica_url: the gunicorns' DATABASE_REPLICA_URL (csmj_site/replica.py), a
        # streaming replica of the primary (make replica-up); empty: one database
        self.replica_url = replica_url
        # follow_workers: a second gunicorn, of its own, for the pages' follow polls
        # (follow_port), as a proxy sending the URLs ending in /follow/ to it would
        # (docs/deploy.md); 0: one gunicorn answers everything (follow_port == port)
        self.follow_workers = follow_workers
        self.follow: subprocess.Popen[bytes] | None = None
        self.follow_port = free_port() if follow_workers else 0
        # access_log: gunicorn logs each request's path, status and time (µs) to ACCESS_LOG
        self.access_log = access_log
        self.port = free_port()
        self.web: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None
        LOG_DIR.mkdir(parents=True, exist_ok=True)

    # ------------------------------------------------------------ lifecycle

    def __enter__(self) -> Stack:
        redis_start()
        close_db_connections()  # the database is about to be dropped under them
        recreate_database(self.db_url)
        env = process_env(self.db_url, self.broker)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        subprocess.run([str(BIN / "celery"), "-A", "csmj_site", "purge", "-f"], cwd=ROOT, env=env,
                       capture_output=True)  # fmt: skip
        setup_django(self.db_url, self.broker)
        if self.want_worker:
            self.start_worker()
        self.start_web()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop_web()
        self.stop_worker()
        close_db_connections()

    def start_web(self) -> None:
        if self.access_log:
            ACCESS_LOG.unlink(missing_ok=True)
        self.web = self.gunicorn(self.port, WEB_WORKERS)
        self.wait_ready(self.port)
        if self.follow_workers:
            self.follow = self.gunicorn(self.follow_port, str(self.follow_workers))
            self.wait_ready(self.follow_port)
        else:
            self.follow_port = self.port

    def gunicorn(self, port: int, workers: str) -> subprocess.Popen[bytes]:
        env = process_env(self.db_url, self.broker)
        if self.replica_url:
            env["DATABASE_REPLICA_URL"] = self.replica_url
        return subprocess.Popen(
            [
                str(BIN / "gunicorn"), "csmj_site.wsgi", "--bind", f"127.0.0.1:{port}",
                "--workers", workers, "--threads", WEB_THREADS, "--timeout", "30",
                "--error-logfile", str(LOG_DIR / "gunicorn.log"),
                *(["--access-logfile", str(ACCESS_LOG), "--access-logformat", ACCESS_FORMAT]
                  if self.access_log else []),
            ],
            cwd=ROOT,
            env=env,
        )  # fmt: skip

    def stop_web(self) -> None:
        for proc in (self.web, self.follow):
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
        self.web = self.follow = None

    def start_worker(self, concurrency: int = 1) -> None:
        self.worker = subprocess.Popen(
            [
                str(BIN / "celery"), "-A", "csmj_site", "worker", "--pool=prefork",
                f"--concurrency={concurrency}", "--loglevel=info",
                f"--logfile={LOG_DIR / 'worker.log'}", "--without-mingle", "--without-gossip",
                *(["--beat", f"--schedule={LOG_DIR / 'beat-schedule'}"] if self.beat else []),
            ],
            cwd=ROOT,
            env=process_env(self.db_url, self.broker),
        )  # fmt: skip

    def stop_worker(self) -> None:
        if self.worker is not None and self.worker.poll() is None:
            self.worker.send_signal(signal.SIGTERM)
            try:
                self.worker.wait(30)
            except subprocess.TimeoutExpired:
                self.worker.kill()
                self.worker.wait(10)
        self.worker = None

    def wait_ready(self, port: int, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                conn.request("GET", "/api/v1/rulesets/")
                if conn.getresponse().status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer on port {port}")

    # ------------------------------------------------------------ data

    def fixture(self, *, clients: int) -> dict[str, Any]:
        """A public club, 8 players, an open season and one session per client; an API
        token of the club's owner."""
        from django.contrib.auth import get_user_model
        from django.db import connections

        from leagues import services as league
        from leagues.tokens import apitoken_create
        from scoring import services as scoring

        owner = get_user_model().objects.create_user("loadbot", password=secrets.token_hex(16))
        club = league.club_create(name="压力测试俱乐部", slug="load", is_public=True, owner=owner)
        players = [
            league.player_create(club=club, display_name=f"玩家{i}", actor=owner) for i in range(8)
        ]
        ruleset = league.ruleset_create(club=club, name="六七片", config="changsha-67", actor=owner)
        season = league.season_create(
            club=club,
            name="压测赛季",
            start_date=datetime.date.today(),
            ruleset=ruleset,
            actor=owner,
        )
        rng = random.Random(7)
        sessions = [
            scoring.session_start(
                season=season, players=rng.sample(players, 4), first_dealer=0, actor=owner
            ).pk
            for _ in range(clients)
        ]
        _row, token = apitoken_create(user=owner, name="load")
        connections.close_all()
        return {
            "slug": club.slug,
            "club": club.pk,
            "season": season.pk,
            "sessions": sessions,
            "token": token,
            "owner": owner.pk,
        }
