"""The seating modules (scoring/events/seating.py, seating_night.py, seating_score.py) are
pure Python: the draw, the night's plan and the score run without Django."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEATING = [
    ROOT / "scoring" / "events" / name
    for name in ("seating.py", "seating_night.py", "seating_score.py")
]
SCHEDULES = ROOT / "scoring" / "events" / "seating_schedules.py"
FORBIDDEN = ("django", "rest_framework", "celery", "leagues", "csmj_site")


def test_the_shipped_schedules_are_data_importing_nothing():
    tree = ast.parse(SCHEDULES.read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]


@pytest.mark.parametrize("path", SEATING, ids=lambda path: path.name)
def test_the_seating_module_imports_no_framework(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    assert names, "the module imports something (random, typing …)"
    assert [n for n in names if n.split(".")[0] in FORBIDDEN] == []


def test_importing_the_seating_module_loads_no_django_module():
    code = (
        "import sys\n"
        "from scoring.events.seating import seating_draw\n"
        "from scoring.events.seating_night import night_draw\n"
        "from scoring.events.seating_score import seating_score\n"
        "seating_draw(players=range(1, 9), sizes=[4, 4], mode='random', seed=1)\n"
        "night_draw(players=range(1, 9), sizes=[4, 4], mode='random', seed=1, night_rounds=3)\n"
        "seating_score(tables=[[1, 2, 3, 4]])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'rest_framework', 'celery')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == ""
