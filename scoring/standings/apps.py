from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class StandingsConfig(AppConfig):
    name = "scoring.standings"
    label = "standings"
    verbose_name = gettext_lazy("积分榜与等级分")

    def ready(self) -> None:
        # The club's result pages and standings API, for a logged-out reader of a public
        # club: rendered once per version of what they show (csmj_site.etags).
        from csmj_site.etags import versioned_reads_register
        from scoring.standings.selectors import club_read_version

        versioned_reads_register(
            url_names=CLUB_READS,
            version=lambda kwargs: club_read_version(
                slug=kwargs.get("slug") or kwargs["club_slug"]
            ),
        )


# The reads that show a club's results: its board, a season's standings, a player's page,
# and the standings API.
CLUB_READS = ("club", "season", "player", "api-season-standings", "api-club-leaderboard")
