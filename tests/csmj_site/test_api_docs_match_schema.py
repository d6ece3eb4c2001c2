"""docs/api.md and docs/openapi.yaml say the same things: the error codes by status and
the limits the docs list are the ones the schema declares."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from csmj_site.jsonio import MAX_DEPTH
from tests.api_helpers import committed_schema

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
SCHEMA = committed_schema()
ROUNDS = "/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/"


def section(title: str) -> str:
    return DOCS.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def table_rows(title: str) -> list[list[str]]:
    rows = [line.strip("|").split("|") for line in section(title).splitlines()]
    return [[cell.strip() for cell in row] for row in rows[2:] if len(row) > 1]


def error_rows() -> dict[int, set[str]]:
    rows = [r for r in table_rows("Errors by status") if r[0].isdigit()]
    return {int(r[0]): set(re.findall(r"`([a-z_]+)`", r[1])) for r in rows}


def declared_statuses() -> set[int]:
    return {
        int(code)
        for item in SCHEMA["paths"].values()
        for method, operation in item.items()
        if method in ("get", "post", "put", "patch")
        for code in operation["responses"]
        if int(code) >= 400
    }


def test_the_docs_list_every_error_status_the_schema_declares_and_no_other():
    assert set(error_rows()) == declared_statuses()


@pytest.mark.parametrize("status", sorted(declared_statuses()))
def test_every_code_the_docs_list_is_in_the_schemas_error_code_enum(status):
    enum = set(SCHEMA["components"]["schemas"]["ErrorCode"]["x-known-codes"])
    codes = error_rows()[status]
    assert codes, status
    assert codes <= enum, codes - enum


def test_the_page_size_limits_are_the_schemas():
    [row] = [r for r in table_rows("Limits") if r[0] == "`page_size`"]
    default, maximum = map(int, re.findall(r"\d+", row[1]))
    sessions = SCHEMA["paths"]["/api/v1/clubs/{club_slug}/sessions/"]["get"]["parameters"]
    [page_size] = [p["schema"] for p in sessions if p["name"] == "page_size"]
    assert (page_size["default"], page_size["maximum"]) == (default, maximum)
    assert "default 50, at most 200" in section("Conventions")


def test_the_idempotency_key_limits_are_the_schemas():
    [row] = [r for r in table_rows("Limits") if r[0] == "`Idempotency-Key`"]
    low, high = map(int, re.findall(r"\d+", row[1]))
    [key] = [p for p in SCHEMA["paths"][ROUNDS]["post"]["parameters"] if p["in"] == "header"]
    assert (key["schema"]["minLength"], key["schema"]["maxLength"]) == (low, high)


def test_the_body_and_nesting_limits_are_the_sites_and_declared():
    [body] = [r for r in table_rows("Limits") if r[0] == "request body"]
    assert int(re.findall(r"\d+", body[1])[0]) == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    [nesting] = [r for r in table_rows("Limits") if r[0] == "JSON nesting"]
    assert int(re.findall(r"\d+", nesting[1])[0]) == MAX_DEPTH
    assert "413" in SCHEMA["paths"][ROUNDS]["post"]["responses"]
