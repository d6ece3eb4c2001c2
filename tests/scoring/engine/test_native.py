"""The compiled engine (scoring/engine/native.py, ``make native``): used only when current,
same answers."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import native

ROOT = Path(__file__).resolve().parents[3]


def digest(*, plain: bool) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(native.ENV_VAR, None)
    if plain:
        env[native.ENV_VAR] = "python"
    out = subprocess.run(
        [sys.executable, "-m", "tests.scoring.engine.engine_digest", "1500"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()


def test_the_compiled_and_the_plain_engine_give_the_same_answers():
    """Only with a current build (``make native``): without one there is nothing to
    compare. Under CI a missing or stale build fails (``.ci/run`` builds it first)."""
    problem = native.stamp_problem(honour_env=False)
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and the compiled engine cannot be used: {problem}")
        pytest.skip(f"NOTICE: no compiled engine to compare with ({problem})")
    compiled, plain = digest(plain=False), digest(plain=True)
    assert json.loads(compiled[0]) == {"engine": "compiled"}
    assert json.loads(plain[0]) == {"engine": "python"}
    assert len(compiled) == len(plain) > 4000
    # Valid rounds, broken rounds and their errors all appear in the sample.
    kinds = {next(iter(json.loads(line))) for line in plain[1:]}
    assert kinds == {"result", "errors"}
    assert compiled[1:] == plain[1:]


def test_a_build_whose_stamp_does_not_match_the_source_is_not_used(tmp_path, monkeypatch):
    stamp = native.stamp_new()
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp.json")
    monkeypatch.setattr(native, "mode", native.mode)
    monkeypatch.setattr(native, "reason", native.reason)
    monkeypatch.delenv(native.ENV_VAR, raising=False)
    native.STAMP.write_text(json.dumps(stamp))
    assert native.stamp_problem() is None

    stamp["sources"]["validate.py"] = "0" * 64  # validate.py edited after the build
    native.STAMP.write_text(json.dumps(stamp))
    path = ["/engine"]
    assert native.activate(path) == "python"
    assert path == ["/engine"]
    assert "source changed" in native.reason


def test_a_build_for_another_python_is_not_used(tmp_path, monkeypatch):
    stamp = {**native.stamp_new(), "interpreter": "cpython-39-other"}
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp.json")
    monkeypatch.delenv(native.ENV_VAR, raising=False)
    native.STAMP.write_text(json.dumps(stamp))
    assert native.stamp_problem() == "built for another Python"


def test_a_build_of_other_modules_is_not_used(tmp_path, monkeypatch):
    stamp = {**native.stamp_new(), "modules": ["validate", "scoring"]}
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp.json")
    monkeypatch.delenv(native.ENV_VAR, raising=False)
    native.STAMP.write_text(json.dumps(stamp))
    assert native.stamp_problem() == "built with other modules compiled (make native rebuilds it)"


def test_a_current_build_is_put_first_on_the_engine_path(tmp_path, monkeypatch):
    stamp = native.stamp_new()
    monkeypatch.setattr(native, "STAMP", tmp_path / "stamp.json")
    monkeypatch.setattr(native, "BUILD_DIR", tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(native, "mode", native.mode)
    monkeypatch.setattr(native, "reason", native.reason)
    monkeypatch.delenv(native.ENV_VAR, raising=False)
    native.STAMP.write_text(json.dumps(stamp))
    path = ["/engine"]
    assert native.activate(path) == "compiled"
    assert path == [str(tmp_path / "scoring" / "engine"), "/engine"]
    assert str(tmp_path) in sys.path


def test_the_environment_can_force_the_plain_engine(monkeypatch):
    monkeypatch.setenv(native.ENV_VAR, "python")
    monkeypatch.setattr(native, "mode", native.mode)
    monkeypatch.setattr(native, "reason", native.reason)
    path = ["/engine"]
    assert native.activate(path) == "python"
    assert path == ["/engine"]
    assert native.reason == "CSMJ_ENGINE=python"
