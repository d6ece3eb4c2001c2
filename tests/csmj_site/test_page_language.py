"""The reader's language is asked one way: Chinese first (also with no language active),
English second; lists and labels are punctuated to match."""

import pytest
from django.utils import translation

from csmj_site.language import colon, list_sep, page_is_english


@pytest.mark.parametrize(
    ("language", "english", "sep", "label_colon"),
    [
        ("zh-hans", False, "、", "："),
        ("en", True, ", ", ": "),
        ("en-gb", True, ", ", ": "),
    ],
)
def test_the_page_language_sets_the_punctuation(language, english, sep, label_colon):
    with translation.override(language):
        assert (page_is_english(), list_sep(), colon()) == (english, sep, label_colon)


def test_with_no_language_active_the_page_is_chinese():
    with translation.override(None):
        assert (page_is_english(), list_sep(), colon()) == (False, "、", "：")
