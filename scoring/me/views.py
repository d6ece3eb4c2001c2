"""我的: the logged-in user's own page, across every club where a roster entry is theirs."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoring.me import selectors


@login_required
def me(request: HttpRequest) -> HttpResponse:
    filters = selectors.MeFilters.from_query(request.GET)
    report = selectors.me_report(user=request.user, filters=filters)
    return render(request, "me/me.html", {"report": report, "filters": filters})
