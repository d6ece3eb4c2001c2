"""A logging filter: ``SecretMaskingFilter`` replaces API tokens, Authorization headers,
passwords in URLs, the SECRET_KEY, the database and SMTP passwords with "********" in every
record it passes (settings.LOGGING).
"""

from __future__ import annotations

import logging
import re

from django.conf import settings

MASK = "********"
_TOKEN = re.compile(r"csmj_[A-Za-z0-9_\-]{8,}")
_AUTH_HEADER = re.compile(r"(?i)\b(bearer|token|basic)\s+[A-Za-z0-9_\-.=+/]{8,}")
_URL_PASSWORD = re.compile(r"(\w+://[^:/@\s]*:)[^@\s]+(@)")
_PASSWORD_FIELD = re.compile(r"(?i)(password['\"]?\s*[:=]\s*['\"]?)[^'\"\s,&}]+")


def _known_secrets() -> list[str]:
    secrets = [settings.SECRET_KEY, getattr(settings, "EMAIL_HOST_PASSWORD", "")]
    for db in settings.DATABASES.values():
        if db.get("PASSWORD"):
            secrets.append(str(db["PASSWORD"]))
    return [s for s in secrets if len(s) >= 6]


def mask_secrets(text: str) -> str:
    for secret in _known_secrets():
        text = text.replace(secret, MASK)
    text = _TOKEN.sub(MASK, text)
    text = _AUTH_HEADER.sub(lambda m: f"{m.group(1)} {MASK}", text)
    text = _URL_PASSWORD.sub(rf"\g<1>{MASK}\g<2>", text)
    return _PASSWORD_FIELD.sub(rf"\g<1>{MASK}", text)


class SecretMaskingFilter(logging.Filter):
    """Masks secrets in the message and the traceback of every record it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            record.msg = mask_secrets(record.getMessage())
            record.args = None
            if record.exc_info and not record.exc_text:
                record.exc_text = logging.Formatter().formatException(record.exc_info)
            if record.exc_text:
                record.exc_text = mask_secrets(record.exc_text)
        except Exception:  # a log line must never break the request
            record.msg, record.args = "(log message withheld: it could not be masked)", None
        return True
