"""The club's audit log page: organisers and owners only. Members get 403,
outsiders of a private club 404 (leagues.pages.club_access).

Included from csmj_site.urls (one line); the URL is /c/<slug>/audit/.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from leagues.audit import audit_list
from leagues.audit_text import audit_lines
from leagues.models import Club
from leagues.pages import club_context, club_view

PAGE_SIZE = 100


@club_view("manage")
def club_audit(request: HttpRequest, club: Club) -> HttpResponse:
    page = Paginator(audit_list(club=club), PAGE_SIZE).get_page(request.GET.get("page"))
    lines = audit_lines(page.object_list)
    return render(
        request, "audit/club_audit.html", club_context(request, club, page=page, lines=lines)
    )


urlpatterns = [path("c/<slug:slug>/audit/", club_audit, name="club-audit")]
