"""The OpenAPI schema's finishing touches (drf-spectacular post-processing hooks, in
settings.SPECTACULAR_SETTINGS), so that a client generated from it can live on it:

- ``_error_codes``: ``ErrorItem.code`` is ``ErrorCode``, an open string (a client built
  today keeps parsing a code added later) whose ``x-known-codes`` list every code the API
  can answer today (the service error catalogue, the codes the apps register, DRF's and
  Django's own); ``GET /api/v1/error-codes/`` answers the same list;
- ``_one_shape``: a request component that is its response component (``RoundDataRequest``
  and ``RoundData``) is merged into it, so what a read returns can be posted back as it is;
- ``_parameters_and_headers``: path ids are integers, every path parameter is described
  (and each ``ordering`` value has a name for generated enums, ``NET_DESC``);
  response headers are declared (``WWW-Authenticate`` on 401, ``Retry-After`` on 429 and
  503, ``Idempotent-Replayed`` where an ``Idempotency-Key`` is accepted, ``ETag`` on an
  answer that is one round); a response
  without a description gets one.

This module imports no app: the apps hand their codes over with ``error_codes_register``
(from their AppConfig.ready).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar, cast

from django import forms
from django.core import validators
from rest_framework import exceptions, fields, relations, serializers
from rest_framework import validators as drf_validators

from csmj_site.errors import MESSAGES

# ---------------------------------------------------------------- error codes

_REGISTERED: set[str] = set()

# Codes the site's own helpers answer outside DRF (csmj_site.middleware).
_MIDDLEWARE_CODES = {
    "not_found",
    "service_unavailable",
    "locked_out",
    "too_large",
    "length_required",
}


def error_codes_register(codes: Iterable[str]) -> None:
    """Codes an app answers (the engine's catalogue, a token's errors …)."""
    _REGISTERED.update(codes)


def _default_codes(classes: Iterable[type]) -> set[str]:
    codes: set[str] = set()
    for cls in classes:
        for klass in cls.__mro__:
            codes.update(getattr(klass, "default_error_messages", {}))
    return codes


T = TypeVar("T")


def _subclasses(base: type[T]) -> list[type[T]]:
    found = [base]
    sub: type[T]
    for sub in base.__subclasses__():
        found += _subclasses(sub)
    return found


def error_codes() -> list[str]:
    """Every code an ``ErrorItem`` can carry, sorted."""
    codes = {key.split(":", 1)[0] for key in MESSAGES} | _REGISTERED | _MIDDLEWARE_CODES
    codes |= {cls.default_code for cls in _subclasses(exceptions.APIException)}
    codes |= _default_codes(_subclasses(fields.Field))
    codes |= _default_codes([relations.PrimaryKeyRelatedField, serializers.Serializer])
    codes |= _default_codes(_subclasses(forms.Field))
    codes |= {
        code
        for module in (validators, drf_validators)
        for value in vars(module).values()
        if isinstance(value, type) and isinstance(code := getattr(value, "code", None), str)
    }
    # A model's own checks (full_clean), as services raise them.
    codes |= {"invalid", "required", "unique", "unique_together", "unique_for_date"}
    return sorted(code for code in codes if isinstance(code, str) and code)


def _error_codes(result: dict[str, Any]) -> None:
    schemas = result["components"]["schemas"]
    schemas["ErrorCode"] = {
        "type": "string",
        "description": "A stable machine code. An open string: new codes may be added, so "
        "a client should read an unknown code as a refusal of that field. The codes "
        "known today are listed in x-known-codes and by GET /api/v1/error-codes/; the "
        "codes of a round are the engine's (docs/engine.md), the others the site's "
        "catalogue and DRF's field codes.",
        "x-known-codes": error_codes(),
    }
    item = schemas["ErrorItem"]["properties"]["code"]
    description = item.pop("description", "")
    schemas["ErrorItem"]["properties"]["code"] = {
        "allOf": [{"$ref": "#/components/schemas/ErrorCode"}],
        "description": description,
    }


# ---------------------------------------------------------------- one shape


def _ref(name: str) -> str:
    return f"#/components/schemas/{name}"


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every reference to a component of ``names`` made to its new name
    (the order of keys kept)."""
    refs = {_ref(old): _ref(new) for old, new in names.items()}
    if isinstance(value, dict):
        return {k: refs.get(v, v) if k == "$ref" else _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return value


def _loose(value: Any) -> Any:
    """``value`` without the ``minLength: 1`` a request adds to every text that may not be
    blank (what a read returns was accepted, so the written form holds for it too)."""
    if isinstance(value, dict):
        return {k: _loose(v) for k, v in value.items() if (k, v) != ("minLength", 1)}
    if isinstance(value, list):
        return [_loose(v) for v in value]
    return value


def _one_shape(result: dict[str, Any]) -> dict[str, Any]:
    schemas = result["components"]["schemas"]
    twins = {
        name: name.removesuffix("Request")
        for name in schemas
        if name.endswith("Request") and name.removesuffix("Request") in schemas
    }
    # The largest set of twins that are equal once every twin is read as its original.
    while True:
        different = {
            name
            for name, original in twins.items()
            if _loose(_renamed(schemas[name], twins)) != _loose(_renamed(schemas[original], twins))
        }
        if not different:
            break
        twins = {name: original for name, original in twins.items() if name not in different}
    for name, original in twins.items():
        schemas[original] = schemas.pop(name)  # the written form: its minLength holds too
    return cast(dict[str, Any], _renamed(result, twins))


# ---------------------------------------------------------------- parameters, headers

_PATH_IDS = {
    "session_id": "The session's id.",
    "season_id": "The season's id.",
    "number": "The round number within its session (1, 2, …).",
}
_HEADERS = {
    "401": {
        "WWW-Authenticate": {
            "schema": {"type": "string"},
            "description": "How to authenticate: Bearer (a personal token), or Session.",
        }
    },
    "429": {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "description": "Seconds to wait before the next call.",
        }
    },
    "503": {
        "Retry-After": {
            "schema": {"type": "integer", "minimum": 0},
            "description": "Seconds to wait before retrying.",
        }
    },
}
REPLAYED_HEADER = {
    "Idempotent-Replayed": {
        "schema": {"type": "string", "enum": ["true"]},
        "description": "Present (true) when this is the stored answer to an earlier request "
        "with the same Idempotency-Key: nothing new was stored.",
    }
}
ETAG_HEADER = {
    "ETag": {
        "schema": {"type": "string"},
        "description": 'The round\'s version, quoted ("2"): send it as If-Match to correct '
        "or void exactly this version.",
    }
}
_STATUS_WORDS = {"200": "Success", "201": "Stored", "204": "Done"}


def _is_one_round(response: dict[str, Any]) -> bool:
    schema = response.get("content", {}).get("application/json", {}).get("schema", {})
    return bool(schema.get("$ref", "").endswith("/Round"))


def _singular(segment: str) -> str:
    return segment.removesuffix("s").replace("-", " ")


def _parameters_and_headers(result: dict[str, Any]) -> None:
    for path, item in result["paths"].items():
        segments = path.strip("/").split("/")
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                name = parameter["name"]
                if name == "ordering" and "enum" in parameter["schema"]:
                    # Generated enums name "-net" NET_DESC (not VALUE_1).
                    parameter["schema"]["x-enum-varnames"] = [
                        f"{value.lstrip('-').upper()}{'_DESC' if value[0] == '-' else ''}"
                        for value in parameter["schema"]["enum"]
                    ]
                if parameter["in"] != "path":
                    continue
                if name == "id":
                    owner = _singular(segments[segments.index("{id}") - 1])
                    parameter["description"] = f"The {owner}'s id."
                elif name in _PATH_IDS:
                    parameter["description"] = _PATH_IDS[name]
                elif name == "club_slug":
                    parameter.setdefault("description", "The club's slug.")
                if name == "id" or name in _PATH_IDS:
                    parameter["schema"] = {"type": "integer", "minimum": 1}
            body = operation.get("requestBody")
            if body is not None and "application/json" in body.get("content", {}):
                body["required"] = True  # a write takes a JSON object, {} at least
            idempotent = any(
                p["name"] == "Idempotency-Key" for p in operation.get("parameters", [])
            )
            summary = operation.get("summary", "")
            for code, response in operation["responses"].items():
                headers = dict(_HEADERS.get(code, {}))
                if idempotent and code.startswith("2"):
                    headers.update(REPLAYED_HEADER)
                if code.startswith("2") and _is_one_round(response):
                    headers.update(ETAG_HEADER)
                if headers:
                    response.setdefault("headers", {}).update(headers)
                if not response.get("description"):
                    response["description"] = f"{_STATUS_WORDS.get(code, 'Success')}: {summary}."


def _enum_names(result: dict[str, Any]) -> None:
    """An enum with a value that is no name (``"48"``) names each value for generated
    code: ``VALUE_48``, ``NONE`` (not ``VALUE_0`` for ``"48"``)."""
    for schema in result["components"]["schemas"].values():
        values = schema.get("enum")
        if not values or "x-enum-varnames" in schema or None in values:
            continue
        if all(isinstance(v, str) and v[:1].isalpha() for v in values):
            continue
        schema["x-enum-varnames"] = [
            str(v).upper() if str(v)[:1].isalpha() else f"VALUE_{v}" for v in values
        ]


def finish(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """The hook (after drf-spectacular's enum hook): every touch above, in order."""
    _error_codes(result)
    _enum_names(result)
    _parameters_and_headers(result)
    return _one_shape(result)
