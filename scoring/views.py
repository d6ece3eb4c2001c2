"""Recording pages: start a session, the session page, the round form and its JSON helpers
(what they share with the other pages: ``scoring.pages``, ``scoring.page_json`` and
``scoring.round_form_context``).

The round form builds the round-format JSON in the browser and posts it here; every
write goes through ``scoring.services`` (the same functions the API calls), so forms
and API share one validation. Engine errors are shown in Chinese (English when chosen).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from csmj_site.language import list_sep, page_is_english
from csmj_site.payment_words import preview_rows
from leagues import selectors as league_selectors
from leagues.audit_text import hand_label
from leagues.models import Club, Player
from leagues.pages import apply_errors, club_context, club_view, get_season
from leagues.ruleset_explain import payment_terms
from scoring import selectors, services
from scoring.calc_codes import calc_round_initial
from scoring.forms import (
    PaperCsvForm,
    PaperSessionForm,
    PlayerMergeForm,
    RoundDataForm,
    SessionStartForm,
    TableFeeForm,
    VoidForm,
    paper_key,
    season_table_seats,
)
from scoring.models import Round, Session, SessionSeat
from scoring.page_json import analyse_body, form_rejection, json_body, localised_errors
from scoring.pages import get_round, get_session, round_summary
from scoring.round_form_context import analyse_for_form, form_rules_context, form_seats
from scoring.services import RoundRejected
from scoring.templatetags.recording import NO_REASON, VOID_PICKS, void_pick_label

# ---------------------------------------------------------------- sessions

# 开一场's tap-to-pick shows this many of the roster (the most recent) before a search.
PICKS_SHOWN = 12


@club_view("record")
def session_new(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    season = get_season(club, season_id)
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
            picks_shown=PICKS_SHOWN,
            picks_more=max(0, len(roster) - PICKS_SHOWN),
            same=same_table(club=club, seats=seats),
        ),
    )


@club_view("manage")
def player_merge(request: HttpRequest, club: Club, player_id: int) -> HttpResponse:
    """合并客人: an organiser moves a guest's rounds onto a regular player, then the guest
    is gone (scoring.services.player_merge)."""
    guest = get_object_or_404(Player, pk=player_id, club=club, is_guest=True)
    form = PlayerMergeForm(request.POST or None, guest=guest)
    if request.method == "POST" and form.is_valid():
        target = form.cleaned_data["target"]
        try:
            services.player_merge(guest=guest, target=target, actor=request.user)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("已把客人 %(guest)s 合并到 %(target)s。")
                % {"guest": guest.display_name, "target": target.display_name},
            )
            return redirect("players", slug=club.slug)
    return render(
        request, "scoring/player_merge.html", club_context(request, club, guest=guest, form=form)
    )


def same_table(*, club: Club, seats: int | None = None) -> dict[str, Any] | None:
    """The club's last table, offered as one tap (``selectors.session_same_table``); with
    ``seats``, only when it had that many players (a season of another table size
    cannot seat it)."""
    same = selectors.session_same_table(club=club)
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
    (the night's 第1轮 第3桌 would name a table it is not)."""
    same = same or same_table(club=club)
    if same is None:
        return redirect("session-new", slug=club.slug, season_id=season.pk)
    last = same["session"]
    night = selectors.session_night_table(session=last)
    try:
        session = services.session_start(
            season=season,
            players=same["players"],
            first_dealer=same["dealer"],
            table_label="" if night is not None else last.table_label,
            table_size=same["table_size"] if same["season"].pk == season.pk else None,
            actor=request.user,
        )
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
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
    same = same_table(club=club)
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
        messages.error(request, " ".join(exc.messages))
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


# ---------------------------------------------------------------- 纸面记录 (paper sessions)


def paper_page(
    request: HttpRequest,
    club: Club,
    season: Any,
    *,
    roster: list[Any],
    form: PaperSessionForm | None = None,
    upload: PaperCsvForm | None = None,
    status: int = 200,
) -> HttpResponse:
    seats = season_table_seats(season)
    return render(
        request,
        "scoring/paper_session.html",
        club_context(
            request,
            club,
            season=season,
            seats=seats,
            seat_numbers=range(1, seats + 1),
            roster=roster,
            form=form or PaperSessionForm(roster=roster, season=season),
            upload=upload or PaperCsvForm(roster=roster, season=season, existing=set()),
        ),
        status=status,
    )


def apply_paper_errors(form: PaperSessionForm, exc: ValidationError) -> None:
    """A refusal of paper_session_record, in the page's language, next to its group."""
    groups = exc.error_dict if hasattr(exc, "error_dict") else {None: exc.error_list}
    for key, errors in groups.items():
        for error in errors:
            for message in error.messages:
                form.add_group_error(key or "", message)


@club_view("record")
def paper_session_new(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """纸面记录: one session entered as its final nets, one a seat (paper_session_record)."""
    season = get_season(club, season_id)
    roster = list(league_selectors.player_list(club=club))
    if request.method != "POST":
        return paper_page(request, club, season, roster=roster)
    form = PaperSessionForm(request.POST, roster=roster, season=season)
    if form.is_valid():
        try:
            session = services.paper_session_record(
                season=season,
                players=form.cleaned_data["players"],
                nets=form.cleaned_data["nets"],
                started_at=form.cleaned_data["started_at"],
                table_label=form.cleaned_data["table_label"],
                actor=request.user,
            )
        except ValidationError as exc:
            apply_paper_errors(form, exc)
        else:
            messages.success(request, _("纸面记录已保存。"))
            return redirect("session", slug=club.slug, session_id=session.pk)
    return paper_page(request, club, season, roster=roster, form=form, status=400)


def paper_keys(season: Any) -> set[Any]:
    """The season's paper sessions as paper_key()s, to refuse a file uploaded twice."""
    from scoring.standings.models import SessionResult

    results = list(
        SessionResult.objects.filter(session__season=season, is_paper=True).values_list(
            "session_id", "session__started_at", "paper_nets"
        )
    )
    seats: dict[int, list[Any]] = {}
    for seat in (
        SessionSeat.objects.filter(session_id__in=[r[0] for r in results])
        .select_related("player")
        .order_by("session_id", "seat")
    ):
        seats.setdefault(seat.session_id, []).append(seat.player)
    return {paper_key(at, seats.get(sid, []), nets or []) for sid, at, nets in results}


@require_POST
@club_view("record")
def paper_session_upload(request: HttpRequest, club: Club, season_id: int) -> HttpResponse:
    """Several paper sessions from a CSV file, all or nothing: one bad row (reported with
    its line number and every error) stores no row at all."""
    from django.db import transaction

    season = get_season(club, season_id)
    roster = list(league_selectors.player_list(club=club))
    upload = PaperCsvForm(
        request.POST, request.FILES, roster=roster, season=season, existing=paper_keys(season)
    )
    if upload.is_valid():
        line = 0
        try:
            with transaction.atomic():
                for row in upload.rows:
                    line = row["line"]
                    services.paper_session_record(
                        season=season,
                        players=row["players"],
                        nets=row["nets"],
                        started_at=row["started_at"],
                        table_label=row["table_label"],
                        actor=request.user,
                    )
        except ValidationError as exc:
            upload.row_errors.append({"line": line, "messages": exc.messages})
            upload.add_error("file", _("整个文件都没有保存。"))
        else:
            messages.success(request, _("已保存 %(n)s 场纸面记录。") % {"n": len(upload.rows)})
            return redirect("season", slug=club.slug, season_id=season.pk)
    return paper_page(request, club, season, roster=roster, upload=upload, status=400)


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
    fee_form = TableFeeForm(request.GET if "fee" in request.GET else None)
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
        ),
        follow_url=follow_url,
        follow_qr=follow_qr(follow_url) if follow_url else "",
        settle=selectors.session_settlement(session=session, **fee_form.options()),
        fee_form=fee_form,
        can_delete=not rounds and not paper and not session.season.is_closed and night is None,
    )
    return render(request, "scoring/session_detail.html", ctx)


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


def session_card(session: Session, fee: dict[str, Any] | None = None) -> Any:
    """The session's result card (``share_image.Card``): the club, the date, every
    player's total (best first) and biggest win, in the page's language."""
    from django.utils import timezone

    from scoring.share_image import Card, Row

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
            hands = list_sep().join(hand_label(c) for c in win["codes"])
            words = _("最大一盘：第 %(n)s 盘 %(hands)s %(net)s") % {
                "n": win["number"],
                "hands": hands,
                "net": f"{win['net']:+d}",
            }
        rows.append(Row(name=names[seat], total=totals.get(seat, 0), best=words))
    parts = [timezone.localtime(session.started_at).strftime("%Y-%m-%d"), session.season.name]
    if session.table_label:
        parts.append(session.table_label)
    if counted:
        parts.append(ngettext("%(n)s 盘计分", "%(n)s 盘计分", counted) % {"n": counted})
    more = ""
    if fee:  # 结账's table fee, as the settle-up step chose it
        settled = selectors.session_settlement(session=session, **fee)["fee"]
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


def session_image_response(session: Session, fee: dict[str, Any] | None = None) -> HttpResponse:
    """The result card as a PNG download; 503 with the reason when no font draws
    Chinese on this server."""
    from scoring.share_image import card_png, png_response

    day = session.started_at.strftime("%Y%m%d")
    return png_response(
        lambda: card_png(session_card(session, fee)), f"csmj-{day}-{session.pk}.png"
    )


@club_view("read")
def session_image(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """晒战绩: the session's result as a PNG for the group chat."""
    fee = TableFeeForm(request.GET if "fee" in request.GET else None).options()
    return session_image_response(get_session(club, session_id), fee or None)


# ---------------------------------------------------------------- the round form


def round_form_page(
    request: HttpRequest,
    club: Club,
    session: Session,
    *,
    rules_config: Any,
    initial: dict[str, Any] | None,
    errors: list[dict[str, str]],
    correcting: Round | None = None,
    status: int = 200,
) -> HttpResponse:
    players = session.players_in_order()
    dealer, dealers = selectors.session_next_dealers(session=session)
    number = correcting.number if correcting else selectors.session_next_number(session=session)
    # the form's number beside the session's count: 第 6 盘 · 1 盘计分，4 盘已作废
    counted, voided = selectors.session_round_counts(session=session)
    urls = {
        "preview": reverse("round-preview", args=[club.slug, session.pk]),
        "analyse": reverse("tiles-analyse", args=[club.slug, session.pk]),
        "save": reverse("round-save", args=[club.slug, session.pk]),
        "undo": reverse("round-undo", args=[club.slug, session.pk]),
        # 重新开始本场, for a finished session: back to this form, the round kept
        "reopen": reverse("session-finish", args=[club.slug, session.pk]),
    }
    # 结束本场 already: the form says so before anything is entered (a finished
    # session takes no round until it is reopened).
    finished = not correcting and getattr(session, "result", None) is not None
    if correcting:
        urls["preview"] += f"?number={correcting.number}"
    rules_context = form_rules_context(rules_config)
    free_piao = rules_context["rules"].get("piao") == "free"
    night = selectors.session_night_table(session=session)
    context = {
        "seats": form_seats([p.display_name for p in players], winds=night is not None),
        **rules_context,
        "lang": "en" if page_is_english() else "zh-hans",
        "prefill": {
            "dealer": dealer,
            "dealers": dealers,
            # 自由飘: the stakes of the session's previous round, changed by tapping.
            "piao": (free_piao and selectors.session_last_piao(session=session))
            or [0] * len(players),
            "note": _("庄家已按上一盘的结果预先选好。") if number > 1 and not correcting else "",
        },
        "initial": initial,
        "errors": errors,
        # the running scoreboard above the pads (updated by each save's answer)
        "scoreboard": selectors.session_scoreboard(session=session),
        "session": session.pk,
        "number": number,
        "correcting": bool(correcting),
        "finished": finished,
        "counts": {"counted": counted, "void": voided},
        "urls": urls,
    }
    return render(
        request,
        "scoring/round_form.html",
        club_context(
            request,
            club,
            session=session,
            season=session.season,
            night=night,
            number=number,
            correcting=correcting,
            finished=finished,
            counted=counted,
            voided=voided,
            rf_context=context,
            form_action=(
                reverse("round-correct", args=[club.slug, session.pk, correcting.number])
                if correcting
                else reverse("round-new", args=[club.slug, session.pk])
            ),
        ),
        status=status,
    )


def _season_open(request: HttpRequest, club: Club, session: Session) -> HttpResponse | None:
    if session.season.is_closed:
        messages.error(request, _("赛季已结束，不能再记录。"))
        return redirect("session", slug=club.slug, session_id=session.pk)
    return _paper_refusal(request, club, session)


def _paper_refusal(request: HttpRequest, club: Club, session: Session) -> HttpResponse | None:
    """A paper session (纸面记录) takes no rounds: back to its page with a message.
    ``session.result`` is loaded with it (selectors.session_get)."""
    result = getattr(session, "result", None)
    if result is not None and result.is_paper:
        messages.error(request, _("纸面记录的场没有每盘记录，不能再录入牌局。"))
        return redirect("session", slug=club.slug, session_id=session.pk)
    return None


@club_view("record")
def round_new(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    session = get_session(club, session_id)
    config = selectors.session_ruleset_config(session=session)
    if request.method != "POST":
        # ?calc=<code>: a hand from the calculator, to check and save here.
        initial = calc_round_initial(code=request.GET.get("calc", ""))
        return _season_open(request, club, session) or round_form_page(
            request, club, session, rules_config=config, initial=initial, errors=[]
        )
    refused = _paper_refusal(request, club, session)
    if refused is not None:
        return refused
    form = RoundDataForm(request.POST)
    data = form.cleaned_data["data"] if form.is_valid() else None
    try:
        if data is None:
            raise form_rejection(form)
        rnd = services.round_record(
            session=session, data=data, actor=request.user, number=form.cleaned_data["number"]
        )
    except RoundRejected as exc:
        return round_form_page(
            request,
            club,
            session,
            rules_config=config,
            initial=data or form.cleaned_data.get("data"),
            errors=localised_errors(exc),
            status=400,
        )
    messages.success(request, _("第 %(n)s 盘已保存。") % {"n": rnd.number})
    return redirect("session", slug=club.slug, session_id=session.pk)


@club_view("record")
def round_correct(request: HttpRequest, club: Club, session_id: int, number: int) -> HttpResponse:
    session = get_session(club, session_id)
    rnd = get_round(session, number)
    if request.method != "POST":
        return _season_open(request, club, session) or round_form_page(
            request,
            club,
            session,
            rules_config=rnd.ruleset_config,
            initial=rnd.data,
            errors=[],
            correcting=rnd,
        )
    form = RoundDataForm(request.POST)
    data = form.cleaned_data["data"] if form.is_valid() else None
    try:
        if data is None:
            raise form_rejection(form)
        new = services.round_correct(round=rnd, data=data, actor=request.user)
    except RoundRejected as exc:
        return round_form_page(
            request,
            club,
            session,
            rules_config=rnd.ruleset_config,
            initial=data or rnd.data,
            errors=localised_errors(exc),
            correcting=rnd,
            status=400,
        )
    messages.success(
        request, _("第 %(n)s 盘已更正（第 %(v)s 版）。") % {"n": new.number, "v": new.version}
    )
    return redirect("session", slug=club.slug, session_id=session.pk)


@require_POST
@club_view("record", json=True)
def round_preview(request: HttpRequest, club: Club, session_id: int) -> JsonResponse:
    """Score the posted round (JSON body) without storing it; the preview as HTML."""
    session = get_session(club, session_id)
    data = json_body(request)
    number = request.GET.get("number")
    # round_preview refuses a body that is not an object; a correction is previewed
    # under the ruleset its round was scored under.
    rnd = get_round(session, int(number)) if number and number.isdigit() else None
    result = services.round_preview(session=session, data=data, round=rnd)
    names = [p.display_name for p in session.players_in_order()]
    config = rnd.ruleset_config if rnd else selectors.session_ruleset_config(session=session)
    html = render_to_string(
        "scoring/_preview.html",
        preview_rows(result, names, payment_terms(data=data, config=config)),
        request=request,
    )
    return JsonResponse({"html": html, "result": result})


@require_POST
@club_view("record", json=True)
def tiles_analyse(request: HttpRequest, club: Club, session_id: int) -> JsonResponse:
    """The tile picker's analysis: which hand types the tiles make (the engine's analysis)."""
    session = get_session(club, session_id)
    answer = analyse_for_form(
        analyse_body(request), ruleset_config=selectors.session_ruleset_config(session=session)
    )
    return JsonResponse(answer)


@require_POST
@club_view("record")
def round_void(request: HttpRequest, club: Club, session_id: int, number: int) -> HttpResponse:
    session = get_session(club, session_id)
    rnd = get_round(session, number)
    form = VoidForm(request.POST)
    reason = (form.cleaned_data["reason"] if form.is_valid() else "").strip() or NO_REASON
    try:
        services.round_void(round=rnd, reason=reason, actor=request.user)
    except RoundRejected as exc:
        messages.error(request, " ".join(e["message"] for e in localised_errors(exc)))
    else:
        messages.success(request, _("第 %(n)s 盘已作废。") % {"n": number})
    return redirect("session", slug=club.slug, session_id=session.pk)


@require_POST
@club_view("record")
def round_undo(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    session = get_session(club, session_id)
    try:
        rnd = services.round_undo_last(session=session, actor=request.user)
    except RoundRejected as exc:
        messages.error(request, " ".join(e["message"] for e in localised_errors(exc)))
    else:
        messages.success(request, _("已撤销第 %(n)s 盘。") % {"n": rnd.number})
    if request.POST.get("back") == "form":  # the saved banner's 撤销: back to the round form
        return redirect("round-new", slug=club.slug, session_id=session.pk)
    return redirect("session", slug=club.slug, session_id=session.pk)


@require_POST
@club_view("record")
def session_finish(request: HttpRequest, club: Club, session_id: int) -> HttpResponse:
    """结束本场 (rates the session), or reopen it."""
    session = get_session(club, session_id)
    try:
        if request.POST.get("reopen"):
            services.session_reopen(session=session, actor=request.user)
            messages.success(request, _("本场已重新开始。"))
            if request.POST.get("back") == "form":  # from the round form: the round kept
                return redirect("round-new", slug=club.slug, session_id=session.pk)
        else:
            services.session_finish(session=session, actor=request.user)
            messages.success(request, _("本场已结束。"))
            # The finished page opens at 结账: who pays whom.
            return redirect(reverse("session", args=[club.slug, session.pk]) + "#settle")
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("session", slug=club.slug, session_id=session.pk)


@club_view("read")
def round_detail(request: HttpRequest, club: Club, session_id: int, number: int) -> HttpResponse:
    """Every version of one round: what was recorded, corrected or voided, and by whom."""
    session = get_session(club, session_id)
    names = [p.display_name for p in session.players_in_order()]
    versions = selectors.round_history(session=session, number=number)
    if not versions:
        raise Http404
    found = selectors.round_found_codes(rounds=versions)
    return render(
        request,
        "scoring/round_detail.html",
        club_context(
            request,
            club,
            session=session,
            season=session.season,
            night=selectors.session_night_table(session=session),
            number=number,
            names=names,
            kong_title=selectors.kong_title(),
            void_picks=[(p, void_pick_label(p)) for p in VOID_PICKS],
            versions=[
                {
                    "summary": round_summary(v, names, found),
                    # the wins' and penalties' payments; the kongs' (杠分) apart
                    "transfers": preview_rows(
                        v.result, names, payment_terms(data=v.data, config=v.ruleset_config)
                    )["rows"],
                    "json": json.dumps(v.data, ensure_ascii=False, indent=1),
                }
                for v in reversed(versions)
            ],
        ),
    )
