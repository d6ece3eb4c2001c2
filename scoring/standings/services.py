"""Writes for the materialised standings and the ratings (issue 6).

Two paths keep ``PlayerSessionStat`` / ``PlayerSeasonStat`` / ``PlayerClubStat`` right:

- incremental: ``stats_session_refresh(session=...)`` is called by every round write,
  correction and void, inside the same transaction. It recomputes the one session's
  rows from its rounds and adds the difference to the season and club totals with
  ``F()`` updates (safe under concurrent writers);
- rebuild: ``stats_rebuild(...)`` recomputes everything in a scope from the rounds.

Both produce identical rows (tests/site/test_stats_incremental.py checks it).

Ratings (``scoring.standings.ratings``) are replayed over finished sessions in start order, per
season and per club. Finishing the newest session updates them in place; anything
that changes an earlier finished session's ranking rebuilds that scope, after commit,
in a Celery task.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, Q, Sum

from csmj_site.bulk_rows import insert_rows
from leagues.models import Club, Season
from scoring.models import RoundPlayer, Session, SessionSeat
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from scoring.standings.ratings import Rating, rating_initial, rating_update, ratings_replay

Progress = Callable[[int], Any]  # called with the number of items just done

_COUNTING = Q(round__is_current=True, round__is_void=False)
_AGGREGATES = {
    "round_net": Sum("net"),
    "rounds": Count("id"),
    "wins": Count("id", filter=Q(won=True)),
    "self_draws": Count("id", filter=Q(self_draw=True)),
    "deal_ins": Count("id", filter=Q(dealt_in=True)),
    "big_hands": Count("id", filter=Q(big_win=True)),
    "opening_wins": Sum("opening_wins"),
    "birds_hit": Sum("birds_hit"),
}

# ---------------------------------------------------------------- per-session rows


def _session_stats(*, rounds_scope: Q, results: Iterable[SessionResult]) -> list[PlayerSessionStat]:
    """Unsaved PlayerSessionStat rows: counted rounds in ``rounds_scope`` (a filter on
    RoundPlayer), plus the paper sessions among ``results``."""
    rows: dict[tuple[int, int], PlayerSessionStat] = {}
    aggregates = (
        RoundPlayer.objects.filter(_COUNTING & rounds_scope)
        .values(
            "round__session_id",
            "round__session__season_id",
            "round__session__season__club_id",
            "round__session__started_at",
            "player_id",
            "seat",
        )
        .annotate(**_AGGREGATES)
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
            **{f: a[f] or 0 for f in _AGGREGATES},
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
        nets = {r.session_id: r.paper_nets or [0, 0, 0, 0] for r in paper}
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
            row.net += nets[s["session_id"]][s["seat"]]
            rows[key] = row
    return list(rows.values())


def _delta(new: PlayerSessionStat | None, old: PlayerSessionStat | None) -> dict[str, int]:
    return {
        f: (getattr(new, f) if new else 0) - (getattr(old, f) if old else 0) for f in STAT_FIELDS
    }


def apply_stat_deltas(model: Any, scope: dict[str, int], deltas: dict[int, dict[str, int]]) -> None:
    """Add per-player deltas to a totals table with INSERT ... ON CONFLICT DO UPDATE (an
    atomic increment, safe under concurrent writers; rows in player order so that writers
    lock alike), then drop the rows left with no session. On PostgreSQL one statement
    whatever the number of players (the columns as arrays, ``unnest``); elsewhere one per
    80 players."""
    if not deltas:
        return
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    ((scope_col, scope_value),) = scope.items()
    columns = ", ".join(q(c) for c in (scope_col, "player_id", *STAT_FIELDS))
    updates = ", ".join(f"{q(f)} = {table}.{q(f)} + EXCLUDED.{q(f)}" for f in STAT_FIELDS)
    upsert = f"ON CONFLICT ({q(scope_col)}, {q('player_id')}) DO UPDATE SET {updates}"
    rows = sorted(deltas.items())
    with connection.cursor() as cur:
        if connection.vendor == "postgresql":
            arrays = ", ".join(["%s::bigint[]"] * (1 + len(STAT_FIELDS)))
            cur.execute(
                f"INSERT INTO {table} ({columns}) SELECT %s, * FROM unnest({arrays}) {upsert}",
                [
                    scope_value,
                    [pid for pid, _ in rows],
                    *([d[f] for _, d in rows] for f in STAT_FIELDS),
                ],
            )
        else:
            one = "(" + ", ".join(["%s"] * (2 + len(STAT_FIELDS))) + ")"
            for start in range(0, len(rows), 80):
                chunk = rows[start : start + 80]
                cur.execute(
                    f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(chunk))} "
                    f"{upsert}",
                    [
                        v
                        for pid, d in chunk
                        for v in (scope_value, pid, *(d[f] for f in STAT_FIELDS))
                    ],
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


def stats_session_refresh(*, session: Session, rerate: bool = True) -> None:
    """Bring one session's stat rows, and its players' season and club totals, up to date
    with its rounds. Call it inside the transaction that changed the rounds.

    When a finished session's ranking changes, its season's and club's ratings are
    replayed after commit; ``rerate=False`` skips that, for a caller that rates the
    session itself (``paper_session_record``, through ``ratings_session_finished``)."""
    season = session.season
    scope_lock(season.club_id, exclusive=False)
    result = SessionResult.objects.filter(session_id=session.pk).first()
    new = {
        r.player_id: r
        for r in _session_stats(
            rounds_scope=Q(round__session_id=session.pk), results=[result] if result else []
        )
    }
    old = {r.player_id: r for r in PlayerSessionStat.objects.filter(session_id=session.pk)}
    deltas = {pid: _delta(new.get(pid), old.get(pid)) for pid in set(new) | set(old)}
    deltas = {pid: d for pid, d in deltas.items() if any(d.values())}
    if not deltas:
        return
    for pid, row in old.items():
        if pid in new:
            new[pid].pk = row.pk
    changed = [r for pid, r in new.items() if pid in deltas]
    gone = [pid for pid in old if pid not in new]
    if gone:
        PlayerSessionStat.objects.filter(session_id=session.pk, player_id__in=gone).delete()
    update = [r for r in changed if r.pk]
    if update:
        PlayerSessionStat.objects.bulk_update(update, list(STAT_FIELDS))
    create = [r for r in changed if not r.pk]
    if create:
        PlayerSessionStat.objects.bulk_create(create)
    apply_stat_deltas(PlayerSeasonStat, {"season_id": season.pk}, deltas)
    apply_stat_deltas(PlayerClubStat, {"club_id": season.club_id}, deltas)
    if rerate and result is not None and _ranking(old) != _ranking(new):
        _ratings_rebuild_later(club_id=season.club_id, season_id=season.pk)


def stats_session_moved(*, session: Session) -> None:
    """The session's start time changed: move its stat rows, and replay the ratings when
    it is finished (its place in the rating order may have changed). Same transaction."""
    moved = PlayerSessionStat.objects.filter(session_id=session.pk).update(
        started_at=session.started_at
    )
    if moved and SessionResult.objects.filter(session_id=session.pk).exists():
        _ratings_rebuild_later(club_id=session.season.club_id, season_id=session.season_id)


def _ranking(rows: dict[int, PlayerSessionStat]) -> list[tuple[int, int]]:
    return sorted((r.seat, r.net) for r in rows.values())


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
            rows = _session_stats(
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
    return len(ids)


# ---------------------------------------------------------------- ratings


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
    finished sessions. Idempotent. Returns the number of sessions rated."""
    sessions = _rated_sessions(club_id=club_id, season_id=season_id)
    final, history = ratings_replay(sessions)
    with transaction.atomic():
        PlayerRating.objects.filter(club_id=club_id, season_id=season_id).delete()
        RatingEvent.objects.filter(club_id=club_id, season_id=season_id).delete()
        played: dict[Any, int] = defaultdict(int)
        events = []
        for rated in history:
            at, session_id = rated.key  # type: ignore[misc]
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


def _event(
    club_id: int,
    season_id: int | None,
    player_id: int,
    session_id: int,
    at: datetime.datetime,
    r: Rating,
) -> RatingEvent:
    return RatingEvent(
        club_id=club_id,
        season_id=season_id,
        player_id=player_id,
        session_id=session_id,
        at=at,
        mu=r.mu,
        sigma=r.sigma,
        ordinal=r.ordinal,
    )


def ratings_rebuild_club(*, club: Club) -> int:
    """Rebuild the club-wide ratings and every season's. Returns sessions rated club-wide."""
    for season_id in Season.objects.filter(club=club).values_list("pk", flat=True):
        ratings_rebuild(club_id=club.pk, season_id=season_id)
    return ratings_rebuild(club_id=club.pk, season_id=None)


def _ratings_rebuild_later(*, club_id: int, season_id: int) -> None:
    """Queue a rebuild of the season's and the club's ratings once this transaction commits."""
    from scoring.standings import tasks

    tasks.queue_after_commit(tasks.ratings_rebuild_task, club_id=club_id, season_id=season_id)
    tasks.queue_after_commit(tasks.ratings_rebuild_task, club_id=club_id, season_id=None)


def _rate_in_place(
    *, session: Session, stats: Sequence[PlayerSessionStat], club_id: int, season_id: int | None
) -> bool:
    """Apply one finished session (``stats``: its PlayerSessionStat rows in seat order) to
    a scope's current ratings. False (nothing done) when a later session is already rated
    there: the scope then needs a replay."""
    if len(stats) < 2:
        return True
    started_at = stats[0].started_at
    later = RatingEvent.objects.filter(club_id=club_id, season_id=season_id).filter(
        Q(at__gt=started_at) | Q(at=started_at, session_id__gt=session.pk)
    )
    if later.exists():
        return False
    players = [s.player_id for s in stats]
    current = {
        r.player_id: r
        for r in PlayerRating.objects.select_for_update().filter(
            club_id=club_id, season_id=season_id, player_id__in=players
        )
    }
    before = [Rating(current[p].mu, current[p].sigma) if p in current else None for p in players]
    after = rating_update(
        ratings=[b or rating_initial() for b in before], nets=[s.net for s in stats]
    )
    for pid, r in zip(players, after, strict=True):
        row = current.get(pid) or PlayerRating(
            club_id=club_id, season_id=season_id, player_id=pid, sessions=0
        )
        row.mu, row.sigma, row.ordinal = r.mu, r.sigma, r.ordinal
        row.sessions += 1
        row.save()
    RatingEvent.objects.bulk_create(
        _event(club_id, season_id, pid, session.pk, started_at, r)
        for pid, r in zip(players, after, strict=True)
    )
    return True


def ratings_session_finished(*, session: Session) -> None:
    """Rate a session that has just finished, in its season and in its club."""
    season = session.season
    stats = list(PlayerSessionStat.objects.filter(session_id=session.pk).order_by("seat"))
    for season_id in (season.pk, None):
        if not _rate_in_place(
            session=session, stats=stats, club_id=season.club_id, season_id=season_id
        ):
            _ratings_rebuild_later(club_id=season.club_id, season_id=season.pk)
            return


def ratings_session_reopened(*, session: Session) -> None:
    """A finished session is no longer finished: replay its season's and its club's
    ratings without it, once this transaction commits."""
    _ratings_rebuild_later(club_id=session.season.club_id, season_id=session.season_id)


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
