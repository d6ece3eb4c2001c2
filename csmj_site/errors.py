"""The service error: one typed error, ``(field, code, params)``, and its messages.

A ``ServiceError`` names the offending input (``field``: a dotted path, "" for the whole
request), a stable machine ``code`` and the ``params`` its message needs. Its message
comes from ``MESSAGES``, keyed by code: English (what the API answers), and through
Django's gettext in the page's language where a page shows it (zh_Hans catalogue).

This module imports no app of the project, so every layer may raise and catch it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

# code -> English message ({placeholders} are the params, plus {what}: the field's name,
# or "the body" for a request body). gettext_noop marks them for makemessages.
MESSAGES: dict[str, str] = {
    "malformed_json": gettext_noop("{what} is not valid JSON: {detail}"),
    "duplicate_key": gettext_noop('{what} has the key "{key}" more than once'),
    "too_deep": gettext_noop("{what} is nested more than {limit} levels deep"),
    "too_large": gettext_noop("{what} is larger than {limit} bytes"),
    "invalid_unicode": gettext_noop("{what} holds a lone UTF-16 surrogate"),
}


class ServiceError(Exception):
    """Refused input: ``field``, ``code`` and the ``params`` of its message."""

    def __init__(self, field: str, code: str, params: Mapping[str, Any] | None = None) -> None:
        if code not in MESSAGES:
            raise KeyError(f"no message for the error code {code!r}")
        self.field = field
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(self.message)

    def _render(self, template: str) -> str:
        what = "the body" if self.field == "body" else self.field or "the input"
        return template.format(**{"what": what, **self.params})

    @property
    def message(self) -> str:
        """The message in English (the API's language)."""
        return self._render(MESSAGES[self.code])

    def localised(self) -> str:
        """The message in the active language (for pages)."""
        return self._render(gettext(MESSAGES[self.code]))

    def as_dict(self) -> dict[str, str]:
        """The error in the API's format: ``{"field", "code", "message"}``."""
        return {"field": self.field, "code": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"ServiceError({self.field!r}, {self.code!r}, {self.params!r})"
