"""The round form's pages: a new round, correcting one, its preview and tile analysis as
JSON, voiding and undoing a round, and one round's history (its save: ``save_views``;
what the form's script is given: ``form_context``).

The form builds the round-format JSON in the browser; every write goes through
``scoring.services`` (the same functions the API calls), so forms and API share one
validation. Engine errors are shown in Chinese (English when chosen).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from csmj_site.language import page_is_english
from csmj_site.page_messages import messages_refused
from leagues.models import Club
from leagues.pages import club_context, club_view
from leagues.payment_words import preview_rows
from leagues.ruleset_explain import payment_terms
from scoring import selectors, services
from scoring.models import Round, Session
from scoring.pages import get_round, get_session, round_summary
from scoring.recording.calc_codes import calc_round_initial
from scoring.recording.form_context import analyse_for_form, form_rules_context, form_seats
from scoring.recording.forms import RoundDataForm, VoidForm
from scoring.recording.page_json import analyse_body, form_rejection, json_body, localised_errors
from scoring.services import RoundRejected
from scoring.templatetags.recording import NO_REASON, VOID_PICKS, void_pick_label


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
        # 继续本场, for a finished session: back to this form, the round kept
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
        "seats": form_seats(
            [p.display_name for p in players],
            winds=night is not None,
            aliases=[list(p.aliases or []) for p in players],
        ),
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
    if new.pk == rnd.pk:
        messages.info(request, _("第 %(n)s 盘没有改动。") % {"n": new.number})
    else:
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
        messages_refused(request, exc)
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
        messages_refused(request, exc)
    else:
        messages.success(request, _("已撤销第 %(n)s 盘。") % {"n": rnd.number})
    if request.POST.get("back") == "form":  # the saved banner's 撤销: back to the round form
        return redirect("round-new", slug=club.slug, session_id=session.pk)
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
