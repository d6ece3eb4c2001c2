"""Club pages: home, club, standings, players, and the organiser's management pages.

Views are thin: they check access (``club_view``), parse forms, call
``leagues.services`` / ``leagues.selectors`` and render. Access rules:

- a club the user may not read: 404 for a logged-in user (its existence is not
  revealed), a redirect to the login page for an anonymous one;
- a page or action that needs a role the user lacks: 403 when logged in, a redirect
  to the login page when anonymous.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.timezone import get_current_timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from leagues import selectors, services
from leagues.forms import (
    ClubForm,
    PlayerForm,
    RoleForm,
    RulesetForm,
    SeasonForm,
    StandingsFilterForm,
)
from leagues.models import ROLE_RANK, Club, Invitation, Membership, Player, Role, Ruleset, Season
from leagues.permissions import role_allows

# ---------------------------------------------------------------- access


def club_access(request: HttpRequest, slug: str, level: str = "read") -> Club:
    """The club named by ``slug`` if the user may reach it at ``level`` ("read", "record"
    or "manage"); raises otherwise. The user's role is looked up once, and kept as
    ``request.club_role`` for the page."""
    club = get_object_or_404(Club, slug=slug)
    user = request.user
    role = selectors.membership_role(club=club, user=user)
    if not role_allows(role, club, "read"):
        if user.is_authenticated:
            raise Http404
        raise LoginNeeded
    if level != "read" and not role_allows(role, club, level):
        if not user.is_authenticated:
            raise LoginNeeded
        raise PermissionDenied
    request.club_role = role  # type: ignore[attr-defined]
    return club


class LoginNeeded(Exception):
    """Raised inside a club view when an anonymous user needs to log in."""


def club_view(level: str = "read") -> Callable[..., Callable[..., HttpResponse]]:
    """Decorate ``view(request, club, ...)``: resolves ``slug`` and checks access."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                club = club_access(request, slug, level)
            except LoginNeeded:
                return redirect_to_login(request.get_full_path())
            return view(request, club, *args, **kwargs)

        return wrapper

    return decorate


def club_context(request: HttpRequest, club: Club, **extra: Any) -> dict[str, Any]:
    """What every club page's template needs to show the right links."""
    role = getattr(request, "club_role", None)
    rank = ROLE_RANK.get(role, 0) if role else 0
    return {
        "club": club,
        "role": role,
        "role_label": Role(role).label if role else "",
        "can_record": rank >= ROLE_RANK[Role.RECORDER],
        "can_manage": rank >= ROLE_RANK[Role.ORGANISER],
        **extra,
    }


def apply_errors(form: Any, exc: ValidationError) -> None:
    """Put a service's ValidationError on the form's fields (unknown keys: the whole form)."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


_BILINGUAL = re.compile(r"^(.*[^\x00-\x7f]\S*)\s+([\x00-\x7f]+)$", re.S)


def in_page_language(message: str) -> str:
    """A service's "中文 English" message: the half in the page's language."""
    match = _BILINGUAL.match(str(message))
    if match is None:
        return str(message)
    return match.group(1) if (get_language() or "zh-hans").startswith("zh") else match.group(2)


def paper_nets_of(session_ids: Any) -> dict[int, list[int]]:
    """session id -> its paper nets by seat, for the paper sessions (纸面记录) among them.
    One query."""
    from leagues.stats_models import SessionResult

    return dict(
        SessionResult.objects.filter(session_id__in=list(session_ids), is_paper=True).values_list(
            "session_id", "paper_nets"
        )
    )


def get_season(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season.objects.select_related("ruleset"), pk=season_id, club=club)


# ---------------------------------------------------------------- home, clubs


def home(request: HttpRequest) -> HttpResponse:
    clubs = list(selectors.club_list_for_user(user=request.user).order_by("name"))
    roles: dict[int, str] = {}
    if request.user.is_authenticated:
        roles = dict(Membership.objects.filter(user=request.user).values_list("club_id", "role"))
    rows = [(c, Role(roles[c.pk]).label if c.pk in roles else "") for c in clubs]
    return render(request, "home.html", {"rows": rows})


@club_view("read")
def club_detail(request: HttpRequest, club: Club) -> HttpResponse:
    seasons = list(selectors.season_list(club=club))
    _form, params = standings_filters(request)
    from leagues.stats_selectors import ratings_ordinals

    board = selectors.club_leaderboard(club=club, order=params["order"])
    return render(
        request,
        "leagues/club_detail.html",
        club_context(
            request,
            club,
            seasons=seasons,
            rows=board,
            **standings_page(request, club, with_ratings(board, ratings_ordinals(club=club))),
            columns=standings_columns(request, params["order"]),
        ),
    )


@club_view("manage")
def club_edit(request: HttpRequest, club: Club) -> HttpResponse:
    initial = {f: getattr(club, f) for f in ("name", "slug", "description", "is_public")}
    form = ClubForm(request.POST or None, initial=initial)
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


# ---------------------------------------------------------------- seasons, standings

STANDING_COLUMNS: list[tuple[str, str]] = [
    ("rank", "#"),
    ("player", "选手"),
    ("net", "总分"),
    ("sessions", "场数"),
    ("rounds", "盘数"),
    ("wins", "胡牌"),
    ("self_draws", "自摸"),
    ("deal_ins", "点炮"),
    ("big_hands", "大胡"),
    ("win_rate", "胡牌率"),
    ("avg_per_round", "每盘平均"),
]


def standings_filters(request: HttpRequest) -> tuple[StandingsFilterForm, dict[str, Any]]:
    form = StandingsFilterForm(request.GET or None)
    params: dict[str, Any] = {"date_from": None, "date_to": None, "order": "net"}
    if form.is_valid():
        params["date_from"] = form.cleaned_data["date_from"]
        params["date_to"] = form.cleaned_data["date_to"]
        order = form.cleaned_data["order"] or "net"
        if order.lstrip("-") in selectors.STANDINGS_ORDERS:
            params["order"] = order
    return form, params


def standings_columns(request: HttpRequest, order: str) -> list[dict[str, Any]]:
    """Header links: a click sorts by the column; a second click reverses it."""
    query = request.GET.copy()
    query.pop("page", None)  # a new order starts at its first page
    cols = []
    for key, label in STANDING_COLUMNS:
        query["order"] = f"-{key}" if order == key else key
        cols.append(
            {
                "key": key,
                "label": _(label) if label != "#" else label,
                "url": "?" + query.urlencode(),
                "sorted": order.lstrip("-") == key,
            }
        )
    return cols


SESSIONS_PER_PAGE = 20
STANDINGS_PER_PAGE = 50
PLAYER_SESSIONS_PER_PAGE = 30


def page_count(total: int, per_page: int) -> int:
    return max(1, -(-total // per_page))


def page_number(request: HttpRequest, param: str, pages: int) -> int:
    """The page asked for in ``?<param>=``; anything but a number in 1..pages is page 1."""
    try:
        number = int(request.GET.get(param, ""))
    except ValueError:  # missing, not a number, or thousands of digits
        return 1
    return number if 1 <= number <= pages else 1


def pager(request: HttpRequest, param: str, number: int, pages: int) -> dict[str, Any]:
    """Previous/next links for ``includes/pager.html``; they keep the rest of the query
    (sort order, date filter, the other list's page)."""

    def url(n: int) -> str:
        query = request.GET.copy()
        query[param] = str(n)
        return "?" + query.urlencode()

    return {
        "number": number,
        "pages": pages,
        "prev_url": url(number - 1) if number > 1 else "",
        "next_url": url(number + 1) if number < pages else "",
    }


def player_url_prefix(club: Club) -> str:
    """A player's page is this plus "<id>/": reversed once, not once per table row."""
    return reverse("player", args=[club.slug, 0]).removesuffix("0/")


def standings_page(request: HttpRequest, club: Club, rated: list[Any]) -> dict[str, Any]:
    """What ``_standings_table.html`` needs for one page (``?page=``) of the rows; a row
    keeps its rank in the whole table. The CSV export is not paged."""
    pages = page_count(len(rated), STANDINGS_PER_PAGE)
    number = page_number(request, "page", pages)
    start = (number - 1) * STANDINGS_PER_PAGE
    return {
        "rated": rated[start : start + STANDINGS_PER_PAGE],
        "standings_pager": pager(request, "page", number, pages),
        "player_url": player_url_prefix(club),
    }


@club_view("read")
def season_detail(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    from scoring.selectors import session_count, session_list

    season = get_season(club, season_id)
    form, params = standings_filters(request)
    from leagues.stats_selectors import ratings_ordinals

    rows = selectors.season_standings(season=season, **params)
    standings = standings_page(
        request, club, with_ratings(rows, ratings_ordinals(club=club, season=season))
    )
    pages = page_count(session_count(season=season), SESSIONS_PER_PAGE)
    page = page_number(request, "p", pages)
    sessions = session_list(
        season=season, limit=SESSIONS_PER_PAGE, offset=(page - 1) * SESSIONS_PER_PAGE
    )
    paper = paper_nets_of(s.pk for s in sessions)
    for s in sessions:
        # 纸面记录: listed with its final nets instead of a round count.
        nets = paper.get(s.pk)
        s.paper = (
            [(seat.player.display_name, nets[seat.seat]) for seat in s.seats.all()]
            if nets
            else None
        )
    csv_params = request.GET.copy()
    for param in ("page", "p"):  # the export has every row
        csv_params.pop(param, None)
    csv_query = csv_params.urlencode()
    return render(
        request,
        "leagues/season_detail.html",
        club_context(
            request,
            club,
            season=season,
            rows=rows,
            **standings,
            form=form,
            columns=standings_columns(request, params["order"]),
            sessions=sessions,
            sessions_page=page,
            sessions_pages=pages,
            sessions_pager=pager(request, "p", page, pages),
            csv_url=reverse("season-csv", args=[club.slug, season.pk])
            + (f"?{csv_query}" if csv_query else ""),
        ),
    )


@club_view("read")
def season_csv(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    season = get_season(club, season_id)
    _form, params = standings_filters(request)
    rows = selectors.season_standings(season=season, **params)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="standings-{club.slug}-{season.pk}.csv"'
    )
    response.write("\ufeff")  # so that spreadsheet programs read the Chinese names as UTF-8
    writer = csv.writer(response)
    writer.writerows(selectors.standings_csv_rows(rows=rows))
    return response


@club_view("read")
def season_rounds_csv(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """Every round of the season, one CSV row each (H6's season_rounds_csv_rows)."""
    from leagues.stats_selectors import season_rounds_csv_rows

    season = get_season(club, season_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="rounds-{club.slug}-{season.pk}.csv"'
    response.write("\ufeff")
    csv.writer(response).writerows(season_rounds_csv_rows(season=season))
    return response


def with_ratings(rows: list[Any], ratings: dict[int, float]) -> list[tuple[Any, float | None]]:
    return [(r, ratings.get(r.player.pk)) for r in rows]


@club_view("manage")
def season_new(request: HttpRequest, club: Club) -> HttpResponse:
    rulesets = selectors.ruleset_list(club=club)
    form = SeasonForm(request.POST or None, rulesets=rulesets)
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
        services.season_close(season=season, actor=request.user)
        messages.success(request, _("赛季已结束，不能再记录新的盘。"))
    return redirect("season", slug=club.slug, season_id=season.pk)


# ---------------------------------------------------------------- players


@club_view("read")
def player_detail(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    from leagues.stats_selectors import player_rating, rating_history

    player = get_object_or_404(Player, pk=player_id, club=club)
    stats = selectors.player_stats(player=player)
    rating = player_rating(player=player)
    pages = page_count(selectors.player_session_count(player=player), PLAYER_SESSIONS_PER_PAGE)
    page = page_number(request, "page", pages)
    sessions = selectors.player_sessions(
        player=player,
        limit=PLAYER_SESSIONS_PER_PAGE,
        offset=(page - 1) * PLAYER_SESSIONS_PER_PAGE,
    )
    return render(
        request,
        "leagues/player_detail.html",
        club_context(
            request,
            club,
            player=player,
            stats=stats,
            rating=rating.ordinal if rating is not None else None,
            chart=player_chart(
                selectors.player_chip_history(player=player), rating_history(player=player)
            ),
            sessions=with_paper_nets(sessions),
            sessions_pager=pager(request, "page", page, pages),
        ),
    )


CHART_POINTS = 300


def player_chart(chips: list[Any], ratings: list[Any]) -> dict[str, Any]:
    """The player chart's two lines on one time line: cumulative chips (left axis) and the
    club-wide rating (right axis), one point per session start of either series.

    Chips start at 0 before the first session (so one session is a line too) and carry
    forward over a rated session without counted rounds (a paper session, say); the
    rating has no value (a gap) before the first rated session. A long history keeps its
    latest ``CHART_POINTS`` points (``latest`` is then their number): the totals are
    still over every session, and the page's size and time stay bounded.
    """
    times = sorted({p.at for p in chips} | {p.at for p in ratings})
    chip_at = {p.at: p.cumulative for p in chips}
    rating_at = {p.at: round(p.ordinal, 1) for p in ratings}
    values: list[int] = [0]
    rating_values: list[float | None] = [None]
    for t in times:
        values.append(chip_at.get(t, values[-1]))
        rating_values.append(rating_at.get(t, rating_values[-1]))
    labels = [_("开始")]
    latest = None
    if len(times) > CHART_POINTS:
        latest = CHART_POINTS
        times, labels = times[-latest:], []
        values, rating_values = values[-latest:], rating_values[-latest:]
    tz = get_current_timezone()
    return {
        "labels": labels + [t.astimezone(tz).strftime("%m-%d %H:%M") for t in times],
        "values": values,
        "label": _("累计得分"),
        "ratings": rating_values if ratings else [],
        "rating_label": _("等级分"),
        "latest": latest,
    }


def with_paper_nets(rows: list[Any]) -> list[Any]:
    """The player's sessions, a paper session (纸面记录) with its paper net and ``paper``."""
    paper = paper_nets_of(r.session.pk for r in rows)
    out = []
    for r in rows:
        nets = paper.get(r.session.pk)
        row = dataclasses.replace(r, net=nets[r.seat]) if nets else r
        out.append((row, bool(nets)))
    return out


@club_view("manage")
def player_list(request: HttpRequest, club: Club) -> HttpResponse:
    players = selectors.player_list(club=club)
    return render(request, "leagues/players.html", club_context(request, club, players=players))


def club_users(club: Club) -> list[Any]:
    return [m.user for m in selectors.membership_list(club=club)]


@club_view("manage")
def player_edit(request: HttpRequest, club: Club, player_id: int | None = None) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, club=club) if player_id else None
    initial = {}
    if player is not None:
        initial = {
            "display_name": player.display_name,
            "aliases": "、".join(player.aliases),
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


def preset_choices() -> list[tuple[str, str]]:
    from scoring.engine.rules import PRESET_INFO

    en = get_language() == "en"
    return [
        (code, f"{code} · {info.name_en if en else info.name_zh}")
        for code, info in PRESET_INFO.items()
    ]


@club_view("manage")
def ruleset_list(request: HttpRequest, club: Club) -> HttpResponse:
    rulesets = selectors.ruleset_list(club=club)
    return render(request, "leagues/rulesets.html", club_context(request, club, rulesets=rulesets))


@club_view("manage")
def ruleset_edit(request: HttpRequest, club: Club, ruleset_id: int | None = None) -> HttpResponse:
    ruleset = get_object_or_404(Ruleset, pk=ruleset_id, club=club) if ruleset_id else None
    initial: dict[str, Any] = {}
    if ruleset is not None:
        overrides = {k: v for k, v in ruleset.config.items() if k != "preset"}
        initial = {
            "name": ruleset.name,
            "preset": ruleset.config.get("preset"),
            "overrides": _json_text(overrides) if overrides else "",
        }
    form = RulesetForm(request.POST or None, initial=initial, presets=preset_choices())
    if request.method == "POST" and form.is_valid():
        name, config = form.cleaned_data["name"], form.config()
        try:
            if ruleset is None:
                services.ruleset_create(club=club, name=name, config=config, actor=request.user)
            else:
                services.ruleset_update(
                    ruleset=ruleset, name=name, config=config, actor=request.user
                )
        except ValidationError as exc:
            apply_errors_ruleset(form, exc)
        else:
            messages.success(request, _("已保存。"))
            return redirect("rulesets", slug=club.slug)
    title = _("新规则") if ruleset is None else _("编辑规则")
    return render(
        request,
        "leagues/ruleset_form.html",
        club_context(request, club, form=form, title=title, presets=preset_table()),
    )


def apply_errors_ruleset(form: RulesetForm, exc: ValidationError) -> None:
    """The engine names the bad key in "config"; show it next to the overrides box."""
    if hasattr(exc, "error_dict") and "config" in exc.error_dict:
        form.add_error("overrides", exc.error_dict.pop("config"))
        if exc.error_dict:
            apply_errors(form, ValidationError(exc.error_dict))
    else:
        apply_errors(form, exc)


def preset_table() -> list[dict[str, Any]]:
    """Every preset's parameters, to read while writing overrides."""
    from scoring.engine.rules import presets_describe

    return presets_describe()


def _json_text(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True)


# ---------------------------------------------------------------- members, invitations


@club_view("manage")
def members(request: HttpRequest, club: Club) -> HttpResponse:
    owner = role_allows(request.club_role, club, "owner")  # type: ignore[attr-defined]
    roles = [(v, label) for v, label in Role.choices if owner or v != Role.OWNER]
    return render(
        request,
        "leagues/members.html",
        club_context(
            request,
            club,
            memberships=selectors.membership_list(club=club),
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
        messages.error(request, " ".join(exc.messages))
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
    from leagues.accounts import invitation_remember

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
        messages.error(request, " ".join(exc.messages))
        return redirect("home")
    messages.success(request, _("欢迎加入 %(club)s！") % {"club": invitation.club.name})
    return redirect("club", slug=invitation.club.slug)
