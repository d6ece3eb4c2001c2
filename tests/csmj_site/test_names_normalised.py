"""One normaliser for every kind of name (csmj_site.names): NFC, trimmed, inner spaces
one; a character that does not show is refused; names that look the same share a key."""

from __future__ import annotations

import unicodedata

import pytest

from csmj_site.errors import ServiceErrors
from csmj_site.names import name_clean, name_key, name_lookalike, name_order


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


@pytest.mark.parametrize(
    ("latin", "mixed"),
    [
        ("AB", "\u0410b"),  # Cyrillic А, Latin b
        ("Olga", "\u039flga"),  # Greek Ο
        ("cop", "\u0441\u043e\u0440"),  # Cyrillic с о р, all three
        ("PAX", "\u03a1\u0391\u03a7"),  # Greek Ρ Α Χ
        ("Mike", "\u041cik\u0435"),  # Cyrillic М and е
    ],
)
def test_latin_letters_and_their_cyrillic_or_greek_look_alikes_share_a_key(latin, mixed):
    assert name_key(latin) == name_key(mixed)
    assert name_lookalike(mixed, ["李四", latin]) == latin


def test_letters_that_do_not_look_latin_keep_their_own_key():
    assert name_key("\u0432") != name_key("b")  # Cyrillic в is not b (its capital В is)
    assert name_key("\u0416\u0435\u043d\u044f") != name_key("Zhenya")
    assert name_key("张三") == "张三"


def test_names_sort_by_pinyin_among_latin_names_with_numbers_by_value():
    names = ["王伟", "选手10", "Bob", "张三", "阿强", "选手2", "alice", "李娜", "曾小贤"]

    assert sorted(names, key=name_order) == [
        "阿强",
        "alice",
        "Bob",
        "李娜",
        "王伟",
        "选手2",
        "选手10",
        "曾小贤",  # the surname 曾 is zeng (曾经 reads ceng)
        "张三",
    ]


def test_a_surname_of_its_own_reading_sorts_by_it():
    assert sorted(["单田芳", "杜甫", "沙僧"], key=name_order) == ["杜甫", "沙僧", "单田芳"]


@pytest.mark.parametrize("name", ["\u13691", "x\u00b2", "\u0661\u0662", "\u2460号"])
def test_a_name_with_digits_of_any_script_sorts_without_error(name):
    assert sorted([name, "张三", "选手2"], key=name_order)[0] is not None


def test_names_of_one_spelling_keep_an_order_by_the_name_itself():
    assert sorted(["ＡＢ", "ab", "AB"], key=name_order) == ["AB", "ab", "ＡＢ"]
