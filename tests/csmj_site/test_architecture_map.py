"""docs/architecture.md's map of the layers is drawn from the import contracts of
pyproject.toml (the ones ``lint-imports`` enforces), so the picture and the contracts
cannot drift apart: when a module is added or moved, this test fails and prints the
map to paste between the markers."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BEGIN = "<!-- the layers, drawn from pyproject.toml: tests/csmj_site/test_architecture_map.py -->"
END = "<!-- end of the layers -->"


def layers_map(pyproject: dict) -> str:
    """Each layers contract as its container (or the apps) and its layers, top first, one
    line a layer: ``|`` between modules that may not import one another, ``:`` between
    ones that may, parentheses around a module that need not exist."""
    lines: list[str] = []
    for contract in pyproject["tool"]["importlinter"]["contracts"]:
        if contract["type"] != "layers":
            continue
        where = ", ".join(contract.get("containers", [])) or "the apps"
        lines.append(f"{where}: {contract['name']}")
        lines.extend(f"    {' '.join(layer.split())}" for layer in contract["layers"])
        ignored = contract.get("exhaustive_ignores")
        if ignored:
            lines.append(f"    (placed by name above, or not layered: {', '.join(ignored)})")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def drawn(doc: str) -> str:
    match = re.search(re.escape(BEGIN) + r"\n```text\n(.*?)```\n" + re.escape(END), doc, re.S)
    assert match, f"docs/architecture.md has no map between {BEGIN!r} and {END!r}"
    return match.group(1)


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_map_draws_every_layer_of_every_layers_contract():
    pyproject = _pyproject()
    text = layers_map(pyproject)
    contracts = [c for c in pyproject["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    assert contracts and all(c["name"] in text for c in contracts)
    assert all(" ".join(layer.split()) in text for c in contracts for layer in c["layers"])


def test_the_docs_map_is_the_one_the_contracts_draw():
    expected = layers_map(_pyproject())
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert drawn(doc) == expected, f"paste this between the markers:\n```text\n{expected}```"


def test_a_module_moved_in_the_contracts_changes_the_map():
    pyproject = _pyproject()
    before = layers_map(pyproject)
    contract = next(
        c for c in pyproject["tool"]["importlinter"]["contracts"] if c["type"] == "layers"
    )
    contract["layers"] = list(reversed(contract["layers"]))
    assert layers_map(pyproject) != before
