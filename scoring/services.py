"""Writes for recorded play: sessions and rounds. Forms and the API both call these.

A round goes: permission → season open → the engine scores it under the season's
ruleset → stored atomically with its Transfer, RoundPlayer and RoundHand rows. Bad
input raises ``RoundRejected`` and stores nothing. Nothing is overwritten: a
correction is a new version, a void marks the row and keeps it.
"""

from __future__ import annotations

import copy
import datetime
import re
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from csmj_site.errors import ConflictError, ServiceError, ServiceErrors, field_errors, reject
from leagues import services as league_services
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Player, Season
from leagues.permissions import require_manage, require_record
from scoring.engine import (
    ALL_MESSAGES,
    FieldError,
    RoundInvalid,
    RoundResult,
    Rules,
    Scored,
    parse_ruleset,
    score_round_counted,
)
from scoring.events.models import Entrant, Penalty
from scoring.models import (
    Round,
    RoundHand,
    RoundPlayer,
    Session,
    SessionSeat,
    Transfer,
    TransferEvent,
    new_follow_token,
)
from scoring.selectors import session_next_number, session_night, session_ruleset_config
from scoring.standings.models import (
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
    SessionResult,
)
from scoring.standings.rebuild import standings_rebuild
from scoring.standings.services import (
    ratings_session_finished,
    ratings_session_reopened,
    stats_session_moved,
    stats_session_refresh,
)

# ---------------------------------------------------------------- errors


class RoundRejected(ServiceErrors):
    """A round (or a change to one) was refused; nothing was stored.

    ``errors`` is a list of ``csmj_site.errors.ServiceError``: English for the API
    (``as_dict()``), the reader's language for a page (``localised()``).
    """


def _reject(field: str, code: str, variant: str = "", **params: Any) -> RoundRejected:
    return RoundRejected([ServiceError(field, code, params, variant=variant)])


class RoundConflict(RoundRejected, ConflictError):
    """Round ``number`` was asked for, but the session's next number is ``expected``
    (another recorder got there first). The API answers 409 with ``round_count``."""

    def __init__(self, *, number: int, expected: int):
        self.number = number
        self.expected = expected
        super().__init__(
            [ServiceError("number", "round_conflict", {"number": number, "expected": expected})]
        )

    def conflict_fields(self) -> dict[str, Any]:
        return {"round_count": self.expected - 1}


class SessionFinished(RoundRejected, ConflictError):
    """A round recorded into a finished session (结束本场): the API answers 409; the
    session must be reopened first."""

    def __init__(self) -> None:
        super().__init__([ServiceError("session", "session_finished")])


def _engine_errors(errors: list[FieldError]) -> RoundRejected:
    """RoundRejected from engine FieldErrors, with the engine's (English, Chinese)
    templates for their codes."""
    return RoundRejected(field_errors(errors, ALL_MESSAGES))


# ---------------------------------------------------------------- engine glue


def _parse_rules(config: object, *, field: str = "ruleset") -> Rules:
    """The engine's Rules for a saved config; RoundRejected if invalid."""
    rules, errors = parse_ruleset(config, field=field)
    if errors or rules is None:
        raise _engine_errors(errors)
    return rules


def ruleset_resolve(config: object, *, field: str = "ruleset") -> dict[str, Any]:
    """The full parameter dict (Rules.to_dict()) for a saved config; RoundRejected if invalid."""
    params: dict[str, Any] = _parse_rules(config, field=field).to_dict()
    return params


def round_data_problem(*, data: Any) -> ServiceError | None:
    """What makes ``data`` no round to record before the engine reads it: not an object,
    or a ruleset of its own (a recorded round is scored under its season's). Recording
    and the bulk import both ask here."""
    if not isinstance(data, dict):
        return ServiceError("", "not_an_object")
    if "ruleset" in data:
        return ServiceError("ruleset", "ruleset_fixed")
    return None


def round_score(*, data: Any, ruleset_config: object = None, rules: Rules | None = None) -> Scored:
    """Score ``data`` under ``rules`` (already parsed) or else the saved ``ruleset_config``:
    the engine's ``Scored``, or RoundRejected with recording's check and the engine's errors."""
    problem = round_data_problem(data=data)
    if problem is not None:
        raise RoundRejected([problem])
    try:
        if rules is not None:
            return score_round_counted(data, rules=rules)
        return score_round_counted({**data, "ruleset": copy.deepcopy(ruleset_config)})
    except RoundInvalid as exc:
        raise _engine_errors(exc.errors) from exc


def round_rows(*, data: dict[str, Any], scored: Scored) -> dict[str, list[dict[str, Any]]]:
    """The derived rows of a scored round, by seat, as plain dicts (no database):
    ``{"transfers": [...], "players": [...], "hands": [...]}`` with the fields of
    Transfer, RoundPlayer and RoundHand minus round and player. The one place that turns
    an engine answer into aggregation rows; bulk imports use it too. The hands, big wins
    and 扎鸟 hits are the engine's (``scored.wins``, ``scored.bird_hits``): a win given by
    its tiles alone has the codes the engine found, and the input's ``hands`` are never
    read.

    The engine lists no transfer for a burned amount (it shows in net and burned only);
    one with no payee is added, so each seat's transfers add up to its net.
    """
    result = scored.result
    transfers: list[dict[str, Any]] = [
        {
            "payer_seat": t.get("from"),
            "payee_seat": t.get("to"),
            "amount": t["amount"],
            "event": t["event"],
            "winner_seat": t.get("winner"),
        }
        for t in result["transfers"]
        if t["amount"] > 0
    ]
    for seat, shortfall in enumerate(_unlisted_payments(result)):
        if shortfall > 0:
            transfers.append(
                {
                    "payer_seat": seat,
                    "payee_seat": None,
                    "amount": shortfall,
                    "event": TransferEvent.PENALTY.value,
                    "winner_seat": None,
                }
            )
    final = data.get("result") or {}
    kind = final.get("kind")
    dealers = set(data.get("dealers") or [data["dealer"]])
    players, hands = [], []
    for seat, (final_codes, big, opening_codes, midgame_codes) in enumerate(scored.wins):
        # Mid-game wins (中途胡) are small wins outside the result, like openings: their
        # codes are stored with is_opening True, but they are not opening wins.
        small_codes = [*opening_codes, *midgame_codes]
        won = bool(final_codes)
        players.append(
            {
                "seat": seat,
                "net": result["net"][seat],
                "is_dealer": seat in dealers,
                "won": won,
                "self_draw": won and kind == "self_draw",
                "dealt_in": kind == "discard" and final.get("discarder") == seat,
                "big_win": big,
                "opening_wins": 1 if opening_codes else 0,
                "hands": [*small_codes, *final_codes],
                "birds_hit": scored.bird_hits[seat],
            }
        )
        hands += [{"seat": seat, "code": c, "is_opening": True} for c in small_codes]
        hands += [{"seat": seat, "code": c, "is_opening": False} for c in final_codes]
    return {"transfers": transfers, "players": players, "hands": hands}


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


def _unlisted_payments(result: RoundResult) -> list[int]:
    """By seat: what the seat lost beyond its listed transfers (burned chips)."""
    listed = [0] * len(result["net"])
    for t in result["transfers"]:
        if t.get("from") is not None:
            listed[t["from"]] -= t["amount"]
        if t.get("to") is not None:
            listed[t["to"]] += t["amount"]
    return [paid - net for paid, net in zip(listed, result["net"], strict=True)]


# ---------------------------------------------------------------- sessions

# The table sizes a session records: four, three and two (rules.md §10). A session
# seats exactly its season's ruleset's ``players``.
SESSION_SIZES = frozenset({2, 3, 4})


def ruleset_players(*, config: Any) -> int:
    """How many players a saved ruleset seats (``players``, rules.md §10)."""
    return int(_parse_rules(config).players)


def session_start_problems(
    *, season: Season, players: Sequence[Player], first_dealer: Any, seated: int | None = None
) -> list[ServiceError]:
    """What stops a session from starting (at most one error a field); empty when it
    can start. The one check of a new session, for ``session_start`` and the bulk import.
    ``seated``: the table's size, when not the season's ruleset's (an imported session
    whose rounds were scored before the club changed its table size)."""
    problems: list[ServiceError] = []
    if season.is_closed:
        problems.append(ServiceError("season", "season_closed", variant="session"))
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
            SessionSeat(session=session, seat=i, player=p) for i, p in enumerate(players)
        )
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
        before = audit_stored(session)
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
            stats_session_moved(session=session)
    return session


# ---------------------------------------------------------------- rounds


# ---------------------------------------------------------------- finishing sessions


def session_finish(*, session: Session, actor: Any) -> SessionResult:
    """Mark a session finished (结束本场) and rate it. Finishing twice changes nothing."""
    require_record(actor, session.season.club)
    with transaction.atomic():
        locked = Session.objects.select_for_update().select_related("season").get(pk=session.pk)
        result, created = SessionResult.objects.get_or_create(
            session=locked, defaults={"finished_by": actor if actor.is_authenticated else None}
        )
        if created:
            ratings_session_finished(session=locked)
            audit_record(
                actor=actor,
                club=locked.season.club,
                action="session.finish",
                obj=locked,
                after=audit_snapshot(result),
            )
    return result


def session_reopen(*, session: Session, actor: Any) -> None:
    """Undo a finish (not for paper sessions); the ratings are replayed without it."""
    require_record(actor, session.season.club)
    with transaction.atomic():
        locked = Session.objects.select_for_update().select_related("season").get(pk=session.pk)
        result = SessionResult.objects.filter(session=locked).first()
        if result is None:
            return
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
        locked = _locked_session(session)
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


def session_delete(*, session: Session, actor: Any) -> None:
    """Delete a session started by mistake (organisers): only one that has no round at
    all (a void or corrected round is still a record), is not a paper session and is not
    a league night's table, in an open season. Audited with what it was: its time, table
    and four players."""
    require_manage(actor, session.season.club)
    with transaction.atomic():
        locked = _locked_session(session)
        if locked.season.is_closed:
            raise reject("season", "season_closed", "session")
        rounds = Round.objects.filter(session=locked).count()
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


# Signs a Chinese keyboard may produce in place of ASCII ones.
_SIGNS = str.maketrans({"－": "-", "−": "-", "—": "-", "＋": "+"})


def whole_number(value: Any) -> int:
    """A net as a whole number: an int, or text as typed ("+30", "－10", "３０", "- 10");
    ValueError for anything else (a bool, a float, other text). The one parser of paper
    nets: the page's form, the import lines and the API all read them through it."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.translate(_SIGNS).replace(" ", "").strip()
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
    raise ValueError(value)


# No table wins or loses ten million chips in one session: a bigger net is a typo.
PAPER_NET_LIMIT = 10_000_000


def paper_nets_validate(nets: Sequence[Any], *, seats: int = 4) -> list[int]:
    """One whole-number net a seat (``seats``: four, three or two), summing to zero, or
    ServiceErrors keyed "nets" (the catalogue's messages)."""
    try:
        values = [whole_number(n) for n in nets]
    except (TypeError, ValueError):
        raise reject("nets", "nets") from None
    if len(values) != seats:
        raise reject("nets", "nets", "count", players=seats)
    if any(abs(v) > PAPER_NET_LIMIT for v in values):
        raise reject("nets", "nets", "range", limit=PAPER_NET_LIMIT)
    if sum(values) != 0:
        raise reject("nets", "nets", "sum", sum=sum(values))
    return values


def paper_session_record(
    *,
    season: Season,
    players: Sequence[Player],
    nets: Sequence[int],
    actor: Any,
    started_at: datetime.datetime | None = None,
    table_label: str = "",
) -> Session:
    """Record a paper session (纸面记录): final nets only, by seat, one a player of the
    season's ruleset's table. It counts in net and sessions (and ratings), not in round or
    hand statistics."""
    values = paper_nets_validate(nets, seats=ruleset_players(config=season.ruleset.config))
    with transaction.atomic():
        session = session_start(
            season=season,
            players=players,
            first_dealer=0,
            table_label=table_label,
            started_at=started_at or timezone.now(),
            actor=actor,
        )
        result = SessionResult.objects.create(
            session=session,
            finished_by=actor if actor.is_authenticated else None,
            is_paper=True,
            paper_nets=values,
        )
        audit_record(
            actor=actor,
            club=season.club,
            action="session.paper",
            obj=session,
            after=audit_snapshot(result),
        )
        # Rated just below (in place, or replayed when not the newest): no replay here.
        stats_session_refresh(session=session, rerate=False)
        ratings_session_finished(session=session)
    return session


def _ensure_open(season: Season) -> None:
    if season.is_closed:
        raise _reject("season", "season_closed", name=season.name)


def _locked_session(session: Session) -> Session:
    """Re-read the session (and its season) with a row lock, inside a transaction."""
    return Session.objects.select_for_update().select_related("season__club").get(pk=session.pk)


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
    rules = _parse_rules(session_ruleset_config(session=session))
    ruleset_config = rules.to_dict()
    scored = round_score(data=data, rules=rules)
    with transaction.atomic():
        locked = _locked_session(session)
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
    audit_record(
        actor=actor,
        club=session.season.club,
        action="round.correct" if supersedes is not None else "round.record",
        obj=rnd,
        before=audit_snapshot(supersedes),
        after=audit_snapshot(rnd),
    )
    return rnd


def _locked_current(rnd: Round) -> tuple[Session, Round]:
    session = _locked_session(rnd.session)
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
        audit_record(
            actor=actor,
            club=session.season.club,
            action="round.void",
            obj=current,
            before=before,
            after=audit_snapshot(current),
        )
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


def round_calculate(*, data: Any, ruleset_config: Any) -> dict[str, Any]:
    """Score a round under ``ruleset_config`` and store nothing (the calculator page). The
    same engine call and refusals as the preview of a recorded round."""
    return dict(round_score(data=data, ruleset_config=ruleset_config).result)


# ---------------------------------------------------------------- merging a guest

# Every column that names a player, by what the merge does with it: the recorded rows
# (and the per-session stats, which only copy the seat) move to the target; the sums and
# ratings are deleted and rebuilt for the seasons the guest played in. A test checks that
# these lists name every field of every model that points at Player.
PLAYER_MOVED: tuple[tuple[Any, str], ...] = (
    (SessionSeat, "player"),
    (RoundPlayer, "player"),
    (RoundHand, "player"),
    (Transfer, "payer"),
    (Transfer, "payee"),
    (PlayerSessionStat, "player"),
    (Penalty, "player"),
)
# A league night's seating names its players inside its tables (JSON): a guest who
# entered a night is not merged.
PLAYER_REFUSED: tuple[tuple[Any, str], ...] = ((Entrant, "player"),)
PLAYER_REBUILT: tuple[tuple[Any, str], ...] = (
    (PlayerSeasonStat, "player"),
    (PlayerClubStat, "player"),
    (PlayerRating, "player"),
    (RatingEvent, "player"),
)


def player_merge(*, guest: Player, target: Player, actor: Any) -> Player:
    """Merge a guest (客) into a regular player of the same club: every round, seat,
    transfer and stat of the guest becomes the target's, the standings of the guest's
    seasons are rebuilt, the merge is audited and the guest deleted. Refused when the
    two sat in the same session. Organisers only."""
    club = guest.club
    require_manage(actor, club)
    if not guest.is_guest:
        raise reject("guest", "not_a_guest", name=guest.display_name)
    if target.club_id != club.pk or target.pk == guest.pk or target.is_guest:
        raise reject("target", "merge_target")
    shared = (
        Session.objects.filter(seats__player=guest)
        .filter(seats__player=target)
        .order_by("started_at", "pk")
        .first()
    )
    if Entrant.objects.filter(player=guest).exists():
        raise reject("guest", "merge_night_entrant", guest=guest.display_name)
    if shared is not None:
        raise reject(
            "target",
            "merge_shared_session",
            guest=guest.display_name,
            target=target.display_name,
            session=str(shared),
        )
    with transaction.atomic():
        seasons = list(
            Season.objects.filter(sessions__seats__player=guest).distinct().order_by("pk")
        )
        before = audit_snapshot(guest)
        counts: dict[str, int] = {}
        for model, field in PLAYER_MOVED:
            n = model.objects.filter(**{field: guest}).update(**{field: target})
            counts[f"{model._meta.model_name}.{field}"] = n
        for model, field in PLAYER_REBUILT:
            model.objects.filter(**{field: guest}).delete()
        for season in seasons:
            standings_rebuild(season=season)
        audit_record(
            actor=actor,
            club=club,
            action="player.merge",
            obj=target,
            before=before,
            after={
                **(audit_snapshot(target) or {}),
                "merged_guest": guest.display_name,
                "moved": counts,
            },
        )
        guest.delete()
    return target
