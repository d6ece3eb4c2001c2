from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = gettext_lazy("俱乐部与联赛")

    def ready(self) -> None:
        # The API schema's ErrorCode enum lists a token's errors (csmj_site.api_schema).
        from csmj_site.api_schema import error_codes_register
        from leagues.token_auth import TOKEN_ERROR_CODES

        error_codes_register(TOKEN_ERROR_CODES)
