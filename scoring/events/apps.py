from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class EventsConfig(AppConfig):
    name = "scoring.events"
    label = "events"
    verbose_name = gettext_lazy("比赛之夜")
