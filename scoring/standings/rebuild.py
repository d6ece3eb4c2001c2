"""Recomputing the materialised standings and the ratings from the rounds, and the
table writes that the incremental path (``scoring.standings.services``) and the bulk
import (``scoring.bulk_import``) share.

- ``stats_rebuild(...)`` recomputes the stat tables of a scope (a season, a club, all)
  from the rounds; ``ratings_rebuild(...)`` replays a scope's ratings over its finished
  sessions in start order; ``standings_rebuild(...)`` does both (``manage.py
  rebuild_standings``, the nightly Celery task).
- ``session_stat_rows`` computes PlayerSessionStat rows from the rounds; the incremental
  path and the rebuild both use it, so they produce identical rows (a hypothesis test
  in tests/scoring/standings/test_stats.py checks it).
- ``apply_stat_deltas`` adds per-player differences to the season and club totals
  (``stat_add_statements``: the same upserts as statements, for a caller that runs them
  with its other writes);
  ``scope_lock`` keeps a rebuild and the writers of a club apart.

Ratings (``scoring.standings.ratings``) are openskill's Plackett-Luce model.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.db import connection, transaction
from django.db.models import Q, Sum

from csmj_site.bulk_rows import Statement, gc_paused, insert_rows, statements_run
from leagues.models import Club, Season
from leagues.services import season_sessions_recount
from scoring.models import RoundPlayer, Session, SessionSeat, counting_q
from scoring.standings.models import (
    ROUND_AGGREGATES,
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from scoring.standings.ratings import ratings_replay

Progress = Callable[[int], Any]  # called with the number of items just done


# ---------------------------------------------------------------- per-session rows


def session_stat_rows(
    *, rounds_scope: Q, results: Iterable[SessionResult]
) -> list[PlayerSessionStat]:
    """Unsaved PlayerSessionStat rows: counted rounds in ``rounds_scope`` (a filter on
    RoundPlayer), plus the paper sessions among ``results``."""
    rows: dict[tuple[int, int], PlayerSessionStat] = {}
    aggregates: Iterable[Mapping[str, Any]] = (
        RoundPlayer.objects.filter(counting_q("round") & rounds_scope)
        .values(
            "round__session_id",
            "round__session__season_id",
            "round__session__season__club_id",
            "round__session__started_at",
            "player_id",
            "seat",
        )
        .annotate(**ROUND_AGGREGATES)
        .order_by()
    )
    for a in aggregates:
        key = (a["round__session_id"], a["player_id"])
        rows[key] = PlayerSessionStat(
            session_id=a["round__session_id"],
            player_id=a["player_id"],
            season_id=a["round__session__season_id"],
            club_id=a["round__session__season__club_id"],
            seat=a["seat"],
            started_at=a["round__session__started_at"],
            net=a["round_net"] or 0,
            sessions=1,
            **{f: a[f] or 0 for f in ROUND_AGGREGATES},
        )
    paper = [r for r in results if r.is_paper]
    if paper:
        seats = SessionSeat.objects.filter(session_id__in=[r.session_id for r in paper]).values(
            "session_id",
            "seat",
            "player_id",
            "session__season_id",
            "session__season__club_id",
            "session__started_at",
        )
        nets = {r.session_id: r.paper_nets or [] for r in paper}
        for s in seats:
            key = (s["session_id"], s["player_id"])
            row = rows.get(key) or PlayerSessionStat(
                session_id=s["session_id"],
                player_id=s["player_id"],
                season_id=s["session__season_id"],
                club_id=s["session__season__club_id"],
                seat=s["seat"],
                started_at=s["session__started_at"],
                sessions=1,
            )
            paper_nets = nets[s["session_id"]]
            row.net += paper_nets[s["seat"]] if s["seat"] < len(paper_nets) else 0
            rows[key] = row
    return list(rows.values())


def stat_add_statements(
    model: Any,
    *,
    fixed: dict[str, Any],
    keys: tuple[str, str],
    rows: list[tuple[dict[str, int], dict[str, int]]],
) -> list[Statement]:
    """The statements that add per-row deltas to a stat table's STAT_FIELDS with INSERT ...
    ON CONFLICT (``keys``) DO UPDATE (an atomic increment, safe under concurrent writers),
    not run. ``rows``: (the row's own integer columns, e.g. ``{"player_id": 7}``, its
    deltas), written in that order (callers sort them by player, so that writers lock
    alike); ``fixed``: the columns every row shares (the scope). On PostgreSQL one
    statement whatever the number of rows (the columns as arrays, ``unnest``); elsewhere
    one per 80 rows."""
    if not rows:
        return []
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    own = list(rows[0][0])
    columns = ", ".join(q(c) for c in (*fixed, *own, *STAT_FIELDS))
    updates = ", ".join(f"{q(f)} = {table}.{q(f)} + EXCLUDED.{q(f)}" for f in STAT_FIELDS)
    upsert = f"ON CONFLICT ({q(keys[0])}, {q(keys[1])}) DO UPDATE SET {updates}"
    if connection.vendor == "postgresql":
        shared = ", ".join(["%s"] * len(fixed))
        arrays = ", ".join(["%s::bigint[]"] * (len(own) + len(STAT_FIELDS)))
        return [
            (
                f"INSERT INTO {table} ({columns}) SELECT {shared}, * FROM unnest({arrays}) "
                f"{upsert}",
                [
                    *fixed.values(),
                    *([r[c] for r, _ in rows] for c in own),
                    *([d[f] for _, d in rows] for f in STAT_FIELDS),
                ],
            )
        ]
    one = "(" + ", ".join(["%s"] * (len(fixed) + len(own) + len(STAT_FIELDS))) + ")"
    statements: list[Statement] = []
    for start in range(0, len(rows), 80):
        chunk = rows[start : start + 80]
        statements.append(
            (
                f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(chunk))} {upsert}",
                [
                    v
                    for r, d in chunk
                    for v in (*fixed.values(), *r.values(), *(d[f] for f in STAT_FIELDS))
                ],
            )
        )
    return statements


def apply_stat_deltas(model: Any, scope: dict[str, int], deltas: dict[int, dict[str, int]]) -> None:
    """Add per-player deltas to a totals table (``stat_add_statements``, rows in player
    order), then drop the rows left with no session."""
    if not deltas:
        return
    ((scope_col, _value),) = scope.items()
    statements_run(
        stat_add_statements(
            model,
            fixed=scope,
            keys=(scope_col, "player_id"),
            rows=[({"player_id": pid}, d) for pid, d in sorted(deltas.items())],
        )
    )
    if any(d["sessions"] < 0 for d in deltas.values()):
        model.objects.filter(player_id__in=list(deltas), sessions__lte=0, **scope).delete()


def scope_lock(club_id: int, *, exclusive: bool) -> None:
    """On PostgreSQL, a transaction-level advisory lock per club: writers share it, a
    rebuild takes it alone, so no write slips between a rebuild's reads and its writes.
    (SQLite serialises writers anyway.)"""
    if connection.vendor != "postgresql":
        return
    fn = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    with connection.cursor() as cur:
        cur.execute(f"SELECT {fn}(%s, %s)", [0x6373, club_id])


# ---------------------------------------------------------------- rebuild

REBUILD_CHUNK = 2000


def _totals_from_sessions(model: Any, key: str, scope: Q) -> list[Any]:
    rows = (
        PlayerSessionStat.objects.filter(scope)
        .values(key, "player_id")
        .annotate(**{f"{f}_sum": Sum(f) for f in STAT_FIELDS})
        .order_by()
    )
    return [
        model(
            **{key: r[key], "player_id": r["player_id"]}, **{f: r[f"{f}_sum"] for f in STAT_FIELDS}
        )
        for r in rows
    ]


def stats_rebuild(
    *, club: Club | None = None, season: Season | None = None, progress: Progress | None = None
) -> int:
    """Recompute the stat tables from the rounds: one season (and its club's totals),
    one club, or everything (both None). Returns the number of sessions scanned.
    ``progress(n)`` is called as sessions are done (for a progress bar)."""
    if season is not None:
        sessions = Session.objects.filter(season=season)
        session_scope = Q(season=season)
        clubs = Club.objects.filter(pk=season.club_id)
    elif club is not None:
        sessions = Session.objects.filter(season__club=club)
        session_scope = Q(club=club)
        clubs = Club.objects.filter(pk=club.pk)
    else:
        sessions = Session.objects.all()
        session_scope = Q()
        clubs = Club.objects.all()
    with transaction.atomic():
        for club_id in clubs.order_by("pk").values_list("pk", flat=True):
            scope_lock(club_id, exclusive=True)
        ids = list(sessions.order_by("pk").values_list("pk", flat=True))
        PlayerSessionStat.objects.filter(session_scope).delete()
        for start in range(0, len(ids), REBUILD_CHUNK):
            chunk = ids[start : start + REBUILD_CHUNK]
            lo, hi = chunk[0], chunk[-1]
            results = SessionResult.objects.filter(session_id__in=chunk, is_paper=True)
            rows = session_stat_rows(
                rounds_scope=Q(round__session_id__gte=lo, round__session_id__lte=hi)
                & Q(round__session__in=sessions),
                results=results,
            )
            PlayerSessionStat.objects.bulk_create(rows, batch_size=5000)
            if progress:
                progress(len(chunk))
        # The season totals in scope, and the session rows they are summed from.
        if season is not None:
            season_totals, season_sessions = Q(season=season), Q(season=season)
        else:
            season_totals, season_sessions = Q(season__club__in=clubs), Q(club__in=clubs)
        PlayerSeasonStat.objects.filter(season_totals).delete()
        PlayerSeasonStat.objects.bulk_create(
            _totals_from_sessions(PlayerSeasonStat, "season_id", season_sessions),
            batch_size=5000,
        )
        PlayerClubStat.objects.filter(club__in=clubs).delete()
        PlayerClubStat.objects.bulk_create(
            _totals_from_sessions(PlayerClubStat, "club_id", Q(club__in=clubs)), batch_size=5000
        )
        season_sessions_recount(
            seasons=Season.objects.filter(pk=season.pk)
            if season is not None
            else Season.objects.filter(club__in=clubs)
        )
    return len(ids)


# ---------------------------------------------------------------- ratings


def rating_scope(*, club_id: int, season_id: int | None) -> Q:
    """The PlayerRating / RatingEvent rows of one scope: a season's, or the club-wide ones
    (``season_id`` None: SQL ``IS NULL``)."""
    return Q(club_id=club_id, season_id=season_id)


def _rated_sessions(
    *, club_id: int, season_id: int | None, after: tuple[datetime.datetime, int] | None = None
) -> list[tuple[tuple[datetime.datetime, int], list[int], list[int]]]:
    """Finished sessions of a scope in start order: ((started_at, id), players, nets)."""
    qs = PlayerSessionStat.objects.filter(club_id=club_id, session__result__isnull=False)
    if season_id is not None:
        qs = qs.filter(season_id=season_id)
    rows = qs.values_list("session_id", "started_at", "player_id", "net").order_by(
        "started_at", "session_id", "seat"
    )
    grouped: dict[tuple[datetime.datetime, int], tuple[list[int], list[int]]] = {}
    for session_id, started_at, player_id, net in rows.iterator(chunk_size=10000):
        players, nets = grouped.setdefault((started_at, session_id), ([], []))
        players.append(player_id)
        nets.append(net)
    return [(k, p, n) for k, (p, n) in grouped.items() if len(p) >= 2]


def ratings_rebuild(*, club_id: int, season_id: int | None) -> int:
    """Replay a scope's ratings (a season, or the club when ``season_id`` is None) from its
    finished sessions. Idempotent. Returns the number of sessions rated. The garbage
    collector is paused meanwhile (``gc_paused``: the replay's history lives until written)."""
    with gc_paused():
        return _ratings_rebuild(club_id=club_id, season_id=season_id)


def _ratings_rebuild(*, club_id: int, season_id: int | None) -> int:
    sessions = _rated_sessions(club_id=club_id, season_id=season_id)
    final, history = ratings_replay(sessions)
    with transaction.atomic():
        scope = rating_scope(club_id=club_id, season_id=season_id)
        PlayerRating.objects.filter(scope).delete()
        RatingEvent.objects.filter(scope).delete()
        played: dict[int, int] = defaultdict(int)
        events = []
        for rated in history:
            at, session_id = rated.key
            for pid, r in rated.after.items():
                played[pid] += 1
                events.append(
                    {
                        "club_id": club_id,
                        "season_id": season_id,
                        "player_id": pid,
                        "session_id": session_id,
                        "at": at,
                        "mu": r.mu,
                        "sigma": r.sigma,
                        "ordinal": r.ordinal,
                    }
                )
        insert_rows(RatingEvent, events)  # ids from the identity column, in row order
        PlayerRating.objects.bulk_create(
            [
                PlayerRating(
                    club_id=club_id,
                    season_id=season_id,
                    player_id=pid,
                    mu=r.mu,
                    sigma=r.sigma,
                    ordinal=r.ordinal,
                    sessions=played[pid],
                )
                for pid, r in final.items()
            ],
            batch_size=5000,
        )
    return len(sessions)


def ratings_rebuild_club(*, club: Club) -> int:
    """Rebuild the club-wide ratings and every season's. Returns sessions rated club-wide."""
    for season_id in Season.objects.filter(club=club).values_list("pk", flat=True):
        ratings_rebuild(club_id=club.pk, season_id=season_id)
    return ratings_rebuild(club_id=club.pk, season_id=None)


def standings_rebuild(
    *, club: Club | None = None, season: Season | None = None, progress: Progress | None = None
) -> int:
    """Recompute stats and ratings from the rounds: a season (with its club's totals and
    club-wide ratings), a club, or everything. Idempotent. Returns sessions scanned."""
    n = stats_rebuild(club=club, season=season, progress=progress)
    if season is not None:
        ratings_rebuild(club_id=season.club_id, season_id=season.pk)
        ratings_rebuild(club_id=season.club_id, season_id=None)
    else:
        for c in [club] if club is not None else Club.objects.all():
            ratings_rebuild_club(club=c)
    return n
