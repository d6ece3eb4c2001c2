"""No module uses another module's private names (``_x``), in the code or in the tests.

A name that starts with an underscore belongs to its module: another module that needs
it gets a public name for it. (Which modules may import which is checked by
``lint-imports``; see docs/architecture.md.)
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("csmj_site", "leagues", "scoring", "tests", "bench", "loadtest")
DOTTED_PRIVATE = re.compile(rf"^(?:{'|'.join(PACKAGES)})(?:\.\w+)*\._[a-z]\w*$")


def _sources() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def is_project_module(name: str) -> bool:
    if name.split(".")[0] not in PACKAGES:
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def private_uses(path: Path) -> list[str]:
    """``module:line name`` for each private name that ``path`` takes from another module:
    ``from m import _x``, or ``m._x`` on a project module it imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules: set[str] = set()  # local names bound to project modules
    found = []
    where = path.relative_to(ROOT)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if is_private(alias.name) and node.module.split(".")[0] in PACKAGES:
                    found.append(f"{where}:{node.lineno} {node.module}.{alias.name}")
                elif is_project_module(f"{node.module}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and is_project_module(alias.name):
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and is_private(node.attr)
        ):
            found.append(f"{where}:{node.lineno} {node.value.id}.{node.attr}")
        elif (  # a patch target named as text: monkeypatch.setattr("m._x", …), mock.patch
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and DOTTED_PRIVATE.match(node.value)
        ):
            found.append(f"{where}:{node.lineno} {node.value}")
    return found


def test_no_module_imports_a_private_name_of_another():
    found = [use for path in _sources() for use in private_uses(path)]
    assert found == []


def test_the_scan_sees_a_private_import_and_a_private_attribute(tmp_path, monkeypatch):
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from scoring.services import _engine\n"
        "from scoring import services\n"
        "from scoring.engine import __all__\n"
        "services._engine()\n"
        "services.round_store\n"
        'monkeypatch.setattr("scoring.bulk_import._batch_job", None)\n'
        'monkeypatch.setattr("scoring.bulk_import.batch_job", None)\n'
    )
    assert private_uses(sample) == [
        "sample.py:1 scoring.services._engine",
        "sample.py:4 services._engine",
        "sample.py:6 scoring.bulk_import._batch_job",
    ]
