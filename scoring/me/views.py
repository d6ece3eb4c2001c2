"""我的 (/me/): the logged-in user's own page, across every club where a roster entry is
linked to them (``leagues.player_links``), with a year and a club filter."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import HAND_TYPES
from scoring.me import selectors
from scoring.selectors import kong_title


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
    return {"labels": labels, "lines": lines}


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
