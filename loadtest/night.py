"""make loadtest-night: a league night under load, against the same stack as
``make loadtest`` (gunicorn + PostgreSQL + a Celery worker on Redis, all on loopback),
deployed as docs/deploy.md says for a room following a night: the follow polls in a
gunicorn of their own (NIGHT_FOLLOW_WORKERS processes, 2) beside the one that answers
everything else (LOAD_WORKERS, 2), as a proxy sending the URLs that end in /follow/
there would.

    python -m loadtest.night   # NIGHT_TABLES=16 NIGHT_PHONES=200 NIGHT_SECONDS=60

The night: 64 entrants, round 1 drawn, its 16 tables started (through the events
services). For NIGHT_SECONDS:

- 16 recorders, one a table, each record a round through the API (with an
  Idempotency-Key; a quarter sent twice, as ``make loadtest`` does) every 10 to 20 s: a
  real night's pace (a hand takes minutes) compressed about tenfold;
- 200 phones in the room (asyncio tasks in NIGHT_PHONE_PROCESSES processes of their own,
  ``loadtest/phones.py``), logged out (the club is public), follow the board and their own
  table as the pages do (``static/js/follow.js``): every 2.7 to 3 s ask the follow URL with
  ``If-None-Match`` and ``Accept: text/html``; a change comes back in that answer (200,
  a new ETag, the page's fresh parts: ``scoring/follow/poll.py``); an answer in JSON instead
  makes the phone fetch the page itself.
  ``NIGHT_PAGES=one``: a phone shows one page, half of them the board, half their table.

``NIGHT_REPLICA=1``: both gunicorns also get DATABASE_REPLICA_URL, the same database on
the streaming replica of ``make replica-up`` (port REPLICA_PORT, 5433), so the boards and
follow polls read the replica (csmj_site/replica.py) while the saves write the primary.
Printed besides: the transactions each server committed in the database during the run
(proof of who served the reads) and the replica's replay lag, sampled every second.

Printed: latency by kind (board poll, board page, table poll, table page, round write),
as the clients measured it and as the server spent it (gunicorn's access log), the 5xx
count; how long after a save's answer each phone's board showed it (the board's
version carries the id of the last round: a phone has seen a save once it received the
board for a version whose last id is at least the save's); then ``make loadtest``'s
audit (every acknowledged round stored exactly once, none stored unacknowledged, retries
replayed, transfers balanced, standings equal a rebuild). Exit status 1 when a target is
missed: any 5xx, a lost or duplicated round, the board poll's or page's p95 at or over
100 ms, or a save not on every board within 5 s.
"""

from __future__ import annotations

import datetime
import os
import secrets
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import psycopg

from loadtest.phones import phones_run
from loadtest.run import Client, Shared, audit, percentile, report
from loadtest.stack import ACCESS_LOG, Stack

TABLES = int(os.environ.get("NIGHT_TABLES", "16"))
PHONES = int(os.environ.get("NIGHT_PHONES", "200"))
SECONDS = float(os.environ.get("NIGHT_SECONDS", "60"))
# "both": every phone follows the board and its table; "one": a phone shows one page,
# half of them the board, half their table.
PAGES = os.environ.get("NIGHT_PAGES", "both")
PACE = (10.0, 20.0)  # seconds between two rounds at a table
# The phones run as asyncio tasks in processes of their own (loadtest/phones.py).
PHONE_PROCESSES = int(os.environ.get("NIGHT_PHONE_PROCESSES", "2"))
# The deployment (docs/deploy.md): NIGHT_FOLLOW_WORKERS gunicorn processes of their own
# for the follow polls, beside LOAD_WORKERS for everything else, the saves included (0:
# one gunicorn for all).
FOLLOW_WORKERS = int(os.environ.get("NIGHT_FOLLOW_WORKERS", "2"))
DB_URL = os.environ.get("LOAD_DB", "postgres://postgres@127.0.0.1:5432/csmj_load_night")
BROKER = os.environ.get("LOAD_BROKER", "redis://127.0.0.1:6379/3")
REPLICA = os.environ.get("NIGHT_REPLICA", "") == "1"
REPLICA_PORT = int(os.environ.get("REPLICA_PORT", "5433"))
BOARD_P95_MS = 100.0
VISIBLE_S = 5.0


def night_fixture(tables: int) -> dict[str, Any]:
    """A public club with 4 × ``tables`` players, an open season, a night whose round 1
    is drawn and every table started; an API token of the club's owner."""
    from django.contrib.auth import get_user_model
    from django.db import connections

    from leagues import services as league
    from leagues.tokens import apitoken_create
    from scoring.events import services as events

    owner = get_user_model().objects.create_user("nightbot", password=secrets.token_hex(16))
    club = league.club_create(name="比赛之夜压测", slug="night", is_public=True, owner=owner)
    ruleset = league.ruleset_create(club=club, name="六七片", config="changsha-67", actor=owner)
    season = league.season_create(
        club=club, name="压测赛季", start_date=datetime.date.today(), ruleset=ruleset,
        actor=owner,
    )  # fmt: skip
    event = events.event_create(
        season=season, name="压测之夜", date=datetime.date.today(), timer_minutes=60, actor=owner
    )
    for i in range(4 * tables):
        player = league.player_create(club=club, display_name=f"选手{i + 1:02d}", actor=owner)
        events.entrant_add(event=event, player=player, actor=owner)
    rnd = events.round_draw(event=event, seed=1, actor=owner)
    sessions = [events.table_start(table=t, actor=owner).pk for t in rnd.tables.order_by("number")]
    _row, token = apitoken_create(user=owner, name="night")
    connections.close_all()
    return {
        "slug": club.slug,
        "season": season.pk,
        "event": event.pk,
        "sessions": sessions,
        "token": token,
    }


# ---------------------------------------------------------------- NIGHT_REPLICA=1


def replica_url(db_url: str) -> str:
    """The same database on the replica of ``make replica-up``."""
    name = db_url.rsplit("/", 1)[1]
    return f"postgres://postgres@127.0.0.1:{REPLICA_PORT}/{name}"


def server_url(url: str, dbname: str) -> str:
    return url.rsplit("/", 1)[0] + "/" + dbname


def replica_ready() -> bool:
    try:
        with psycopg.connect(server_url(replica_url(DB_URL), "postgres"), connect_timeout=3) as c:
            return bool(c.execute("SELECT pg_is_in_recovery()").fetchone()[0])
    except psycopg.OperationalError:
        return False


def wait_replayed(seconds: float = 60.0) -> None:
    """Until the replica has replayed what the primary wrote so far (the night's set-up)."""
    with psycopg.connect(server_url(DB_URL, "postgres")) as primary:
        target = primary.execute("SELECT pg_current_wal_lsn()").fetchone()[0]
    with psycopg.connect(server_url(replica_url(DB_URL), "postgres"), autocommit=True) as rep:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not rep.execute(
                "SELECT pg_wal_lsn_diff(%s::pg_lsn, pg_last_wal_replay_lsn()) > 0", (target,)
            ).fetchone()[0]:
                return
            time.sleep(0.1)
    raise RuntimeError(f"the replica did not replay the night's set-up in {seconds:.0f} s")


def commits(url: str) -> int:
    """Transactions committed in the night's database on that server so far."""
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(server_url(url, "postgres")) as conn:
        conn.execute("SELECT pg_stat_clear_snapshot()")
        row = conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = %s", (name,)
        ).fetchone()
    return int(row[0]) if row else 0


class LagSampler(threading.Thread):
    """The replica's replay lag as the primary sees it, once a second."""

    def __init__(self, stop_at: float) -> None:
        super().__init__(daemon=True)
        self.stop_at, self.lags = stop_at, [0.0]

    def run(self) -> None:
        with psycopg.connect(server_url(DB_URL, "postgres"), autocommit=True) as primary:
            while time.monotonic() < self.stop_at:
                lag = primary.execute(
                    "SELECT coalesce(max(extract(epoch FROM replay_lag)), 0)"
                    " FROM pg_stat_replication"
                ).fetchone()[0]
                self.lags.append(float(lag))
                time.sleep(1.0)


class Recorder(Client):
    """A table's recorder: a round every 10–20 s through the API (``Client.write``)."""

    def run(self) -> None:
        time.sleep(self.rng.uniform(0, PACE[0]))
        while time.monotonic() < self.stop_at:
            self.write()
            time.sleep(self.rng.uniform(*PACE))


def visibility(shared: Shared, boards: list[list[tuple[float, int]]], stop: float) -> bool:
    """For each save and each phone: from the save's answer to that phone's board showing
    it. A save answered in the last 5 s of the run may not have been seen yet: those are
    left out (counted)."""
    delays: list[float] = []
    unseen = 0
    late = [rid for rid, t in shared.acked_at.items() if t > stop - VISIBLE_S]
    for rid, acked in shared.acked_at.items():
        if rid in late:
            continue
        for seen in boards:
            shown = next((t for t, last in seen if last >= rid), None)
            if shown is None:
                unseen += 1
            else:
                delays.append(max(0.0, shown - acked))
    delays.sort()
    print("\n== save → every phone's board ==")
    print(f"saves measured  {len(shared.acked_at) - len(late)}  (answered in the last "
          f"{VISIBLE_S:.0f} s, left out: {len(late)})")  # fmt: skip
    if delays:
        print(
            f"delay s         p50 {percentile(delays, 50):.2f}  p95 {percentile(delays, 95):.2f}"
            f"  max {delays[-1]:.2f}  (save, phone) pairs {len(delays)}"
        )
    print(f"never shown     {unseen}")
    return unseen == 0 and bool(delays) and delays[-1] < VISIBLE_S


def server_times() -> None:
    """The server's own time for each kind of request (gunicorn's access log): what the
    phones measured less the wait in the machine's queues and the network."""
    kinds: dict[str, list[float]] = {}
    for line in ACCESS_LOG.read_text().splitlines():
        method, path, _status, micros = line.split()
        kind = (
            "round write" if method == "POST"
            else "board poll" if "/events/" in path and path.endswith("/follow/")
            else "table poll" if path.endswith("/follow/")
            else "other"
        )  # fmt: skip
        kinds.setdefault(kind, []).append(int(micros) / 1e6)
    print("\n== the server's own time (gunicorn's access log) ==")
    for kind, values in sorted(kinds.items()):
        values.sort()
        print(f"  {kind:16} {len(values):5}  p50 {percentile(values, 50) * 1000:7.1f}"
              f"  p95 {percentile(values, 95) * 1000:7.1f} ms")  # fmt: skip


def board_p95_ok(shared: Shared) -> bool:
    ok = True
    for kind in ("board poll", "board page"):
        values = sorted(shared.kind_latencies.get(kind, []))
        if not values:  # the board came with its poll
            continue
        p95 = percentile(values, 95) * 1000
        print(f"{kind} p95       {p95:.1f} ms (target < {BOARD_P95_MS:.0f} ms)")
        ok &= p95 < BOARD_P95_MS
    return ok


def main() -> int:
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} CPUs, load average before the run {load[0]:.2f}")
    if REPLICA and not replica_ready():
        print(f"NIGHT_REPLICA=1: no streaming replica on port {REPLICA_PORT}; run make replica-up")
        return 1
    reads_from = replica_url(DB_URL) if REPLICA else ""
    print(f"reads of boards and follow polls: {'the replica' if REPLICA else 'the one database'}")
    with Stack(db_url=DB_URL, broker=BROKER, access_log=True, follow_workers=FOLLOW_WORKERS,
               replica_url=reads_from) as stack:  # fmt: skip
        fixture = night_fixture(TABLES)
        if REPLICA:
            wait_replayed()
            before = {"primary": commits(DB_URL), "replica": commits(reads_from)}
        shared = Shared()
        stop = time.monotonic() + SECONDS
        lags = LagSampler(stop)
        if REPLICA:
            lags.start()
        recorders = [Recorder(n, stack.port, fixture, shared, stop) for n in range(TABLES)]
        started = time.perf_counter()
        with ProcessPoolExecutor(PHONE_PROCESSES, mp_context=get_context("fork")) as pool:
            share = -(-PHONES // PHONE_PROCESSES)
            rooms = [
                pool.submit(phones_run, first, min(share, PHONES - first),
                            (stack.follow_port, stack.port),
                            {**fixture, "token": None}, PAGES, stop)
                for first in range(0, PHONES, share)
            ]  # fmt: skip
            for c in recorders:
                c.start()
            for c in recorders:
                c.join(SECONDS + 60)
            results = [room.result(timeout=SECONDS + 60) for room in rooms]
        wall = time.perf_counter() - started
        boards: dict[int, list[tuple[float, int]]] = {}
        for result in results:
            for kind, values in result.kind_latencies.items():
                shared.kind_latencies.setdefault(kind, []).extend(values)
                shared.latencies.extend(values)
                shared.by_kind[kind] += len(values)
            shared.statuses.update(result.statuses)
            shared.failures.extend(result.failures)
            boards.update(result.boards)
        print(f"load average after the run {os.getloadavg()[0]:.2f}")
        if REPLICA:
            lags.join(5)
            print(
                f"transactions in the run: primary {commits(DB_URL) - before['primary']}, "
                f"replica {commits(reads_from) - before['replica']}; replica replay lag "
                f"max {max(lags.lags):.3f} s"
            )
        load_ok = report(
            shared,
            wall,
            f"{TABLES} tables recording, {PHONES} phones following ({PAGES} pages, "
            f"{PHONE_PROCESSES} processes)",
        )
        server_times()
        board_ok = board_p95_ok(shared)
        watching = [seen for n, seen in boards.items() if PAGES != "one" or n % 2 == 0]
        seen_ok = visibility(shared, watching, stop)
        audit_ok = audit(shared, fixture)  # Django is set up for the stack's database
    ok = load_ok and board_ok and seen_ok and audit_ok
    print(
        f"\n{'PASS' if ok else 'FAIL'}: zero 5xx, zero lost or duplicated rounds, the board's "
        f"p95 under {BOARD_P95_MS:.0f} ms, every save on every board within {VISIBLE_S:.0f} s"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
