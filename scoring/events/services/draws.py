"""A night's seating rounds: drawn (``scoring.events.seating``), seated by hand,
cancelled, the final draw, and two players swapped between tables."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, cast

from django.db import transaction
from django.utils import timezone

from csmj_site.errors import ServiceError, ServiceErrors, reject
from leagues.audit import audit_record
from leagues.permissions import require_manage
from scoring.events import seating
from scoring.events.models import (
    ROUND_NUMBER,
    SEED,
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
from scoring.events.services.common import (
    event_bump,
    event_locked,
    event_open_check,
    player_names,
    three_tables_check,
)


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


def _final(event: Event) -> SeatingRound | None:
    """The night's final round once drawn (at most one: ``final_draw`` refuses another)."""
    return SeatingRound.objects.filter(event=event, is_final=True).first()


def _check_tables(
    *, event: Event, tables: Sequence[Sequence[Any]], field: str = "tables"
) -> list[list[int]]:
    """Manual or drawn tables: each seat an entrant's player id, seated once, not dropped,
    four to a table (three with tables of three)."""
    entrants = {e.player_id: e for e in Entrant.objects.filter(event=event)}
    names = player_names(ids=(pid for t in tables for pid in t if isinstance(pid, int)))
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
    event_bump(event=event)
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
    its seed, and becomes ``manual`` once placed by hand. Refused once the final is drawn
    (``final_drawn``): it is the night's last round, seated by rank."""
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
        event = event_locked(event=event)
        event_open_check(event=event)
        number, replaces = _round_to_draw(event, number)
        if _final(event) is not None:
            # the final is the night's last round, seated by rank: no draw replaces or follows it
            raise reject("event", "final_drawn", "draw")
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
        three_tables_check(event=event, tables=tables)
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
    """Seat a round by hand (mode ``manual``): the organiser gives every table. Once the
    final is drawn, only the final itself can be seated again (it stays the final)."""
    require_manage(actor, event.season.club)
    if number is not None:
        ROUND_NUMBER.check("number", number)
    with transaction.atomic():
        event = event_locked(event=event)
        event_open_check(event=event)
        number, replaces = _round_to_draw(event, number)
        final = _final(event)
        if final is not None and final != replaces:  # seating the final by hand keeps it the final
            raise reject("event", "final_drawn", "draw")
        checked = _check_tables(event=event, tables=tables)
        three_tables_check(event=event, tables=checked)
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
            is_final=final is not None,
            actor=actor,
        )


def round_cancel(*, event: Event, actor: Any, number: int) -> None:
    """Cancel a drawn round none of whose tables started (the latest round: a round drawn
    by mistake, or a night that stops early). Its tables go; the audit log keeps them."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = event_locked(event=event)
        event_open_check(event=event)
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
        event_bump(event=event)


def final_draw(*, event: Event, actor: Any) -> SeatingRound:
    """The final: the top ``final_size`` of the event's standings, seated by rank
    (1–4 at table 1, 5–8 at table 2 …), their scores carried as the event says."""
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event = event_locked(event=event)
        event_open_check(event=event)
        if event.final_size == 0:
            raise reject("final_size", "no_final")
        if _final(event) is not None:
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
        event = event_locked(event=event)
        event_open_check(event=event)
        tables = list(Table.objects.select_for_update().filter(round=round).order_by("number"))
        out = list(SeatingRound.objects.get(pk=round.pk).sitting_out)
        names = player_names(ids=[player_a, player_b])
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
        event_bump(event=event)
        audit_record(
            actor=actor,
            club=event.season.club,
            action="seating.swap",
            obj=round,
            before=before,
            after={"number": round.number, "tables": table_names(round)},
        )
    return round
