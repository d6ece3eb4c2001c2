"""The round form's plain JavaScript functions (tests/js/, `node --test`, also `make test-js`):
the form's state and transitions and its tile picker over the engine's real tables, the
next-dealer lookup and the scoreboard's tally, run as part of the suite."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def test_the_round_form_s_javascript_units_pass_under_node():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the tests in tests/js/ need it (apt-get install nodejs)")
    run = subprocess.run(
        [node, "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout
