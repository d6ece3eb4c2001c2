"""The engine's hot path compiled to C with mypyc: opt-in, used only while it matches the source.

``validate.py`` and ``scoring.py`` (parse and score one round) are plain, fully typed
Python, and that is what a checkout runs. ``make native`` (for deployments that
bulk-import) compiles them with mypyc (``python -m scoring.engine.native_build``)
into ``build/engine-native/``, outside the source tree, with a stamp that records the
SHA-256 of every engine source file (``native*.py`` aside) and the interpreter it was
built for. The site never asks which of the two runs; only the benches and tests do.

``activate`` (called by ``scoring/engine/__init__.py`` before anything else of the
engine is imported) puts that directory first on the engine package's ``__path__``
only when the stamp matches the files on disk. An edited source file, another
Python, a failed or missing build, or ``CSMJ_ENGINE=python`` in the environment all
mean the plain Python modules run: a stale compiled copy can never shadow the code.
Both ways give the same results; ``tests/scoring/engine/test_native.py`` compares them.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_DIR = PACKAGE_DIR.parents[1]
BUILD_DIR = PROJECT_DIR / "build" / "engine-native"
STAMP = BUILD_DIR / "stamp.json"
# The modules compiled: the validation and the arithmetic of one round, and the bird
# and next-dealer rules they call.
MODULES = ("validate", "scoring", "birds", "dealers")
ENV_VAR = "CSMJ_ENGINE"  # "python": never load the compiled modules

# "compiled" or "python": which engine this process runs (set by ``activate``).
mode = "python"
reason = "not activated"


def interpreter_tag() -> str:
    """What a compiled module is tied to: the implementation, version and platform."""
    return f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"


def sources_digest() -> dict[str, str]:
    """SHA-256 of every engine module's source, by file name: the compiled modules and
    the plain ones they were type-checked against (their types are compiled in)."""
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(PACKAGE_DIR.glob("*.py"))
        if not path.name.startswith("native")
    }


def stamp_new() -> dict[str, object]:
    """The stamp of a build of the engine as it is on disk: the interpreter, the modules
    compiled and every source's digest."""
    return {"interpreter": interpreter_tag(), "modules": list(MODULES), "sources": sources_digest()}


def stamp_problem(*, honour_env: bool = True) -> str | None:
    """Why the compiled modules cannot be used (None: they match the source)."""
    if honour_env and os.environ.get(ENV_VAR, "").lower() == "python":
        return f"{ENV_VAR}=python"
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "not built (make native builds it)"
    if stamp.get("interpreter") != interpreter_tag():
        return "built for another Python"
    if stamp.get("modules") != list(MODULES):
        return "built with other modules compiled (make native rebuilds it)"
    if stamp.get("sources") != sources_digest():
        return "the source changed since the build (make native rebuilds it)"
    return None


def activate(package_path: list[str]) -> str:
    """Use the compiled modules for the engine package whose ``__path__`` is given, when
    they match the source; returns the mode ("compiled" or "python")."""
    global mode, reason
    problem = stamp_problem()
    if problem is None:
        package_path.insert(0, str(BUILD_DIR / "scoring" / "engine"))
        # mypyc's shared runtime for the compiled group is a top-level module.
        if str(BUILD_DIR) not in sys.path:
            sys.path.append(str(BUILD_DIR))
        mode, reason = "compiled", "mypyc build matches the source"
    else:
        mode, reason = "python", problem
    return mode
