"""Sessions (一场): starting one (its checks, with guests), changing its label or time,
finishing and reopening it, its follow link, deleting one started by mistake."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from csmj_site.errors import ServiceError, ServiceErrors, reject
from leagues import services as league_services
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player, Season
from leagues.permissions import require_manage, require_record
from scoring.models import (
    TABLE_FEE,
    FeeBy,
    FeePer,
    Round,
    Session,
    SessionSeat,
    new_follow_token,
)
from scoring.selectors import session_night
from scoring.services.engine_calls import ruleset_players
from scoring.standings.models import SessionResult
from scoring.standings.services import (
    ratings_session_finished,
    ratings_session_reopened,
    stats_session_moved,
)
from scoring.webhooks.tasks import webhooks_notify

# The table sizes a session records: four, three and two (rules.md §10). A session
# seats exactly its season's ruleset's ``players``.
SESSION_SIZES = frozenset({2, 3, 4})


def season_closed_problem(*, season: Season) -> ServiceError | None:
    """The refusal of a new session in a closed season, or None: what the page to start
    one says up front, before anything is typed."""
    if season.is_closed:
        return ServiceError("season", "season_closed", variant="session")
    return None


def session_start_problems(
    *, season: Season, players: Sequence[Player], first_dealer: Any, seated: int | None = None
) -> list[ServiceError]:
    """What stops a session from starting (at most one error a field); empty when it
    can start. The one check of a new session, for ``session_start`` and the bulk import.
    ``seated``: the table's size, when not the season's ruleset's (an imported session
    whose rounds were scored before the club changed its table size)."""
    problems: list[ServiceError] = []
    if (closed := season_closed_problem(season=season)) is not None:
        problems.append(closed)
    if seated is None:
        seated = ruleset_players(config=season.ruleset.config)
    if seated not in SESSION_SIZES:
        problems.append(ServiceError("season", "table_size_unsupported", {"players": seated}))
    if len(players) != seated:
        problems.append(ServiceError("players", "players", {"players": seated}))
    elif len({p.pk for p in players}) != seated:
        problems.append(ServiceError("players", "players", variant="twice"))
    elif any(p.club_id != season.club_id for p in players):
        problems.append(ServiceError("players", "players", variant="other_club"))
    if (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < seated
    ):
        problems.append(ServiceError("first_dealer", "first_dealer", {"last": seated - 1}))
    return problems


def session_start(
    *,
    season: Season,
    players: Sequence[Player],
    first_dealer: int,
    table_label: str = "",
    started_at: Any = None,
    table_size: int | None = None,
    actor: Any,
) -> Session:
    """Start 一场: as many players of the season's club as its ruleset seats (``players``:
    4, 3 or 2), in turn order (seats 0..n-1). ``table_size``: a league night's table of
    three under the season's ruleset for four, scored at ``players: 3``."""
    require_record(actor, season.club)
    players = list(players)
    problems = session_start_problems(
        season=season, players=players, first_dealer=first_dealer, seated=table_size
    )
    if problems:
        raise ServiceErrors(problems)
    with transaction.atomic():
        session = Session.objects.create(
            season=season,
            first_dealer=first_dealer,
            table_label=table_label.strip(),
            started_at=started_at or timezone.now(),
            table_size=table_size,
            created_by=actor,
        )
        SessionSeat.objects.bulk_create(
            SessionSeat(session=session, seat=i, player=p, started_at=session.started_at)
            for i, p in enumerate(players)
        )
        league_services.season_sessions_add(counts={season.pk: 1})
        audit_record(
            actor=actor,
            club=season.club,
            action="session.start",
            obj=session,
            after={**(audit_snapshot(session) or {}), "players": [p.display_name for p in players]},
        )
    return session


def session_start_with_guests(
    *,
    season: Season,
    seats: Sequence[Player | str],
    first_dealer: int,
    table_label: str = "",
    actor: Any,
) -> Session:
    """``session_start`` where a seat may be a new name: it joins the roster as a guest (客)
    in the same transaction, so a refused session adds no guest."""
    with transaction.atomic():
        players = [
            p
            if isinstance(p, Player)
            else league_services.player_create(
                club=season.club, display_name=p, is_guest=True, actor=actor
            )
            for p in seats
        ]
        return session_start(
            season=season,
            players=players,
            first_dealer=first_dealer,
            table_label=table_label,
            actor=actor,
        )


SESSION_FIELDS = ("table_label", "started_at")


def session_update(*, session: Session, actor: Any, **fields: Any) -> Session:
    """Change a session's table label or start time (recorder role; open seasons only)."""
    require_record(actor, session.season.club)
    unknown = set(fields) - set(SESSION_FIELDS)
    if unknown:
        raise TypeError(f"session_update() got unknown fields {sorted(unknown)}")
    if session.season.is_closed:
        raise reject("season", "season_closed", "session")
    if "table_label" in fields:
        session.table_label = (fields["table_label"] or "").strip()
    if "started_at" in fields:
        if fields["started_at"] is None:
            raise reject("started_at", "required", "started_at")
        session.started_at = fields["started_at"]
    with transaction.atomic():
        stored = Session.objects.get(pk=session.pk)
        # nothing changed (the same instant in another zone is the same start): nothing
        # written, logged, nor fed to the apps
        if all(getattr(stored, f) == getattr(session, f) for f in SESSION_FIELDS if f in fields):
            return session
        before = audit_snapshot(stored)
        session.full_clean()
        session.save(update_fields=[f for f in SESSION_FIELDS if f in fields])
        audit_record(
            actor=actor,
            club=session.season.club,
            action="session.update",
            obj=session,
            before=before,
            after=audit_snapshot(session),
        )
        if "started_at" in fields:
            SessionSeat.objects.filter(session=session).update(started_at=session.started_at)
            stats_session_moved(session=session)
    return session


# ---------------------------------------------------------------- finishing sessions


def session_finish_and_start(*, last: Session, actor: Any, **start: Any) -> Session:
    """结束上一场，再来一场: finish ``last`` (``session_finish``; nothing if it is finished
    already) and start the next session (``session_start``'s arguments), in one
    transaction: a refused start leaves ``last`` as it was."""
    with transaction.atomic():
        session_finish(session=last, actor=actor)
        return session_start(actor=actor, **start)


def session_finish(*, session: Session, actor: Any) -> SessionResult:
    """Mark a session finished (结束本场) and rate it. Finishing twice changes nothing; a
    closed season's results are final, so a session in one is not finished (it would
    re-rate the season)."""
    require_record(actor, session.season.club)
    with transaction.atomic():
        locked = Session.objects.select_for_update().select_related("season").get(pk=session.pk)
        result = SessionResult.objects.filter(session=locked).first()
        if result is not None:
            return result
        if locked.season.is_closed:
            raise reject("season", "season_closed", "session")
        result = SessionResult.objects.create(
            session=locked, finished_by=actor if actor.is_authenticated else None
        )
        ratings_session_finished(session=locked)
        entry = audit_record(
            actor=actor,
            club=locked.season.club,
            action="session.finish",
            obj=locked,
            after=audit_snapshot(result),
        )
        webhooks_notify(entry=entry)
    return result


def session_reopen(*, session: Session, actor: Any) -> None:
    """Undo a finish (not for paper sessions, nor in a closed season, whose results are
    final); the ratings are replayed without it."""
    require_record(actor, session.season.club)
    with transaction.atomic():
        locked = Session.objects.select_for_update().select_related("season").get(pk=session.pk)
        result = SessionResult.objects.filter(session=locked).first()
        if result is None:
            return
        if locked.season.is_closed:
            raise reject("season", "season_closed", "session")
        if result.is_paper:
            raise reject("session", "paper_reopen")
        audit_record(
            actor=actor,
            club=locked.season.club,
            action="session.reopen",
            obj=locked,
            before=audit_snapshot(result),
        )
        result.delete()
        ratings_session_reopened(session=locked)


# ---------------------------------------------------------------- follow links, deleting


def session_locked(session: Session) -> Session:
    """Re-read the session (and its season) with a row lock, inside a transaction."""
    return Session.objects.select_for_update().select_related("season__club").get(pk=session.pk)


def _seat_names(session: Session) -> list[str]:
    return [s.player.display_name for s in session.seats.select_related("player").order_by("seat")]


def session_follow_link_set(*, session: Session, actor: Any, on: bool = True) -> Session:
    """The session's secret follow link (跟看链接, organisers): ``on`` gives it a new
    token, so the old link (if any) stops working; ``on=False`` turns the link off
    (``/f/<token>/`` then answers 404). Audited, without the token itself: replaced
    (``session.follow_link``), turned on when it was off (``session.follow_on``) or off
    (``session.follow_off``)."""
    require_manage(actor, session.season.club)
    with transaction.atomic():
        locked = session_locked(session)
        if not on:
            action = "session.follow_off"
        elif locked.follow_token is None:
            action = "session.follow_on"
        else:
            action = "session.follow_link"
        locked.follow_token = new_follow_token() if on else None
        locked.save(update_fields=["follow_token"])
        audit_record(
            actor=actor,
            club=locked.season.club,
            action=action,
            obj=locked,
            after={"players": _seat_names(locked)},
        )
    session.follow_token = locked.follow_token
    return session


def table_fee_problems(*, fee: Any, per: Any, by: Any) -> list[ServiceError]:
    """The refusals of a table fee (台费): ``fee`` inside ``TABLE_FEE``, ``per`` a
    ``FeePer`` and ``by`` a ``FeeBy`` (fields ``table_fee``, ``table_fee_per``,
    ``table_fee_by``). The one check of ``session_table_fee_set`` and of the club file's
    ``table_fee`` (``scoring.bulk_import``)."""
    errors = [e for e in [TABLE_FEE.refusal("table_fee", fee)] if e is not None]
    for field, value, choices in (("table_fee_per", per, FeePer), ("table_fee_by", by, FeeBy)):
        if value not in choices.values:
            errors.append(ServiceError(field, "fee_choice", {"choices": ", ".join(choices.values)}))
    return errors


def session_table_fee_set(
    *, session: Session, fee: Any, per: Any = FeePer.TABLE, by: Any = FeeBy.EQUAL, actor: Any
) -> Session:
    """结账's table fee (台费), kept with the session so that every phone showing its
    settlement shows the same fee: ``fee`` chips (0: none) for the session or for each
    counted round (``per``), paid as ``by`` says. Anyone who records at the table may
    set it, also once the session is finished (not once its season is closed). Refusals name their field; audited
    (``session.table_fee``)."""
    require_record(actor, session.season.club)
    if session.season.is_closed:
        raise ServiceErrors([ServiceError("season", "season_closed", variant="session")])
    errors = table_fee_problems(fee=fee, per=per, by=by)
    if errors:
        raise ServiceErrors(errors)
    with transaction.atomic():
        locked = session_locked(session)
        before = {"fee": locked.table_fee, "per": locked.table_fee_per, "by": locked.table_fee_by}
        locked.table_fee, locked.table_fee_per, locked.table_fee_by = fee, per, by
        locked.save(update_fields=["table_fee", "table_fee_per", "table_fee_by"])
        audit_record(
            actor=actor,
            club=locked.season.club,
            action="session.table_fee",
            obj=locked,
            before=before,
            after={"fee": fee, "per": per, "by": by, "players": _seat_names(locked)},
        )
    session.table_fee, session.table_fee_per, session.table_fee_by = fee, per, by
    return session


def session_table_fee_update(*, session: Session, actor: Any, fields: dict[str, Any]) -> Session:
    """``session_table_fee_set`` with some of ``table_fee``, ``table_fee_per`` and
    ``table_fee_by`` (an API update): the others keep their values."""
    return session_table_fee_set(
        session=session,
        actor=actor,
        fee=fields.get("table_fee", session.table_fee),
        per=fields.get("table_fee_per", session.table_fee_per),
        by=fields.get("table_fee_by", session.table_fee_by),
    )


def session_delete(*, session: Session, actor: Any) -> None:
    """Delete a session started by mistake (organisers): only one that has no round at
    all (a void or corrected round is still a record), is not a paper session and is not
    a league night's table, in an open season. Audited with what it was: its time, table
    and four players."""
    require_manage(actor, session.season.club)
    with transaction.atomic():
        locked = session_locked(session)
        if locked.season.is_closed:
            raise reject("season", "season_closed", "session")
        # its rounds as the session page numbers them: a correction is another version
        # of the same round
        rounds = Round.objects.filter(session=locked, is_current=True).count()
        if rounds:
            raise reject("session", "session_has_rounds", rounds=rounds)
        result = SessionResult.objects.filter(session=locked).first()
        if result is not None and result.is_paper:
            raise reject("session", "paper_delete")
        night = session_night(session=locked)
        if night is not None:
            raise reject("session", "session_in_night", name=night)
        audit_record(
            actor=actor,
            club=locked.season.club,
            action="session.delete",
            obj=locked,
            before={**(audit_snapshot(locked) or {}), "players": _seat_names(locked)},
        )
        if result is not None:  # finished without rounds (the API allows it): unrate it
            result.delete()
            ratings_session_reopened(session=locked)
        locked.delete()
        league_services.season_sessions_add(counts={locked.season_id: -1})
