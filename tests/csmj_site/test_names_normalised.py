"""One normaliser for every kind of name (csmj_site.names): NFC, trimmed, inner spaces
one; a character that does not show is refused; names that look the same share a key."""

from __future__ import annotations

import unicodedata

import pytest

from csmj_site.errors import ServiceErrors
from csmj_site.names import name_clean, name_key, name_lookalike


def test_a_name_is_stored_nfc_trimmed_with_one_space_inside():
    decomposed = unicodedata.normalize("NFD", "José")

    assert name_clean(f"  {decomposed}　 Li \t", field="name") == "José Li"
    assert name_clean("张  三", field="name") == "张 三"


@pytest.mark.parametrize(
    "name",
    [
        "a\x00b",  # NUL: PostgreSQL refuses it
        "a\x07b",  # another control character
        "a\u200bb",  # zero-width space
        "a\u200db",  # zero-width joiner
        "\ufeffab",  # byte order mark
        "\u202eabc",  # right-to-left override
        "ab\u2066c",  # left-to-right isolate
        "a\u2028b",  # line separator
        "a\nb",  # a line break inside
        "\u3164",  # Hangul filler: a letter drawn as nothing
    ],
)
def test_a_name_with_a_character_that_does_not_show_is_refused(name):
    with pytest.raises(ServiceErrors) as excinfo:
        name_clean(name, field="display_name")

    assert [(e.field, e.code) for e in excinfo.value.errors] == [
        ("display_name", "name_hidden_character")
    ]


def test_full_width_letters_and_case_look_the_same():
    assert name_key("ＺＨＡＮＧ  San") == name_key("zhang san")
    assert name_lookalike("Zhang", ["李四", "zhang"]) == "zhang"
    assert name_lookalike("张三", ["张三"]) is None  # the very same name is another check
    assert name_lookalike("张三", ["张四"]) is None
