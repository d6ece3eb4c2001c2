"""The project's modules are imported at a module's top (docs/architecture.md, "Imports at
the top"), where the import contracts and a reader see them; an import inside a function
is allowed only in the places named here, each for its reason."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ("csmj_site", "leagues", "scoring")

# (module file, enclosing function): why the import waits.
ALLOWED = {
    # The tile module loads for the round form's tables only: scoring needs no tiles.
    ("scoring/engine/birds.py", "_tiles"),
    # The result card, which 台费 work edits in parallel: moved up once the two merge.
    ("scoring/views.py", "session_card"),
    ("scoring/views.py", "session_image_response"),
    # 快速开桌's own modules, moved to the top by their owner next.
    ("scoring/quick/services.py", "*"),
    ("scoring/quick/views.py", "*"),
}


def _in_an_apps_ready(file: str, function: str) -> bool:
    """An app's ``AppConfig.ready()``: Django's registry must be loaded before the hooks
    an app registers there (its models' modules among them)."""
    return file.endswith("/apps.py") and function == "ready"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _project_module(node: ast.Import | ast.ImportFrom) -> str | None:
    names = (
        [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
    )
    return next((n for n in names if n.split(".")[0] in PROJECT), None)


def _nested_imports(path: Path) -> list[tuple[str, str, int, str]]:
    """Every import of a project module below a module's top level and outside an
    ``if TYPE_CHECKING:`` block: (file, enclosing function, line, module)."""
    rel = path.relative_to(ROOT).as_posix()
    found: list[tuple[str, str, int, str]] = []

    def walk(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom) and function is not None:
                module = _project_module(child)
                if module is not None:
                    found.append((rel, function, child.lineno, module))
            inner = (
                child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else None
            )
            walk(child, inner or function)

    walk(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def _all_nested() -> list[tuple[str, str, int, str]]:
    return [
        hit
        for package in PROJECT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for hit in _nested_imports(path)
    ]


def test_the_scan_finds_an_import_inside_a_function():
    probe = ROOT / "scoring" / "_probe_for_the_import_scan.py"
    try:
        probe.write_text(
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from leagues.models import Club\n"
            "def f():\n    from scoring.models import Round\n    return Round\n",
            encoding="utf-8",
        )
        assert _nested_imports(probe) == [
            ("scoring/_probe_for_the_import_scan.py", "f", 5, "scoring.models")
        ]
    finally:
        probe.unlink()


def test_the_project_is_imported_at_the_top_but_in_the_allowed_places():
    hidden = [
        f"{file}:{line} {module} (in {function})"
        for file, function, line, module in _all_nested()
        if (file, function) not in ALLOWED
        and (file, "*") not in ALLOWED
        and not _in_an_apps_ready(file, function)
    ]
    assert hidden == []
