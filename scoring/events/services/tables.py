"""A night's tables: a table started as a session, and the round's timer."""

from __future__ import annotations

import datetime
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from csmj_site.errors import reject
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player
from leagues.permissions import require_manage, require_record
from scoring import services as scoring_services
from scoring.events.models import (
    TIMER_MINUTES,
    Entrant,
    Event,
    SeatingRound,
    Table,
)
from scoring.events.services.common import (
    event_bump,
    event_locked,
    event_open_check,
    three_tables_check,
)
from scoring.models import Session, table_title


def table_start(*, table: Table, actor: Any) -> Session:
    """Open the table's session: an ordinary scoring session with the table's seats in
    order and the first dealer at 东 (seat 0). The round's timer starts with its first
    table, when the event has one."""
    event = table.round.event
    require_record(actor, event.season.club)
    with transaction.atomic():
        event = event_locked(event=event)
        event_open_check(event=event)
        table = Table.objects.select_for_update().select_related("round").get(pk=table.pk)
        if table.is_started:
            raise reject("table", "table_started", "again", table=table.number)
        entrants = {e.player_id: e for e in Entrant.objects.filter(event=event)}
        for pid in table.seats:
            if pid in entrants and entrants[pid].is_dropped:
                raise reject("table", "entrant_dropped", name=entrants[pid].player.display_name)
        three_tables_check(event=event, tables=[table.seats])
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
        event_bump(event=event)
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
        event_open_check(event=event_locked(event=event))
        round = SeatingRound.objects.select_for_update().get(pk=round.pk)
        if not restart and timer_running(round):
            raise reject("restart", "timer_running", number=round.number)
        _timer_set(round, minutes)
        event_bump(event=event)
        audit_record(
            actor=actor,
            club=event.season.club,
            action="seating.timer",
            obj=round,
            after=audit_snapshot(round),
        )
    return round
