"""/calc/: the round form without a club or a session, and /rules/: the presets and hand types.

No account is needed. The page is the club round form (same template, same script); its
preview, tile analysis and share link score through ``services.round_calculate`` and the
engine, and are throttled like the API's anonymous calculator (same scope, so both count
together per address). Nothing is stored: a shared link carries the whole round
(``scoring.recording.calc_codes``). "在我的俱乐部记录" opens a session's round form with the hand filled in.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_POST

from csmj_site.errors import ServiceError, answers_json
from csmj_site.language import as_label, page_is_english
from leagues.audit_text import hand_label
from leagues.option_values import value_choices
from leagues.payment_words import preview_rows
from leagues.rules_form import rules_initial
from leagues.ruleset_explain import option_words, payment_terms
from scoring import selectors, services
from scoring.api.calculator import AnonCalculatorThrottle
from scoring.calculator.forms import NAME_FIELDS, CalcSettingsForm, calc_settings, seat_names
from scoring.engine import HAND_CLASSES, HAND_TYPES, PARAMETER_INFO, presets_describe
from scoring.recording.calc_codes import calc_decode, calc_encode
from scoring.recording.form_context import analyse_for_form, form_rules_context, form_seats
from scoring.recording.forms import RoundDataForm
from scoring.recording.page_json import analyse_body, form_rejection, json_body, localised_errors
from scoring.services import RoundRejected


def calc_throttled(request: HttpRequest) -> bool:
    """The API's anonymous-calculator throttle, on this request (signed-in users pass)."""
    return not AnonCalculatorThrottle().allow_request(request, None)  # type: ignore[arg-type]


def calc_allowed(request: HttpRequest) -> None:
    """Refuse (429 ``throttled``) a JSON helper's call over the throttle's rate."""
    if calc_throttled(request):
        raise ServiceError("", "throttled", variant="calc")


def settings_query(config: dict[str, Any], names: list[str]) -> str:
    """The query string that gives these settings back (for the preview and analyse URLs)."""
    query = QueryDict(mutable=True)
    for key, value in rules_initial(config).items():
        query[key] = str(value)
    for field, name in zip(NAME_FIELDS, names, strict=True):
        if name:
            query[field] = name
    return query.urlencode()


def quick_table_link(config: dict[str, Any], names: list[str]) -> str:
    """开一桌 (a quick table) with the calculator's ruleset and names."""
    import json

    query = QueryDict(mutable=True)
    query["config"] = json.dumps(config, ensure_ascii=False, separators=(",", ":"))
    for i, name in enumerate(names):
        query[f"seat_{i}"] = name
    return f"{reverse('quick-new')}?{query.urlencode()}"


def calc_page(
    request: HttpRequest,
    *,
    form: CalcSettingsForm,
    config: dict[str, Any],
    names: list[str],
    initial: dict[str, Any] | None = None,
    errors: list[dict[str, str]] | None = None,
    shared: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    query = settings_query(config, names)
    rules_context = form_rules_context(config)
    players = rules_context["birds"]["players"]
    context = {
        "seats": form_seats(seat_names(names)[:players]),
        **rules_context,
        "lang": "en" if page_is_english() else "zh-hans",
        # the calculator's page keeps the hand across a change of rules (round-form-sync.js)
        "calculator": True,
        "prefill": {"dealer": 0, "dealers": [0], "note": ""},
        "initial": initial,
        "errors": errors or [],
        "urls": {
            "preview": f"{reverse('calc-preview')}?{query}",
            "analyse": f"{reverse('calc-analyse')}?{query}",
        },
    }
    return render(
        request,
        "scoring/calc.html",
        {
            "settings": form,
            "name_fields": form.name_fields()[:players],
            "sizes": table_sizes(config, names, players),
            "kong_pay": kong_pay_choices(config, names, bool(rules_context["rules"]["kong_pay"])),
            "rf_context": context,
            "form_action": f"{reverse('calc-share')}?{query}",
            # 开一桌 with these rules and names (docs/quick-tables.md)
            "quick_url": quick_table_link(config, [n.strip() for n in names[:players]]),
            "shared": shared,
        },
        status=status,
    )


def table_sizes(config: dict[str, Any], names: list[str], players: int) -> dict[str, Any]:
    """The calculator's table sizes (人数: 四人 / 三人 / 二人, the engine's words), each a
    link to the calculator under these settings at that size (缺一门 kept at two players
    only)."""
    info = PARAMETER_INFO["players"]
    sizes = []
    for value, label in value_choices("players"):
        size = int(value)
        changed = {**config, "players": size}
        if size != 2:
            changed.pop("quyimen", None)
        sizes.append(
            {
                "players": size,
                "label": label,
                "url": f"{reverse('calc')}?{settings_query(changed, names)}",
                "chosen": size == players,
            }
        )
    return {"label": info.name_en if page_is_english() else info.name_zh, "choices": sizes}


def kong_pay_choices(config: dict[str, Any], names: list[str], chosen: bool) -> dict[str, Any]:
    """The calculator's 杠分 (the engine's words: 杠分 是 / 否), up front beside the
    table's size: each answer a link to the calculator under these settings with it
    (``chosen``: the rules' answer now, the preset's when not set)."""
    info = PARAMETER_INFO["kong_pay"]
    choices = []
    for value, label in value_choices("kong_pay"):
        on = value == "true"
        choices.append(
            {
                "value": value,
                "label": label,
                "url": f"{reverse('calc')}?{settings_query({**config, 'kong_pay': on}, names)}",
                "chosen": on == chosen,
            }
        )
    return {"label": info.name_en if page_is_english() else info.name_zh, "choices": choices}


def calc(request: HttpRequest) -> HttpResponse:
    form, config, names = calc_settings(request.GET)
    if form.is_bound and form.is_valid() and any(v == "" for v in request.GET.values()):
        # The settings form sends every option, most of them blank (按预设): the address
        # keeps only what was chosen.
        return redirect(f"{reverse('calc')}?{settings_query(config, names)}")
    return calc_page(request, form=form, config=config, names=names)


def result_context(
    request: HttpRequest, *, config: dict[str, Any], names: list[str], data: dict[str, Any]
) -> dict[str, Any]:
    """Score the round (RoundRejected if the engine refuses it) and what the preview and
    the share box show for it."""
    result = services.round_calculate(data=data, ruleset_config=config)
    seats = seat_names(names)[: len(result["net"])]  # the table's n seats
    code = calc_encode(ruleset=config, names=names, data=data)
    return {
        **preview_rows(result, seats, payment_terms(data=data, config=config)),
        "result": result,
        "share_url": request.build_absolute_uri(reverse("calc-result", args=[code])),
        "record_url": reverse("calc-record", args=[code]),
    }


@require_POST
@answers_json
def calc_preview(request: HttpRequest) -> JsonResponse:
    """The round form's preview, for the calculator: every transfer and a share link."""
    calc_allowed(request)
    _form, config, names = calc_settings(request.GET)
    ctx = result_context(request, config=config, names=names, data=json_body(request))
    html = render_to_string("scoring/_preview.html", ctx, request=request) + render_to_string(
        "scoring/_calc_share.html", ctx, request=request
    )
    return JsonResponse({"html": html, "result": ctx["result"]})


@require_POST
@answers_json
def calc_analyse(request: HttpRequest) -> JsonResponse:
    """The tile picker's analysis, under the calculator's rules."""
    calc_allowed(request)
    _form, config, _names = calc_settings(request.GET)
    return JsonResponse(analyse_for_form(analyse_body(request), ruleset_config=config))


@require_POST
def calc_share(request: HttpRequest) -> HttpResponse:
    """The form's main button: the round's share page (its link reproduces the round)."""
    form, config, names = calc_settings(request.GET)
    if calc_throttled(request):
        return render(request, "429.html", status=429)
    round_form = RoundDataForm(request.POST)
    data = round_form.cleaned_data["data"] if round_form.is_valid() else None
    try:
        if data is None:
            raise form_rejection(round_form)
        services.round_calculate(data=data, ruleset_config=config)
    except RoundRejected as exc:
        return calc_page(
            request,
            form=form,
            config=config,
            names=names,
            initial=data,
            errors=localised_errors(exc),
            status=400,
        )
    return redirect("calc-result", code=calc_encode(ruleset=config, names=names, data=data))


def decoded(code: str) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    value = calc_decode(code=code)
    if value is None:
        raise Http404
    return value


def calc_result(request: HttpRequest, code: str) -> HttpResponse:
    """A shared round: its transfers, and the form holding it (to change and recompute)."""
    config, names, data = decoded(code)
    if calc_throttled(request):
        return render(request, "429.html", status=429)
    query = QueryDict(settings_query(config, names))
    form = CalcSettingsForm(query)
    try:
        shared = result_context(request, config=config, names=names, data=data)
        errors = None
    except RoundRejected as exc:
        shared, errors = None, localised_errors(exc)
    return calc_page(
        request,
        form=form,
        config=config,
        names=names,
        initial=data,
        errors=errors,
        shared=shared,
        status=400 if errors else 200,
    )


@login_required
def calc_record(request: HttpRequest, code: str) -> HttpResponse:
    """在我的俱乐部记录: the user's open session (straight there if only one) with the hand
    in its round form; the user checks the seats and saves it as usual."""
    decoded(code)
    sessions = selectors.session_list_open_for_user(user=request.user)
    links = [
        (s, reverse("round-new", args=[s.season.club.slug, s.pk]) + f"?calc={code}")
        for s in sessions
    ]
    if len(links) == 1:
        return redirect(links[0][1])
    return render(request, "scoring/calc_record.html", {"links": links})


def rules(request: HttpRequest) -> HttpResponse:
    """The rules pages: every preset with its parameters, and every hand type."""
    hand_types = [
        {
            "code": h.code,
            "name": hand_label(h.code),
            "kind": as_label(HAND_CLASSES[h.hand_class.value]),
            "weight": h.weight,
        }
        for h in HAND_TYPES.values()
    ]
    presets = presets_describe()
    english = page_is_english()
    for preset in presets:  # each value in words and each line in the page's language
        preset["name"] = preset["name_en"] if english else preset["name_zh"]
        preset["parameters"] = option_words({"preset": preset["code"]})
    return render(request, "scoring/rules.html", {"presets": presets, "hand_types": hand_types})
