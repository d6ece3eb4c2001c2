"""A conflict (the API's 409) is a service error like the others: it lives beside
``ServiceError`` in ``csmj_site.errors``, and the write layer imports nothing of the API
module to raise it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from csmj_site import errors
from scoring.services import RoundConflict, SessionFinished

ROOT = Path(__file__).resolve().parents[2]
WRITE_LAYER = [
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scoring" / "services").glob("*.py")),
    *sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "scoring" / "events" / "services").glob("*.py")
    ),
    "leagues/services.py",
]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    return names | {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}


@pytest.mark.parametrize("module", WRITE_LAYER)
def test_the_write_layer_imports_nothing_of_the_api_module(module):
    assert "csmj_site.api" not in imported_modules(ROOT / module)


def test_the_services_conflicts_are_the_error_modules_conflict_error():
    assert issubclass(RoundConflict, errors.ConflictError)
    assert issubclass(SessionFinished, errors.ConflictError)
