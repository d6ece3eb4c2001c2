"""League nights themselves: a night created in its season (its date inside the
season's), and finished."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from csmj_site.bounds import date_years_refusal
from csmj_site.errors import ServiceError, ServiceErrors, reject
from csmj_site.names import name_refusal
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Ruleset, Season
from leagues.permissions import require_manage
from scoring.events.models import (
    FINAL_SIZE,
    ROUNDS_PLANNED,
    TIMER_MINUTES,
    Event,
    Remainder,
    SeatingMode,
    SeatingRound,
    Table,
)
from scoring.events.services.common import event_bump, event_locked, event_open_check
from scoring.standings.models import SessionResult
from scoring.webhooks.tasks import webhooks_notify


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
        event = event_locked(event=event)
        event_open_check(event=event)
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
        event_bump(event=event)
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
