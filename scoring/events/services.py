"""Writes of league nights: events, entrants, seating rounds, tables, penalties.

One job over ~900 lines: every write of a night shares the lock on its event, the
version bump and the audit line; a split by resource is the next step when it grows.

Every write checks the role (organiser; starting a table: recorder), refuses bad input
with a ``ServiceErrors`` naming the field and stores nothing then, writes the audit log
in its transaction, and bumps ``Event.version`` (what the board follows).

The draw itself is pure Python (``scoring.events.seating``).
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone, translation

from csmj_site.bounds import ID, date_years_refusal
from csmj_site.errors import ServiceError, ServiceErrors, reject
from csmj_site.names import name_refusal
from leagues import services as league_services
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Player, Ruleset, Season
from leagues.permissions import require_manage, require_record
from scoring import services as scoring_services
from scoring.events import seating
from scoring.events.models import (
    ENTRANTS_MAX,
    FINAL_SIZE,
    PENALTY_AMOUNT,
    ROUND_NUMBER,
    ROUNDS_PLANNED,
    SEED,
    TIMER_MINUTES,
    Entrant,
    Event,
    Remainder,
    SeatingMode,
    SeatingRound,
    Table,
)
from scoring.events.seating import seating_plan
from scoring.events.seating_night import night_draw
from scoring.events.selectors import event_standings, table_names
from scoring.models import Session, table_title
from scoring.standings.models import Penalty, SessionResult
from scoring.webhooks.tasks import webhooks_notify

# ---------------------------------------------------------------- helpers


def _bump(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1)


def _ensure_open(event: Event) -> None:
    if event.season.is_closed:
        raise reject("season", "season_closed", name=event.season.name)
    if event.is_finished:
        raise reject("event", "event_finished", name=event.name)


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().select_related("season__club").get(pk=event.pk)


def _names(ids: Iterable[int]) -> dict[int, str]:
    stored = [pid for pid in ids if ID.holds(pid)]
    return dict(Player.objects.filter(pk__in=stored).values_list("pk", "display_name"))


def three_supported(ruleset: Ruleset) -> bool:
    """Whether a night under ``ruleset`` can seat tables of three: sessions of three can
    be recorded and the ruleset's rules hold at ``players: 3`` (rules.md §10; not, e.g.,
    缺一门, which is for two)."""
    if 3 not in scoring_services.SESSION_SIZES:
        return False
    try:
        scoring_services.ruleset_resolve({**ruleset.config, "players": 3})
    except scoring_services.RoundRejected:
        return False
    return True


# ---------------------------------------------------------------- events


def event_date_refusal(*, season: Season, date: datetime.date) -> ServiceError | None:
    """A night dated before its season starts or after it ends (``event_outside_season``
    on ``date``), or None."""
    start, end = season.start_date, season.end_date
    if start <= date and (end is None or date <= end):
        return None
    params = {"date": date.isoformat(), "start": start.isoformat()}
    if end is None:
        return ServiceError("date", "event_outside_season", params, variant="open_ended")
    return ServiceError("date", "event_outside_season", {**params, "end": end.isoformat()})


def event_create(
    *,
    season: Season,
    name: str,
    date: datetime.date,
    actor: Any,
    ruleset: Ruleset | None = None,
    rounds_planned: int = 3,
    seating_mode: str = SeatingMode.RANDOM,
    remainder: str = Remainder.BYE,
    timer_minutes: int | None = None,
    timer_end: str = "finish_hand",
    final_size: int = 0,
    final_carry: str = "full",
) -> Event:
    """A league night in ``season``, played under the season's ruleset (its rounds are
    scored by the season's session); ``ruleset``, when given, must be that one."""
    require_manage(actor, season.club)
    problems: list[ServiceError] = []
    if season.is_closed:
        problems.append(ServiceError("season", "season_closed", {"name": season.name}))
    name, refusal = name_refusal(name, field="name")
    if refusal is not None:
        problems.append(refusal)
    elif not name:
        problems.append(ServiceError("name", "required", variant="event_name"))
    bounded = [
        ("rounds_planned", ROUNDS_PLANNED, rounds_planned),
        ("final_size", FINAL_SIZE, final_size),
        ("timer_minutes", TIMER_MINUTES, timer_minutes or 1),  # 0 or None: no timer
    ]
    problems += [e for f, b, v in bounded if (e := b.refusal(f, v)) is not None]
    if (refused_date := date_years_refusal(field="date", value=date)) is not None:
        problems.append(refused_date)
    elif (outside := event_date_refusal(season=season, date=date)) is not None:
        problems.append(outside)
    if ruleset is not None and ruleset.club_id != season.club_id:
        problems.append(ServiceError("ruleset", "ruleset_other_club"))
    elif ruleset is not None and ruleset.pk != season.ruleset_id:
        problems.append(
            ServiceError("ruleset", "ruleset_not_season", {"name": season.ruleset.name})
        )
    if problems:
        raise ServiceErrors(problems)
    event = Event(
        season=season,
        name=name,
        date=date,
        rounds_planned=rounds_planned,
        seating_mode=seating_mode,
        remainder=remainder,
        timer_minutes=timer_minutes or None,
        timer_end=timer_end,
        final_size=final_size,
        final_carry=final_carry,
        created_by=actor,
    )
    event.full_clean()
    with transaction.atomic():
        event.save()
        audit_record(
            actor=actor,
            club=season.club,
            action="event.create",
            obj=event,
            after=audit_snapshot(event),
        )
    return event


@dataclass(frozen=True, slots=True, kw_only=True)
class Finished:
    """A finished night, and what finishing it cancelled: the tables that never started
    (a round none of whose tables started goes as a whole)."""

    event: Event
    cancelled_tables: int = 0
    cancelled_rounds: list[int] = field(default_factory=list)


def event_finish(*, event: Event, actor: Any) -> Finished:
    """End the night: every started table's session finished. Tables that never started
    are cancelled (a round none of whose tables started goes as a whole), and the audit
    entry names them."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        tables = list(Table.objects.filter(round__event=event).select_related("round"))
        finished = set(
            SessionResult.objects.filter(session__event_table__round__event=event).values_list(
                "session_id", flat=True
            )
        )
        open_tables = [t for t in tables if t.is_started and t.session_id not in finished]
        if open_tables:
            raise reject("event", "event_unfinished", count=len(open_tables))
        unstarted = [t for t in tables if not t.is_started]
        started_rounds = {t.round_id for t in tables if t.is_started}
        empty_rounds = sorted(
            {t.round.number: t.round_id for t in unstarted if t.round_id not in started_rounds}
        )
        before = audit_stored(event)
        Table.objects.filter(pk__in=[t.pk for t in unstarted]).delete()
        SeatingRound.objects.filter(event=event, number__in=empty_rounds).delete()
        event.finished_at = timezone.now()
        event.save(update_fields=["finished_at"])
        _bump(event)
        after = audit_snapshot(event) or {}
        if unstarted:
            after["cancelled"] = [
                {"round": t.round.number, "table": t.number}
                for t in sorted(unstarted, key=lambda t: (t.round.number, t.number))
            ]
        entry = audit_record(
            actor=actor,
            club=event.season.club,
            action="event.finish",
            obj=event,
            before=before,
            after=after,
        )
        webhooks_notify(entry=entry)
    return Finished(event=event, cancelled_tables=len(unstarted), cancelled_rounds=empty_rounds)


# ---------------------------------------------------------------- entrants


def entrant_add(
    *,
    event: Event,
    actor: Any,
    player: Player | None = None,
    guest_name: str = "",
    checked_in: bool = True,
) -> Entrant:
    """A club player, or a guest (客) by name (a new roster player flagged guest), joins
    the night; between rounds they join from the next round (a late arrival)."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        if Entrant.objects.filter(event=event).count() >= ENTRANTS_MAX:
            raise reject("entrants", "entrants_full", limit=ENTRANTS_MAX)
        if player is None:
            if not guest_name.strip():
                raise reject("guest_name", "required", "token_name")
            try:
                player = league_services.player_create(
                    club=event.season.club, display_name=guest_name, is_guest=True, actor=actor
                )
            except ServiceErrors as exc:  # the guest's name is this form's guest_name
                raise ServiceErrors(
                    e.at("guest_name") if e.field == "display_name" else e for e in exc.errors
                ) from None
        elif player.club_id != event.season.club_id:
            raise reject("player", "penalty_player", name=player.display_name)
        if Entrant.objects.filter(event=event, player=player).exists():
            raise reject("player", "entrant_twice", name=player.display_name)
        started = SeatingRound.objects.filter(event=event, tables__session__isnull=False)
        last = started.order_by("-number").values_list("number", flat=True).first() or 0
        entrant = Entrant.objects.create(
            event=event, player=player, checked_in=checked_in, joined_round=last + 1
        )
        _bump(event)
        audit_record(
            actor=actor,
            club=event.season.club,
            action="entrant.add",
            obj=entrant,
            after=audit_snapshot(entrant),
        )
    return entrant


def _entrant_change(*, entrant: Entrant, actor: Any, action: str, **fields: Any) -> Entrant:
    """Write ``fields`` of an entrant of an open, locked night: the board's version moves
    and the audit log has the line ``action`` with the before and after."""
    before = audit_stored(entrant)
    for name, value in fields.items():
        setattr(entrant, name, value)
    entrant.save(update_fields=list(fields))
    _bump(entrant.event)
    audit_record(
        actor=actor,
        club=entrant.event.season.club,
        action=action,
        obj=entrant,
        before=before,
        after=audit_snapshot(entrant),
    )
    return entrant


def entrants_add(*, event: Event, actor: Any, players: Sequence[Player]) -> list[Entrant]:
    """Several club players join the night at once (the organiser ticks their names,
    then adds them): all of them, or none when one is refused."""
    with transaction.atomic():
        return [entrant_add(event=event, player=p, actor=actor) for p in players]


def entrant_check_in(*, entrant: Entrant, actor: Any, present: bool = True) -> Entrant:
    """Tap a name: present (or not) tonight."""
    require_manage(actor, entrant.event.season.club)
    with transaction.atomic():
        _ensure_open(_locked(entrant.event))
        action = "entrant.check_in" if present else "entrant.check_out"
        return _entrant_change(entrant=entrant, actor=actor, action=action, checked_in=present)


def entrant_drop(*, entrant: Entrant, actor: Any) -> Entrant:
    """The player leaves after the last round that started; later draws leave them out."""
    event = entrant.event
    require_manage(actor, event.season.club)
    with transaction.atomic():
        _ensure_open(_locked(event))
        started = SeatingRound.objects.filter(event=event, tables__session__isnull=False)
        last = started.order_by("-number").values_list("number", flat=True).first() or 0
        return _entrant_change(
            entrant=entrant, actor=actor, action="entrant.drop", dropped_after_round=last
        )


def entrant_return(*, entrant: Entrant, actor: Any) -> Entrant:
    """A player who dropped out comes back (or the drop was a wrong tap): the next draw
    seats them again. The rounds they missed stay missed."""
    require_manage(actor, entrant.event.season.club)
    with transaction.atomic():
        _ensure_open(_locked(entrant.event))
        if not entrant.is_dropped:
            raise reject("player", "entrant_not_dropped", name=entrant.player.display_name)
        return _entrant_change(
            entrant=entrant, actor=actor, action="entrant.return", dropped_after_round=None
        )


# ---------------------------------------------------------------- seating


def _playing(event: Event) -> list[Entrant]:
    return list(
        Entrant.objects.filter(event=event, checked_in=True, dropped_after_round__isnull=True)
        .select_related("player")
        .order_by("id")
    )


def _history(
    event: Event, before: int
) -> tuple[list[list[list[int]]], list[int | None], dict[int, int]]:
    """The earlier rounds (each its tables in seat order), each round's seed when it was
    drawn at random (else None: the draw's plan follows only random rounds), and each
    player's byes so far. Rounds are passed as rounds, never guessed from the tables."""
    earlier = list(
        SeatingRound.objects.filter(event=event, number__lt=before)
        .order_by("number")
        .values_list("id", "mode", "seed", "sitting_out")
    )
    seats: dict[int, list[list[int]]] = {rid: [] for rid, *_ in earlier}
    for rid, table_seats in (
        Table.objects.filter(round__event=event, round__number__lt=before)
        .order_by("round__number", "number")
        .values_list("round_id", "seats")
    ):
        seats[rid].append(list(table_seats))
    rounds = [seats[rid] for rid, *_ in earlier]
    seeds = [seed if mode == SeatingMode.RANDOM else None for _, mode, seed, _ in earlier]
    byes: dict[int, int] = {}
    for *_, out in earlier:
        for pid in out:
            byes[pid] = byes.get(pid, 0) + 1
    return rounds, seeds, byes


def _check_tables(
    *, event: Event, tables: Sequence[Sequence[Any]], field: str = "tables"
) -> list[list[int]]:
    """Manual or drawn tables: each seat an entrant's player id, seated once, not dropped,
    four to a table (three with tables of three)."""
    entrants = {e.player_id: e for e in Entrant.objects.filter(event=event)}
    names = _names(pid for t in tables for pid in t if isinstance(pid, int))
    seen: set[int] = set()
    problems: list[ServiceError] = []
    three = event.remainder == Remainder.THREE
    for i, table in enumerate(tables):
        if len(table) != 4 and not (three and len(table) == 3):
            variant = "three" if three else ""
            problems.append(
                ServiceError(
                    f"{field}.{i}",
                    "table_size",
                    {"table": i + 1, "count": len(table)},
                    variant=variant,
                )
            )
        for j, pid in enumerate(table):
            where = f"{field}.{i}.{j}"
            name = names.get(pid, str(pid)) if isinstance(pid, int) else str(pid)
            if not isinstance(pid, int) or isinstance(pid, bool) or pid not in entrants:
                problems.append(ServiceError(where, "not_an_entrant", {"name": name}))
            elif pid in seen:
                problems.append(ServiceError(where, "seated_twice", {"name": name}))
            elif entrants[pid].is_dropped:
                problems.append(ServiceError(where, "entrant_dropped", {"name": name}))
            if isinstance(pid, int):
                seen.add(pid)
    if problems:
        raise ServiceErrors(problems)
    return [list(t) for t in tables]


def _three_check(event: Event, tables: Sequence[Sequence[int]]) -> None:
    if any(len(t) == 3 for t in tables) and not three_supported(event.ruleset):
        raise reject("remainder", "three_unsupported")


def _round_to_draw(event: Event, number: int | None) -> tuple[int, SeatingRound | None]:
    """The number the draw fills and the round it replaces (None: a new round).
    Without ``number``: the latest round while none of its tables started, else the next."""
    latest = SeatingRound.objects.filter(event=event).order_by("-number").first()
    if number is None:
        if latest is not None and not latest.tables.filter(session__isnull=False).exists():
            return latest.number, latest
        return (latest.number + 1 if latest else 1), None
    if latest is None:
        if number == 1:
            return number, None
        raise reject("number", "round_not_latest", number=1)
    started = latest.tables.filter(session__isnull=False).exists()
    if started and number == latest.number + 1:
        return number, None
    if number != latest.number:
        raise reject("number", "round_not_latest", number=latest.number)
    if started:
        raise reject("number", "round_started", number=number)
    return number, latest


def _store_round(
    *,
    event: Event,
    number: int,
    replaces: SeatingRound | None,
    mode: str,
    seed: int,
    tables: list[list[int]],
    sitting_out: Sequence[int],
    is_final: bool,
    actor: Any,
) -> SeatingRound:
    before = None
    if replaces is not None:
        before = {"seed": replaces.seed, "mode": replaces.mode, "tables": table_names(replaces)}
        replaces.tables.all().delete()
        rnd = replaces
        rnd.mode, rnd.seed, rnd.sitting_out, rnd.is_final = mode, seed, list(sitting_out), is_final
        rnd.drawn_at = timezone.now()
        rnd.save()
    else:
        rnd = SeatingRound.objects.create(
            event=event,
            number=number,
            mode=mode,
            seed=seed,
            sitting_out=list(sitting_out),
            is_final=is_final,
        )
    Table.objects.bulk_create(
        Table(round=rnd, number=i + 1, seats=seats) for i, seats in enumerate(tables)
    )
    _bump(event)
    audit_record(
        actor=actor,
        club=event.season.club,
        action="seating.draw",
        obj=rnd,
        before=before,
        after={
            "number": number,
            "seed": seed,
            "mode": mode,
            "tables": table_names(rnd),
            "sitting_out": list(sitting_out),
        },
    )
    return rnd


def round_draw(
    *,
    event: Event,
    actor: Any,
    mode: str | None = None,
    seed: int | None = None,
    number: int | None = None,
) -> SeatingRound:
    """Draw a round's tables (random, swiss or interval). Re-drawing the latest round is
    allowed until one of its tables starts. The same entrants, history and seed give the
    same seating. A random night's next round, drawn without a seed, takes the seed of the
    round before and so the next round of that seed's plan of the whole night
    (``seating_night.seating_night``). ``manual`` draws the random starting point the organiser
    then changes by hand (``round_seat``): it is stored as what it is, a random draw with
    its seed, and becomes ``manual`` once placed by hand."""
    require_manage(actor, event.season.club)
    mode = mode or event.seating_mode
    if mode not in SeatingMode.values:
        raise ServiceErrors(
            [ServiceError.written("mode", "invalid_choice", f"unknown mode {mode!r}")]
        )
    if seed is not None:
        seed = SEED.check("seed", seed)
    if number is not None:
        ROUND_NUMBER.check("number", number)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        number, replaces = _round_to_draw(event, number)
        history, seeds, byes = _history(event, number)
        if seed is None:
            # A new round of a random night follows the plan of the round before (same
            # seed, see seating_night.night_draw); a redraw, or another mode, draws afresh.
            follows = replaces is None and mode == SeatingMode.RANDOM and seeds
            seed = seeds[-1] if follows and seeds[-1] is not None else None
            seed = secrets.randbelow(SEED.high + 1) if seed is None else seed
        players = _playing(event)
        if len(players) < 4:
            raise reject("entrants", "too_few_players", count=len(players))
        ids = [e.player_id for e in players]
        ranking = [row.player.pk for row in event_standings(event=event) if row.player.pk in ids]
        ranking += [pid for pid in ids if pid not in ranking]
        plan = seating_plan(
            players=ids,
            remainder=cast(seating.Remainder, event.remainder),
            byes_so_far=byes,
            ranking=ranking,
        )
        playing = [pid for pid in ids if pid not in set(plan.sitting_out)]
        draw_mode = "random" if mode == SeatingMode.MANUAL else mode
        tables = night_draw(
            players=playing,
            sizes=plan.sizes,
            mode=cast(seating.Mode, draw_mode),
            seed=seed,
            history=history,
            ranking=[pid for pid in ranking if pid in playing],
            night_rounds=event.rounds_planned,
            seeds=seeds,
        )
        tables = _check_tables(event=event, tables=tables)
        _three_check(event, tables)
        return _store_round(
            event=event,
            number=number,
            replaces=replaces,
            mode=draw_mode,
            seed=seed,
            tables=tables,
            sitting_out=plan.sitting_out,
            is_final=False,
            actor=actor,
        )


def round_seat(
    *, event: Event, actor: Any, tables: Sequence[Sequence[Any]], number: int | None = None
) -> SeatingRound:
    """Seat a round by hand (mode ``manual``): the organiser gives every table."""
    require_manage(actor, event.season.club)
    if number is not None:
        ROUND_NUMBER.check("number", number)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        number, replaces = _round_to_draw(event, number)
        checked = _check_tables(event=event, tables=tables)
        _three_check(event, checked)
        seated = {pid for t in checked for pid in t}
        out = [e.player_id for e in _playing(event) if e.player_id not in seated]
        return _store_round(
            event=event,
            number=number,
            replaces=replaces,
            mode=SeatingMode.MANUAL,
            seed=0,
            tables=checked,
            sitting_out=out,
            is_final=False,
            actor=actor,
        )


def round_cancel(*, event: Event, actor: Any, number: int) -> None:
    """Cancel a drawn round none of whose tables started (the latest round: a round drawn
    by mistake, or a night that stops early). Its tables go; the audit log keeps them."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        latest = SeatingRound.objects.filter(event=event).order_by("-number").first()
        if latest is None or latest.number != number:
            if (
                latest is None
                or not SeatingRound.objects.filter(event=event, number=number).exists()
            ):
                raise reject("round", "round_unknown", number=number)
            raise reject("round", "round_not_latest", "cancel", number=latest.number)
        if latest.tables.filter(session__isnull=False).exists():
            raise reject("round", "round_started", "cancel", number=number)
        before = {
            "number": latest.number,
            "seed": latest.seed,
            "mode": latest.mode,
            "tables": table_names(latest),
            "sitting_out": list(latest.sitting_out),
        }
        audit_record(
            actor=actor,
            club=event.season.club,
            action="seating.cancel",
            obj=latest,
            before=before,
        )
        latest.delete()
        _bump(event)


def final_draw(*, event: Event, actor: Any) -> SeatingRound:
    """The final: the top ``final_size`` of the event's standings, seated by rank
    (1–4 at table 1, 5–8 at table 2 …), their scores carried as the event says."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        if event.final_size == 0:
            raise reject("final_size", "no_final")
        if SeatingRound.objects.filter(event=event, is_final=True).exists():
            raise reject("event", "final_drawn")
        rows = [r for r in event_standings(event=event) if r.rounds > 0 and not r.dropped]
        if len(rows) < event.final_size:
            raise reject("final_size", "final_players", size=event.final_size, count=len(rows))
        top = [r.player.pk for r in rows[: event.final_size]]
        tables = [top[i : i + 4] for i in range(0, len(top), 4)]
        number, replaces = _round_to_draw(event, None)
        if replaces is not None:
            raise reject("number", "round_not_latest", number=replaces.number)
        checked = _check_tables(event=event, tables=tables)
        return _store_round(
            event=event,
            number=number,
            replaces=None,
            mode=SeatingMode.MANUAL,
            seed=0,
            tables=checked,
            sitting_out=[],
            is_final=True,
            actor=actor,
        )


def table_swap(*, round: SeatingRound, player_a: int, player_b: int, actor: Any) -> SeatingRound:
    """Swap two players' seats in a round (or one seated with one sitting out). Refused
    when either seat is at a started table: that would split it."""
    event = round.event
    require_manage(actor, event.season.club)
    if player_a == player_b:
        raise reject("player_b", "swap_same")
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        tables = list(Table.objects.select_for_update().filter(round=round).order_by("number"))
        out = list(SeatingRound.objects.get(pk=round.pk).sitting_out)
        names = _names([player_a, player_b])
        dropped = set(
            Entrant.objects.filter(
                event=event, player_id__in=list(names), dropped_after_round__isnull=False
            ).values_list("player_id", flat=True)
        )

        def where(pid: int, field: str) -> Table | None:
            for t in tables:
                if pid in t.seats:
                    return t
            if pid in out:
                return None
            code = "entrant_dropped" if pid in dropped else "not_an_entrant"
            raise reject(field, code, name=names.get(pid, str(pid)))

        ta, tb = where(player_a, "player_a"), where(player_b, "player_b")
        for field, t in (("player_a", ta), ("player_b", tb)):
            if t is not None and t.is_started:
                raise reject(field, "table_started", table=t.number)
        # each takes the other's place: a seat goes to someone still playing
        for field, pid, lands in (("player_a", player_a, tb), ("player_b", player_b, ta)):
            if pid in dropped and lands is not None:
                raise reject(field, "entrant_dropped", name=names.get(pid, str(pid)))
        before = {"number": round.number, "tables": table_names(round)}
        for t in {id(x): x for x in (ta, tb) if x is not None}.values():
            t.seats = [
                player_b if p == player_a else player_a if p == player_b else p for p in t.seats
            ]
            t.save(update_fields=["seats"])
        if (ta is None) != (tb is None):
            out = [player_b if p == player_a else player_a if p == player_b else p for p in out]
            SeatingRound.objects.filter(pk=round.pk).update(sitting_out=out)
            round.sitting_out = out
        _bump(event)
        audit_record(
            actor=actor,
            club=event.season.club,
            action="seating.swap",
            obj=round,
            before=before,
            after={"number": round.number, "tables": table_names(round)},
        )
    return round


def table_start(*, table: Table, actor: Any) -> Session:
    """Open the table's session: an ordinary scoring session with the table's seats in
    order and the first dealer at 东 (seat 0). The round's timer starts with its first
    table, when the event has one."""
    event = table.round.event
    require_record(actor, event.season.club)
    with transaction.atomic():
        event = _locked(event)
        _ensure_open(event)
        table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
        if table.is_started:
            raise reject("table", "table_started", "again", table=table.number)
        entrants = {e.player_id: e for e in Entrant.objects.filter(event=event)}
        for pid in table.seats:
            if pid in entrants and entrants[pid].is_dropped:
                raise reject("table", "entrant_dropped", name=entrants[pid].player.display_name)
        _three_check(event, [table.seats])
        players = Player.objects.in_bulk(table.seats)
        seated = len(table.seats)
        ruleset_seats = scoring_services.ruleset_players(config=event.season.ruleset.config)
        session = scoring_services.session_start(
            season=event.season,
            players=[players[pid] for pid in table.seats],
            first_dealer=0,
            table_label=_table_label(event, table),
            # a table of three under the season's ruleset for four plays it at three
            table_size=seated if seated != ruleset_seats else None,
            actor=actor,
        )
        table.session = session
        table.save(update_fields=["session"])
        rnd = table.round
        # (a night stored before the bound held keeps its tables starting, untimed)
        if TIMER_MINUTES.holds(event.timer_minutes) and rnd.timer_started_at is None:
            _timer_set(rnd, cast(int, event.timer_minutes))
        _bump(event)
    return session


TABLE_LABEL_LENGTH = 40  # Session.table_label's length


def _table_label(event: Event, table: Table) -> str:
    """The session's table label: the night's name and 第1轮 第2桌, in the site's language
    (LANGUAGE_CODE) whoever starts the table, since the label is stored text that every
    reader sees in lists and exports (pages that know the night name the table in the
    reader's language: ``NightTable.title``); a long name is cut, never the round and table."""
    with translation.override(settings.LANGUAGE_CODE):
        title = table_title(round_number=table.round.number, table_number=table.number)
    name = event.name[: TABLE_LABEL_LENGTH - len(title) - 1].rstrip()
    return f"{name} {title}" if name else title


def timer_running(rnd: SeatingRound) -> bool:
    """Whether the round's countdown is running (started and not yet at zero)."""
    return rnd.timer_ends_at is not None and rnd.timer_ends_at > timezone.now()


def _timer_set(rnd: SeatingRound, minutes: int) -> None:
    rnd.timer_started_at = timezone.now()
    rnd.timer_ends_at = rnd.timer_started_at + datetime.timedelta(minutes=minutes)
    rnd.save(update_fields=["timer_started_at", "timer_ends_at"])


def timer_start(
    *, round: SeatingRound, actor: Any, minutes: int | None = None, restart: bool = False
) -> SeatingRound:
    """Start the round's countdown: the event's duration unless ``minutes`` is given. A
    countdown still running is put back only with ``restart`` (the page asks first)."""
    event = round.event
    require_manage(actor, event.season.club)
    if minutes is not None:
        TIMER_MINUTES.check("minutes", minutes)
    minutes = minutes or event.timer_minutes
    if not minutes or not TIMER_MINUTES.holds(minutes):
        raise reject("minutes", "no_timer")
    with transaction.atomic():
        _ensure_open(_locked(event))
        round = SeatingRound.objects.select_for_update().get(pk=round.pk)
        if not restart and timer_running(round):
            raise reject("restart", "timer_running", number=round.number)
        _timer_set(round, minutes)
        _bump(event)
        audit_record(
            actor=actor,
            club=event.season.club,
            action="seating.timer",
            obj=round,
            after=audit_snapshot(round),
        )
    return round


# ---------------------------------------------------------------- penalties


def penalty_give(
    *,
    season: Season,
    player: Player,
    amount: int,
    reason: str,
    actor: Any,
    event: Event | None = None,
) -> Penalty:
    """罚分 (negative) / 奖励 (positive) / 警告 (zero): outside zero-sum; net after
    penalties ranks the season."""
    require_manage(actor, season.club)
    problems: list[ServiceError] = []
    if season.is_closed:
        problems.append(ServiceError("season", "season_closed", {"name": season.name}))
    if player.club_id != season.club_id:
        problems.append(ServiceError("player", "penalty_player", {"name": player.display_name}))
    if (error := PENALTY_AMOUNT.refusal("amount", amount)) is not None:
        problems.append(error)
    if not reason.strip():
        problems.append(ServiceError("reason", "required", variant="penalty_reason"))
    if event is not None and event.season_id != season.pk:
        problems.append(ServiceError("event", "event_other_season", {"name": event.name}))
    elif event is not None and not Entrant.objects.filter(event=event, player=player).exists():
        problems.append(ServiceError("player", "not_an_entrant", {"name": player.display_name}))
    if problems:
        raise ServiceErrors(problems)
    with transaction.atomic():
        penalty = Penalty.objects.create(
            season=season,
            event=event,
            player=player,
            amount=amount,
            reason=reason.strip()[:200],
            given_by=actor,
        )
        if event is not None:
            _bump(event)
        audit_record(
            actor=actor,
            club=season.club,
            action="penalty.give",
            obj=penalty,
            after=audit_snapshot(penalty),
        )
    return penalty


def penalty_cancel(*, penalty: Penalty, reason: str, actor: Any) -> Penalty:
    """Cancel with a reason; the row stays."""
    season = penalty.season
    require_manage(actor, season.club)
    problems: list[ServiceError] = []
    if season.is_closed:
        problems.append(ServiceError("season", "season_closed", {"name": season.name}))
    if penalty.is_cancelled:
        problems.append(ServiceError("penalty", "penalty_cancelled"))
    if not reason.strip():
        problems.append(ServiceError("reason", "required", variant="penalty_reason"))
    if problems:
        raise ServiceErrors(problems)
    with transaction.atomic():
        before = audit_stored(penalty)
        penalty.cancelled_at = timezone.now()
        penalty.cancelled_by = actor
        penalty.cancel_reason = reason.strip()[:200]
        penalty.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
        if penalty.event_id is not None:
            Event.objects.filter(pk=penalty.event_id).update(version=F("version") + 1)
        audit_record(
            actor=actor,
            club=season.club,
            action="penalty.cancel",
            obj=penalty,
            before=before,
            after=audit_snapshot(penalty),
        )
    return penalty
