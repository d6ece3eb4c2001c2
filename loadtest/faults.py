"""make faults: fault injection against the real processes (docs/reliability.md).

    python -m loadtest.faults [pg_restart] [worker_kill] [broker_down]

1. pg_restart — 8 clients record rounds (Idempotency-Key, retried on 503 with the same key)
   while PostgreSQL is restarted. Every answer must be 201 or a clean 503 JSON (never a
   500), no partial round may exist (every round has its 4 player rows and balanced
   transfers), no acknowledged round is lost or stored twice, and writes succeed again
   after the restart without restarting gunicorn.
2. worker_kill — the materialised standings of a generated league are wiped, a standings
   rebuild is queued, and the pool process running it is killed with SIGKILL. With
   acks_late + reject_on_worker_lost the message goes back to the queue, the task runs
   again and the standings end equal to a rebuild done here.
3. broker_down — Redis is shut down. Recording a round and correcting a round of a
   finished session (which queues a ratings replay) must still answer 201. The replay the
   broker could not take waits in the outbox (written with the correction); after Redis is
   back the worker's beat sends it, and the standings and ratings must equal a rebuild
   done here afterwards, with no command run in between.

It restarts the machine's PostgreSQL and Redis: run it alone, never inside `make test`.
(broker_down alone beside other users: LOAD_REDIS_PORT and LOAD_BROKER on a Redis of its
own, e.g. port 6390; it stops and starts only that one.)
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from typing import Any

from loadtest.run import random_round
from loadtest.stack import (
    LOG_DIR,
    REDIS_CLI,
    ROOT,
    Stack,
    close_db_connections,
    process_env,
    redis_start,
    redis_up,
)

PG_CLUSTER = os.environ.get("PG_CLUSTER", "")


def say(text: str) -> None:
    print(text, flush=True)


def post(port: int, token: str, path: str, body: Any, key: str | None = None):
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body=json.dumps(body), headers=headers)
        response = conn.getresponse()
        return response.status, response.read(), response.getheader("Content-Type", "")
    finally:
        conn.close()


def get(port: int, token: str, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def partial_rounds(session_ids: list[int]) -> dict[str, int]:
    from django.db.models import Count

    from scoring.models import Round, RoundPlayer, Transfer

    rounds = Round.objects.filter(session_id__in=session_ids)
    players = dict(
        RoundPlayer.objects.filter(round__in=rounds)
        .values("round_id")
        .annotate(n=Count("id"))
        .values_list("round_id", "n")
    )
    transfers = dict(
        Transfer.objects.filter(round__in=rounds)
        .values("round_id")
        .annotate(n=Count("id"))
        .values_list("round_id", "n")
    )
    ids = list(rounds.values_list("id", flat=True))
    return {
        "rounds": len(ids),
        "without 4 player rows": sum(1 for r in ids if players.get(r) != 4),
        "without transfers": sum(1 for r in ids if not transfers.get(r)),
        "orphan transfers": Transfer.objects.filter(round__isnull=True).count(),
    }


def pg_restart() -> bool:
    say("\n== fault 1: PostgreSQL restarted in the middle of writes ==")
    cluster = PG_CLUSTER or sorted(os.listdir("/etc/postgresql"))[-1]
    with Stack(worker=False) as stack:
        fx = stack.fixture(clients=8)
        statuses: Counter = Counter()
        bad: list[str] = []
        acked: list[int] = []
        timeline: list[tuple[float, int]] = []
        lock = threading.Lock()
        t0 = time.monotonic()
        stop = t0 + 20

        def client(session_id: int) -> None:
            dealer = 0
            path = f"/api/v1/clubs/{fx['slug']}/sessions/{session_id}/rounds/"
            while time.monotonic() < stop:
                body, key = random_round(dealer), str(uuid.uuid4())
                for _attempt in range(20):  # a careful client: same key until it hears 201
                    try:
                        status, payload, ctype = post(stack.port, fx["token"], path, body, key)
                    except OSError as exc:
                        with lock:
                            statuses["connection error"] += 1
                            bad.append(repr(exc))
                        time.sleep(0.5)
                        continue
                    with lock:
                        statuses[status] += 1
                        timeline.append((time.monotonic() - t0, status))
                        if status >= 500 and status != 503 or "json" not in ctype:
                            bad.append(f"{status} {ctype} {payload[:200]!r}")
                        if status == 503 and b"Traceback" in payload:
                            bad.append("traceback in a 503")
                    if status == 201:
                        stored = json.loads(payload)
                        with lock:
                            acked.append(stored["id"])
                        dealer = stored["result"]["next_dealer"]
                        break
                    if status == 400:
                        code, detail = get(stack.port, fx["token"], path.rsplit("rounds/", 1)[0])
                        if code == 200:
                            dealer = json.loads(detail)["next_dealer"]
                        break
                    time.sleep(0.3)

        threads = [threading.Thread(target=client, args=(s,)) for s in fx["sessions"]]
        for t in threads:
            t.start()
        time.sleep(5)
        say(f"restarting PostgreSQL {cluster}/main at t={time.monotonic() - t0:.1f} s")
        restart_started = time.monotonic() - t0
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", cluster, "main", "restart"], check=True
        )
        restart_done = time.monotonic() - t0
        say(f"PostgreSQL back at t={restart_done:.1f} s")
        for t in threads:
            t.join(60)
        first_503 = min((t for t, s in timeline if s == 503), default=None)
        ok_after = min((t for t, s in timeline if s == 201 and t > restart_done), default=None)
        from django.db import connections

        connections.close_all()
        from scoring.models import Round

        stored = set(
            Round.objects.filter(session_id__in=fx["sessions"]).values_list("id", flat=True)
        )
        partial = partial_rounds(fx["sessions"])
    say(f"statuses          {dict(sorted(statuses.items(), key=str))}")
    say(f"first 503 at      {first_503 if first_503 is None else round(first_503, 1)} s")
    say(
        f"first 201 after the restart: "
        f"{'never' if ok_after is None else f'{ok_after - restart_done:.2f} s after'}"
    )
    say(f"restart took      {restart_done - restart_started:.1f} s")
    say(f"acknowledged      {len(acked)}  stored {len(stored)}  lost {len(set(acked) - stored)}")
    say(
        f"duplicates        {len(acked) - len(set(acked))}  stored never acked {len(stored - set(acked))}"
    )
    say(f"partial rounds    {partial}")
    for line in bad[:5]:
        say(f"  bad answer: {line}")
    ok = (
        not bad
        and ok_after is not None
        and set(acked) == stored
        and len(acked) == len(set(acked))
        and partial["without 4 player rows"] == 0
        and partial["without transfers"] == 0
    )
    say("PASS" if ok else "FAIL")
    return ok


def stats_snapshot() -> list[list[tuple]]:
    from scoring.standings.models import (
        PlayerClubStat,
        PlayerRating,
        PlayerSeasonStat,
        PlayerSessionStat,
    )

    out = []
    for model in (PlayerSessionStat, PlayerSeasonStat, PlayerClubStat, PlayerRating):
        fields = [
            f.attname
            for f in model._meta.concrete_fields
            if f.attname not in ("id",) and not f.attname.endswith("_at")
        ]
        out.append(sorted(model.objects.values_list(*fields), key=repr))
    return out


def generate_league(env: dict[str, str], sessions: int) -> None:
    subprocess.run(
        [
            sys.executable, "manage.py", "generate_demo_league", "--players", "200",
            "--sessions", str(sessions), "--slug", "fault-league",
        ],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )  # fmt: skip


def worker_kill() -> bool:
    say("\n== fault 2: a Celery worker killed during a standings task ==")
    with Stack(worker=True) as stack:
        from celery import current_app

        env = process_env(stack.db_url, stack.broker)
        generate_league(env, int(os.environ.get("FAULT_SESSIONS", "8000")))
        from leagues.models import Club
        from scoring.standings.models import PlayerClubStat, PlayerSeasonStat, PlayerSessionStat
        from scoring.standings.tasks import standings_rebuild_task

        club = Club.objects.get(slug="fault-league")
        expected = stats_snapshot()  # the import leaves correct standings
        PlayerSessionStat.objects.filter(club=club).delete()
        PlayerSeasonStat.objects.filter(season__club=club).delete()
        PlayerClubStat.objects.filter(club=club).delete()
        assert stats_snapshot() != expected
        result = standings_rebuild_task.delay(club_id=club.pk)
        say(f"queued standings_rebuild {result.id}")
        inspector = current_app.control.inspect(timeout=0.5)
        killed_pid = None
        deadline = time.monotonic() + 60
        while killed_pid is None and time.monotonic() < deadline:
            for tasks in (inspector.active() or {}).values():
                for task in tasks:
                    if task["id"] == result.id and task.get("worker_pid"):
                        time.sleep(0.3)  # well inside the task
                        killed_pid = task["worker_pid"]
                        os.kill(killed_pid, signal.SIGKILL)
                        say(f"killed pool process {killed_pid} (SIGKILL) while it ran the task")
        if killed_pid is None:
            say("FAIL: the task was never seen running")
            return False
        started = time.monotonic()
        try:
            value = result.get(timeout=300, propagate=False)
        except Exception as exc:  # noqa: BLE001
            value = exc
        from django.db import connections

        connections.close_all()
        after = stats_snapshot()
        log = (LOG_DIR / "worker.log").read_text()
        received = log.count(f"[{result.id}] received")
    say(f"task result       {value!r} after {time.monotonic() - started:.1f} s")
    say(f"task received     {received} times (redelivered: {received >= 2})")
    say(f"standings correct {after == expected}")
    ok = received >= 2 and after == expected
    say("PASS" if ok else "FAIL")
    return ok


def broker_down() -> bool:
    say("\n== fault 3: broker down ==")
    with Stack(worker=True, beat=True) as stack:
        from scoring import services as scoring
        from scoring.models import Round, Session
        from scoring.services import session_finish

        fx = stack.fixture(clients=2)
        from django.contrib.auth import get_user_model

        owner = get_user_model().objects.get(pk=fx["owner"])
        finished = Session.objects.get(pk=fx["sessions"][0])
        open_session = fx["sessions"][1]
        for _i in range(4):
            scoring.round_record(
                session=finished, data=random_round(0) | {"dealer": scoring_dealer(finished)},
                actor=owner,
            )  # fmt: skip
        session_finish(session=finished, actor=owner)
        from django.db import connections

        connections.close_all()
        subprocess.run([*REDIS_CLI, "shutdown", "nosave"], capture_output=True)
        say(f"redis stopped: {not redis_up()}")
        status_new, payload, _ = post(
            stack.port,
            fx["token"],
            f"/api/v1/clubs/{fx['slug']}/sessions/{open_session}/rounds/",
            random_round(0),
            str(uuid.uuid4()),
        )
        say(f"record a round while the broker is down: {status_new}")
        first = Round.objects.filter(session=finished, number=1, is_current=True).get()
        # another winner: the finished session's nets, so its ranking, change
        winner = (first.data["result"]["winners"][0]["seat"] + 1) % 4
        correction = dict(first.data)
        correction["result"] = {
            "kind": "self_draw", "winners": [{"seat": winner, "hands": ["qingyise"]}],
            "birds": [2, 3],
        }  # fmt: skip
        t = time.monotonic()
        status_fix, payload_fix, _ = post(
            stack.port,
            fx["token"],
            f"/api/v1/clubs/{fx['slug']}/sessions/{finished.pk}/rounds/1/correct/",
            correction,
            str(uuid.uuid4()),
        )
        say(
            f"correct a round of a finished session (queues a ratings replay): {status_fix} "
            f"in {time.monotonic() - t:.1f} s {payload_fix[:160]!r}"
        )
        from scoring.standings.models import TaskOutbox

        kept = TaskOutbox.objects.count()
        say(f"replays kept in the outbox during the outage: {kept}")
        seen = worker_log_lines()  # replays of the runs before the outage are not these
        redis_start()
        say(f"redis back: {redis_up()}")
        t = time.monotonic()
        drained = replays_done(
            kept, after=seen, timeout=float(os.environ.get("FAULT_OUTBOX_WAIT", "120"))
        )
        say(f"outbox sent and its replays run after the outage: {drained} in "
            f"{time.monotonic() - t:.0f} s (no command run)")  # fmt: skip
        connections.close_all()
        after_outage = stats_snapshot()
        env = process_env(stack.db_url, stack.broker)
        subprocess.run(
            [sys.executable, "manage.py", "rebuild_standings", "--season", str(fx["season"])],
            cwd=ROOT, env=env, check=True, capture_output=True,
        )  # fmt: skip
        connections.close_all()
        rebuilt = stats_snapshot()
    same = after_outage == rebuilt
    say(f"standings and ratings after the outage equal a rebuild: {same}")
    ok = status_new == 201 and status_fix == 201 and kept > 0 and drained and same
    say("PASS" if ok else "FAIL")
    return ok


def worker_log_lines() -> int:
    """How many lines the worker's log holds so far."""
    path = LOG_DIR / "worker.log"
    return len(path.read_text().splitlines()) if path.exists() else 0


def replays_done(kept: int, *, after: int, timeout: float) -> bool:
    """The outbox is empty and the worker has run the ``kept`` ratings replays it held:
    replays logged past the log's first ``after`` lines (the earlier runs' do not count,
    or the comparison could start while these still run)."""
    from django.db import connections

    from scoring.standings.models import TaskOutbox

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        connections.close_all()
        log = (LOG_DIR / "worker.log").read_text().splitlines()[after:]
        done = sum("standings.ratings_rebuild[" in ln and "succeeded" in ln for ln in log)
        if not TaskOutbox.objects.exists() and done >= kept:
            return True
        time.sleep(1)
    return False


def scoring_dealer(session: Any) -> int:
    from scoring.selectors import session_next_dealers

    return session_next_dealers(session=session)[0]


FAULTS = {"pg_restart": pg_restart, "worker_kill": worker_kill, "broker_down": broker_down}


def pg_up() -> bool:
    return subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1"], check=False).returncode == 0


def services_back() -> bool:
    """PostgreSQL and Redis are up again (waits for PostgreSQL up to 30 s; starts Redis)."""
    deadline = time.monotonic() + 30
    while not pg_up() and time.monotonic() < deadline:
        time.sleep(0.5)
    try:
        redis_start()
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        say(f"redis could not be started: {exc!r}")
    return pg_up() and redis_up()


def run_fault(name: str) -> bool:
    """One fault; a crash is a failure of that fault (with its traceback), not of the run:
    the next fault still runs. The harness's own database connections are closed after
    each fault, whatever happened, so the next one starts on fresh connections."""
    try:
        return FAULTS[name]()
    except Exception:  # noqa: BLE001  reported, and counted as FAIL
        import traceback

        say(f"FAIL: {name} crashed:\n{traceback.format_exc()}")
        return False
    finally:
        close_db_connections()


def main(argv: list[str]) -> int:
    names = argv or list(FAULTS)
    unknown = [n for n in names if n not in FAULTS]
    if unknown:
        say(f"unknown faults {unknown}; choose from {list(FAULTS)}")
        return 2
    results = {name: run_fault(name) for name in names}
    back = services_back()
    say(f"\n== faults: {results} ==")
    say(f"PostgreSQL and Redis up at the end: {back}")
    passed = all(results.values()) and back
    say("ALL PASS" if passed else "FAILED")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
