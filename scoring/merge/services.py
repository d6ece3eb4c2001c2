"""Merging a player into a regular player of the same club: a guest (客) who was someone
on the roster, or a regular player entered twice under two names."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError

from csmj_site.errors import reject
from leagues.audit import audit_record, audit_snapshot
from leagues.models import Player, PlayerLinkRequest, Season
from leagues.permissions import require_manage
from leagues.services import player_aliases_merged
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
# ratings are deleted and rebuilt for the seasons the merged player played in. A test checks that
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
# entered a night is not merged, nor deleted.
PLAYER_REFUSED: tuple[tuple[Any, str], ...] = ((Entrant, "player"),)
PLAYER_REBUILT: tuple[tuple[Any, str], ...] = (
    (PlayerSeasonStat, "player"),
    (PlayerClubStat, "player"),
    (PlayerRating, "player"),
    (RatingEvent, "player"),
    # (the merged player's open requests to be linked to an account are dropped, not rebuilt)
    (PlayerLinkRequest, "player"),
)


def player_has_records(
    *, player: Player, kept: tuple[tuple[Any, str], ...] = PLAYER_MOVED + PLAYER_REFUSED
) -> bool:
    """Whether a row of ``kept`` names the player (by default anything they played or
    entered): such a player is never deleted."""
    return any(model.objects.filter(**{field: player}).exists() for model, field in kept)


def player_merge(*, source: Player, target: Player, actor: Any) -> Player:
    """Merge ``source`` (a guest, or a regular player entered twice) into a regular
    player of the same club: every round, seat, transfer and stat of the source becomes
    the target's, the standings of the source's seasons are rebuilt, the merge is
    audited and the source deleted. A regular source's name and aliases become the
    target's aliases, so the name typed at the table still finds the player. Refused
    when the two sat in the same session. Organisers only. An error about the merged
    player (the path's) names ``player``, as the delete's do; one about the player kept,
    ``target``, the body's field."""
    club = source.club
    require_manage(actor, club)
    if target.club_id != club.pk or target.pk == source.pk or target.is_guest:
        raise reject("target", "merge_target")
    shared = (
        Session.objects.filter(seats__player=source)
        .filter(seats__player=target)
        .select_related("season")
        .order_by("started_at", "pk")
        .first()
    )
    if Entrant.objects.filter(player=source).exists():
        raise reject("player", "merge_night_entrant", guest=source.display_name)
    if source.user_id is not None and target.user_id not in (None, source.user_id):
        raise reject("target", "merge_both_linked", guest=source.display_name)
    if shared is not None:
        raise reject(
            "target",
            "merge_shared_session",
            guest=source.display_name,
            target=target.display_name,
            session=f"{shared.season.name} {shared.title}",
        )
    with transaction.atomic():
        seasons = list(
            Season.objects.filter(sessions__seats__player=source).distinct().order_by("pk")
        )
        before = audit_snapshot(source)
        counts: dict[str, int] = {}
        for model, field in PLAYER_MOVED:
            n = model.objects.filter(**{field: source}).update(**{field: target})
            counts[f"{model._meta.model_name}.{field}"] = n
        for model, field in PLAYER_REBUILT:
            model.objects.filter(**{field: source}).delete()
        for season in seasons:
            standings_rebuild(season=season)
        changed = []
        if source.user_id is not None and target.user_id is None:
            # The source's account link (我的麻将) goes with its rounds to the target, and
            # with it the member's choice to hide their name from visitors.
            Player.objects.filter(pk=source.pk).update(user=None)
            target.user_id = source.user_id
            target.name_hidden = source.name_hidden
            changed += ["user", "name_hidden"]
        merged_name, merged_id = source.display_name, source.pk
        words = [] if source.is_guest else [merged_name, *(source.aliases or [])]
        source.delete()
        if words:  # the other name now finds the target (never another player's word)
            target.aliases = player_aliases_merged(player=target, words=words)
            changed.append("aliases")
        if changed:
            target.save(update_fields=changed)
        audit_record(
            actor=actor,
            club=club,
            action="player.merge",
            obj=target,
            before=before,
            after={
                **(audit_snapshot(target) or {}),
                "merged_guest": merged_name,
                "merged_id": merged_id,
                "moved": counts,
            },
        )
    return target


def player_delete(*, player: Player, actor: Any) -> None:
    """Delete a roster entry made by mistake: one that never played (no seat, round,
    transfer or penalty names it, ``PLAYER_MOVED``) nor entered a league night
    (``PLAYER_REFUSED``), and that no account is linked to. One that played is merged
    into another player instead (``player_merge``), so that no round loses a player.
    Organisers only; audited."""
    club = player.club
    require_manage(actor, club)
    with transaction.atomic():
        # locked: a session that seats the player meanwhile waits, then is refused
        locked = Player.objects.select_for_update().filter(pk=player.pk).first()
        if locked is None:
            return
        if locked.user_id is not None:
            raise reject("player", "player_linked", "delete", name=locked.display_name)
        if player_has_records(player=locked, kept=PLAYER_MOVED):
            raise reject("player", "player_has_rounds", name=locked.display_name)
        if player_has_records(player=locked, kept=PLAYER_REFUSED):
            raise reject("player", "player_has_rounds", "night", name=locked.display_name)
        audit_record(
            actor=actor,
            club=club,
            action="player.delete",
            obj=locked,
            before=audit_snapshot(locked),
        )
        for model, field in PLAYER_REBUILT:
            model.objects.filter(**{field: locked}).delete()
        try:
            with transaction.atomic():
                locked.delete()
        except (ProtectedError, RestrictedError):  # a row written past the lock's check
            raise reject("player", "player_has_rounds", name=locked.display_name) from None
