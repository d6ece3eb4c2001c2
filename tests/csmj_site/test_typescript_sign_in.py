"""A phone app's sign-in in TypeScript: the PKCE challenge, the authorization URL, and
GET /api/v1/me/ typed by openapi-typescript from docs/openapi.yaml
(tests/csmj_site/typescript/sign_in.ts), under tsc --noEmit --strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.csmj_site.test_typescript_client import tools, typecheck  # noqa: F401 (fixture)

SOURCE = Path(__file__).resolve().parent / "typescript" / "sign_in.ts"

pytestmark = pytest.mark.slow


def test_an_apps_sign_in_and_who_am_i_type_check_against_the_schema(tools, tmp_path):  # noqa: F811
    checked = typecheck(tools, tmp_path, SOURCE.read_text(encoding="utf-8"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_scope_the_schema_does_not_know_does_not_type_check(tools, tmp_path):  # noqa: F811
    source = SOURCE.read_text(encoding="utf-8").replace(
        'scopes.includes("record")', 'scopes.includes("write")'
    )
    checked = typecheck(tools, tmp_path, source)
    assert checked.returncode != 0
    assert "write" in checked.stdout
