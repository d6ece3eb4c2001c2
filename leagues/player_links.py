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

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core import signing
from django.db import transaction
from django.db.models import Exists, OuterRef, ProtectedError, QuerySet, RestrictedError
from django.utils import timezone

from csmj_site.errors import Forbidden, reject
from leagues.audit import AuditEntry, audit_record, audit_snapshot, audit_stored
from leagues.models import Membership, Player, PlayerLinkRequest, Role
from leagues.permissions import can_manage_club, require_manage, require_read, require_record
from leagues.tokens import ApiToken

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


def player_link_self(*, player: Player, user: Any) -> bool:
    """The viewer says they are this player (我是这位选手). An organiser of the club is
    linked at once, as approving their own request would; anyone else asks
    (``link_request_create``). Returns whether the entry is now linked."""
    if user is not None and user.is_authenticated and can_manage_club(user, player.club):
        player_link(player=player, user=user, actor=user)
        return True
    link_request_create(player=player, user=user)
    return False


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


def players_for_viewer(*, user: Any) -> QuerySet[Player]:
    """Players annotated with what ``link_state`` needs about the viewer (whether they
    asked to be the player, whether they have an entry in its club): read in the same
    query as the player."""
    qs = Player.objects.all()
    if user is None or not user.is_authenticated:
        return qs
    return qs.annotate(
        viewer_requested=Exists(
            PlayerLinkRequest.objects.filter(player=OuterRef("pk"), user_id=user.pk)
        ),
        viewer_has_entry=Exists(Player.objects.filter(club=OuterRef("club"), user_id=user.pk)),
    )


def link_state(*, player: Player, user: Any, can_record: bool, can_manage: bool) -> dict[str, Any]:
    """What the player page offers about the entry's account link: ``mine`` (the viewer
    is the linked user), ``linked``, ``may_request`` (a logged-in viewer with no entry
    in the club and no request for this one), ``links_at_once`` (that viewer is an
    organiser, whom the button links without a request), ``requested``, ``may_show_qr``
    (a recorder, the entry unlinked). No query for a player read through
    ``players_for_viewer``; two otherwise."""
    logged_in = user is not None and user.is_authenticated
    mine = logged_in and player.user_id == user.pk
    linked = player.user_id is not None
    requested: bool | None = False
    may_request = False
    if logged_in and not linked:
        requested = getattr(player, "viewer_requested", None)
        if requested is None:
            requested = PlayerLinkRequest.objects.filter(player=player, user=user).exists()
        has_entry: bool | None = getattr(player, "viewer_has_entry", None)
        if has_entry is None:
            has_entry = Player.objects.filter(club_id=player.club_id, user=user).exists()
        may_request = not requested and not has_entry
    return {
        "mine": mine,
        "linked": linked,
        "requested": bool(requested),
        "may_request": may_request,
        # an organiser's 我是这位选手 links at once (player_link_self), so it says so
        "links_at_once": may_request and can_manage,
        "may_show_qr": can_record and not linked,
    }


def link_requests(*, club: Any) -> list[PlayerLinkRequest]:
    """The club's open requests, oldest first (the roster page's list). One query."""
    return list(
        PlayerLinkRequest.objects.filter(player__club=club).select_related("player", "user")
    )


# ---------------------------------------------------------------- privacy


ANONYMOUS_NAME = "已注销选手 #{n}"
REMOVED_USER = "已注销用户"


def player_name_hide(*, user: Any, hidden: bool) -> int:
    """The user's choice: logged-out visitors of public club pages see the initials of
    the user's linked players' names (``hidden``), or the names. Scores are unchanged.
    Returns how many roster entries it covers."""
    if user is None or not user.is_authenticated:
        raise Forbidden("claim")
    return Player.objects.filter(user=user).update(name_hidden=hidden)


def _entry_ids(player: Player) -> list[str]:
    """The ids the club's log files the entry's lines under: its own, and those of the
    players merged into it (``player.merge``'s ``merged_id``), and into them, …"""
    ids, new = [str(player.pk)], [str(player.pk)]
    while new:
        merges = AuditEntry.objects.filter(
            object_type="leagues.player", object_id__in=new, action="player.merge"
        )
        new = [
            str(merged)
            for after in merges.values_list("after", flat=True)
            if isinstance(after, dict) and (merged := after.get("merged_id")) is not None
        ]
        new = [i for i in new if i not in ids]
        ids += new
    return ids


def _anonymise(player: Player) -> None:
    """The entry's name becomes 已注销选手 #n (n: the entry's number, unique in the
    club), its aliases and link go; the club's log keeps the line but not the name, nor
    any name the entry or a player merged into it had."""
    new = ANONYMOUS_NAME.format(n=player.pk)
    player.display_name = new
    player.aliases = []
    player.user = None
    player.name_hidden = False
    player.claim_issued_at = None
    player.save(update_fields=["display_name", "aliases", "user", "name_hidden", "claim_issued_at"])
    # The log's older lines about the entry (and the players merged into it) forget the
    # names too.
    lines = AuditEntry.objects.filter(
        object_type="leagues.player", object_id__in=_entry_ids(player)
    )
    for entry in lines:
        for snap in (entry.before, entry.after):
            if isinstance(snap, dict):
                if "display_name" in snap:
                    snap["display_name"] = new
                if "aliases" in snap:
                    snap["aliases"] = []
                if "merged_guest" in snap:
                    snap["merged_guest"] = new
        entry.object_repr = new
        entry.save(update_fields=["before", "after", "object_repr"])
    audit_record(
        actor=None,
        club=player.club,
        action="player.anonymise",
        obj=player,
        after=audit_snapshot(player),
    )


def account_remove(*, user: Any, actor: Any) -> list[Player]:
    """Remove a user on their own request (个人信息删除): every linked roster entry is
    anonymised (its rounds, and so every score and standing, stay as they are, zero-sum),
    the user's name leaves the clubs' logs, and the account is deleted (or, when it
    recorded sessions, rounds or nights that keep its id, emptied and closed: no name,
    no e-mail, no password, no memberships, tokens or idempotency keys). Refused while the
    user is the only owner of a club."""
    if actor is None or not actor.is_authenticated or actor.pk != user.pk:
        raise Forbidden("claim")
    for membership in Membership.objects.filter(user=user, role=Role.OWNER).select_related("club"):
        others = Membership.objects.filter(club=membership.club, role=Role.OWNER).exclude(user=user)
        if not others.exists():
            raise reject("user", "account_last_owner", club=membership.club.name)
    with transaction.atomic():
        players = list(Player.objects.filter(user=user).select_related("club").order_by("pk"))
        for player in players:
            _anonymise(player)
        AuditEntry.objects.filter(actor=user).update(actor_name=REMOVED_USER)
        model = get_user_model()
        try:
            with transaction.atomic():
                model.objects.filter(pk=user.pk).delete()
        except (ProtectedError, RestrictedError):
            _account_empty(user)
    return players


def _account_empty(user: Any) -> None:
    """An account that other rows still point at (who recorded a session or a round):
    kept as an empty, closed shell."""
    Membership.objects.filter(user=user).delete()
    ApiToken.objects.filter(user=user).delete()
    PlayerLinkRequest.objects.filter(user=user).delete()
    for related in ("emailaddress_set", "socialaccount_set", "idempotency_keys"):
        manager = getattr(user, related, None)
        if manager is not None:
            manager.all().delete()
    user.username = f"removed-{user.pk}"
    user.email = ""
    user.first_name = user.last_name = ""
    user.password = make_password(None)
    user.is_active = False
    user.save()
