"""A club, season or session named by an API URL, looked up for the caller: 404 for one that
is absent or that the caller may not read (never 403).
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from rest_framework.request import Request

from leagues.models import Club, Season
from leagues.permissions import club_for_reader
from scoring.models import Session


def club_of_url(request: Request, slug: str) -> Club:
    """404 for a club that is absent or that the user may not read (never 403)."""
    return club_for_reader(slug=slug, user=request.user)[0]


def season_of_url(request: Request, club_slug: str, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, club=club_of_url(request, club_slug))


def session_of_url(request: Request, club_slug: str, session_id: int) -> Session:
    club = club_of_url(request, club_slug)
    return get_object_or_404(
        Session.objects.select_related("season__club"), pk=session_id, season__club=club
    )
