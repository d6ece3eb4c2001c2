from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = gettext_lazy("计分")
