from django.apps import AppConfig
from django.utils.translation import gettext_lazy

from scoring.engine import ALL_MESSAGES


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = gettext_lazy("计分")

    def ready(self) -> None:
        # The audit log (leagues) names the players of a session's rounds through us.
        from leagues.audit import seat_names_provide
        from scoring.selectors import session_seat_names

        seat_names_provide(session_seat_names)

        # The API schema's ErrorCode enum lists the engine's codes (csmj_site.api_schema).
        from csmj_site.api_schema import error_codes_register
        from scoring.idempotency import IdempotencyMismatch

        error_codes_register([*ALL_MESSAGES, str(IdempotencyMismatch.default_code)])

        # The API's POSTs that honour Idempotency-Key keep their answers with us.
        from csmj_site.api import idempotency_register
        from scoring.idempotency import run

        idempotency_register(run)
