"""Shared fixtures. The spec's worked examples live in ../shared/spec/examples.json."""

import json
import os
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_EXAMPLES = ROOT.parent / "shared" / "spec" / "examples.json"


def load_shared_examples() -> dict | None:
    """The shared examples file, or None (with a notice) when this machine lacks it.

    Under CI the file must exist: its absence is a failure, not a skip.
    """
    if SHARED_EXAMPLES.exists():
        return json.loads(SHARED_EXAMPLES.read_text(encoding="utf-8"))
    if os.environ.get("CI"):
        raise RuntimeError(f"CI is set but {SHARED_EXAMPLES} is missing")
    warnings.warn(f"NOTICE: {SHARED_EXAMPLES} not found; shared example tests skip", stacklevel=1)
    return None


@pytest.fixture(scope="session")
def shared_examples() -> dict:
    data = load_shared_examples()
    if data is None:
        pytest.skip(f"NOTICE: {SHARED_EXAMPLES} not found (not CI)")
    return data
