"""The one error reply is spelt in one place: csmj_site/errors.py (``error_item``,
``errors_body``). No view, API module or middleware writes ``{"errors": [...]}``, an
``{"error": ...}`` or a ``{"code", "message"}`` dict itself (the OpenAPI examples aside,
which show the reply)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
APPS = ("scoring", "leagues", "csmj_site")
THE_ONE_PLACE = ROOT / "csmj_site" / "errors.py"


def product_modules() -> Iterator[Path]:
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if not {"engine", "migrations"} & set(path.parts) and path != THE_ONE_PLACE:
                yield path


def _called(node: ast.Call) -> str:
    return getattr(node.func, "id", getattr(node.func, "attr", ""))


def hand_built_replies(source: str) -> list[int]:
    """Lines of dict literals shaped like an error reply or one of its errors."""
    tree = ast.parse(source)
    examples = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _called(node) == "OpenApiExample"
        for inner in ast.walk(node)
    }
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict) or id(node) in examples:
            continue
        keys = {
            k.value: v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant)
        }
        listed = isinstance(keys.get("errors"), ast.List | ast.ListComp)
        if listed or "error" in keys or {"code", "message"} <= set(keys):
            lines.append(node.lineno)
    return lines


def test_no_module_but_the_error_catalogue_builds_an_error_reply_by_hand():
    found = {
        str(path.relative_to(ROOT)): lines
        for path in product_modules()
        if (lines := hand_built_replies(path.read_text(encoding="utf-8")))
    }

    assert found == {}, "build error replies with csmj_site.errors (error_reply, error_item)"


def test_the_check_sees_a_hand_built_reply():
    source = (
        'JsonResponse({"errors": [{"field": "", "message": "x"}]})\n'
        'JsonResponse({"error": "x"})\n'
        'items = [{"field": f, "code": c, "message": m}]\n'
        'OpenApiExample("shown", value={"errors": [{"code": "c", "message": "m"}]})\n'
    )

    assert hand_built_replies(source) == [1, 2, 3]
