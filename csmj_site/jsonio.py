"""The project's one JSON reader.

Every JSON text that comes from outside — API request bodies (``JsonBodyParser``, the
REST framework's parser in settings), JSON form fields, a JSON string inside JSON (a
ruleset's ``config``), import lines and the calculator — is read by ``json_parse``. It:

- limits the size (``max_bytes``) and the nesting (``MAX_DEPTH`` levels; ``json.loads``
  would hit RecursionError long before 100,000 levels);
- refuses a key that appears twice in one object (``duplicate_key``, naming the key: the
  last one would silently win), a lone UTF-16 surrogate ("\\ud800", which cannot be
  written back as UTF-8), NaN / Infinity (not JSON) and numbers too large for a float
  (``1e309`` would read as infinity);
- raises every failure as one ``csmj_site.errors.ServiceError`` with a field and a code:
  ``malformed_json``, ``duplicate_key``, ``too_deep``, ``too_large``, ``invalid_unicode``.

No other ``json.loads`` may read input on a request path (tests/csmj_site/test_json_reader.py
scans the code).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Mapping
from typing import IO, Any

from rest_framework.parsers import BaseParser
from rest_framework.renderers import JSONRenderer

from csmj_site.errors import ServiceError

MAX_DEPTH = 64
MAX_BYTES = 1024 * 1024  # when the caller gives no limit (a request body: the setting)
_SURROGATE = re.compile("[\ud800-\udfff]")
# A surrogate in a parsed string comes from the text: as itself, or as an escape \uD800–\uDFFF.
_SURROGATE_IN_TEXT = re.compile("[\ud800-\udfff]|\\\\u[dD][89a-f]", re.IGNORECASE)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e309: valid JSON text, but no number a program can hold
        raise ValueError(f"the number {text[:20]} is out of range")
    return value


def _pairs(field: str) -> Any:
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                raise ServiceError(field, "duplicate_key", {"key": _printable(key)})
            obj[key] = value
        return obj

    return pairs


def _printable(key: str) -> str:
    """A key for a message: lone surrogates escaped (they cannot be encoded)."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", key)[:100]


def _check(value: Any, field: str, max_depth: int, *, strings: bool = True) -> None:
    """Nesting (a value inside a container is one level deeper) and, with ``strings``, lone
    surrogates, iteratively (the check itself never recurses). Without ``strings`` only the
    containers are walked: one at the last level may hold nothing."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > max_depth:
            raise ServiceError(field, "too_deep", {"limit": max_depth})
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise ServiceError(field, "invalid_unicode")
            continue
        if not isinstance(item, dict | list):
            continue
        children = item.values() if isinstance(item, dict) else item
        if strings:
            if isinstance(item, dict):
                stack.extend((key, depth) for key in item)
            stack.extend((v, depth + 1) for v in children)
        elif item and depth == max_depth:
            raise ServiceError(field, "too_deep", {"limit": max_depth})
        else:
            stack.extend((v, depth + 1) for v in children if isinstance(v, dict | list))


def json_parse(
    text: str | bytes,
    *,
    field: str = "body",
    max_bytes: int | None = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    encoding: str = "utf-8",
) -> Any:
    """The JSON value of ``text``; ServiceError(field, code, params) when it is refused."""
    if max_bytes is not None and len(text) > max_bytes:
        raise ServiceError(field, "too_large", {"limit": max_bytes})
    if isinstance(text, bytes):
        try:
            text = text.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise ServiceError(
                field, "malformed_json", {"detail": f"the bytes are not {encoding}"}
            ) from exc
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs(field),
            parse_constant=_no_constant,
            parse_float=_finite_float,
        )
    except RecursionError:
        raise ServiceError(field, "too_deep", {"limit": max_depth}) from None
    except ValueError as exc:  # JSONDecodeError, NaN, an integer over 4300 digits
        detail = str(exc)
        if "int_max_str_digits" in detail:  # Python's own advice is not the client's
            detail = f"an integer has more than {sys.get_int_max_str_digits()} digits"
        raise ServiceError(field, "malformed_json", {"detail": detail}) from None
    # The strings are searched only when the text holds a surrogate or its escape (an
    # import line of a session has hundreds of strings and, nearly always, neither).
    if isinstance(value, dict | list):
        _check(value, field, max_depth, strings=_SURROGATE_IN_TEXT.search(text) is not None)
    elif isinstance(value, str) and _SURROGATE.search(value):
        raise ServiceError(field, "invalid_unicode")
    return value


def json_form_value(text: str, *, field: str) -> Any:
    """``json_parse`` for a form field: a refusal is the field's ValidationError, in the
    page's language, with the reader's code."""
    from django.core.exceptions import ValidationError

    try:
        return json_parse(text, field=field)
    except ServiceError as exc:
        raise ValidationError(exc.localised(), code=exc.code) from None


class JsonBodyParser(BaseParser):
    """The REST framework's parser for every API body: ``json_parse`` with the field
    "body" and DATA_UPLOAD_MAX_MEMORY_SIZE as the size limit."""

    media_type = "application/json"
    renderer_class = JSONRenderer

    def parse(
        self,
        stream: IO[bytes] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        from django.conf import settings

        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        body = stream.read() if stream is not None else b""
        return json_parse(
            body, field="body", max_bytes=settings.DATA_UPLOAD_MAX_MEMORY_SIZE, encoding=encoding
        )
