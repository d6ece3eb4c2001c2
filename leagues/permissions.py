"""Who may do what in a club. One role per (club, user); each role implies the ones below.

- anyone: read a public club;
- member: read a private club;
- recorder: record, correct and void rounds, start sessions;
- organiser: manage the club, its roster, rulesets, seasons and members;
- owner: as organiser, and grant or take away the owner role.

``role_allows`` holds the rules; the other checks look the user's role up and apply it.
``club_for_reader`` is the one club lookup: 404 for a club that is absent or not yours.
A caller that already has the role (a page checks several levels) calls it directly.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404

from csmj_site.errors import Forbidden
from leagues.models import ROLE_RANK, Club, Role
from leagues.selectors import membership_role

# level -> the least role that reaches it ("read" also needs none in a public club)
LEVEL_ROLES: dict[str, str] = {
    "read": Role.MEMBER,
    "record": Role.RECORDER,
    "manage": Role.ORGANISER,
    "owner": Role.OWNER,
}


def role_allows(role: str | None, club: Club, level: str) -> bool:
    """Whether a user holding ``role`` in the club (None: anonymous or an outsider) may
    act at ``level`` ("read", "record", "manage" or "owner"). No query."""
    if level == "read" and club.is_public:
        return True
    rank = ROLE_RANK.get(role, 0) if role else 0
    return rank >= ROLE_RANK[LEVEL_ROLES[level]]


def roles_at(level: str) -> list[str]:
    """The roles that reach ``level`` in any club (a query over memberships)."""
    return [role for role in ROLE_RANK if ROLE_RANK[role] >= ROLE_RANK[LEVEL_ROLES[level]]]


def _allows(user: Any, club: Club, level: str) -> bool:
    return role_allows(membership_role(club=club, user=user), club, level)


def can_read_club(user: Any, club: Club) -> bool:
    # A public club is readable whatever the role: no need to look it up.
    return role_allows(None, club, "read") or _allows(user, club, "read")


def can_record(user: Any, club: Club) -> bool:
    return _allows(user, club, "record")


def can_manage_club(user: Any, club: Club) -> bool:
    return _allows(user, club, "manage")


def club_for_reader(*, slug: Any, user: Any) -> tuple[Club, str | None]:
    """The club named ``slug`` and the user's role in it (None: anonymous or an outsider).

    Http404 both when no such club exists and when the user may not read it: the two
    answers are the same, so a private club's existence is never revealed. Every page and
    API operation under a club looks the club up through here."""
    club = Club.objects.filter(slug=str(slug)).first()
    role = membership_role(club=club, user=user) if club is not None else None
    if club is None or not role_allows(role, club, "read"):
        raise Http404("No club by that name.")
    return club, role


def club_moved_to(*, slug: Any, user: Any) -> str | None:
    """The slug now of the club that held ``slug`` before (``FormerSlug``), when the user
    may read that club; None otherwise, so a private club's new name is never revealed."""
    club = Club.objects.filter(former_slugs__slug=str(slug)).first()
    if club is None or not role_allows(membership_role(club=club, user=user), club, "read"):
        return None
    return club.slug


# A refusal at a level, Forbidden(level), names the role needed, never the one held.


def require_read(user: Any, club: Club) -> None:
    if not can_read_club(user, club):
        raise Forbidden("read")


def require_record(user: Any, club: Club) -> None:
    if not can_record(user, club):
        raise Forbidden("record")


def require_manage(user: Any, club: Club) -> None:
    if not can_manage_club(user, club):
        raise Forbidden("manage")


def require_manage_role(role: str | None, club: Club) -> None:
    """``require_manage`` for a role already looked up."""
    if not role_allows(role, club, "manage"):
        raise Forbidden("manage")
