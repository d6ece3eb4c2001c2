from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class StandingsConfig(AppConfig):
    name = "scoring.standings"
    label = "standings"
    verbose_name = gettext_lazy("积分榜与等级分")
