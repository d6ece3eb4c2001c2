"""Merging a guest (客) into a regular player of the same club."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from csmj_site.errors import reject
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player, PlayerLinkRequest, Season
from leagues.permissions import require_manage
from scoring.events.models import Entrant
from scoring.models import RoundHand, RoundKong, RoundPlayer, Session, SessionSeat, Transfer
from scoring.standings.models import (
    Penalty,
    PlayerClubStat,
    PlayerRating,
    PlayerSeasonStat,
    PlayerSessionStat,
    RatingEvent,
)
from scoring.standings.rebuild import standings_rebuild

# Every column that names a player, by what the merge does with it: the recorded rows
# (and the per-session stats, which only copy the seat) move to the target; the sums and
# ratings are deleted and rebuilt for the seasons the guest played in. A test checks that
# these lists name every field of every model that points at Player.
PLAYER_MOVED: tuple[tuple[Any, str], ...] = (
    (SessionSeat, "player"),
    (RoundPlayer, "player"),
    (RoundHand, "player"),
    (RoundKong, "player"),
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
    # (the guest's open requests to be linked to an account are dropped, not rebuilt)
    (PlayerLinkRequest, "player"),
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
        .select_related("season")
        .order_by("started_at", "pk")
        .first()
    )
    if Entrant.objects.filter(player=guest).exists():
        raise reject("guest", "merge_night_entrant", guest=guest.display_name)
    if guest.user_id is not None and target.user_id not in (None, guest.user_id):
        raise reject("target", "merge_both_linked", guest=guest.display_name)
    if shared is not None:
        raise reject(
            "target",
            "merge_shared_session",
            guest=guest.display_name,
            target=target.display_name,
            session=f"{shared.season.name} {shared.title}",
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
        if guest.user_id is not None and target.user_id is None:
            # The guest's account link (我的麻将) goes with its rounds to the target.
            Player.objects.filter(pk=guest.pk).update(user=None)
            target.user_id = guest.user_id
            target.save(update_fields=["user"])
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
