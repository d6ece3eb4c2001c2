"""URLs of the REST API's resources, included under /api/v1/ (next to score/, analyse/
and rulesets/, which scoring.api_urls serves). The one URL file that routes both apps'
resources: the leagues viewsets, with the standings actions scoring.api.standings adds."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from csmj_site.api import error_codes_view
from leagues.api import clubs as api_views
from leagues.api import me as api_me
from scoring.api import paper_sessions as api_sessions
from scoring.api import rounds as api_rounds
from scoring.api import standings as api_standings
from scoring.events.api import events as events_api

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"

router = SimpleRouter()
router.register("clubs", api_standings.ClubViewSet, basename="api-club")
router.register(f"{CLUB}/players", api_standings.PlayerViewSet, basename="api-player")
router.register(f"{CLUB}/rulesets", api_views.RulesetViewSet, basename="api-ruleset")
router.register(f"{CLUB}/seasons", api_standings.SeasonViewSet, basename="api-season")
router.register(f"{CLUB}/sessions", api_rounds.SessionViewSet, basename="api-session")
router.register(
    rf"{CLUB}/sessions/(?P<session_id>[0-9]+)/rounds", api_rounds.RoundViewSet, basename="api-round"
)
router.register(f"{CLUB}/events", events_api.EventViewSet, basename="api-event")
router.register(f"{CLUB}/penalties", events_api.PenaltyViewSet, basename="api-penalty")

# Finish/reopen sessions, paper sessions, ratings, CSV exports; the nights' result cards.
urlpatterns = [
    path("me/", api_me.MeView.as_view(), name="api-me"),
    path("error-codes/", error_codes_view, name="api-error-codes"),
    *api_sessions.urlpatterns,
    *events_api.urlpatterns,
    *router.urls,
]
