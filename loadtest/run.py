"""make loadtest: 50 simulated clients for 60 seconds against gunicorn + PostgreSQL + a
Celery worker on Redis, all on loopback, then an audit of what was stored.

    python -m loadtest.run            # LOAD_CLIENTS=50 LOAD_SECONDS=60 LOAD_WORKERS=4

Mix: 80% reads (standings page, session page, API session and round lists, API
standings), 20% round writes with an Idempotency-Key; a quarter of the writes are sent a
second time with the same key and body (a client that did not trust its first answer).
The generator is plain threads with http.client; it stops by itself after LOAD_SECONDS.

Printed: requests/s, p50/p95/p99 latency, 5xx count; then the audit: every acknowledged
round exists exactly once, no retry created a duplicate, every round's transfers sum to
zero (with burned chips), and the materialised standings equal a full rebuild run by the
Celery worker. Exit status 1 when any target is missed (any 5xx, lost or duplicate round).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import statistics
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from loadtest.stack import Stack

CLIENTS = int(os.environ.get("LOAD_CLIENTS", "50"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "60"))
WRITE_SHARE = 0.20
RETRY_SHARE = 0.25


@dataclass
class Shared:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    by_kind: Counter = field(default_factory=Counter)
    kind_latencies: dict[str, list[float]] = field(default_factory=dict)
    acked: list[tuple[int, int, int]] = field(default_factory=list)  # (session, number, id)
    acked_at: dict[int, float] = field(default_factory=dict)  # round id -> monotonic time
    replays: list[tuple[int, int]] = field(default_factory=list)  # (first id, replayed id)
    failures: list[str] = field(default_factory=list)


def random_round(dealer: int) -> dict[str, Any]:
    winner = random.randrange(4)
    birds = [random.randint(1, 9), random.randint(1, 9)]
    hands = random.choice([["pinghu"], ["pinghu"], ["qingyise"], ["pengpenghu"], ["qixiaodui"]])
    if random.random() < 0.5:
        result = {"kind": "self_draw", "winners": [{"seat": winner, "hands": hands}]}
    else:
        discarder = random.choice([s for s in range(4) if s != winner])
        result = {
            "kind": "discard",
            "winners": [{"seat": winner, "hands": hands}],
            "discarder": discarder,
        }
    result["birds"] = birds
    return {"dealer": dealer, "result": result}


class Client(threading.Thread):
    def __init__(self, n: int, port: int, fixture: dict[str, Any], shared: Shared, stop: float):
        super().__init__(daemon=True)
        self.port, self.fx, self.shared, self.stop_at = port, fixture, shared, stop
        self.session_id = fixture["sessions"][n]
        self.dealer = 0
        self.conn: http.client.HTTPConnection | None = None
        self.rng = random.Random(n)

    def request(self, kind: str, method: str, path: str, body: Any = None, **headers: str):
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.fx.get("token"):
            headers.setdefault("Authorization", f"Bearer {self.fx['token']}")
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
            except (OSError, http.client.HTTPException) as exc:
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    with self.shared.lock:
                        self.shared.statuses["connection error"] += 1
                        self.shared.failures.append(f"{method} {path}: {exc!r}")
                    return None, None, {}
                continue
            elapsed = time.perf_counter() - start
            with self.shared.lock:
                self.shared.latencies.append(elapsed)
                self.shared.statuses[response.status] += 1
                self.shared.by_kind[kind] += 1
                self.shared.kind_latencies.setdefault(kind, []).append(elapsed)
                if response.status >= 500:
                    self.shared.failures.append(f"{method} {path}: {response.status}")
            if response.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            return response.status, payload, dict(response.getheaders())
        return None, None, {}

    def read(self) -> None:
        fx = self.fx
        slug, season = fx["slug"], fx["season"]
        session = self.rng.choice(fx["sessions"])
        kind, path = self.rng.choice(
            [
                ("standings page", f"/c/{slug}/seasons/{season}/"),
                ("session page", f"/c/{slug}/sessions/{session}/"),
                ("api sessions", f"/api/v1/clubs/{slug}/sessions/?season={season}"),
                ("api rounds", f"/api/v1/clubs/{slug}/sessions/{session}/rounds/"),
                ("api standings", f"/api/v1/clubs/{slug}/seasons/{season}/standings/"),
            ]
        )
        self.request(kind, "GET", path)

    def write(self) -> None:
        path = f"/api/v1/clubs/{self.fx['slug']}/sessions/{self.session_id}/rounds/"
        body = random_round(self.dealer)
        key = str(uuid.uuid4())
        status, payload, _h = self.request(
            "round write", "POST", path, body, **{"Idempotency-Key": key}
        )
        if status != 201 or payload is None:
            if status == 400:  # e.g. the dealer moved: ask the session
                self.refresh_dealer()
            return
        stored = json.loads(payload)
        with self.shared.lock:
            self.shared.acked.append((self.session_id, stored["number"], stored["id"]))
            self.shared.acked_at[stored["id"]] = time.monotonic()
        self.dealer = stored["result"]["next_dealer"]
        if self.rng.random() < RETRY_SHARE:
            status, payload, headers = self.request(
                "round retry", "POST", path, body, **{"Idempotency-Key": key}
            )
            if status is not None and payload is not None and status < 500:
                again = json.loads(payload)
                with self.shared.lock:
                    self.shared.replays.append((stored["id"], again.get("id", -1)))

    def refresh_dealer(self) -> None:
        path = f"/api/v1/clubs/{self.fx['slug']}/sessions/{self.session_id}/"
        status, payload, _h = self.request("session detail", "GET", path)
        if status == 200 and payload:
            self.dealer = json.loads(payload)["next_dealer"]

    def run(self) -> None:
        while time.monotonic() < self.stop_at:
            if self.rng.random() < WRITE_SHARE:
                self.write()
            else:
                self.read()


def percentile(values: list[float], p: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=1000, method="inclusive")[int(p * 10) - 1]


def report(shared: Shared, wall: float, clients: str = f"{CLIENTS} clients") -> bool:
    lat = sorted(shared.latencies)
    total = len(lat)
    five = sum(n for s, n in shared.statuses.items() if isinstance(s, int) and s >= 500)
    print(f"\n== load: {clients}, {wall:.1f} s ==")
    print(f"requests        {total}  ({total / wall:.1f} requests/s)")
    print(
        f"latency ms      p50 {percentile(lat, 50) * 1000:.1f}  p95 {percentile(lat, 95) * 1000:.1f}"
        f"  p99 {percentile(lat, 99) * 1000:.1f}  max {lat[-1] * 1000:.1f}"
    )
    for kind, values in sorted(shared.kind_latencies.items()):
        values.sort()
        print(
            f"  {kind:16} {len(values):5}  p50 {percentile(values, 50) * 1000:7.1f}"
            f"  p95 {percentile(values, 95) * 1000:7.1f} ms"
        )
    print(f"statuses        {dict(sorted(shared.statuses.items(), key=str))}")
    print(f"5xx             {five}")
    for line in shared.failures[:10]:
        print(f"  failure: {line}")
    return five == 0 and not shared.statuses.get("connection error")


def audit(shared: Shared, fixture: dict[str, Any]) -> bool:
    """What the clients were told against what the database holds."""
    from django.db.models import Count, Sum

    from scoring.models import Round, RoundPlayer, Transfer
    from scoring.standings.models import PlayerClubStat, PlayerSeasonStat, PlayerSessionStat
    from scoring.standings.tasks import standings_rebuild_task

    ok = True
    sessions = fixture["sessions"]
    acked_ids = [rid for _s, _n, rid in shared.acked]
    rounds = Round.objects.filter(session_id__in=sessions)
    stored = dict(rounds.values_list("id", "session_id"))
    missing = [rid for rid in acked_ids if rid not in stored]
    dup_acks = len(acked_ids) - len(set(acked_ids))
    per_number = (
        rounds.values("session_id", "number").annotate(n=Count("id")).filter(n__gt=1).count()
    )
    unacked = set(stored) - set(acked_ids)
    bad_replays = [(a, b) for a, b in shared.replays if a != b]
    print("\n== audit ==")
    print(f"rounds acknowledged      {len(acked_ids)}  stored {len(stored)}")
    print(f"acknowledged but missing {len(missing)}")
    print(f"acknowledged twice       {dup_acks}")
    print(f"round numbers stored 2x  {per_number}")
    print(f"stored, never acked      {len(unacked)}")
    print(f"retries replayed         {len(shared.replays)}  with another round: {len(bad_replays)}")
    ok &= not missing and not dup_acks and not per_number and not unacked and not bad_replays

    nets = dict(
        RoundPlayer.objects.filter(round__in=rounds)
        .values("round_id")
        .annotate(s=Sum("net"))
        .values_list("round_id", "s")
    )
    burned = dict(rounds.values_list("id", "burned"))
    unbalanced_nets = [rid for rid in stored if nets.get(rid, 0) + burned[rid] != 0]
    paid = Counter()
    got = Counter()
    for rid, payer, payee, amount in Transfer.objects.filter(round__in=rounds).values_list(
        "round_id", "payer_seat", "payee_seat", "amount"
    ):
        paid[rid] += amount if payer is not None else 0
        got[rid] += amount if payee is not None else 0
    unbalanced = [rid for rid in stored if paid[rid] != got[rid] + burned[rid]]
    no_transfers = [rid for rid in stored if paid[rid] == 0]
    print(f"rounds whose nets + burned != 0        {len(unbalanced_nets)}")
    print(f"rounds whose transfers do not balance  {len(unbalanced)}")
    print(f"rounds without transfers (all wins)    {len(no_transfers)}")
    ok &= not unbalanced_nets and not unbalanced and not no_transfers

    def snapshot() -> list[tuple]:
        out = []
        for model in (PlayerSessionStat, PlayerSeasonStat, PlayerClubStat):
            fields = [f.attname for f in model._meta.concrete_fields if f.attname != "id"]
            out.append(sorted(model.objects.values_list(*fields)))
        return out

    live = snapshot()
    started = time.perf_counter()
    standings_rebuild_task.delay(season_id=fixture["season"]).get(timeout=300)
    rebuilt = snapshot()
    same = live == rebuilt
    print(
        f"materialised standings == full rebuild (Celery worker, "
        f"{time.perf_counter() - started:.1f} s): {same}"
    )
    ok &= same
    return ok


def main() -> int:
    with Stack() as stack:
        fixture = stack.fixture(clients=CLIENTS)
        shared = Shared()
        stop = time.monotonic() + SECONDS
        clients = [Client(n, stack.port, fixture, shared, stop) for n in range(CLIENTS)]
        started = time.perf_counter()
        for c in clients:
            c.start()
        for c in clients:
            c.join(SECONDS + 60)
        wall = time.perf_counter() - started
        load_ok = report(shared, wall)
        audit_ok = audit(shared, fixture)  # Django is set up for the stack's database
    verdict = "PASS" if load_ok and audit_ok else "FAIL"
    print(f"\n{verdict}: zero 5xx, zero lost or duplicated rounds, balanced, standings rebuilt")
    return 0 if load_ok and audit_ok else 1


if __name__ == "__main__":
    sys.exit(main())
