"""What every club page is built on: reaching a club at a level (``club_access``, the
``club_view`` decorator, ``LoginNeeded``), the template context every club page shares
(``club_context``), a season looked up in its club, and a service's ValidationError put
on a form (``apply_errors``). The club pages of both apps import these from here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from csmj_site.errors import Forbidden, ServiceErrors, answers_json
from leagues.models import Club, Role, Season
from leagues.permissions import club_for_reader, club_moved_to, role_allows


def club_access(request: HttpRequest, slug: str, level: str = "read") -> Club:
    """The club named by ``slug`` if the user may reach it at ``level`` ("read", "record"
    or "manage"); raises otherwise. The user's role is looked up once, and kept as
    ``request.club_role`` for the page."""
    user = request.user
    try:
        club, role = club_for_reader(slug=slug, user=user)
    except Http404:
        club_moved_raise(request, slug)
        if user.is_authenticated:
            raise
        raise LoginNeeded from None  # absent or private: the same answer, the login page
    if level != "read" and not role_allows(role, club, level):
        if not user.is_authenticated:
            raise LoginNeeded
        raise Forbidden(level)  # the 403 page names the role needed
    request.club_role = role  # type: ignore[attr-defined]
    return club


class ClubMoved(Exception):
    """Raised when a club page is asked under a slug its club held before: answered by
    ``leagues.middleware.ClubMovedMiddleware`` with a redirect to the slug now."""

    def __init__(self, *, old: str, new: str) -> None:
        super().__init__(old, new)
        self.old = old
        self.new = new


def club_moved_raise(request: HttpRequest, slug: str) -> None:
    """Raise ClubMoved when ``slug``, a club not found, is one a club held before and the
    user may read that club: for a view that found no club under ``slug``."""
    moved = club_moved_to(slug=slug, user=request.user)
    if moved is not None:
        raise ClubMoved(old=slug, new=moved)


class LoginNeeded(Forbidden):
    """Raised inside a club view when an anonymous user needs to log in: a page goes to
    the login page, a page's JSON helper answers 403 ``not_authenticated``."""

    def __init__(self) -> None:
        super().__init__(code="not_authenticated")


def club_view(
    level: str = "read", *, json: bool = False
) -> Callable[..., Callable[..., HttpResponse]]:
    """Decorate ``view(request, club, ...)``: resolves ``slug`` and checks access.
    ``json``: the view is a page's JSON helper, whose refusals (the login needed among
    them) answer as the one error reply (``answers_json``)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                club = club_access(request, slug, level)
            except LoginNeeded:
                if json:
                    raise
                return redirect_to_login(request.get_full_path())
            return view(request, club, *args, **kwargs)

        return answers_json(wrapper) if json else wrapper

    return decorate


def club_context(request: HttpRequest, club: Club, **extra: Any) -> dict[str, Any]:
    """What every club page's template needs to show the right links."""
    role = getattr(request, "club_role", None)
    return {
        "club": club,
        "role": role,
        "role_label": Role(role).label if role else "",
        "can_record": role_allows(role, club, "record"),
        "can_manage": role_allows(role, club, "manage"),
        **extra,
    }


def apply_errors(form: Any, exc: ValidationError) -> None:
    """Put a service's ValidationError on the form's fields (unknown keys: the whole form).
    A service error of one of the form's fields names it by the input's label where its
    English names the field ("End date is before …", not ``end_date``)."""
    if isinstance(exc, ServiceErrors):
        exc = ServiceErrors(
            e.named(form.fields[e.field].label)
            if e.field in form.fields and form.fields[e.field].label
            else e
            for e in exc.errors
        )
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def get_season(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("ruleset"), pk=season_id, club=club)
