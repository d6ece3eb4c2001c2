"""URLs of scoring's API. ``urlpatterns``: the calculator's, under /api/v1/ (score/,
rulesets/, analyse/, parse/) and 我的's figures (me/stats/). ``club_urlpatterns``: the club's resources that are not a
viewset's (a session's finish and reopen, a season's paper sessions, ratings and CSV
downloads), which ``csmj_site.api_urls`` routes beside the viewsets."""

from __future__ import annotations

from django.urls import path, re_path

from scoring.api import analyse, calculator, paper_sessions, parse, sessions, standings
from scoring.me import api as me_api

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"

urlpatterns = [
    path("score/", calculator.score, name="api-score"),
    path("rulesets/", calculator.rulesets, name="api-rulesets"),
    path("analyse/", analyse.analyse, name="api-analyse"),
    path("parse/", parse.parse, name="api-parse"),
    path("me/stats/", me_api.stats, name="api-me-stats"),
]

_SEASON = rf"^{CLUB}/seasons/(?P<id>[0-9]+)"
_SESSION = rf"^{CLUB}/sessions/(?P<id>[0-9]+)"
club_urlpatterns = [
    re_path(rf"{_SESSION}/finish/$", sessions.session_finish_view, name="api-session-finish"),
    re_path(rf"{_SESSION}/reopen/$", sessions.session_reopen_view, name="api-session-reopen"),
    re_path(
        rf"{_SEASON}/paper-sessions/$", paper_sessions.paper_session_view, name="api-paper-session"
    ),
    re_path(rf"{_SEASON}/ratings/$", standings.season_ratings_view, name="api-season-ratings"),
    re_path(
        rf"{_SEASON}/standings\.csv$",
        standings.season_standings_csv_view,
        name="api-standings-csv",
    ),
    re_path(rf"{_SEASON}/rounds\.csv$", standings.season_rounds_csv_view, name="api-rounds-csv"),
]
