"""Every URL of the site, as a concrete path, by walking the URL resolver: new routes are
covered without touching the tests."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

_CONVERTER = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")


@dataclass(frozen=True)
class Route:
    path: str
    name: str
    callback: Any


def _sample(converter: str, name: str, values: dict[str, Any]) -> str:
    if name in values:
        return str(values[name])
    return {"int": "1", "uuid": str(uuid.UUID(int=1))}.get(converter or "str", "x")


def _fill(route: str, values: dict[str, Any]) -> str:
    return _CONVERTER.sub(lambda m: _sample(m["conv"], m["name"], values), route)


_GROUP = re.compile(r"\(\?P<(?P<name>\w+)>[^()]*\)")


def _regex_path(regex: str, values: dict[str, Any]) -> str | None:
    text = regex.lstrip("^").rstrip("$").replace("\\Z", "")
    text = _GROUP.sub(
        lambda m: _sample(
            "int" if m["name"].endswith(("id", "pk", "number")) else "str", m["name"], values
        ),
        text,
    )
    if "(" in text or "[" in text or "*" in text or "+" in text or "?" in text:
        return None
    return text.replace("\\", "")


def all_routes(values: dict[str, Any] | None = None) -> list[Route]:
    """(path, name, view) for every URL pattern; ``values`` fills named parameters
    (e.g. {"slug": club.slug}); others get a plausible sample."""
    values = values or {}
    out: list[Route] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for p in patterns:
            if isinstance(p.pattern, RoutePattern):
                part: str | None = _fill(str(p.pattern), values)
            else:
                part = _regex_path(p.pattern.regex.pattern, values)
            if part is None:
                continue
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + part)
            elif isinstance(p, URLPattern):
                out.append(Route("/" + prefix + part, p.name or "", p.callback))

    walk(get_resolver().url_patterns, "")
    return out
