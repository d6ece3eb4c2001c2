"""Validate real answers of the API against the schema it publishes (docs/openapi.yaml).

``assert_matches_schema(response)`` finds the operation of the request (its path and
method), the answer's status and JSON body, and validates the body against the
declared schema with jsonschema (OpenAPI 3.0's ``nullable`` read as JSON Schema's
``null``). Objects are closed: a field the schema does not declare fails too, so a
generated client never meets a key it has no model for.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "docs" / "openapi.yaml"
_ROOT = "urn:csmj-openapi"


def _converted(value: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema 2020-12: ``nullable`` as a null branch,
    references into the document made absolute, objects closed."""
    if isinstance(value, list):
        return [_converted(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _converted(v) for k, v in value.items() if k not in ("nullable", "discriminator")}
    if "$ref" in out:
        out["$ref"] = _ROOT + out["$ref"]
    if out.get("type") == "object" and "properties" in out:
        out.setdefault("additionalProperties", False)
    if value.get("nullable"):
        out = {"anyOf": [{"type": "null"}, out]}
    if "enum" in value and value.get("nullable") and None not in value["enum"]:
        out["anyOf"][1]["enum"] = [*value["enum"], None]
    return out


@functools.cache
def schema_document() -> dict[str, Any]:
    return yaml.safe_load(SCHEMA_FILE.read_text(encoding="utf-8"))


@functools.cache
def _registry() -> Registry:
    contents = {"components": _converted(schema_document()["components"])}
    return Registry().with_resource(
        _ROOT, Resource.from_contents(contents, default_specification=DRAFT202012)
    )


@functools.cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    routes = []
    for template in schema_document()["paths"]:
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
        routes.append((re.compile(f"^{pattern}$"), template))
    # The literal segments first (rounds/preview/ before rounds/{number}/).
    routes.sort(key=lambda r: r[1].count("{"))
    return routes


def operation_of(method: str, path: str) -> tuple[str, dict[str, Any]]:
    """(path template, operation) of a request; AssertionError for a path the schema
    does not declare."""
    for pattern, template in _routes():
        if pattern.match(path):
            item = schema_document()["paths"][template]
            assert method.lower() in item, f"{method} {template} is not in the schema"
            return template, item[method.lower()]
    raise AssertionError(f"{path} is not in the schema")


def _response_schema(operation: dict[str, Any], status: int) -> dict[str, Any] | None:
    responses = operation["responses"]
    assert str(status) in responses, (
        f"{operation['operationId']} answered {status}, which the schema does not declare"
    )
    content = responses[str(status)].get("content")
    if not content:
        return None
    assert "application/json" in content, (operation["operationId"], status, list(content))
    return content["application/json"].get("schema")


def assert_matches_schema(response: Any) -> Any:
    """The response's JSON body (or None), having validated it against the schema of
    its operation and status. ``response`` is a Django/DRF test client's response."""
    request = response.wsgi_request
    template, operation = operation_of(request.method, request.path)
    schema = _response_schema(operation, response.status_code)
    if schema is None:
        assert not response.content, (operation["operationId"], response.status_code)
        return None
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = json.loads(response.content)
    validator = Draft202012Validator(
        _converted(schema), registry=_registry(), format_checker=FormatChecker()
    )
    errors = sorted(validator.iter_errors(body), key=lambda e: list(e.absolute_path))
    if errors:
        lines = [
            f"{'.'.join(map(str, e.absolute_path)) or '(body)'}: {e.message[:300]}"
            for e in errors[:10]
        ]
        raise AssertionError(
            f"{request.method} {template} ({operation['operationId']}) answered "
            f"{response.status_code} with a body the schema does not allow:\n" + "\n".join(lines)
        )
    return body
