"""A calculator round in a link: the rules, the four names and the round, packed into one
URL-safe code (compact JSON, raw deflate, base64url). Nothing is stored on the server; the link
itself is the calculation, so anyone who opens it sees the same round scored the same way.
The calculator's pages encode and show it; the round form opens a session's round with its
hand (``?calc=<code>``).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from csmj_site.errors import ServiceError
from csmj_site.jsonio import json_parse

MAX_CODE_LENGTH = 4000  # characters of a code; a round with tiles is well under 1000
MAX_JSON_BYTES = 16_000


def calc_encode(*, ruleset: dict[str, Any], names: list[str], data: dict[str, Any]) -> str:
    text = json.dumps(
        {"r": ruleset, "n": names, "d": data}, ensure_ascii=False, separators=(",", ":")
    )
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: no header, shorter
    packed = deflater.compress(text.encode("utf-8")) + deflater.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def calc_decode(*, code: str) -> tuple[dict[str, Any], list[str], dict[str, Any]] | None:
    """(ruleset config, four names, round) from a code, or None for anything that is not
    a code made by ``calc_encode`` (the round itself is checked by the engine later)."""
    if not code or len(code) > MAX_CODE_LENGTH:
        return None
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj(-15)
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            return None
        value = json_parse(raw, field="calc", max_bytes=MAX_JSON_BYTES)
    except (binascii.Error, zlib.error, ValueError, ServiceError):
        return None
    if not isinstance(value, dict):
        return None
    ruleset, names, data = value.get("r"), value.get("n"), value.get("d")
    if not isinstance(ruleset, dict) or not isinstance(data, dict):
        return None
    if not isinstance(names, list) or len(names) != 4:
        return None
    if not all(isinstance(n, str) and len(n) <= 60 for n in names):
        return None
    return ruleset, names, data


def calc_round_initial(*, code: str) -> dict[str, Any] | None:
    """The hand a calculator link (``?calc=<code>``) brings to a session's round form."""
    value = calc_decode(code=code)
    return value[2] if value else None
