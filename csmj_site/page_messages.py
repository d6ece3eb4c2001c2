"""A refused post, shown on the page it leads back to: one message per error, in the
reader's language. A service's ``ServiceErrors`` renders each error as ``str(error)``,
the catalogue's words for its code (``csmj_site.errors``), so a page says what the API
says for the same refusal."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest


def messages_refused(request: HttpRequest, exc: ValidationError) -> None:
    """Each of ``exc``'s messages as an error message for the next page."""
    for message in exc.messages:
        messages.error(request, message)
