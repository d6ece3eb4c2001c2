"""The project's copy of the spec's worked examples (tests/spec/) is the binding text of
../shared/spec/ byte for byte, whenever that folder sits beside the checkout (it always
does under CI). A clean clone elsewhere runs the examples from the copy alone."""

import os

import pytest

from tests.conftest import SHARED_SPEC_DIR, SPEC_DIR, SPEC_FILES


@pytest.mark.parametrize("name", SPEC_FILES)
def test_the_projects_copy_of_a_spec_file_equals_the_shared_one(name):
    shared = SHARED_SPEC_DIR / name
    if not shared.exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {shared} is missing")
        pytest.skip(f"NOTICE: {shared} not found; the copy in tests/spec/ is not compared")
    copy = SPEC_DIR / name
    assert copy.read_bytes() == shared.read_bytes(), (
        f"tests/spec/{name} differs from {shared}: copy the shared file over it"
    )


@pytest.mark.parametrize("name", SPEC_FILES)
def test_the_projects_copy_of_a_spec_file_is_in_the_repository(name):
    assert (SPEC_DIR / name).stat().st_size > 1000
