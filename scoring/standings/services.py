"""The standings' narrow interface for scoring's writes. Call each inside the
transaction that made the change:

- ``stats_session_refresh(session=...)``: a session's rounds changed (a round corrected,
  voided or undone; a paper session stored; recording a round adds its own counts in its
  write, ``scoring.services.rounds``). Its stat rows, and its players'
  season and club totals, are brought up to date (``INSERT … ON CONFLICT DO UPDATE``
  increments, safe under concurrent writers);
- ``stats_session_moved(session=...)``: its start time changed;
- ``ratings_session_finished(session=...)``: it has just finished (rated in place when
  it is the newest rated session of its season and club, else both are replayed);
- ``ratings_session_reopened(session=...)``: it is no longer finished.

A change to an earlier finished session's ranking replays the ratings after commit, in
a Celery task. Full recomputation is in ``scoring.standings.rebuild``.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db.models import Q

from scoring.models import Session
from scoring.standings import tasks
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from scoring.standings.ratings import Rating, rating_initial, rating_update
from scoring.standings.rebuild import (
    apply_stat_deltas,
    rating_scope,
    scope_lock,
    session_stat_rows,
)


def _delta(new: PlayerSessionStat | None, old: PlayerSessionStat | None) -> dict[str, int]:
    return {
        f: (getattr(new, f) if new else 0) - (getattr(old, f) if old else 0) for f in STAT_FIELDS
    }


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
        for r in session_stat_rows(
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


def _ratings_rebuild_later(*, club_id: int, season_id: int) -> None:
    """Queue a rebuild of the season's and the club's ratings once this transaction commits."""
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
    scope = rating_scope(club_id=club_id, season_id=season_id)
    later = RatingEvent.objects.filter(scope).filter(
        Q(at__gt=started_at) | Q(at=started_at, session_id__gt=session.pk)
    )
    if later.exists():
        return False
    players = [s.player_id for s in stats]
    current = {
        r.player_id: r
        for r in PlayerRating.objects.select_for_update().filter(scope, player_id__in=players)
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
