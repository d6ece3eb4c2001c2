"""Bulk writes of whole sessions: import_rounds, generate_demo_league and export round trips.

Every round goes through the engine exactly as ``round_record`` does (scored under the
season's ruleset, stored with the resolved ruleset, the same derived rows). Sessions
are checked first; a session with any bad round is reported with every engine error
and stored not at all. Good sessions are written in batches with few statements
(PostgreSQL COPY; ``bulk_create`` elsewhere), then the materialised standings are
brought up to date in the same transaction and the ratings of the touched scopes are
replayed.

Over 600 lines as one job: checking, scoring and writing whole sessions in batches share
the resolved players and rulesets and the rows they build, so that a bad session is
refused before any row of the batch is written.
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
import json
import multiprocessing
import multiprocessing.util
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, connections, transaction
from django.utils import timezone

from csmj_site.bulk_rows import allocate_ids, gc_paused, insert_rows
from csmj_site.errors import ServiceError, ServiceErrors
from leagues.audit import audit_record_import
from leagues.models import Player, Season
from leagues.services import season_sessions_add
from scoring.engine import Rules, Scored, parse_ruleset
from scoring.models import (
    FeeBy,
    FeePer,
    Round,
    RoundHand,
    RoundKong,
    RoundPlayer,
    Session,
    SessionSeat,
    Transfer,
    new_follow_token,
)
from scoring.services import (
    RoundRejected,
    paper_nets_validate,
    round_rows,
    round_score,
    ruleset_resolve,
    session_start_problems,
    table_fee_problems,
)
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerSeasonStat,
    PlayerSessionStat,
    SessionResult,
    round_add,
)
from scoring.standings.rebuild import apply_stat_deltas, ratings_rebuild, scope_lock

# ---------------------------------------------------------------- input / report


@dataclass
class SessionIn:
    """One session to store: its players by seat (as many as the season's ruleset seats:
    4, 3 or 2) and its rounds in play order.

    A round entry is a round-format object (without "ruleset"), or
    ``{"round": {...}, "void": "reason"}`` for a round recorded and then voided, or
    ``{"round": {...}, "ruleset": {...}}`` (with or without "void") for a round scored
    under another ruleset than the season's current one (the club edited it since).
    ``paper_nets`` makes a paper session (no rounds). ``finished`` marks it finished.
    ``table_fee``, ``table_fee_per``, ``table_fee_by``: its table fee (台费), checked as
    ``session_table_fee_set`` checks it.
    """

    line: int
    season: Season
    players: list[Player]
    rounds: list[dict[str, Any]] = field(default_factory=list)
    first_dealer: int = 0
    started_at: datetime.datetime | None = None
    table_label: str = ""
    paper_nets: list[int] | None = None
    finished: bool = False
    table_fee: int = 0
    table_fee_per: str = FeePer.TABLE
    table_fee_by: str = FeeBy.EQUAL


@dataclass
class ImportReport:
    sessions: int = 0
    rounds: int = 0
    failed: list[tuple[int, list[dict[str, str]]]] = field(default_factory=list)
    added_players: int = 0
    # (player, alias) of a club file's roster not stored: the word names another player
    aliases_left_out: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failed


# ---------------------------------------------------------------- checking and scoring


@dataclass
class _Scored:
    src: SessionIn
    # data, scored, void, the full ruleset it was scored under
    rounds: list[tuple[dict[str, Any], Scored, str | None, dict[str, Any]]]
    session_id: int | None = None  # allocated before the batch is built (forked import)


# season id, or a round's own ruleset as JSON -> (Rules.to_dict(), Rules)
Resolved = dict[int | str, tuple[dict[str, Any], Rules]]


def _check(src: SessionIn, resolved: Resolved) -> tuple[_Scored | None, list[dict[str, str]]]:
    """A session line's problems (``session_start_problems``, the paper nets, every round's
    engine errors), or the session scored. Its table is the first round's (the season's
    ruleset, or the round's own when the club has since changed it, so that an exported
    season whose table size changed imports as it was); every round must seat it."""
    season = src.season
    if season.pk not in resolved:
        resolved[season.pk] = _resolve(season.ruleset.config, field="ruleset")
    full, rules = resolved[season.pk]
    errors: list[ServiceError] = []
    tables: list[tuple[str, int]] = []  # (where, the table size it was scored for)
    scored = []
    for i, entry in enumerate(src.rounds):
        void = None
        data = entry
        round_full, round_rules = full, rules
        where = f"rounds[{i}]"
        if isinstance(entry, dict) and "round" in entry:  # a wrapped round
            data = entry["round"]
            if "void" in entry:
                void = str(entry["void"] or "void")[:200]
            if "ruleset" in entry:  # scored under an earlier version of the club's rules
                try:
                    round_full, round_rules = _ruleset_parsed(
                        entry["ruleset"], resolved, field=f"{where}.ruleset"
                    )
                except ServiceErrors as exc:
                    errors += exc.errors
                    continue
        tables.append((where, round_rules.players))
        try:
            result = round_score(data=data, rules=round_rules)  # as recording does; parsed once
        except RoundRejected as exc:
            errors += [e.at(f"{where}.{e.field}" if e.field else where) for e in exc.errors]
            continue
        scored.append((data, result, void, round_full))
    seated = tables[0][1] if tables else rules.players
    errors[:0] = session_start_problems(
        season=season, players=src.players, first_dealer=src.first_dealer, seated=seated
    )
    for where, players in tables:
        if players != seated:
            errors.append(
                ServiceError(where, "table_size_changed", {"seats": seated, "players": players})
            )
    if src.paper_nets is not None:
        if src.rounds:
            errors.append(ServiceError("rounds", "paper_session"))
        try:
            src.paper_nets = paper_nets_validate(src.paper_nets, seats=seated)  # as numbers
        except ServiceErrors as exc:  # the service's "nets" is the line's "paper_nets"
            errors += [e.at("paper_nets") for e in exc.errors]
    # the service's fields are the club file's table_fee.fee, .per and .by
    fee_fields = {"table_fee": "fee", "table_fee_per": "per", "table_fee_by": "by"}
    errors += [
        e.at(f"table_fee.{fee_fields[e.field]}")
        for e in table_fee_problems(fee=src.table_fee, per=src.table_fee_per, by=src.table_fee_by)
    ]
    if errors:
        return None, [e.as_dict() for e in errors]
    return _Scored(src=src, rounds=scored), []


def _ruleset_parsed(config: Any, resolved: Resolved, *, field: str) -> tuple[dict[str, Any], Rules]:
    """(full config, Rules) of a round's own ruleset, parsed once per distinct config."""
    key = json.dumps(config, sort_keys=True, ensure_ascii=False)
    if key not in resolved:
        resolved[key] = _resolve(config, field=field)
    return resolved[key]


def _resolve(config: Any, *, field: str) -> tuple[dict[str, Any], Rules]:
    """(full config, Rules) of a saved ruleset; ServiceErrors (RoundRejected) if invalid."""
    full = ruleset_resolve(config, field=field)
    rules, _errors = parse_ruleset(full)
    assert rules is not None  # ruleset_resolve accepted it
    return full, rules


# ---------------------------------------------------------------- storing a batch


def _rows(
    round_id: int,
    data: dict[str, Any],
    scored: Scored,
    pids: Sequence[int],
    *,
    counted: bool,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """scoring.services.round_rows (the same rows recording stores), with ids; the hand
    and kong rows ``counted`` as the round counts (scoring.models COUNTED_ROWS_NOTE: a
    void round's do not). Every row of a table has the same keys (one COPY)."""
    rows = round_rows(data=data, scored=scored)  # fresh dicts: completed in place
    transfers, players, hands, kongs = (
        rows["transfers"],
        rows["players"],
        rows["hands"],
        rows["kongs"],
    )
    for t in transfers:
        payer, payee = t["payer_seat"], t["payee_seat"]
        t["round_id"] = round_id
        t["payer_id"] = None if payer is None else pids[payer]
        t["payee_id"] = None if payee is None else pids[payee]
    for r in players:
        r["round_id"] = round_id
        r["player_id"] = pids[r["seat"]]
    for r in (*hands, *kongs):
        r["round_id"] = round_id
        r["player_id"] = pids[r["seat"]]
        r["counted"] = counted
    return transfers, players, hands, kongs


@dataclass
class _Built:
    """A batch's rows, ready to insert, and what it adds to each club (for the audit log)."""

    actor: Any
    clubs: dict[int, dict[str, Any]]
    sessions: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    transfers: list[dict[str, Any]]
    players: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    kongs: list[dict[str, Any]]
    results: list[dict[str, Any]]
    stats: list[dict[str, Any]]


def _store_batch(batch: list[_Scored], actor: Any) -> int:
    """Write checked sessions with all their rows and stats. Returns rounds stored."""
    return _write(_build(batch, actor))


def _build(batch: list[_Scored], actor: Any) -> _Built:
    """The rows of checked sessions (ids of sessions and rounds allocated here)."""
    now = timezone.now()
    # allocated before the batch was built (a forked import), or else here
    given = [s.session_id for s in batch if s.session_id is not None]
    session_ids = given if len(given) == len(batch) else allocate_ids(Session, len(batch))
    round_ids = iter(allocate_ids(Round, sum(len(s.rounds) for s in batch)))
    sessions, seats, rounds, transfers, players, hands, results = [], [], [], [], [], [], []
    kongs: list[dict[str, Any]] = []
    stats: list[dict[str, Any]] = []
    clubs: dict[int, dict[str, Any]] = {}  # what the batch adds to each club, for the audit
    for sid, item in zip(session_ids, batch, strict=True):
        src = item.src
        started = src.started_at or now
        pids = [p.pk for p in src.players]
        added = clubs.setdefault(
            src.season.club_id, {"sessions": 0, "rounds": 0, "session_ids": [], "lines": []}
        )
        added["sessions"] += 1
        added["rounds"] += len(item.rounds)
        added["session_ids"].append(sid)
        added["lines"].append(src.line)
        sessions.append(
            {
                "id": sid,
                "season_id": src.season.pk,
                "started_at": started,
                "table_label": src.table_label.strip(),
                "first_dealer": src.first_dealer,
                "table_fee": src.table_fee,
                "table_fee_per": src.table_fee_per,
                "table_fee_by": src.table_fee_by,
                "created_by_id": actor.pk,
                "created_at": now,
                "follow_token": new_follow_token(),
            }
        )
        seats += [
            {"session_id": sid, "seat": seat, "player_id": pid, "started_at": started}
            for seat, pid in enumerate(pids)
        ]
        totals = [dict.fromkeys(STAT_FIELDS, 0) for _ in pids]
        for number, (data, scored, void, config) in enumerate(item.rounds, start=1):
            result = scored.result
            rid = next(round_ids)
            rounds.append(
                {
                    "id": rid,
                    "session_id": sid,
                    "number": number,
                    "version": 1,
                    "is_current": True,
                    "is_void": void is not None,
                    "void_reason": void or "",
                    "data": data,
                    "ruleset_config": config,
                    "result": result,
                    "burned": result.get("burned", 0),
                    "birds": list(scored.birds),
                    "recorded_by_id": actor.pk,
                    "recorded_at": started,
                    "supersedes_id": None,
                    "voided_by_id": actor.pk if void is not None else None,
                    "voided_at": now if void is not None else None,
                }
            )
            t, p, h, k = _rows(rid, data, scored, pids, counted=void is None)
            transfers += t
            players += p
            hands += h
            kongs += k
            if void is None:
                for row in p:
                    round_add(totals[row["seat"]], row)
        if src.paper_nets is not None:
            for seat, net in enumerate(src.paper_nets):
                totals[seat]["net"] += net
        if src.finished or src.paper_nets is not None:
            results.append(
                {
                    "session_id": sid,
                    "finished_at": now,
                    "finished_by_id": actor.pk,
                    "is_paper": src.paper_nets is not None,
                    "paper_nets": src.paper_nets,
                }
            )
        counted = src.paper_nets is not None or any(t["rounds"] for t in totals)
        if counted:
            for seat, pid in enumerate(pids):
                stats.append(
                    {
                        "session_id": sid,
                        "player_id": pid,
                        "season_id": src.season.pk,
                        "club_id": src.season.club_id,
                        "seat": seat,
                        "started_at": started,
                        **totals[seat],
                        "sessions": 1,
                    }
                )
    return _Built(
        actor,
        dict(sorted(clubs.items())),
        sessions,
        seats,
        rounds,
        transfers,
        players,
        hands,
        kongs,
        results,
        stats,
    )


def _write(b: _Built) -> int:
    """Insert a built batch and add its totals, in one transaction. Returns its rounds.

    Only sessions and rounds get their ids here (the child rows point at them); the other
    rows take theirs from the identity column as COPY inserts them, in row order (a
    round's transfers keep their order by id), without a round trip per id."""
    with transaction.atomic():
        for club_id in b.clubs:
            scope_lock(club_id, exclusive=False)
        for club_id, added in b.clubs.items():
            audit_record_import(actor=b.actor, club_id=club_id, **added)
        insert_rows(Session, b.sessions)
        insert_rows(SessionSeat, b.seats)
        insert_rows(Round, b.rounds)
        insert_rows(Transfer, b.transfers)
        insert_rows(RoundPlayer, b.players)
        insert_rows(RoundHand, b.hands)
        insert_rows(RoundKong, b.kongs)
        insert_rows(SessionResult, b.results)
        insert_rows(PlayerSessionStat, b.stats)
        if connection.vendor == "postgresql":
            # The deferred foreign-key checks now (SET CONSTRAINTS ALL IMMEDIATE, then
            # back to DEFERRED), before the totals upserts lock standings rows that a
            # concurrent import or recorder then waits on until this commits.
            connection.check_constraints()
        # Last, as the totals: the season's count row stays locked until the commit, so
        # taking it earlier would make concurrent workers write their batches in turn.
        season_sessions_add(counts=Counter(s["season_id"] for s in b.sessions))
        _add_totals(b.stats)
    return len(b.rounds)


def _add_totals(stats: Iterable[dict[str, Any]]) -> None:
    by_season: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)
    by_club: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)
    for s in stats:
        for scope, key in ((by_season, s["season_id"]), (by_club, s["club_id"])):
            d = scope[key].setdefault(s["player_id"], dict.fromkeys(STAT_FIELDS, 0))
            for f in STAT_FIELDS:
                d[f] += s[f]
    for season_id, deltas in by_season.items():
        apply_stat_deltas(PlayerSeasonStat, {"season_id": season_id}, deltas)
    for club_id, deltas in by_club.items():
        apply_stat_deltas(PlayerClubStat, {"club_id": club_id}, deltas)


# ---------------------------------------------------------------- entry point

ANALYZE_AFTER = 5000  # rounds imported in one call
ANALYZE_FRACTION = 0.1  # ... and more than this share of the rounds already analysed


def statistics_stale(rounds: int) -> bool:
    """Whether an import of ``rounds`` should ANALYZE the round tables at once (PostgreSQL):
    when it is big and adds more than a tenth to what the planner's statistics last saw
    (``pg_class.reltuples``; -1 when never analysed). That is autovacuum's own threshold
    (``autovacuum_analyze_scale_factor`` 0.1); below it the statistics still describe the
    tables and autovacuum refreshes them in its time. ANALYZE of a 400,000-round database
    costs over a second, more than importing 5,000 rounds."""
    if rounds < ANALYZE_AFTER or connection.vendor != "postgresql":
        return False
    with connection.cursor() as cur:
        cur.execute(
            "SELECT reltuples FROM pg_class WHERE oid = %s::regclass", [Round._meta.db_table]
        )
        row = cur.fetchone()
    return analyse_due(rounds=rounds, seen=row[0] if row else -1)


def analyse_due(*, rounds: int, seen: float) -> bool:
    """An import of ``rounds`` into a table the statistics last counted ``seen`` rounds in
    (negative: never analysed) should refresh them."""
    return rounds >= ANALYZE_AFTER and (seen < 0 or rounds > ANALYZE_FRACTION * seen)


def sessions_import(
    *,
    sessions: Iterable[SessionIn],
    actor: Any,
    all_or_nothing: bool = False,
    batch_size: int = 500,
    progress: Callable[[int], Any] | None = None,
    rebuild_ratings: bool = True,
    report: ImportReport | None = None,
    workers: int = 1,
) -> ImportReport:
    """Check and store sessions. Each session is atomic: one with any error is reported
    (``report.failed``: line and every error) and the others are stored. With
    ``all_or_nothing`` a single failure (also one a caller adds to ``report.failed``
    while ``sessions`` is consumed) stores nothing at all.

    ``workers`` > 1 checks and writes batches in that many forked processes, each with
    its own connection and transactions (PostgreSQL, outside a transaction, and not with
    ``all_or_nothing``, which needs one transaction; otherwise this runs in-process)."""
    report = report or ImportReport()
    run = _Run(actor=actor, batch_size=batch_size, progress=progress, report=report)
    if workers > 1 and not all_or_nothing and _can_fork():
        scopes = run.forked(sessions, workers)
    else:
        workers = 1
        scopes = run.here(sessions, all_or_nothing)
    if report.sessions == 0:
        return report
    if statistics_stale(report.rounds):
        # Fresh statistics, or the planner keeps the plans of the empty tables (a seq scan
        # of every round's seats where an index lookup of one session's is right).
        with connection.cursor() as cur:
            for model in (Session, SessionSeat, Round, Transfer, RoundPlayer, RoundHand, RoundKong):
                cur.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
            cur.execute(f"ANALYZE {PlayerSessionStat._meta.db_table}")
    if rebuild_ratings:
        ratings_scopes = sorted(scopes) + [(c, None) for c in sorted({c for c, _ in scopes})]
        if workers > 1 and len(ratings_scopes) > 1:
            list(_forked_imap(_ratings_job, ratings_scopes, workers))
        else:
            for club_id, season_id in ratings_scopes:
                ratings_rebuild(club_id=club_id, season_id=season_id)
    return report


# ---------------------------------------------------------------- forked workers
#
# Checking and building rows is Python (one core); COPY, index upkeep and the foreign-key
# checks are PostgreSQL (another). One process alternates between them, so with two cores
# half the machine idles. Forked workers each take whole batches: check, build, write and
# commit, on their own connection. The session ids are allocated here first, in file
# order, so that sessions keep the order they have in the file (ratings replay sessions in
# (started_at, id) order). The workers' totals upserts lock the same standings rows in
# player order and run after the deferred constraint checks (``_write``), so they queue
# briefly and never deadlock.

_JOB: tuple[list[SessionIn], list[int], Any] | None = None
FORK_CHUNK = 5000  # sessions read ahead and handed to one pool of workers


def default_workers() -> int:
    """Import workers for the commands: two per CPU, at most 4. A worker spends about half
    its time waiting on PostgreSQL, so two per core keep the cores busier (on 2 cores, 4
    workers imported 0–18 % faster than 2 in each of five pairs of runs,
    docs/performance.md)."""
    return max(1, min(4, 2 * (os.cpu_count() or 1)))


def _can_fork() -> bool:
    return (
        connection.vendor == "postgresql"
        and not connection.in_atomic_block
        and "fork" in multiprocessing.get_all_start_methods()
    )


@dataclass
class _Run:
    """One sessions_import: where its batches go and what it reports."""

    actor: Any
    batch_size: int
    progress: Callable[[int], Any] | None
    report: ImportReport

    def tick(self, sessions: int) -> None:
        if self.progress:
            self.progress(sessions)

    def here(self, sessions: Iterable[SessionIn], all_or_nothing: bool) -> set[tuple[int, int]]:
        """In this process. Returns the (club, season) scopes it stored sessions in."""
        report = self.report
        resolved: Resolved = {}
        scopes: set[tuple[int, int]] = set()
        pending: list[_Scored] = []

        def flush() -> None:
            if not pending:
                return
            report.rounds += _store_batch(pending, self.actor)
            report.sessions += len(pending)
            self.tick(len(pending))
            pending.clear()

        with transaction.atomic() if all_or_nothing else contextlib.nullcontext(), gc_paused():
            for src in sessions:
                scored, errors = _check(src, resolved)
                if scored is None:
                    report.failed.append((src.line, errors))
                    self.tick(1)
                    continue
                scopes.add((src.season.club_id, src.season.pk))
                pending.append(scored)
                if len(pending) >= self.batch_size:
                    flush()
            if all_or_nothing and report.failed:
                pending.clear()
                transaction.set_rollback(True)
                report.sessions = report.rounds = 0
                return set()
            flush()
        return scopes

    def forked(self, sessions: Iterable[SessionIn], workers: int) -> set[tuple[int, int]]:
        """Chunks of FORK_CHUNK sessions, each split into batches among forked workers.
        The next chunk is read (parsed, or made by generate_demo_league) here while the
        workers check and write the one before, so that this process's reading is not
        added to the workers' time."""
        scopes: set[tuple[int, int]] = set()
        it = iter(sessions)

        def read() -> list[SessionIn]:
            with gc_paused():
                return list(itertools.islice(it, FORK_CHUNK))

        chunk = read()
        while chunk:
            running = self._chunk_start(chunk, workers)
            try:
                following = read()
            finally:  # also when reading fails: the running batches end as they would
                scopes |= self._chunk_finish(chunk, *running)
            chunk = following
        return scopes

    def _chunk_start(
        self, items: list[SessionIn], workers: int
    ) -> tuple[list[tuple[int, int]], Iterator[Any]]:
        """Fork a pool for ``items`` with their batches submitted; (spans, results)."""
        global _JOB
        # Small enough batches that every worker gets several (and they end together).
        per = max(1, min(self.batch_size, -(-len(items) // (workers * 4))))
        spans = [(i, min(i + per, len(items))) for i in range(0, len(items), per)]
        _JOB = (items, allocate_ids(Session, len(items)), self.actor)
        try:  # the workers are forked, with _JOB as it is now, when the batches are submitted
            return spans, _forked_imap(batch_job, spans, workers)
        finally:
            _JOB = None

    def _chunk_finish(
        self, items: list[SessionIn], spans: list[tuple[int, int]], results: Iterator[Any]
    ) -> set[tuple[int, int]]:
        scopes: set[tuple[int, int]] = set()
        for (start, stop), (sessions, rounds, failed) in zip(spans, results, strict=True):
            self.report.sessions += sessions
            self.report.rounds += rounds
            self.report.failed += failed
            bad = {line for line, _ in failed}
            scopes |= {
                (s.season.club_id, s.season.pk) for s in items[start:stop] if s.line not in bad
            }
            self.tick(stop - start)
        return scopes


def batch_job(span: tuple[int, int]) -> tuple[int, int, list[tuple[int, list[dict[str, str]]]]]:
    """In a worker (forked; a test replaces it to crash one): check and store ``_JOB``'s
    sessions [start, stop) in one transaction.
    Returns (sessions stored, rounds stored, failures)."""
    assert _JOB is not None
    with gc_paused():
        return _batch_store(*_JOB, *span)


def _batch_store(
    items: list[SessionIn], ids: list[int], actor: Any, start: int, stop: int
) -> tuple[int, int, list[tuple[int, list[dict[str, str]]]]]:
    resolved: Resolved = {}
    good: list[_Scored] = []
    failed: list[tuple[int, list[dict[str, str]]]] = []
    for src, sid in zip(items[start:stop], ids[start:stop], strict=True):
        scored, errors = _check(src, resolved)
        if scored is None:
            failed.append((src.line, errors))
        else:
            scored.session_id = sid
            good.append(scored)
    rounds = _store_batch(good, actor) if good else 0
    return len(good), rounds, failed


def _ratings_job(scope: tuple[int, int | None]) -> int:
    return ratings_rebuild(club_id=scope[0], season_id=scope[1])


def _worker_start() -> None:
    # The parent's connection was closed before the fork; each worker opens its own and
    # closes it when the pool ends (Finalize runs at a pool worker's exit, atexit doesn't).
    multiprocessing.util.Finalize(None, connections.close_all, exitpriority=10)


def _forked_imap(fn: Callable[[Any], Any], args: Sequence[Any], workers: int) -> Iterator[Any]:
    """``fn(a) for a in args`` in ``workers`` forked processes, yielded in order as they
    finish. The workers are forked and every call is submitted before this returns (the
    caller may do other work meanwhile). An error in a worker is raised where the results
    are read: the calls not yet started are cancelled, those running finish (each is its
    own transaction), and what committed stays, as when one process stops at an error.
    A worker that dies (killed, out of memory) raises BrokenProcessPool instead of
    leaving the import waiting forever."""
    connections.close_all()  # no connection may be shared with the children
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(args)),
        mp_context=multiprocessing.get_context("fork"),
        initializer=_worker_start,
    )
    try:
        results = pool.map(fn, args)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    return _pool_results(pool, results)


def _pool_results(pool: ProcessPoolExecutor, results: Iterator[Any]) -> Iterator[Any]:
    try:
        yield from results
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
