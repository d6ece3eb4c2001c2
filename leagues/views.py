"""Club pages: home, new club, and the organiser's management pages (settings, seasons,
roster, rulesets, members, invitations).

(The club, season and player pages, which show standings, are ``scoring.standings.views``.)

Views are thin: they check access (``leagues.pages.club_view``), parse forms, call
``leagues.services`` / ``leagues.selectors`` and render. Access rules:

- a club that does not exist or that the user may not read (one lookup,
  ``leagues.permissions.club_for_reader``): 404 for a logged-in user, a redirect to the
  login page for an anonymous one — the same answer either way, so a private club's
  existence is not revealed;
- a page or action that needs a role the user lacks: 403 when logged in, a redirect
  to the login page when anonymous.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.language import list_sep
from csmj_site.page_messages import messages_refused
from leagues import player_links, selectors, services
from leagues.accounts import invitation_remember
from leagues.forms import (
    ClubSettingsForm,
    PlayerForm,
    RoleForm,
    SeasonForm,
)
from leagues.models import Club, Invitation, Membership, Player, Role
from leagues.pages import apply_errors, club_context, club_view, get_season
from leagues.permissions import role_allows
from leagues.ruleset_explain import ruleset_summary

# ---------------------------------------------------------------- home, clubs


def home(request: HttpRequest) -> HttpResponse:
    clubs = list(selectors.club_list_for_user(user=request.user).order_by("name"))
    roles: dict[int, str] = {}
    if request.user.is_authenticated:
        roles = dict(Membership.objects.filter(user=request.user).values_list("club_id", "role"))
    rows = [(c, Role(roles[c.pk]).label if c.pk in roles else "") for c in clubs]
    return render(request, "home.html", {"rows": rows})


@club_view("manage")
def club_edit(request: HttpRequest, club: Club) -> HttpResponse:
    initial = {f: getattr(club, f) for f in services.CLUB_FIELDS}
    form = ClubSettingsForm(request.POST or None, initial=initial, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_update(club=club, actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("已保存。"))
            return redirect("club", slug=club.slug)
    return render(
        request,
        "leagues/form_page.html",
        club_context(request, club, form=form, title=_("俱乐部设置")),
    )


@club_view("manage")
def season_new(request: HttpRequest, club: Club) -> HttpResponse:
    rulesets = selectors.ruleset_list(club=club)
    form = SeasonForm(
        request.POST or None, rulesets=rulesets, usual=selectors.ruleset_usual(club=club)
    )
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(club=club, actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            return redirect("season", slug=club.slug, season_id=season.pk)
    return render(
        request,
        "leagues/form_page.html",
        club_context(
            request,
            club,
            form=form,
            title=_("新建赛季"),
            note=None if rulesets.exists() else _("请先建立一套规则。"),
        ),
    )


@require_POST
@club_view("manage")
def season_close(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    season = get_season(club, season_id)
    if request.POST.get("reopen"):
        services.season_reopen(season=season, actor=request.user)
        messages.success(request, _("赛季已重新开放。"))
    else:
        # Sessions still being played are named first; closing needs a second, explicit tap.
        # Each named with its players: two tables started in the same minute read apart.
        open_sessions = list(
            season.sessions.filter(result__isnull=True)
            .prefetch_related("seats__player")
            .order_by("started_at", "id")
        )
        # League nights drawn and not ended: their tables may not have started a session yet.
        open_nights = list(
            season.events.filter(finished_at__isnull=True, seating_rounds__isnull=False)
            .distinct()
            .order_by("date", "id")
        )
        if (open_sessions or open_nights) and not request.POST.get("despite_open"):
            if open_sessions:
                names = list_sep().join(
                    f"{s.title} · {list_sep().join(p.display_name for p in s.players_in_order())}"
                    for s in open_sessions
                )
                messages.warning(
                    request,
                    _(
                        "还有 %(count)s 场没有结束：%(names)s。确定仍要结束赛季，请点“仍然结束赛季”。"
                    )
                    % {"count": len(open_sessions), "names": names},
                )
            if open_nights:
                messages.warning(
                    request,
                    _("比赛之夜还没有结束：%(names)s。结束赛季后它的桌不能再记录。")
                    % {"names": list_sep().join(e.name for e in open_nights)},
                )
            return redirect(reverse("season", args=[club.slug, season.pk]) + "?close=confirm")
        services.season_close(season=season, actor=request.user)
        messages.success(request, _("赛季已结束，不能再记录新的盘。"))
    return redirect("season", slug=club.slug, season_id=season.pk)


# ---------------------------------------------------------------- players


@club_view("manage")
def player_list(request: HttpRequest, club: Club) -> HttpResponse:
    players = selectors.player_list(club=club)
    requests = player_links.link_requests(club=club)
    return render(
        request,
        "leagues/players.html",
        club_context(request, club, players=players, link_requests=requests),
    )


def club_users(club: Club) -> list[Any]:
    return [m.user for m in selectors.membership_list(club=club)]


@club_view("manage")
def player_edit(request: HttpRequest, club: Club, player_id: int | None = None) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, club=club) if player_id else None
    initial = {}
    if player is not None:
        initial = {
            "display_name": player.display_name,
            "aliases": list_sep().join(player.aliases),
            "user": str(player.user_id or ""),
        }
    form = PlayerForm(request.POST or None, initial=initial, members=club_users(club))
    if request.method == "POST" and form.is_valid():
        try:
            if player is None:
                services.player_create(club=club, actor=request.user, **form.cleaned_data)
            else:
                services.player_update(player=player, actor=request.user, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("已保存。"))
            return redirect("players", slug=club.slug)
    title = _("新选手") if player is None else _("编辑选手")
    return render(
        request, "leagues/form_page.html", club_context(request, club, form=form, title=title)
    )


# ---------------------------------------------------------------- rulesets


@club_view("manage")
def ruleset_list(request: HttpRequest, club: Club) -> HttpResponse:
    rulesets = list(selectors.ruleset_list(club=club))
    for r in rulesets:  # the preset and what differs from it, in words
        r.summary = ruleset_summary(r.config)  # type: ignore[attr-defined]
    return render(request, "leagues/rulesets.html", club_context(request, club, rulesets=rulesets))


# ---------------------------------------------------------------- members, invitations


@club_view("manage")
def members(request: HttpRequest, club: Club) -> HttpResponse:
    owner = role_allows(request.club_role, club, "owner")  # type: ignore[attr-defined]
    roles = [(v, label) for v, label in Role.choices if owner or v != Role.OWNER]
    memberships = list(selectors.membership_list(club=club))
    owners = sum(1 for m in memberships if m.role == Role.OWNER)
    for m in memberships:  # offer only what this viewer may do (as the services decide)
        m.may_change = owner or m.role != Role.OWNER  # type: ignore[attr-defined]
        m.may_remove = m.may_change and not (  # type: ignore[attr-defined]
            m.role == Role.OWNER and owners == 1
        )
    return render(
        request,
        "leagues/members.html",
        club_context(
            request,
            club,
            memberships=memberships,
            invitations=selectors.invitation_list(club=club),
            roles=roles,
            invite_base=request.build_absolute_uri("/invite/"),
        ),
    )


@require_POST
@club_view("manage")
def member_role(request: HttpRequest, club: Club, user_id: int) -> HttpResponse:
    user = get_object_or_404(get_user_model(), pk=user_id, memberships__club=club)
    form = RoleForm(request.POST)
    try:
        if request.POST.get("remove"):
            services.membership_remove(club=club, user=user, actor=request.user)
            messages.success(request, _("已移除 %(name)s。") % {"name": user.get_username()})
        elif form.is_valid():
            services.membership_set(
                club=club, user=user, role=form.cleaned_data["role"], actor=request.user
            )
            messages.success(request, _("已保存。"))
    except ValidationError as exc:
        messages_refused(request, exc)
    except PermissionDenied as exc:
        messages.error(request, str(exc) or _("没有权限。"))
    return redirect("members", slug=club.slug)


@require_POST
@club_view("manage")
def invitation_new(request: HttpRequest, club: Club) -> HttpResponse:
    form = RoleForm(request.POST)
    if form.is_valid():
        try:
            services.invitation_create(
                club=club, role=form.cleaned_data["role"], actor=request.user
            )
            messages.success(request, _("邀请链接已生成，把它发给对方。"))
        except PermissionDenied as exc:
            messages.error(request, str(exc) or _("没有权限。"))
    return redirect("members", slug=club.slug)


@require_POST
@club_view("manage")
def invitation_revoke(request: HttpRequest, club: Club, invitation_id: int) -> HttpResponse:
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
    try:
        services.invitation_revoke(invitation=invitation, actor=request.user)
        messages.success(request, _("邀请已撤销。"))
    except (ValidationError, PermissionDenied) as exc:
        messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
    return redirect("members", slug=club.slug)


def invite_accept(request: HttpRequest, token: str) -> HttpResponse:
    """Open an invitation: accept it (logged in), or sign up / log in first; the invitation
    is remembered and accepted by that login (leagues.accounts)."""
    invitation = selectors.invitation_get(token=token)
    if invitation is None:
        raise Http404
    if request.user.is_authenticated:
        if invitation.accepted_by_id == request.user.pk:
            return redirect("club", slug=invitation.club.slug)
        if request.method == "POST":
            return _accept(request, invitation)
    elif not invitation.is_accepted:
        invitation_remember(request=request, invitation=invitation)
    return render(
        request,
        "leagues/invite.html",
        {"invitation": invitation, "role_label": Role(invitation.role).label},
    )


def _accept(request: HttpRequest, invitation: Invitation) -> HttpResponse:
    try:
        services.invitation_accept(token=invitation.token, user=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
        return redirect("home")
    messages.success(request, _("欢迎加入 %(club)s！") % {"club": invitation.club.name})
    return redirect("club", slug=invitation.club.slug)
