"""Rounds: recording the session's next one, previewing, correcting, voiding and undoing.

A round goes: permission → season open → the engine scores it under the season's
ruleset → stored atomically with its Transfer, RoundPlayer, RoundHand and RoundKong rows,
its standings and its audit line (recording: one write, ``_recording_writes``). Bad
input raises ``RoundRejected`` and stores nothing. Nothing is overwritten: a
correction is a new version, a void marks the row and keeps it.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.http import Http404
from django.utils import timezone

from csmj_site.bulk_rows import Statement, insert_statement, statements_run
from csmj_site.errors import Forbidden, ServiceError
from leagues.audit import AuditEntry, audit_entry, audit_record, audit_snapshot
from leagues.models import Club, Membership, Player, Ruleset, Season
from leagues.permissions import require_record, role_allows
from leagues.selectors import membership_role_capped
from scoring.engine import RoundResult, Scored
from scoring.models import Round, RoundHand, RoundKong, RoundPlayer, Session, SessionSeat, Transfer
from scoring.selectors import (
    round_data_as_read,
    round_entries,
    session_ruleset_config,
    session_seat_names,
)
from scoring.services.engine_calls import round_rows, round_score, ruleset_parse
from scoring.services.errors import RoundConflict, RoundRejected, SessionFinished, seats_named
from scoring.services.sessions import session_locked
from scoring.standings.models import (
    STAT_FIELDS,
    PlayerClubStat,
    PlayerSeasonStat,
    PlayerSessionStat,
    SessionResult,
    round_add,
)
from scoring.standings.rebuild import stat_add_statements
from scoring.standings.services import stats_session_refresh
from scoring.webhooks.models import Webhook
from scoring.webhooks.tasks import webhooks_notify


def _reject(field: str, code: str, variant: str = "", **params: Any) -> RoundRejected:
    return RoundRejected([ServiceError(field, code, params, variant=variant)])


def _derived_rows(rnd: Round, players: list[Player], scored: Scored) -> None:
    """Store the Transfer, RoundPlayer, RoundHand and RoundKong rows of a scored round."""
    rows = round_rows(data=rnd.data, scored=scored)
    statements_run(_row_statements(rnd.pk, [p.pk for p in players], rows))


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


def _players_named(exc: RoundRejected, *, session_id: int) -> RoundRejected:
    """The engine's refusal of a session's round, its seats named by who sits there (one
    query, on a refusal only)."""
    return seats_named(exc, names=session_seat_names({session_id}).get(session_id, []))


def round_preview(
    *, session: Session, data: dict[str, Any], round: Round | None = None
) -> dict[str, Any]:
    """Score a round without storing anything: under the session's season ruleset, or,
    for a correction of ``round``, under the ruleset that round was scored under."""
    config = round.ruleset_config if round is not None else session_ruleset_config(session=session)
    try:
        result = round_score(data=data, ruleset_config=config).result
    except RoundRejected as exc:
        raise _players_named(exc, session_id=session.pk) from None
    if round is not None:
        return dict(result)
    _check_table(seats=_seat_count(session), result=result)
    return dict(result)


@dataclass(frozen=True)
class Recorded:
    """A round just recorded, with what the round form shows next, known without reading
    back what was written: each seat's total over the session's counted rounds (this one
    included), the counted and void rounds, and the codes the engine found for entries
    given by tiles alone (as ``selectors.round_found_codes`` reads them)."""

    round: Round
    totals: list[int]
    counted: int
    void: int
    found_codes: dict[tuple[int, int, bool], list[str]]


def round_record(
    *, session: Session, data: dict[str, Any], actor: Any, number: int | None = None
) -> Round:
    """Record the session's next round. ``number``, when given, must be that next number,
    else RoundConflict (someone else recorded it first)."""
    require_record(actor, session.season.club)
    return _record(
        session_id=session.pk, club_slug=None, data=data, actor=actor, number=number
    ).round


def round_record_at(
    *,
    club_slug: str,
    session_id: int,
    actor: Any,
    data: Any = None,
    number: int | None = None,
    body: Callable[[], tuple[Any, int | None]] | None = None,
    also: Callable[[Recorded], list[Statement]] | None = None,
) -> Recorded:
    """Record the next round of session ``session_id`` of the club ``club_slug`` for
    ``actor`` (the API's and the round form's save), the club, the actor's role and the
    session read with it: the session and its seats in two queries, everything written
    in one statement on PostgreSQL (docs/performance.md, "Recording a round"). Http404 for no such club or session, or a club the actor may not read;
    Forbidden("record") for a reader who may not record; then as ``round_record``.

    ``body()``: instead of ``data`` and ``number``, the request's round and number, read
    after the access checks (a caller who may not see the session learns nothing from
    its body's mistakes). ``also(recorded)``: more statements for the same write, made
    from what is recorded before it runs (the caller's answer kept with its
    Idempotency-Key)."""
    return _record(
        session_id=session_id,
        club_slug=club_slug,
        data=data,
        actor=actor,
        number=number,
        body=body,
        also=also,
    )


def _locked_for_recording(*, session_id: int, club_slug: str | None, actor: Any) -> Session:
    """The session, locked, with its season, club and ruleset, the actor's membership role
    (``actor_role``), whether the club has an active webhook (``club_hooks``) and on
    PostgreSQL the new round's id (``new_round_id``, from its sequence): one query, its
    SQL written out once a vendor (the ORM took a millisecond a round to build it; the
    rows become models through the fields' own converters, as the ORM's would)."""
    # (no user has id 0: an anonymous actor has no role)
    user_id: int = actor.pk if getattr(actor, "is_authenticated", False) else 0
    postgres = connection.vendor == "postgresql"
    sql = _locked_sql(postgres=postgres, by_slug=club_slug is not None)
    params: list[Any] = [user_id]
    if postgres:
        params.append(Round._meta.db_table)
    params.append(session_id)
    if club_slug is not None:
        params.append(str(club_slug))
    with connection.cursor() as cur:
        cur.execute(sql, params)
        row = cur.fetchone()
    if row is None:
        raise Http404("No such session.")
    values = list(row)
    built: list[Any] = []
    for model, names, columns in _locked_columns(postgres=postgres):
        taken, values = values[: len(columns)], values[len(columns) :]
        converted = []
        for value, (converters, col) in zip(taken, columns, strict=True):
            for convert in converters:
                value = convert(value, col, connection)
            converted.append(value)
        built.append(model.from_db(connection.alias, names, converted))
    session: Session = built[0]
    season, club, ruleset = built[1:]
    season.club = club
    season.ruleset = ruleset
    session.season = season
    session.actor_role = values[0]  # type: ignore[attr-defined]
    session.club_hooks = bool(values[1])  # type: ignore[attr-defined]
    if postgres:
        session.new_round_id = values[2]  # type: ignore[attr-defined]
    return session


_LOCKED_PARTS: tuple[tuple[type[Any], str], ...] = (
    (Session, "s"),
    (Season, "se"),
    (Club, "c"),
    (Ruleset, "rs"),
)


@functools.cache
def _locked_columns(*, postgres: bool) -> list[tuple[type[Any], list[str], list[Any]]]:
    """Each model of the lock's row with its field names and, a column each, the
    converters that give its value as the ORM would (dates on SQLite, JSON, decimals):
    found once a vendor, not for each recorded round."""
    out = []
    for model, alias in _LOCKED_PARTS:
        fields = model._meta.concrete_fields
        columns = []
        for field in fields:
            col = field.get_col(alias)
            converters = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
            columns.append((converters, col))
        out.append((model, [f.attname for f in fields], columns))
    return out


@functools.cache
def _locked_sql(*, postgres: bool, by_slug: bool) -> str:
    q = connection.ops.quote_name
    columns = ", ".join(
        f"{alias}.{q(f.column)}"
        for model, alias in _LOCKED_PARTS
        for f in model._meta.concrete_fields
    )
    role = (
        f"(SELECT m.{q('role')} FROM {q(Membership._meta.db_table)} m"
        f" WHERE m.{q('club_id')} = c.{q('id')} AND m.{q('user_id')} = %s LIMIT 1)"
    )
    hooks = (
        f"EXISTS(SELECT 1 FROM {q(Webhook._meta.db_table)} w"
        f" WHERE w.{q('club_id')} = c.{q('id')} AND w.{q('is_active')})"
    )
    new_id = ", nextval(pg_get_serial_sequence(%s, 'id'))" if postgres else ""
    return (
        f"SELECT {columns}, {role}, {hooks}{new_id}"
        f" FROM {q(Session._meta.db_table)} s"
        f" JOIN {q(Season._meta.db_table)} se ON se.{q('id')} = s.{q('season_id')}"
        f" JOIN {q(Club._meta.db_table)} c ON c.{q('id')} = se.{q('club_id')}"
        f" JOIN {q(Ruleset._meta.db_table)} rs ON rs.{q('id')} = se.{q('ruleset_id')}"
        f" WHERE s.{q('id')} = %s"
        + (f" AND c.{q('slug')} = %s" if by_slug else "")
        + (" FOR UPDATE OF s" if postgres else "")
    )


def _seats_now(session_id: int) -> list[dict[str, Any]]:
    """The session's seats in order, each with what the round's write depends on, read
    after the session's lock (so in a snapshot that has every earlier round): its
    player, the player's session stat row's ``round_net`` (None: no row yet), the
    session's SessionResult (``ended_paper``: None when unfinished, else ``is_paper``),
    highest round number and counted and void rounds. One query, its SQL written out (the
    ORM took longer to build it than the database to answer it)."""
    seat, stat, result, rnd = (
        connection.ops.quote_name(m._meta.db_table)
        for m in (SessionSeat, PlayerSessionStat, SessionResult, Round)
    )
    current = f"FROM {rnd} n WHERE n.session_id = %s AND n.is_current AND"
    sql = (
        f"SELECT s.seat, s.player_id, "
        f"(SELECT st.round_net FROM {stat} st"
        f" WHERE st.session_id = %s AND st.player_id = s.player_id), "
        f"(SELECT r.is_paper FROM {result} r WHERE r.session_id = %s), "
        f"(SELECT MAX(n.number) FROM {rnd} n WHERE n.session_id = %s), "
        f"(SELECT COUNT(*) {current} NOT n.is_void), "
        f"(SELECT COUNT(*) {current} n.is_void) "
        f"FROM {seat} s WHERE s.session_id = %s ORDER BY s.seat"
    )
    with connection.cursor() as cur:
        cur.execute(sql, [session_id] * 6)
        rows = cur.fetchall()
    return [
        {
            "seat": seat_no,
            "player_id": player_id,
            "stat_round_net": round_net,
            "ended_paper": None if paper is None else bool(paper),
            "last_number": last,
            "counted": counted,
            "voided": voided,
        }
        for seat_no, player_id, round_net, paper, last, counted, voided in rows
    ]


class _BodyRefused(Exception):
    """The request body's own refusal, carried out of recording's block (see ``_record``)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _record(
    *,
    session_id: int,
    club_slug: str | None,
    data: Any,
    actor: Any,
    number: int | None,
    body: Callable[[], tuple[Any, int | None]] | None = None,
    also: Callable[[Recorded], list[Statement]] | None = None,
) -> Recorded:
    """Recording's one transaction: the locked session (one query), the checks, the
    engine, the seats as they are now (one query), then one write of everything
    (``_recording_writes``). A refusal is raised after the transaction's block, which
    then wrote nothing: an enclosing transaction (the Idempotency-Key's) stays usable."""
    refused: Exception | None = None
    with transaction.atomic(savepoint=False):
        try:
            session = _locked_for_recording(session_id=session_id, club_slug=club_slug, actor=actor)
            season = session.season
            if club_slug is not None:
                role = membership_role_capped(role=session.actor_role, user=actor)  # type: ignore[attr-defined]
                if not role_allows(role, season.club, "read"):
                    raise Http404("No such session.")
                if not role_allows(role, season.club, "record"):
                    raise Forbidden("record")
            if body is not None:
                try:
                    data, number = body()
                except Exception as exc:  # not JSON, a bad number: the caller's own error
                    raise _BodyRefused(exc) from exc
            _ensure_open(season)
            # Parsed once: stored as its full dict and scored under as it is.
            rules = ruleset_parse(session_ruleset_config(session=session))
            try:
                scored = round_score(data=data, rules=rules)
            except RoundRejected as exc:
                raise _players_named(exc, session_id=session.pk) from None
            seats = _seats_now(session.pk)
            _check_table(seats=len(seats), result=scored.result)
            is_paper = seats[0]["ended_paper"] if seats else None
            if is_paper is not None:  # finished (结束本场), or a paper session
                raise _reject("session", "paper_session") if is_paper else SessionFinished()
            expected = (seats[0]["last_number"] or 0) + 1
            if number is not None and number != expected:
                raise RoundConflict(number=number, expected=expected)
        except (Http404, Forbidden, RoundRejected, RoundConflict, SessionFinished) as exc:
            refused = exc
        except _BodyRefused as exc:
            refused = exc.error
        else:
            return _recording_writes(
                session=session,
                seats=seats,
                number=expected,
                data=data,
                ruleset_config=rules.to_dict(),
                scored=scored,
                actor=actor,
                also=also,
            )
    assert refused is not None
    raise refused


def _recording_writes(
    *,
    session: Session,
    seats: list[dict[str, Any]],
    number: int,
    data: dict[str, Any],
    ruleset_config: dict[str, Any],
    scored: Scored,
    actor: Any,
    also: Callable[[Recorded], list[Statement]] | None,
) -> Recorded:
    """Write a new round (version 1) of ``session`` with everything it changes: its
    Transfer, RoundPlayer, RoundHand and RoundKong rows, the session's, season's and
    club's stat rows of its players (one upsert each) and its audit line. On PostgreSQL
    one statement (``statements_run``; the round's id came with the session's lock);
    elsewhere the round's INSERT first (for its id), then one statement per table.
    A club with webhooks has its audit line and deliveries written after."""
    season = session.season
    pids = [s["player_id"] for s in seats]
    rnd = _new_round(
        id=getattr(session, "new_round_id", None),
        session=session,
        number=number,
        version=1,
        data=data,
        ruleset_config=ruleset_config,
        scored=scored,
        recorded_by=actor,
    )
    statements: list[Statement] = []
    if rnd.pk is None:
        rnd.save(force_insert=True)
    else:
        statements.append(insert_statement(Round, [rnd]))
    rows = round_rows(data=rnd.data, scored=scored)
    statements += _row_statements(rnd.pk, pids, rows)
    deltas = []
    for s, row in zip(seats, rows["players"], strict=True):
        d = dict.fromkeys(STAT_FIELDS, 0)
        round_add(d, row)
        d["sessions"] = 1 if s["stat_round_net"] is None else 0
        deltas.append((s, d))
    deltas.sort(key=lambda sd: sd[0]["player_id"])
    statements += stat_add_statements(
        PlayerSessionStat,
        fixed={
            "session_id": session.pk,
            "season_id": season.pk,
            "club_id": season.club_id,
            "started_at": session.started_at,
        },
        keys=("session_id", "player_id"),
        rows=[({"player_id": s["player_id"], "seat": s["seat"]}, d) for s, d in deltas],
    )
    for model, key, value in (
        (PlayerSeasonStat, "season_id", season.pk),
        (PlayerClubStat, "club_id", season.club_id),
    ):
        statements += stat_add_statements(
            model,
            fixed={key: value},
            keys=(key, "player_id"),
            rows=[({"player_id": s["player_id"]}, d) for s, d in deltas],
        )
    hooks = getattr(session, "club_hooks", True)
    audit = {
        "actor": actor,
        "club": season.club,
        "action": "round.record",
        "obj": rnd,
        "after": audit_snapshot(rnd),
    }
    if not hooks:
        statements.append(insert_statement(AuditEntry, [audit_entry(**audit)]))
    nets = scored.result["net"]
    found: dict[tuple[int, int, bool], list[str]] = {}
    if any("hands" not in e for e in round_entries(data)):
        for h in rows["hands"]:
            found.setdefault((rnd.pk, h["seat"], h["is_opening"]), []).append(h["code"])
    recorded = Recorded(
        round=rnd,
        totals=[(s["stat_round_net"] or 0) + nets[i] for i, s in enumerate(seats)],
        counted=seats[0]["counted"] + 1,
        void=seats[0]["voided"],
        found_codes=found,
    )
    if also is not None:
        statements += also(recorded)
    statements_run(statements)
    if hooks:
        webhooks_notify(entry=audit_record(**audit))
    return recorded


def _row_statements(
    round_id: int, pids: list[int], rows: dict[str, list[dict[str, Any]]]
) -> list[Statement]:
    """The INSERTs of a round's derived rows (``round_rows``), players by seat."""

    def player(seat: int | None) -> int | None:
        return None if seat is None else pids[seat]

    built: list[tuple[type[Any], list[Any]]] = [
        (
            Transfer,
            [
                Transfer(
                    round_id=round_id,
                    payer_id=player(t["payer_seat"]),
                    payee_id=player(t["payee_seat"]),
                    **t,
                )
                for t in rows["transfers"]
            ],
        ),
        (
            RoundPlayer,
            [
                RoundPlayer(round_id=round_id, player_id=pids[r["seat"]], **r)
                for r in rows["players"]
            ],
        ),
        (
            RoundHand,
            [RoundHand(round_id=round_id, player_id=pids[h["seat"]], **h) for h in rows["hands"]],
        ),
        (
            RoundKong,
            [RoundKong(round_id=round_id, player_id=pids[k["seat"]], **k) for k in rows["kongs"]],
        ),
    ]
    return [insert_statement(model, objs) for model, objs in built if objs]


def _new_round(*, data: dict[str, Any], scored: Scored, **fields: Any) -> Round:
    """One scored version of a round, unsaved: ``fields`` are its session, number,
    version, ruleset_config, recorded_by (and supersedes)."""
    return Round(
        data=copy.deepcopy(data),
        result=scored.result,
        burned=scored.result["burned"],
        birds=list(scored.birds),
        **fields,
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
    rnd = _new_round(
        session=session,
        number=number,
        version=version,
        data=data,
        ruleset_config=ruleset_config,
        scored=scored,
        recorded_by=actor,
        supersedes=supersedes,
    )
    try:
        with transaction.atomic():
            rnd.save(force_insert=True)
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
    The old version stays, no longer current. A correction identical to the current
    version, as stored or as read (``round_data_as_read``), changes nothing: that version
    is returned, and no version, audit line or webhook is added."""
    season = round.session.season
    require_record(actor, season.club)
    _ensure_open(season)
    try:
        scored = round_score(data=data, ruleset_config=round.ruleset_config)
    except RoundRejected as exc:
        raise _players_named(exc, session_id=round.session_id) from None
    with transaction.atomic():
        session, old = _locked_current(round)
        _ensure_open(session.season)
        if old.is_void:
            raise _reject("round", "void", number=old.number)
        if data == old.data or data == round_data_as_read(round=old):
            return old
        round_supersede(round_id=old.pk)
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


def round_supersede(*, round_id: int) -> None:
    """The round's version is no longer current (the caller stores the next one, in the
    same transaction): it and its hand and kong rows stop counting."""
    Round.objects.filter(pk=round_id).update(is_current=False)
    _rows_stop_counting(round_id)


def _rows_stop_counting(round_id: int) -> None:
    """The round no longer counts (an older version, or void): nor do its hand and kong
    rows (``counted``, scoring.models COUNTED_ROWS_NOTE)."""
    RoundHand.objects.filter(round_id=round_id).update(counted=False)
    RoundKong.objects.filter(round_id=round_id).update(counted=False)


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
        _rows_stop_counting(current.pk)
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
