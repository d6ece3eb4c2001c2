"""快速开桌's pages (docs/quick-tables.md): 开一桌 without an account, the join link a
scan opens (recording), the table's two codes, claiming a seat."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth import login, logout
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.errors import ServiceErrors
from csmj_site.page_messages import messages_refused
from leagues.models import Club, Player, Season
from leagues.pages import apply_errors
from leagues.permissions import can_record, roles_at
from leagues.selectors import players_by_name
from leagues.table_keys import keeper_slug
from scoring.quick.forms import QuickTableForm
from scoring.quick.services import (
    is_open_seat,
    quick_seat_claim,
    quick_seat_name,
    quick_table_create,
    quick_table_join,
    quick_table_move,
    quick_table_session,
)

# Anonymous tables opened from one address: at most this many an hour.
QUICK_CREATE_LIMIT = 20
SESSION_KEYS = "quick_table_keys"
KEEPER_BACKEND = "django.contrib.auth.backends.ModelBackend"


def client_address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))


def creation_allowed(address: str) -> bool:
    """Counts an anonymous table's creation from ``address``; False past the limit."""
    key = f"quick-create:{address}"
    cache.add(key, 0, timeout=3600)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=3600)
        count = 1
    return count <= QUICK_CREATE_LIMIT


@functools.lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    import segno

    # with a viewBox (omitsize), so the page's CSS sizes the code whole
    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True))


def keeper_nav(request: HttpRequest) -> dict[str, str]:
    """Template context (a context processor): the quick table's slug when this phone
    records by the table's key as its keeper (no account of its own), so the top bar
    names the table rather than the keeper's username."""
    return {"table_keeper_slug": keeper_slug(getattr(request, "user", None))}


def _keep_key(request: HttpRequest, club: Club, key: str) -> None:
    keys = dict(request.session.get(SESSION_KEYS, {}))
    keys[club.slug] = key
    request.session[SESSION_KEYS] = keys


def person(request: HttpRequest) -> Any:
    """The signed-in person on this phone; None for nobody or a table's keeper (a phone
    recording at another table by its key is no one's account)."""
    user = request.user
    return user if user.is_authenticated and not keeper_slug(user) else None


def _record_as(request: HttpRequest, user: Any) -> None:
    if person(request) is None and request.user.pk != user.pk:
        keys = dict(request.session.get(SESSION_KEYS, {}))
        login(request, user, backend=KEEPER_BACKEND)
        request.session[SESSION_KEYS] = keys  # login cycles the session; keys stay


def calc_size(config: str) -> int | None:
    """The table size of a calculator link's ruleset (None when unreadable)."""
    from csmj_site.errors import ServiceError
    from csmj_site.jsonio import json_parse

    try:
        given = json_parse(config, field="config")
    except ServiceError:
        return None
    players = given.get("players", 4) if isinstance(given, dict) else None
    return players if players in (2, 3, 4) else None


def quick_new(request: HttpRequest) -> HttpResponse:
    initial: dict[str, Any] = {}
    if request.GET.get("config"):  # a calculator's link: its rules, size and names
        initial["config"] = request.GET["config"]
        size = calc_size(request.GET["config"])
        if size:
            initial["size"] = size
        for i in range(4):
            if request.GET.get(f"seat_{i}"):
                initial[f"seat_{i}"] = request.GET[f"seat_{i}"][:60]
    form = QuickTableForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        signed_in = person(request) is not None
        if not signed_in and not creation_allowed(client_address(request)):
            return render(request, "429.html", status=429)
        try:
            table = quick_table_create(
                names=form.names(),
                config=form.ruleset(),
                first_dealer=form.cleaned_data["first_dealer"],
                owner=request.user if signed_in else None,
            )
        except ServiceErrors as exc:  # names.N is the form's seat_N
            seats = {f"names.{i}": f"seat_{i}" for i in range(4)}
            apply_errors(form, ServiceErrors(e.at(seats.get(e.field, e.field)) for e in exc.errors))
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            _record_as(request, table.keeper)
            _keep_key(request, table.club, table.key)
            return redirect("round-new", table.club.slug, table.session.pk)
    return render(request, "quick/new.html", {"form": form})


def _quick_club(slug: str) -> Club:
    club = Club.objects.filter(slug=slug, is_quick=True).first()
    if club is None:
        raise Http404("No such table.")
    return club


# where the recording link leads after a person signed in from the table (?then=…)
THEN = {"codes": "quick-codes", "move": "quick-move"}


def sign_in_back(request: HttpRequest, slug: str, then: str) -> HttpResponse:
    """The sign-in page, then back to ``then`` at this table as the person signed in:
    through the recording link (signing in starts a new session, so this phone's key
    travels in the link). A table's keeper is signed out first: the sign-in page would
    take it for a person already signed in."""
    key = request.session.get(SESSION_KEYS, {}).get(slug)
    if keeper_slug(request.user):
        logout(request)
    back = (
        f"{reverse('quick-join', args=[slug, key])}?then={then}"
        if key
        else reverse(THEN[then], args=[slug])
    )
    return redirect(f"{reverse('account_login')}?{urlencode({'next': back})}")


@require_POST
def quick_sign_in(request: HttpRequest, slug: str) -> HttpResponse:
    """登录 from a phone recording by the table's key (the top bar's table menu)."""
    _quick_club(slug)
    return sign_in_back(request, slug, "codes")


def quick_join(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """The recording code's link: the key kept on this phone, then the table's page."""
    club = _quick_club(slug)
    try:
        joined, user = quick_table_join(key=key, user=person(request))
    except ValidationError:
        raise Http404("No such table.") from None
    if joined.pk != club.pk:
        raise Http404("No such table.")
    _record_as(request, user)
    _keep_key(request, club, key)
    then = request.GET.get("then")
    if then in THEN:  # a person signed in from the table: back to what they were doing
        return redirect(THEN[then], club.slug)
    session = quick_table_session(club)
    return redirect("session", club.slug, session.pk)


def quick_codes(request: HttpRequest, slug: str) -> HttpResponse:
    """The table's two codes: following (read-only) and recording (the key)."""
    club = _quick_club(slug)
    if not can_record(request.user, club):
        raise Http404("No such table.")
    session = quick_table_session(club)
    key = request.session.get(SESSION_KEYS, {}).get(club.slug)
    follow_url = (
        request.build_absolute_uri(reverse("follow", args=[session.follow_token]))
        if session.follow_token
        else ""
    )
    record_url = (
        request.build_absolute_uri(reverse("quick-join", args=[club.slug, key])) if key else ""
    )
    seats = [
        {"seat": s.seat, "player": s.player, "open": is_open_seat(s.player.display_name)}
        for s in session.seats.select_related("player").order_by("seat")
    ]
    return render(
        request,
        "quick/codes.html",
        {
            "club": club,
            "session": session,
            "seats": seats,
            "open_seats": any(s["open"] for s in seats),
            "follow_url": follow_url,
            "follow_qr": qr_svg(follow_url) if follow_url else "",
            "record_url": record_url,
            "record_qr": qr_svg(record_url) if record_url else "",
        },
    )


@require_POST
def quick_claim(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """A signed-in player claims their seat (the table then shows on their page)."""
    club = _quick_club(slug)
    if person(request) is None:
        return sign_in_back(request, slug, "codes")
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404("No such seat.")
    try:
        quick_seat_claim(club=club, player=player, user=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
    else:
        from django.contrib import messages

        messages.success(request, _("这个座位已经是你的了。"))
    return redirect("quick-codes", slug)


@require_POST
def quick_seat(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """入座: a phone at the table names a seat left open (no sign-in needed)."""
    from django.contrib import messages

    club = _quick_club(slug)
    if not can_record(request.user, club):
        raise Http404("No such table.")
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404("No such seat.")
    try:
        quick_seat_name(
            club=club, player=player, name=request.POST.get("name", ""), actor=request.user
        )
    except ValidationError as exc:
        messages_refused(request, exc)
    else:
        messages.success(request, _("%(name)s 已入座。") % {"name": player.display_name})
    return redirect("quick-codes", slug)


GUEST = "guest"


def quick_move(request: HttpRequest, slug: str) -> HttpResponse:
    """保存到俱乐部: the table's session into a season of a club the user organises, each
    seat matched to the roster or added as a guest."""
    club = _quick_club(slug)
    user = person(request)
    if user is None:
        return sign_in_back(request, slug, "move")
    if not can_record(user, club):
        raise Http404("No such table.")
    seasons = Season.objects.filter(
        club__is_quick=False,
        is_closed=False,
        club__memberships__user=user,
        club__memberships__role__in=roles_at("manage"),
    ).select_related("club")
    session = quick_table_session(club)
    players = session.players_in_order()
    picked = seasons.filter(pk=request.POST.get("season") or request.GET.get("season") or 0).first()
    roster = players_by_name(picked.club.players.all()) if picked else []
    errors: list[str] = []
    if request.method == "POST" and picked is not None:
        by_pk = {p.pk: p for p in roster}
        matches: dict[int, Player | None] = {}
        for p in players:
            value = request.POST.get(f"match_{p.pk}", GUEST)
            matches[p.pk] = by_pk.get(int(value)) if value.isdigit() else None
        try:
            moved = quick_table_move(club=club, season=picked, matches=matches, actor=user)
        except ValidationError as exc:
            errors = list(exc.messages)
        else:
            return redirect("session", picked.club.slug, moved.pk)
    return render(
        request,
        "quick/move.html",
        {
            "club": club,
            "session": session,
            "seasons": seasons,
            "picked": picked,
            "players": players,
            "roster": roster,
            "errors": errors,
            "guest": GUEST,
        },
    )
