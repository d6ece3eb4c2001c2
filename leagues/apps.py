from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = gettext_lazy("俱乐部与联赛")
