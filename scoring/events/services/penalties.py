"""Penalties and bonuses of a season (outside zero-sum), given at a night or not, and
cancelled."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from csmj_site.errors import ServiceError, ServiceErrors
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Player, Season
from leagues.permissions import require_manage
from scoring.events.models import (
    PENALTY_AMOUNT,
    Entrant,
    Event,
)
from scoring.events.services.common import event_bump
from scoring.standings.models import Penalty


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
            event_bump(event=event)
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
