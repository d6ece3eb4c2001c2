"""Recording's session pages: start a session (or the same table again), the session
page with its follow link and QR code, finishing or reopening, deleting. Next to them:
the round form (``scoring.recording``), paper sessions (``scoring.paper``), merging a
guest (``scoring.merge``); here too, the result card (晒战绩); what the pages share:
``scoring.pages``.

Every write goes through ``scoring.services`` (the same functions the API calls), so
forms and API share one validation.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from csmj_site.language import colon, list_sep
from csmj_site.page_messages import messages_refused
from leagues import selectors as league_selectors
from leagues.models import Club
from leagues.pages import apply_errors, club_context, club_view, get_season
from scoring import selectors, services
from scoring.forms import (
    SessionStartForm,
    TableFeeForm,
    season_table_seats,
)
from scoring.models import Session
from scoring.pages import get_session, round_summary
from scoring.recording.forms import VoidForm

# ---------------------------------------------------------------- sessions

# 开一场's tap-to-pick shows this many of the roster (the most recent) before a search;
# a roster at most PICKS_SPARE longer shows every name: searching for one of a few hidden
# names costs the recorder more than the row they fill.
PICKS_SHOWN = 12
PICKS_SPARE = 3


def picks_shown(roster_size: int) -> int:
    """How many of the roster's names 开一场 shows before its search box."""
    return roster_size if roster_size <= PICKS_SHOWN + PICKS_SPARE else PICKS_SHOWN


@club_view("record")
def session_new(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    season = get_season(club, season_id)
    closed = services.season_closed_problem(season=season)
    if closed is not None:  # said before anything is typed, not after the post
        return render(
            request,
            "leagues/form_page.html",
            club_context(
                request,
                club,
                title=_("开一场"),
                note=closed.localised(),
                form=None,
                back={"url": reverse("season", args=[club.slug, season.pk]), "label": season.name},
            ),
            status=400 if request.method == "POST" else 200,
        )
    roster = selectors.roster_recent_first(club=club)  # tap-to-pick: recent players first
    seats = season_table_seats(season)
    form = SessionStartForm(request.POST or None, roster=roster, seats=seats)
    if request.method == "POST" and form.is_valid():
        try:
            session = services.session_start_with_guests(
                season=season,
                seats=form.cleaned_data["seats"],
                first_dealer=form.cleaned_data["first_dealer"],
                table_label=form.cleaned_data["table_label"],
                actor=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            return redirect("round-new", slug=club.slug, session_id=session.pk)
    return render(
        request,
        "scoring/session_new.html",
        club_context(
            request,
            club,
            season=season,
            form=form,
            roster=roster,
            seats=seats,
            picks_shown=picks_shown(len(roster)),
            picks_more=len(roster) - picks_shown(len(roster)),
            same=same_table(club=club, by=request.user, seats=seats),
        ),
    )


def same_table(*, club: Club, by: Any, seats: int | None = None) -> dict[str, Any] | None:
    """The last table of the club (``by``'s own first), offered as one tap
    (``selectors.session_same_table``); with ``seats``, only when it had that many
    players (a season of another table size cannot seat it)."""
    same = selectors.session_same_table(club=club, by=by)
    if same is not None and seats is not None and len(same["players"]) != seats:
        return None
    return same


def start_same_table(
    request: HttpRequest, club: Club, season: Any, same: dict[str, Any] | None = None
) -> HttpResponse:
    """Start a session in ``season`` with the last table's players, seats and next dealer
    (``same``, or the club's last table), and open its round form (the session form when
    there is no last table, or it cannot start). In the last table's own season, its own
    size (a league night's table of three under a ruleset for four). After a night's
    table the new session is a table of the season, not of the night: it takes no label
    (the night's 第1轮 第3桌 would name a table it is not). While the last table is not
    finished, only ``finish_last=<its id>`` (结束上一场，再来一场) from the user who
    started it starts the next, finishing it; otherwise (a page from before, a second
    tap, another table's game) its round form opens again."""
    same = same or same_table(club=club, by=request.user)
    if same is None:
        return redirect("session-new", slug=club.slug, season_id=season.pk)
    last = same["session"]
    finish_last = same["own"] and request.POST.get("finish_last") == str(last.pk)
    if same["open"] and not finish_last:
        # a page from before the last table started, a second tap (its finish_last names
        # the table it finished), another table's game: never a second session beside it
        messages.info(request, _("上一场还没结束，接着记录。"))
        return redirect("round-new", slug=club.slug, session_id=last.pk)
    start = {
        "season": season,
        "players": same["players"],
        "first_dealer": same["dealer"],
        "table_label": "" if same["night"] else last.table_label,
        "table_size": same["table_size"] if same["season"].pk == season.pk else None,
        "actor": request.user,
    }
    try:
        if same["open"]:  # finish_last, by its starter: finished and started in one
            session = services.session_finish_and_start(last=last, **start)
        else:
            session = services.session_start(**start)
    except ValidationError as exc:
        messages_refused(request, exc)
        return redirect("session-new", slug=club.slug, season_id=season.pk)
    return redirect("round-new", slug=club.slug, session_id=session.pk)


@require_POST
@club_view("record")
def session_same_table(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """同一桌再来一场: start a session with the last table's players, seats and next
    dealer."""
    return start_same_table(request, club, get_season(club, season_id))


@require_POST
@club_view("record")
def session_again(request: HttpRequest, club: Club) -> HttpResponse:
    """The club page's one tap (再来一场): the last table again, at its size, in its own
    season (that of the last session), under that season's ruleset; back to the club
    page saying why when that season is closed or seats no longer that many."""
    same = same_table(club=club, by=request.user)
    if same is None:
        season = league_selectors.season_current(club=club)
        if season is None:
            messages.error(request, _("没有进行中的赛季，先新建一个赛季。"))
            return redirect("club", slug=club.slug)
        return redirect("session-new", slug=club.slug, season_id=season.pk)
    if not same["startable"]:
        messages.error(request, _("上一场的赛季已结束或已改了桌上人数，请从赛季页开一场。"))
        return redirect("club", slug=club.slug)
    return start_same_table(request, club, same["season"], same)


@require_POST
@club_view("manage")
def session_delete(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """删除本场: an organiser deletes a session without rounds (a mistake), back to its
    season's page; a session with rounds stays, with the reason."""
    session = get_session(club, session_id)
    try:
        services.session_delete(session=session, actor=request.user)
    except ValidationError as exc:
        messages_refused(request, exc)
        return redirect("session", slug=club.slug, session_id=session.pk)
    messages.success(request, _("已删除这一场。"))
    return redirect("season", slug=club.slug, season_id=session.season_id)


@require_POST
@club_view("manage")
def session_follow_link(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """换一个跟看链接 (a new token; the old link stops working) or 关闭跟看链接."""
    session = get_session(club, session_id)
    on = request.POST.get("off") is None
    services.session_follow_link_set(session=session, actor=request.user, on=on)
    messages.success(
        request,
        _("已换了一个跟看链接，旧的链接不能再用。") if on else _("跟看链接已关闭。"),
    )
    return redirect(reverse("session", args=[club.slug, session.pk]) + "#follow-qr")


# ---------------------------------------------------------------- the session page


@club_view("read")
def session_detail(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    session = get_session(club, session_id)
    players = session.players_in_order()
    names = [p.display_name for p in players]
    result = getattr(session, "result", None)
    paper = selectors.session_paper_nets(session=session)
    if paper:  # 纸面记录: only the final nets, no rounds
        totals, rounds = dict(enumerate(paper)), []
    else:
        totals = selectors.session_totals(session=session)
        stored = selectors.session_rounds(session=session)
        found = selectors.round_found_codes(rounds=stored)
        rounds = [round_summary(r, names, found) for r in stored]
    counted = [r for r in rounds if r["round"].counts]
    follow_url = session_follow_url(request, club, session)
    night = selectors.session_night_table(session=session)
    ctx = club_context(
        request,
        club,
        session=session,
        season=session.season,
        night=night,
        # a night's table names its seats by wind (东南西北), as its table card does
        seat_words="wind" if night else "seat",
        seats=[{"seat": i, "player": p, "total": totals.get(i, 0)} for i, p in enumerate(players)],
        # 认领 at the table: a recorder shows a seat's claim QR (leagues.link_views.claim_qr)
        claimable=[p for p in players if p.user_id is None],
        rounds=rounds,
        counted=len(counted),
        voided=sum(1 for r in rounds if r["round"].is_void),
        can_undo=bool(counted) and not session.season.is_closed,
        finished=result is not None,
        paper=bool(paper),
        void_form=VoidForm(),
        kong_title=selectors.kong_title(),
        follow_version=selectors.follow_version(
            rounds=len(rounds),
            last_id=max((r["round"].pk for r in rounds), default=None),
            voids=sum(1 for r in rounds if r["round"].is_void),
            finished=result is not None,
            fee=selectors.table_fee_mark(
                fee=session.table_fee, per=session.table_fee_per, by=session.table_fee_by
            ),
        ),
        follow_url=follow_url,
        follow_qr=follow_qr(follow_url) if follow_url else "",
        settle=selectors.session_settlement(session=session),
        fee_form=TableFeeForm(
            initial={
                "table_fee": session.table_fee or None,
                "table_fee_per": session.table_fee_per,
                "table_fee_by": session.table_fee_by,
            }
        ),
        can_delete=not rounds and not paper and not session.season.is_closed and night is None,
    )
    return render(request, "scoring/session_detail.html", ctx)


@require_POST
@club_view("record")
def session_table_fee(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """按台费结账: the table fee, kept with the session, so every phone's 结账 (the
    follow link's too) and the result image show it."""
    session = get_session(club, session_id)
    form = TableFeeForm(request.POST)
    if form.is_valid():
        try:
            services.session_table_fee_set(session=session, actor=request.user, **form.options())
        except ValidationError as exc:
            messages_refused(request, exc)
        else:
            messages.success(request, _("台费已记下，每台手机的结账都按它算。"))
    else:
        messages.error(
            request,
            " ".join(
                f"{form.fields[f].label}{colon()}{m}" for f, ms in form.errors.items() for m in ms
            ),
        )
    return redirect(reverse("session", args=[club.slug, session.pk]) + "#settle")


def session_follow_url(request: HttpRequest, club: Club, session: Session) -> str | None:
    """The link the session page's QR code carries: for a member, the session's secret
    follow link (it opens without logging in, even in a private club); for anyone else
    (a public club's visitor), the page itself. None when there is none to give: the
    link is off (a member's view) or the club is private."""
    if getattr(request, "club_role", None) is not None:
        if not session.follow_token:
            return None
        return request.build_absolute_uri(reverse("follow", args=[session.follow_token]))
    return request.build_absolute_uri() if club.is_public else None


@functools.lru_cache(maxsize=256)
def follow_qr(url: str) -> str:
    """A follow link as an inline SVG QR code, for the table to scan (drawn once per
    link and process: the page is fetched again by every phone following the table)."""
    import segno

    return segno.make(url, error="m").svg_inline(scale=4, border=2)


# ---------------------------------------------------------------- the result as an image


def session_card(session: Session) -> Any:
    """The session's result card (``share_image.Card``): the club, the date, every
    player's total (best first) and biggest round (最大一盘, ``selectors.best_wins``:
    the round of the player's largest net, named by the hands that paid there), in the
    page's language."""
    from django.utils import timezone

    from scoring.share_image import Card, Row, best_round_words

    names = [p.display_name for p in session.players_in_order()]
    totals = selectors.session_nets(session=session)
    if selectors.session_paper_nets(session=session) is not None:
        best, counted = {}, 0
    else:
        best = selectors.session_best_wins(session=session)
        counted = session.rounds.counting().count()
    rows = []
    for seat in sorted(range(len(names)), key=lambda s: (-totals.get(s, 0), s)):
        win = best.get(seat)
        words = _("本场没有胡牌") if counted else ""
        if win is not None:
            words = _("最大一盘：第 %(n)s 盘 %(best)s") % {
                "n": win["number"],
                "best": best_round_words(win["codes"], win["net"]),
            }
        rows.append(Row(name=names[seat], total=totals.get(seat, 0), best=words))
    day = timezone.localtime(session.started_at).strftime("%Y-%m-%d")
    # a quick table's season is named by its day: the day once
    parts = [day] if session.season.name == day else [day, session.season.name]
    if session.table_label:
        parts.append(session.table_label)
    if counted:
        parts.append(ngettext("%(n)s 盘计分", "%(n)s 盘计分", counted) % {"n": counted})
    more = ""
    if session.table_fee:  # 结账's table fee, as the session keeps it
        settled = selectors.session_settlement(session=session)["fee"]
        if settled["total"]:
            more = _("台费 %(fee)s子：%(shares)s") % {
                "fee": settled["total"],
                "shares": list_sep().join(f"{r['name']} {r['chips']}" for r in settled["shares"]),
            }
    return Card(
        title=session.season.club.name,
        subtitle=" · ".join(parts),
        heading=_("本场战绩"),
        rows=rows,
        footer=_("长沙麻将计分"),
        more=more,
    )


def session_image_response(session: Session) -> HttpResponse:
    """The result card as a PNG download; 503 with the reason when no font draws
    Chinese on this server."""
    from scoring.share_image import card_png, png_response

    day = session.started_at.strftime("%Y%m%d")
    return png_response(lambda: card_png(session_card(session)), f"csmj-{day}-{session.pk}.png")


@club_view("read")
def session_image(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """晒战绩: the session's result as a PNG for the group chat."""
    return session_image_response(get_session(club, session_id))


@require_POST
@club_view("record")
def session_finish(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """结束本场 (rates the session), or reopen it."""
    session = get_session(club, session_id)
    try:
        if request.POST.get("reopen"):
            services.session_reopen(session=session, actor=request.user)
            messages.success(request, _("本场已重开，可以接着记了。"))
            if request.POST.get("back") == "form":  # from the round form: the round kept
                return redirect("round-new", slug=club.slug, session_id=session.pk)
        else:
            services.session_finish(session=session, actor=request.user)
            messages.success(request, _("本场已结束。"))
            # The finished page opens at 结账: who pays whom.
            return redirect(reverse("session", args=[club.slug, session.pk]) + "#settle")
    except ValidationError as exc:
        messages_refused(request, exc)
    return redirect("session", slug=club.slug, session_id=session.pk)
