"""Rounds: recording the session's next one, previewing, correcting, voiding and undoing.

A round goes: permission → season open → the engine scores it under the season's
ruleset → stored atomically with its Transfer, RoundPlayer and RoundHand rows. Bad
input raises ``RoundRejected`` and stores nothing. Nothing is overwritten: a
correction is a new version, a void marks the row and keeps it.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from csmj_site.errors import ServiceError
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player, Season
from leagues.permissions import require_record
from scoring.engine import RoundResult, Scored
from scoring.models import Round, RoundHand, RoundPlayer, Session, SessionSeat, Transfer
from scoring.selectors import session_next_number, session_ruleset_config
from scoring.services.engine_calls import round_rows, round_score, ruleset_parse
from scoring.services.errors import RoundConflict, RoundRejected, SessionFinished
from scoring.services.sessions import session_locked
from scoring.standings.models import SessionResult
from scoring.standings.services import stats_session_refresh
from scoring.webhooks.tasks import webhooks_notify


def _reject(field: str, code: str, variant: str = "", **params: Any) -> RoundRejected:
    return RoundRejected([ServiceError(field, code, params, variant=variant)])


def _derived_rows(rnd: Round, players: list[Player], scored: Scored) -> None:
    """Store the Transfer, RoundPlayer and RoundHand rows of a scored round."""
    rows = round_rows(data=rnd.data, scored=scored)

    def player_at(seat: int | None) -> Player | None:
        return None if seat is None else players[seat]

    Transfer.objects.bulk_create(
        Transfer(round=rnd, payer=player_at(t["payer_seat"]), payee=player_at(t["payee_seat"]), **t)
        for t in rows["transfers"]
    )
    RoundPlayer.objects.bulk_create(
        RoundPlayer(round=rnd, player=players[r["seat"]], **r) for r in rows["players"]
    )
    RoundHand.objects.bulk_create(
        RoundHand(round=rnd, player=players[h["seat"]], **h) for h in rows["hands"]
    )


def _ensure_open(season: Season) -> None:
    if season.is_closed:
        raise _reject("season", "season_closed", name=season.name)


def _seated_players(session: Session) -> list[Player]:
    seats = SessionSeat.objects.filter(session=session).select_related("player").order_by("seat")
    return [s.player for s in seats]


def _seat_count(session: Session) -> int:
    """How many sit at the session's table (its prefetched seats when loaded)."""
    cached = getattr(session, "_prefetched_objects_cache", {}).get("seats")
    return len(cached) if cached is not None else session.seats.count()


def _check_table(*, seats: int, result: RoundResult) -> None:
    """A round scored for another table size than the session's (its season's ruleset
    changed ``players`` after the session started) is refused, naming the session."""
    scored = len(result["net"])
    if scored != seats:
        raise _reject("session", "table_size_changed", seats=seats, players=scored)


def round_preview(
    *, session: Session, data: dict[str, Any], round: Round | None = None
) -> dict[str, Any]:
    """Score a round without storing anything: under the session's season ruleset, or,
    for a correction of ``round``, under the ruleset that round was scored under."""
    if round is not None:
        return dict(round_score(data=data, ruleset_config=round.ruleset_config).result)
    result = round_score(data=data, ruleset_config=session_ruleset_config(session=session)).result
    _check_table(seats=_seat_count(session), result=result)
    return dict(result)


def round_record(
    *, session: Session, data: dict[str, Any], actor: Any, number: int | None = None
) -> Round:
    """Record the session's next round. ``number``, when given, must be that next number,
    else RoundConflict (someone else recorded it first)."""
    season = session.season
    require_record(actor, season.club)
    _ensure_open(season)
    # Parsed once: stored as its full dict and scored under as it is.
    rules = ruleset_parse(session_ruleset_config(session=session))
    ruleset_config = rules.to_dict()
    scored = round_score(data=data, rules=rules)
    with transaction.atomic():
        locked = session_locked(session)
        _ensure_open(locked.season)
        ended = SessionResult.objects.filter(session=locked).values_list("is_paper", flat=True)
        is_paper = ended.first()
        if is_paper is not None:  # finished (结束本场), or a paper session
            raise _reject("session", "paper_session") if is_paper else SessionFinished()
        expected = session_next_number(session=locked)
        if number is not None and number != expected:
            raise RoundConflict(number=number, expected=expected)
        return round_store(
            session=locked,
            number=expected,
            version=1,
            data=data,
            ruleset_config=ruleset_config,
            scored=scored,
            actor=actor,
        )


def round_store(
    *,
    session: Session,
    number: int,
    version: int,
    data: dict[str, Any],
    ruleset_config: dict[str, Any],
    scored: Scored,
    actor: Any,
    supersedes: Round | None = None,
) -> Round:
    """Store one scored version of a round with its derived rows (from the engine's
    answer ``scored``: its result, 扎鸟 hits and wins), refresh the session's standings
    and audit it. The caller has checked permission, season and number; a concurrent current
    version of the number raises RoundConflict, a round scored for another table size
    than the session's RoundRejected."""
    players = _seated_players(session)
    _check_table(seats=len(players), result=scored.result)
    try:
        with transaction.atomic():
            rnd = Round.objects.create(
                session=session,
                number=number,
                version=version,
                data=copy.deepcopy(data),
                ruleset_config=ruleset_config,
                result=scored.result,
                burned=scored.result["burned"],
                birds=list(scored.birds),
                recorded_by=actor,
                supersedes=supersedes,
            )
    except IntegrityError as exc:
        # Another current version of this number appeared meanwhile.
        raise RoundConflict(number=number, expected=number + 1) from exc
    _derived_rows(rnd, players, scored)
    stats_session_refresh(session=session)
    entry = audit_record(
        actor=actor,
        club=session.season.club,
        action="round.correct" if supersedes is not None else "round.record",
        obj=rnd,
        before=audit_snapshot(supersedes),
        after=audit_snapshot(rnd),
    )
    webhooks_notify(entry=entry)
    return rnd


def _locked_current(rnd: Round) -> tuple[Session, Round]:
    session = session_locked(rnd.session)
    current = Round.objects.select_for_update().get(pk=rnd.pk)
    if not current.is_current:
        raise _reject("round", "not_current", number=current.number, version=current.version)
    return session, current


def round_correct(*, round: Round, data: dict[str, Any], actor: Any) -> Round:
    """Store a corrected version of a round under the ruleset it was first scored under.
    The old version stays, no longer current."""
    season = round.session.season
    require_record(actor, season.club)
    _ensure_open(season)
    scored = round_score(data=data, ruleset_config=round.ruleset_config)
    with transaction.atomic():
        session, old = _locked_current(round)
        _ensure_open(session.season)
        if old.is_void:
            raise _reject("round", "void", number=old.number)
        Round.objects.filter(pk=old.pk).update(is_current=False)
        return round_store(
            session=session,
            number=old.number,
            version=old.version + 1,
            data=data,
            ruleset_config=old.ruleset_config,
            scored=scored,
            actor=actor,
            supersedes=old,
        )


def round_void(*, round: Round, reason: str, actor: Any) -> Round:
    """Void the current version of a round, with a reason. The row stays."""
    season = round.session.season
    require_record(actor, season.club)
    reason = (reason or "").strip()
    if not reason:
        raise _reject("reason", "required", "void_reason")
    _ensure_open(season)
    with transaction.atomic():
        session, current = _locked_current(round)
        _ensure_open(session.season)
        if current.is_void:
            raise _reject("round", "void", "again", number=current.number)
        before = audit_snapshot(current)
        current.is_void = True
        current.void_reason = reason[:200]
        current.voided_by = actor
        current.voided_at = timezone.now()
        current.save(update_fields=["is_void", "void_reason", "voided_by", "voided_at"])
        stats_session_refresh(session=session)
        entry = audit_record(
            actor=actor,
            club=session.season.club,
            action="round.void",
            obj=current,
            before=before,
            after=audit_snapshot(current),
        )
        webhooks_notify(entry=entry)
        return current


UNDO_REASON = "撤销"  # shown in the reader's language (scoring.templatetags.recording)


def round_undo_last(*, session: Session, actor: Any, reason: str = UNDO_REASON) -> Round:
    """Void the session's latest counted round (undo)."""
    require_record(actor, session.season.club)
    # Through the session, so that ``last.session`` is this (loaded) object.
    last = session.rounds.counting().order_by("-number").first()
    if last is None:
        raise _reject("round", "nothing_to_undo")
    return round_void(round=last, reason=reason, actor=actor)
