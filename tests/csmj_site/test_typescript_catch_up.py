"""An offline-first app's catch-up in TypeScript: the club's changes feed paged from a kept
cursor, typed by openapi-typescript from docs/openapi.yaml
(tests/csmj_site/typescript/catch_up.ts), under tsc --noEmit --strict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.csmj_site.test_typescript_client import tools, typecheck  # noqa: F401 (fixture)

SOURCE = Path(__file__).resolve().parent / "typescript" / "catch_up.ts"

pytestmark = pytest.mark.slow


def test_an_apps_catch_up_through_the_changes_feed_type_checks_against_the_schema(tools, tmp_path):  # noqa: F811
    checked = typecheck(tools, tmp_path, SOURCE.read_text(encoding="utf-8"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_change_kind_the_schema_does_not_know_does_not_type_check(tools, tmp_path):  # noqa: F811
    source = SOURCE.read_text(encoding="utf-8").replace('"round.void"', '"round.deleted"')
    checked = typecheck(tools, tmp_path, source)
    assert checked.returncode != 0
    assert "round.deleted" in checked.stdout
