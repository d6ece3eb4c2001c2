"""Regenerates the upgrade test's fixture from the last released commit (released.json):

    .venv/bin/python tests/upgrade/make_fixture.py

It exports that commit (``git archive``) into a temporary folder, builds a SQLite database
there with the commit's own migrations and fills it with its own ``manage.py load_demo``
(sessions recorded through the services, a three-seat season with kongs, two league
nights with penalties, ratings), then writes beside this file:

- ``released-data.json``: the rows of the four apps and the users (``dumpdata``, one
  row a line);
- ``released-expected.json``: what the released code reads from them (``snapshot.py``,
  run inside the exported commit): standings, ratings, round results.

Run it when a new release is cut: set ``commit`` and each app's last migration in
released.json first (the migrations of that commit), then commit the three files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
APPS = ["auth.user", "leagues", "scoring", "standings", "events"]
SNAPSHOT = (
    "import json, sys, django; django.setup(); from snapshot import snapshot; "
    "json.dump(snapshot(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)"
)


def main() -> None:
    released = json.loads((HERE / "released.json").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="csmj-released-") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        archive = subprocess.run(
            ["git", "archive", released["commit"]], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        shutil.copy(HERE / "snapshot.py", tree / "snapshot.py")
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp}/released.sqlite3",
            "DJANGO_SETTINGS_MODULE": "csmj_site.settings",
            "CELERY_TASK_ALWAYS_EAGER": "true",
        }
        env.pop("SECRET_KEY", None)

        def run(*args: str) -> str:
            return subprocess.run(
                [sys.executable, *args],
                cwd=tree,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout

        run("manage.py", "migrate", "--noinput", "-v", "0")
        run("manage.py", "load_demo")
        rows = json.loads(run("manage.py", "dumpdata", *APPS))
        expected = run("-c", SNAPSHOT)
    # One row a line: a regenerated file diffs row by row.
    lines = ",\n".join(json.dumps(row, ensure_ascii=False, sort_keys=True) for row in rows)
    (HERE / "released-data.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    (HERE / "released-expected.json").write_text(expected + "\n", encoding="utf-8")
    print(f"wrote released-data.json and released-expected.json from {released['commit']}")


if __name__ == "__main__":
    main()
