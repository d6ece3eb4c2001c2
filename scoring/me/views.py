"""我的 (/me/): the logged-in user's own page, across every club where a roster entry is
linked to them (``leagues.player_links``), with a year and a club filter."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from csmj_site.language import as_label, list_sep
from csmj_site.page_messages import messages_refused
from leagues import player_links
from leagues.models import Membership
from scoring.engine import HAND_CLASSES, HAND_TYPES, OUTCOMES
from scoring.me import selectors
from scoring.selectors import kong_title
from scoring.share_image import PlayerCard, player_card_png, png_response
from scoring.standings.cells import formula_safe


def hand_name(code: str) -> str:
    """A hand type's name in the page's language (the code itself when unknown)."""
    ht = HAND_TYPES.get(code)
    if ht is None:
        return code
    return ht.name_en if (get_language() or "").startswith("en") else ht.name_zh


def chart_data(report: selectors.MeReport) -> dict[str, Any]:
    """The chart's lines, named in the page's language (the first, all clubs together)."""
    chart = report.chart
    if not chart:
        return {}
    lines = [
        {"label": _("合计") if line["key"] == "all" else line["key"], "values": line["values"]}
        for line in chart["lines"]
    ]
    labels = [label or _("开始") for label in chart["labels"]]
    return {"labels": labels, "lines": lines, "latest": chart.get("latest")}


@login_required
def me(request: HttpRequest) -> HttpResponse:
    filters = selectors.MeFilters.from_query(request.GET)
    report = selectors.me_report(user=request.user, filters=filters)
    best = report.biggest_win
    return render(
        request,
        "me/me.html",
        {
            "report": report,
            "filters": filters,
            "chart": chart_data(report),
            "kong_title": kong_title(),
            "best_hands": [hand_name(c) for c in best.codes] if best else [],
        },
    )


# ---------------------------------------------------------------- privacy


@login_required
def privacy(request: HttpRequest) -> HttpResponse:
    """What is stored about the user, the downloads, hiding the name, removal."""
    players = selectors.linked_players(user=request.user)
    if request.method == "POST":
        action = request.POST.get("action")
        if action in ("hide", "show"):
            player_links.player_name_hide(user=request.user, hidden=action == "hide")
            messages.success(request, _("已保存。"))
            return redirect("me-privacy")
        if action == "remove":
            if request.POST.get("confirm", "").strip() != request.user.get_username():
                messages.error(request, _("请输入你的用户名以确认注销。"))
                return redirect("me-privacy")
            try:
                player_links.account_remove(user=request.user, actor=request.user)
            except ValidationError as exc:
                messages_refused(request, exc)
                return redirect("me-privacy")
            logout(request)
            messages.success(request, _("账户已注销，你的选手名字已匿名。"))
            return redirect("home")
    return render(
        request,
        "me/privacy.html",
        {
            "players": players,
            "hidden": any(p.name_hidden for p in players),
            "memberships": Membership.objects.filter(
                user_id=int(request.user.pk or 0)
            ).select_related("club"),
        },
    )


@login_required
def data_json(request: HttpRequest) -> HttpResponse:
    """Everything stored about the user, as JSON."""
    response = JsonResponse(
        selectors.me_data(user=request.user), json_dumps_params={"ensure_ascii": False}
    )
    response["Content-Disposition"] = 'attachment; filename="csmj-my-data.json"'
    return response


@login_required
def data_csv(request: HttpRequest) -> HttpResponse:
    """Every round the user played, across clubs, as CSV (one row a round)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="csmj-my-rounds.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with the mark
    writer = csv.writer(response)
    writer.writerow(selectors.EXPORT_COLUMNS)
    for row in selectors.me_rounds(user=request.user):
        writer.writerow(
            [
                formula_safe(" ".join(v) if isinstance(v, list) else str(v))
                if isinstance(v, (str, list))
                else v
                for v in (row[c] for c in selectors.EXPORT_COLUMNS)
            ]
        )
    return response


# ---------------------------------------------------------------- 年度战绩


def year_card(report: selectors.MeReport, *, year: int, name: str) -> PlayerCard:
    """The year in review (年度战绩) as the night's player card draws it: the year's net,
    rounds, wins, 自摸 and big hands, the biggest win, the most frequent tablemates."""
    t = report.totals
    best = report.biggest_win
    best_text = ""
    if best is not None:
        hands = list_sep().join(hand_name(c) for c in best.codes)
        best_text = _("最大的一盘：%(net)s %(hands)s（%(club)s）") % {
            "net": f"{best.net:+d}",  # a round won at a loss is the biggest of none gained
            "hands": hands,
            "club": best.club.name,
        }
    mates = list_sep().join(r.opponent.display_name for r in report.rivals[:3])
    return PlayerCard(
        title=_("%(year)s 年度战绩") % {"year": year},
        subtitle=list_sep().join(c.club.name for c in report.clubs),
        name=name,
        rank=_("%(sessions)s 场 · %(rounds)s 盘") % {"sessions": t.sessions, "rounds": t.rounds},
        total=t.net,
        facts=[
            (_("胡牌"), str(t.wins)),
            (as_label(OUTCOMES["self_draw"]), str(t.self_draws)),
            (as_label(HAND_CLASSES["big"]), str(t.big_hands)),
            (_("每盘平均"), f"{t.avg_per_round:.1f}"),
        ],
        best=best_text,
        footer=_("常一起打：%(names)s") % {"names": mates} if mates else "csmj",
    )


@login_required
def year_image(request: HttpRequest) -> HttpResponse:
    """年度战绩 as a PNG for the group chat: ``?year=`` (default: this year)."""
    filters = selectors.MeFilters.from_query(request.GET)
    year = filters.year or timezone.localdate().year
    report = selectors.me_report(
        user=request.user, filters=selectors.MeFilters(year=year, club=filters.club)
    )
    name = list_sep().join(dict.fromkeys(p.display_name for p in report.players)) or (
        request.user.get_username()
    )
    card = year_card(report, year=year, name=name)
    return png_response(lambda: player_card_png(card), f"csmj-{year}.png")
