from django.apps import AppConfig


class StandingsConfig(AppConfig):
    name = "scoring.standings"
    label = "standings"
    verbose_name = "积分榜与等级分 Standings"
