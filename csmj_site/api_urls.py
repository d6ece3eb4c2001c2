"""URLs of the REST API's resources, included under /api/v1/ (next to score/, analyse/
and rulesets/, which scoring.api_urls serves). The one URL file that routes both apps'
resources: the leagues viewsets, with the standings actions scoring.api_standings adds."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from leagues import api_me, api_views
from scoring import api_rounds, api_sessions, api_standings
from scoring.events import api as events_api
from scoring.quick import api_urls as quick_api_urls

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
    *quick_api_urls.urlpatterns,
    *api_sessions.urlpatterns,
    *events_api.urlpatterns,
    *router.urls,
]
