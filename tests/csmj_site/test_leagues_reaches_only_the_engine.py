"""leagues sits below scoring and may call only its engine: the import-linter contract
that says so lists every module of scoring but the engine, and this keeps the list whole
(a new module of scoring is forbidden to leagues from the day it is added)."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]
NAME = "leagues imports nothing of scoring but the engine"


def contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == NAME)


def test_the_contract_forbids_leagues_every_module_of_scoring_but_the_engine():
    modules = {f"scoring.{m.name}" for m in pkgutil.iter_modules(scoring.__path__)}
    forbidden = set(contract()["forbidden_modules"])
    assert "scoring.engine" in modules
    assert forbidden == modules - {"scoring.engine"}


def test_no_contract_lets_leagues_past_it_with_an_ignored_import():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for c in config["tool"]["importlinter"]["contracts"]:
        for line in c.get("ignore_imports", []):
            assert not line.startswith("leagues"), (c["name"], line)
    assert contract()["source_modules"] == ["leagues"]
