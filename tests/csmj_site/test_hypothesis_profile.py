"""Hypothesis under CI: every run draws the same examples, Schemathesis' included."""

import os

import pytest
from hypothesis import settings

from tests.conftest import HYPOTHESIS_CI_PROFILE


def test_the_ci_profile_is_derandomised_without_an_example_database():
    profile = settings.get_profile(HYPOTHESIS_CI_PROFILE)
    assert profile.derandomize
    assert profile.database is None
    assert profile.deadline is None


def test_under_ci_the_properties_and_schemathesis_run_derandomised():
    if not os.environ.get("CI"):
        pytest.skip("NOTICE: checks the settings of a CI run (CI is not set)")
    assert settings.default.derandomize
    # Settings a module builds inherit the profile; Schemathesis keeps what they set.
    from tests.csmj_site import test_schemathesis
    from tests.scoring.engine import test_properties

    assert test_properties.SETTINGS.derandomize
    test = test_schemathesis.test_every_operation_answers_within_its_contract
    assert test._hypothesis_internal_use_settings.derandomize
