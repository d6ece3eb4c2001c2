"""The recording pages' JSON helpers (the round form's preview, save and tile analysis, the
calculator): the posted JSON read through ``csmj_site.jsonio``, the tile picker's body,
and a refusal's errors in the page's language, the round form's own refusals shaped like
the service's.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from csmj_site.errors import ServiceError, ServiceErrors, reject
from csmj_site.jsonio import json_parse
from scoring.recording.forms import RoundDataForm
from scoring.services import RoundRejected


def localised_errors(exc: ServiceErrors) -> list[dict[str, str]]:
    """The rejection's errors with ``message`` in the page's language."""
    return exc.localised()


def form_rejection(form: RoundDataForm) -> RoundRejected:
    """The round form's own refusal, shaped like the service's: every error of every
    field (``data``: no JSON object posted, or JSON the reader refused; ``number``: not a
    whole number), each with its code. ``data`` errors concern the whole round (field "")."""
    return RoundRejected(
        ServiceError.written(
            "" if name in ("data", "__all__") else name, error.code or "invalid", message
        )
        for name, items in form.errors.as_data().items()
        for error in items
        for message in error.messages
    )


def json_body(request: HttpRequest) -> Any:
    """The posted JSON (csmj_site.jsonio); ServiceError when the reader refuses it."""
    return json_parse(request.body or b"null", field="body")


def analyse_body(request: HttpRequest) -> dict[str, Any]:
    """The tile picker's posted JSON: an object with ``tiles`` (a string)."""
    body = json_body(request)
    if not isinstance(body, dict) or not isinstance(body.get("tiles"), str):
        raise reject("tiles", "required", "tiles")
    return body
