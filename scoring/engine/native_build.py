"""Compile the engine's hot path with mypyc: ``python -m scoring.engine.native_build``.

``make native`` runs it; it does nothing when the build in ``build/engine-native/``
already matches the source, and exits 1 when it cannot compile (no C compiler or
Python headers). See ``scoring/engine/native.py`` for when the build is used.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from scoring.engine.native import (
    BUILD_DIR,
    MODULES,
    PROJECT_DIR,
    STAMP,
    stamp_new,
    stamp_problem,
)


def build() -> int:
    """Compile ``MODULES`` with mypyc into ``BUILD_DIR``; 0 on success."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    paths = [f"scoring/engine/{name}.py" for name in MODULES]
    stamp = stamp_new()
    work = Path(tempfile.mkdtemp(prefix="csmj-native-"))
    out = BUILD_DIR.with_name(BUILD_DIR.name + ".new")
    shutil.rmtree(out, ignore_errors=True)
    cwd = os.getcwd()
    os.chdir(PROJECT_DIR)
    try:
        # No config file: the project's mypy config loads the Django plugin, which the
        # engine does not need (it imports nothing of Django).
        extensions = mypycify(
            ["--config-file", os.devnull, *paths],
            opt_level="3",
            target_dir=str(work / "c"),
        )
        setup(
            name="csmj-engine-native",
            packages=[],
            py_modules=[],
            ext_modules=extensions,
            script_args=[
                "-q",
                "build_ext",
                "--build-lib",
                str(out),
                "--build-temp",
                str(work / "temp"),
            ],
        )
    finally:
        os.chdir(cwd)
        shutil.rmtree(work, ignore_errors=True)
    if stamp_new() != stamp:  # edited while compiling: do not stamp it
        shutil.rmtree(out, ignore_errors=True)
        print("engine sources changed during the build; not used", file=sys.stderr)
        return 1
    (out / STAMP.name).write_text(json.dumps(stamp, indent=1), encoding="utf-8")
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
    out.rename(BUILD_DIR)
    return 0


def main() -> int:
    """``python -m scoring.engine.native_build``: build unless the build is current."""
    problem = stamp_problem(honour_env=False)
    if problem is None:
        print("engine: compiled modules are current")
        return 0
    print(f"engine: compiling {', '.join(MODULES)} with mypyc ({problem})")
    try:
        status = build()
    except (Exception, SystemExit) as exc:  # no compiler, no headers: the engine runs as Python
        print(f"engine: build failed ({exc}); the engine runs as plain Python", file=sys.stderr)
        return 1
    print("engine: compiled" if status == 0 else "engine: not compiled")
    return status


if __name__ == "__main__":
    sys.exit(main())
