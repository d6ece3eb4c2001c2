"""URLs of the REST API's resources, included under /api/v1/ (next to score/, analyse/,
parse/ and rulesets/, which scoring.api.urls serves). The one URL file that routes both
apps' resources: the leagues viewsets, with the standings actions scoring.api.standings
adds."""

from django.urls import path, re_path
from rest_framework.routers import SimpleRouter

from csmj_site.api import error_codes_view
from leagues.api import me, rulesets
from scoring.api import rounds, sessions, standings
from scoring.api.urls import club_urlpatterns
from scoring.events.api import events, penalties
from scoring.events.api.urls import urlpatterns as event_card_urlpatterns
from scoring.quick import api_urls as quick_api_urls
from scoring.sync import api as sync_api

CLUB = r"clubs/(?P<club_slug>[-a-zA-Z0-9_]+)"

router = SimpleRouter()
router.register("clubs", standings.ClubViewSet, basename="api-club")
router.register(f"{CLUB}/players", standings.PlayerViewSet, basename="api-player")
router.register(f"{CLUB}/rulesets", rulesets.RulesetViewSet, basename="api-ruleset")
router.register(f"{CLUB}/seasons", standings.SeasonViewSet, basename="api-season")
router.register(f"{CLUB}/sessions", sessions.SessionViewSet, basename="api-session")
router.register(
    rf"{CLUB}/sessions/(?P<session_id>[0-9]+)/rounds", rounds.RoundViewSet, basename="api-round"
)
router.register(f"{CLUB}/events", events.EventViewSet, basename="api-event")
router.register(f"{CLUB}/penalties", penalties.PenaltyViewSet, basename="api-penalty")

# Finish/reopen sessions, paper sessions, ratings, CSV exports; the nights' result cards.
urlpatterns = [
    path("me/", me.MeView.as_view(), name="api-me"),
    path("error-codes/", error_codes_view, name="api-error-codes"),
    *quick_api_urls.urlpatterns,
    *club_urlpatterns,
    *event_card_urlpatterns,
    # A club's changes feed, for apps that sync.
    re_path(rf"^{CLUB}/changes/$", sync_api.ChangesView.as_view(), name="api-changes"),
    *router.urls,
]
