"""Reads for clubs, members, invitations, players, rulesets and seasons.

(Standings and player statistics are read in ``scoring.standings.selectors``.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce

from csmj_site.names import name_order
from leagues.models import ROLE_RANK, Club, Invitation, Membership, Player, Ruleset, Season

# ---------------------------------------------------------------- clubs, members


def club_list_for_user(*, user: Any) -> QuerySet[Club]:
    """Public clubs, plus every club the user belongs to."""
    if user is None or not user.is_authenticated:
        return Club.objects.filter(is_public=True)
    member_of = Membership.objects.filter(user=user).values("club_id")
    return Club.objects.filter(Q(is_public=True) | Q(pk__in=member_of))


def membership_role(*, club: Club, user: Any) -> str | None:
    """The user's role in the club, or None (anonymous users and outsiders).

    A user signed in through an app acts with at most the role its token's scopes allow
    (``api_role_cap``, set by leagues.oauth_auth): every role check reads the role here."""
    if user is None or not user.is_authenticated:
        return None
    role = Membership.objects.filter(club=club, user=user).values_list("role", flat=True).first()
    return membership_role_capped(role=role, user=user)


def membership_role_capped(*, role: str | None, user: Any) -> str | None:
    """A membership's ``role`` as the user acts with it: at most ``api_role_cap`` (a user
    signed in through an app). For a caller that read the role in a query of its own."""
    cap = getattr(user, "api_role_cap", None)
    if role is not None and cap is not None and ROLE_RANK[role] > ROLE_RANK[cap]:
        return str(cap)
    return role


def membership_list(*, club: Club) -> QuerySet[Membership]:
    return Membership.objects.filter(club=club).select_related("user").order_by("user__username")


def invitation_list(*, club: Club, pending: bool = True) -> QuerySet[Invitation]:
    qs = Invitation.objects.filter(club=club).select_related("created_by", "accepted_by")
    return qs.filter(accepted_at__isnull=True) if pending else qs


def invitation_get(*, token: str) -> Invitation | None:
    return Invitation.objects.select_related("club").filter(token=token).first()


def players_by_name(players: Iterable[Player]) -> list[Player]:
    """Players in the order people look for a name (``csmj_site.names.name_order``:
    pinyin, numbers by value), the database's own order being the characters' codes."""
    return sorted(players, key=lambda p: name_order(p.display_name))


def player_list(*, club: Club) -> list[Player]:
    return players_by_name(Player.objects.filter(club=club).select_related("user"))


def ruleset_list(*, club: Club) -> QuerySet[Ruleset]:
    return Ruleset.objects.filter(club=club).order_by("name")


def ruleset_usual(*, club: Club) -> Ruleset | None:
    """The rules a new season of the club most likely plays: its newest season's, else
    its newest ruleset (None without one)."""
    newest = Season.objects.filter(club=club).order_by("-start_date", "-id").first()
    if newest is not None:
        return newest.ruleset
    return Ruleset.objects.filter(club=club).order_by("-id").first()


def season_list(*, club: Club) -> QuerySet[Season]:
    """The club's seasons, newest first, each with ``sessions_count`` (kept in
    ``SeasonSessionCount``, not counted here)."""
    return (
        Season.objects.filter(club=club)
        .select_related("ruleset")
        .annotate(sessions_count=Coalesce("session_count__sessions", 0))
        .order_by("-start_date", "-id")
    )


def season_current(*, club: Club) -> Season | None:
    """The club's current season: the open one that started last (None when every
    season is closed), with its ruleset. One query."""
    return (
        Season.objects.filter(club=club, is_closed=False)
        .select_related("ruleset")
        .order_by("-start_date", "-id")
        .first()
    )
