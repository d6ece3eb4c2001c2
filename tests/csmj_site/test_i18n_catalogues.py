"""The message catalogues: complete English, and compiled files that match their sources."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale"
ENTRY = re.compile(
    r'^msgid ((?:".*"\n)+)(?:msgid_plural ((?:".*"\n)+))?((?:msgstr(?:\[\d\])? (?:".*"\n?)+)+)',
    re.M,
)


def unquote(block: str) -> str:
    return "".join(ast.literal_eval(line) for line in re.findall(r'^.*?(".*")$', block, re.M))


def entries(lang: str, domain: str = "django") -> list[tuple[str, str | None, list[str], bool]]:
    """(msgid, msgid_plural, msgstrs, fuzzy) for every entry but the header."""
    text = (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    out = []
    for block in text.split("\n\n"):
        m = ENTRY.search(block + "\n")
        if not m or unquote(m.group(1)) == "":
            continue
        strs = [unquote(s) for s in re.split(r"^msgstr(?:\[\d\])? ", m.group(3), flags=re.M)[1:]]
        msgid = unquote(m.group(1))
        ctx = re.search(r'^msgctxt (".*")$', block, re.M)
        if ctx:  # a msgid with a context is catalogued as "context\x04msgid"
            msgid = f"{unquote(ctx.group(1))}\x04{msgid}"
        out.append((msgid, m.group(2) and unquote(m.group(2)), strs, "fuzzy" in block))
    return out


def test_every_chinese_source_string_has_an_english_translation():
    missing = [
        msgid
        for msgid, _plural, strs, fuzzy in entries("en")
        if fuzzy or (not all(strs) and not msgid.isascii())
    ]

    assert missing == []


@pytest.mark.parametrize("lang", ["en", "zh_Hans"])
def test_the_compiled_catalogue_matches_its_source(lang):
    mo = LOCALE / lang / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as fh:
        catalogue = gettext.GNUTranslations(fh)

    for msgid, plural, strs, _fuzzy in entries(lang):
        if plural:
            if all(strs):
                assert catalogue.ngettext(msgid, plural, 1) == strs[0], msgid
                assert catalogue.ngettext(msgid, plural, 2) == strs[1], msgid
        elif strs[0]:
            assert catalogue.gettext(msgid) == strs[0], msgid


def test_placeholders_survive_translation():
    for msgid, _plural, strs, _fuzzy in entries("en"):
        wanted = sorted(re.findall(r"%\(\w+\)s", msgid))
        for s in strs:
            if s:
                assert sorted(re.findall(r"%\(\w+\)s", s)) == wanted, msgid
