"""A phone app's quick table in TypeScript: a table opened without an account, a sentence
parsed and recorded with the table's key, the table read back, typed by
openapi-typescript from docs/openapi.yaml (tests/csmj_site/typescript/quick_table.ts),
under tsc --noEmit --strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.csmj_site.test_typescript_client import tools, typecheck  # noqa: F401 (fixture)

SOURCE = Path(__file__).resolve().parent / "typescript" / "quick_table.ts"

pytestmark = pytest.mark.slow


def test_an_apps_quick_table_with_a_spoken_round_type_checks_against_the_schema(tools, tmp_path):  # noqa: F811
    checked = typecheck(tools, tmp_path, SOURCE.read_text(encoding="utf-8"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_table_answer_read_as_what_it_is_not_does_not_type_check(tools, tmp_path):  # noqa: F811
    source = SOURCE.read_text(encoding="utf-8").replace("table.key}", "table.token}")
    checked = typecheck(tools, tmp_path, source)
    assert checked.returncode != 0
    assert "token" in checked.stdout
