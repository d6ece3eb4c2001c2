"""A parameter's English description is read on the English rule pages: it names other
parameters by their words, never by their codes (piao_value, bird_mode)."""

import re

from scoring.engine import PARAMETER_INFO


def test_no_english_description_names_a_parameter_by_its_code():
    codes = [code for code in PARAMETER_INFO if "_" in code]
    named = {
        name: [code for code in codes if re.search(rf"\b{code}\b", info.description)]
        for name, info in PARAMETER_INFO.items()
    }

    assert {name: found for name, found in named.items() if found} == {}


def test_the_check_sees_a_code_in_a_description():
    assert re.search(r"\bpiao_value\b", "every seat stakes piao_value;")
