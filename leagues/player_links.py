"""Linking a roster entry (``Player``) to a user account (我的麻将), three ways in:

- an organiser links a member's account (``player_link``);
- the player scans a claim link (认领二维码) shown on their player page or at the table:
  a signed link naming the player and the moment it was made, valid for a day and used
  once (``player_claim_token``, ``player_claim``);
- a user asks to be a listed player and an organiser approves (``link_request_create``,
  ``link_request_approve``, ``link_request_reject``).

Unlinking is open to the linked user and to organisers (``player_unlink``). Every link and
unlink is audited in the club's log. A roster entry has at most one account, an account
at most one entry per club (the constraint ``player_unique_club_user``).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.core import signing
from django.db import transaction
from django.utils import timezone

from csmj_site.errors import Forbidden, reject
from leagues.audit import audit_record, audit_snapshot, audit_stored
from leagues.models import Player, PlayerLinkRequest
from leagues.permissions import can_manage_club, require_manage, require_read, require_record

CLAIM_SALT = "csmj.player-claim"
CLAIM_MAX_AGE = datetime.timedelta(days=1)


def _check_free(player: Player, user: Any) -> None:
    """Refuse a link when the entry has another account, or the account another entry
    in the club."""
    if player.user_id is not None and player.user_id != user.pk:
        raise reject("player", "player_linked", name=player.display_name)
    other = Player.objects.filter(club_id=player.club_id, user=user).exclude(pk=player.pk).first()
    if other is not None:
        raise reject("user", "user_linked_in_club", name=other.display_name)


def _link(*, player: Player, user: Any, actor: Any, action: str) -> Player:
    """The write every way in shares: the link, the claim link voided, the account's
    open requests in the club dropped, one audit line."""
    given = player
    with transaction.atomic():
        player = Player.objects.select_for_update().get(pk=player.pk)
        _check_free(player, user)
        before = audit_stored(player)
        player.user = given.user = user
        player.claim_issued_at = given.claim_issued_at = None
        player.save(update_fields=["user", "claim_issued_at"])
        PlayerLinkRequest.objects.filter(user=user, player__club_id=player.club_id).delete()
        audit_record(
            actor=actor,
            club=player.club,
            action=action,
            obj=player,
            before=before,
            after=audit_snapshot(player),
        )
    return player


def player_link(*, player: Player, user: Any, actor: Any) -> Player:
    """An organiser links an account to a roster entry."""
    require_manage(actor, player.club)
    return _link(player=player, user=user, actor=actor, action="player.link")


def player_unlink(*, player: Player, actor: Any) -> Player:
    """Unlink the entry's account: the linked user themself, or an organiser."""
    given = player
    with transaction.atomic():
        player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
        is_self = actor is not None and actor.is_authenticated and player.user_id == actor.pk
        if not is_self and not can_manage_club(actor, player.club):
            raise Forbidden("unlink")
        if player.user_id is None:
            raise reject("player", "player_not_linked", name=player.display_name)
        before = audit_stored(player)
        player.user = given.user = None
        player.save(update_fields=["user"])
        audit_record(
            actor=actor,
            club=player.club,
            action="player.unlink",
            obj=player,
            before=before,
            after=audit_snapshot(player),
        )
    return player


# ---------------------------------------------------------------- the claim link


def player_claim_token(*, player: Player, actor: Any) -> str:
    """A new claim link's token for the entry (a recorder at the table may show it); the
    entry's older link stops working. Refused for an entry already linked."""
    require_record(actor, player.club)
    if player.user_id is not None:
        raise reject("player", "player_linked", name=player.display_name)
    issued = timezone.now().replace(microsecond=0)
    Player.objects.filter(pk=player.pk).update(claim_issued_at=issued)
    player.claim_issued_at = issued
    return signing.dumps([player.pk, int(issued.timestamp())], salt=CLAIM_SALT, compress=True)


def player_claim_check(*, token: str) -> Player:
    """The entry a claim link names, while it is valid: signed here, at most a day old,
    the entry's latest link, and the entry not linked yet."""
    try:
        pk, issued = signing.loads(token, salt=CLAIM_SALT, max_age=CLAIM_MAX_AGE)
    except signing.SignatureExpired:
        raise reject("token", "claim_expired") from None
    except (signing.BadSignature, ValueError, TypeError):
        raise reject("token", "claim_invalid") from None
    player = Player.objects.select_related("club").filter(pk=pk).first()
    if player is None:
        raise reject("token", "claim_invalid")
    current = player.claim_issued_at
    if current is None or int(current.timestamp()) != issued:
        raise reject("token", "claim_expired")
    if player.user_id is not None:
        raise reject("player", "player_linked", name=player.display_name)
    return player


def player_claim(*, token: str, user: Any) -> Player:
    """The logged-in user claims the entry their claim link names (once)."""
    if user is None or not user.is_authenticated:
        raise Forbidden("claim")
    player = player_claim_check(token=token)
    # _link checks again, under the row's lock, that no one claimed it meanwhile.
    return _link(player=player, user=user, actor=user, action="player.claim")


# ---------------------------------------------------------------- asking to be a player


def link_request_create(*, player: Player, user: Any) -> PlayerLinkRequest:
    """A user who can see the club asks to be the listed player."""
    if user is None or not user.is_authenticated:
        raise Forbidden("claim")
    require_read(user, player.club)
    _check_free(player, user)
    if player.user_id == user.pk:
        raise reject("player", "player_linked", name=player.display_name)
    with transaction.atomic():
        request, created = PlayerLinkRequest.objects.get_or_create(player=player, user=user)
        if not created:
            raise reject("player", "link_request_twice", name=player.display_name)
        audit_record(
            actor=user,
            club=player.club,
            action="player.link_request",
            obj=player,
            after={"user_id": user.pk, "player_id": player.pk},
        )
    return request


def link_request_approve(*, request: PlayerLinkRequest, actor: Any) -> Player:
    """An organiser approves a request: the link (the request is then gone)."""
    require_manage(actor, request.player.club)
    return _link(player=request.player, user=request.user, actor=actor, action="player.link")


def link_request_reject(*, request: PlayerLinkRequest, actor: Any) -> None:
    """An organiser turns a request down; the requester may withdraw their own."""
    if not (actor is not None and actor.pk == request.user_id):
        require_manage(actor, request.player.club)
    with transaction.atomic():
        audit_record(
            actor=actor,
            club=request.player.club,
            action="player.link_reject",
            obj=request.player,
            before={"user_id": request.user_id, "player_id": request.player_id},
        )
        request.delete()


# ---------------------------------------------------------------- reads for the pages


def link_state(*, player: Player, user: Any, can_record: bool) -> dict[str, Any]:
    """What the player page offers about the entry's account link: ``mine`` (the viewer
    is the linked user), ``linked``, ``may_request`` (a logged-in viewer with no entry
    in the club and no request for this one), ``requested``, ``may_show_qr`` (a
    recorder, the entry unlinked). At most two queries."""
    logged_in = user is not None and user.is_authenticated
    mine = logged_in and player.user_id == user.pk
    linked = player.user_id is not None
    requested = may_request = False
    if logged_in and not linked:
        requested = PlayerLinkRequest.objects.filter(player=player, user=user).exists()
        has_entry = Player.objects.filter(club_id=player.club_id, user=user).exists()
        may_request = not requested and not has_entry
    return {
        "mine": mine,
        "linked": linked,
        "requested": requested,
        "may_request": may_request,
        "may_show_qr": can_record and not linked,
    }


def link_requests(*, club: Any) -> list[PlayerLinkRequest]:
    """The club's open requests, oldest first (the roster page's list). One query."""
    return list(
        PlayerLinkRequest.objects.filter(player__club=club).select_related("player", "user")
    )
