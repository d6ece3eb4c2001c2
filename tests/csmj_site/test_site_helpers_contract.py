"""csmj_site's helpers import neither app: the import-linter contract that says so names
every module of csmj_site but its two URL files (which route both apps and sit above
them), so it needs no ignored import. This keeps the list whole (a new helper is checked
from the day it is added) and checks csmj_site/__init__.py, which the list cannot name."""

from __future__ import annotations

import ast
import pkgutil
import tomllib
from pathlib import Path

import csmj_site

ROOT = Path(__file__).resolve().parents[2]
NAME = "csmj_site's helpers import neither app"
URL_FILES = {"csmj_site.urls", "csmj_site.api_urls"}


def contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == NAME)


def test_the_contract_names_every_module_of_csmj_site_but_the_url_files():
    modules = {f"csmj_site.{m.name}" for m in pkgutil.iter_modules(csmj_site.__path__)}
    assert modules >= URL_FILES
    assert set(contract()["source_modules"]) == modules - URL_FILES


def test_the_contract_forbids_both_apps_without_an_exception():
    assert set(contract()["forbidden_modules"]) == {"leagues", "scoring"}
    assert "ignore_imports" not in contract()


def test_the_package_itself_imports_nothing_but_its_own_helpers():
    tree = ast.parse((ROOT / "csmj_site" / "__init__.py").read_text())
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert imported, "csmj_site/__init__.py loads the Celery app"
    for name in imported:
        assert name.split(".")[0] not in {"leagues", "scoring"}, name
        if name.startswith("csmj_site"):
            assert name not in URL_FILES, name
