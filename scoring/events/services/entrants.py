"""A night's entrants: added (roster players or guests), checked in, dropped and back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from csmj_site.errors import ServiceErrors, reject
from leagues import services as league_services
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Player
from leagues.permissions import require_manage
from scoring.events.models import (
    ENTRANTS_MAX,
    Entrant,
    Event,
    SeatingRound,
)
from scoring.events.services.common import event_bump, event_locked, event_open_check


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
        event = event_locked(event=event)
        event_open_check(event=event)
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
        event_bump(event=event)
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
    event_bump(event=entrant.event)
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
        event_open_check(event=event_locked(event=entrant.event))
        action = "entrant.check_in" if present else "entrant.check_out"
        return _entrant_change(entrant=entrant, actor=actor, action=action, checked_in=present)


def entrant_drop(*, entrant: Entrant, actor: Any) -> Entrant:
    """The player leaves after the last round that started; later draws leave them out."""
    event = entrant.event
    require_manage(actor, event.season.club)
    with transaction.atomic():
        event_open_check(event=event_locked(event=event))
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
        event_open_check(event=event_locked(event=entrant.event))
        if not entrant.is_dropped:
            raise reject("player", "entrant_not_dropped", name=entrant.player.display_name)
        return _entrant_change(
            entrant=entrant, actor=actor, action="entrant.return", dropped_after_round=None
        )
