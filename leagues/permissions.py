"""Who may do what in a club. One role per (club, user); each role implies the ones below.

- anyone: read a public club;
- member: read a private club;
- recorder: record, correct and void rounds, start sessions;
- organiser: manage the club, its roster, rulesets, seasons and members;
- owner: as organiser, and grant or take away the owner role.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied

from leagues.models import ROLE_RANK, Club, Role
from leagues.selectors import membership_role


def role_rank(user: Any, club: Club) -> int:
    """0 for anonymous users and outsiders, else ROLE_RANK of the user's role."""
    role = membership_role(club=club, user=user)
    return ROLE_RANK.get(role, 0) if role else 0


def can_read_club(user: Any, club: Club) -> bool:
    return club.is_public or role_rank(user, club) >= ROLE_RANK[Role.MEMBER]


def can_record(user: Any, club: Club) -> bool:
    return role_rank(user, club) >= ROLE_RANK[Role.RECORDER]


def can_manage_club(user: Any, club: Club) -> bool:
    return role_rank(user, club) >= ROLE_RANK[Role.ORGANISER]


def is_owner(user: Any, club: Club) -> bool:
    return role_rank(user, club) >= ROLE_RANK[Role.OWNER]


def require_read(user: Any, club: Club) -> None:
    if not can_read_club(user, club):
        raise PermissionDenied("该俱乐部不公开 This club is private")


def require_record(user: Any, club: Club) -> None:
    if not can_record(user, club):
        raise PermissionDenied("需要记录员权限 Recording needs the recorder role")


def require_manage(user: Any, club: Club) -> None:
    if not can_manage_club(user, club):
        raise PermissionDenied("需要组织者权限 This needs the organiser role")


def require_owner(user: Any, club: Club) -> None:
    if not is_owner(user, club):
        raise PermissionDenied("需要所有者权限 This needs the owner role")
