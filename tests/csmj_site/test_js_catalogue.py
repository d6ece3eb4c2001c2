"""The round form's strings: in JavaScript source, translated by Django's JavaScript catalogue."""

from __future__ import annotations

import ast
import gettext
import json
import re
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from tests.csmj_site.test_i18n_catalogues import LOCALE, entries

STRINGS = Path(__file__).resolve().parents[2] / "static" / "js" / "round-form-strings.js"
CALL = re.compile(r'\b(?:gettext\((".*?")\)|pgettext\((".*?"), (".*?")\))')


def round_form_msgids() -> list[str]:
    """Every msgid of round-form-strings.js, as catalogued ("context\\x04msgid" for pgettext)."""
    out = []
    for plain, context, msgid in CALL.findall(STRINGS.read_text(encoding="utf-8")):
        if plain:
            out.append(ast.literal_eval(plain))
        else:
            out.append(f"{ast.literal_eval(context)}\x04{ast.literal_eval(msgid)}")
    return out


def catalogue_of(response) -> dict[str, str]:
    """The catalogue object of the view's script; a script without one fails the test
    (so a test that finds a string absent has read a catalogue)."""
    match = re.search(r"const newcatalog = (\{.*?\n  \}|\{\});", response.content.decode(), re.S)
    assert match, "the catalogue view's script has no newcatalog object"
    return json.loads(match.group(1))


def test_every_round_form_string_has_an_english_entry_in_the_javascript_catalogue():
    english = {
        msgid: strs[0] for msgid, _plural, strs, fuzzy in entries("en", "djangojs") if not fuzzy
    }
    msgids = round_form_msgids()

    assert len(msgids) > 50
    assert [m for m in msgids if not english.get(m)] == []


def test_the_compiled_javascript_catalogue_matches_its_source():
    with (LOCALE / "en" / "LC_MESSAGES" / "djangojs.mo").open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)

    for msgid, _plural, strs, _fuzzy in entries("en", "djangojs"):
        assert compiled.gettext(msgid) == strs[0], msgid


def test_the_catalogue_view_answers_a_round_form_string_in_english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get(reverse("javascript-catalog"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    catalogue = catalogue_of(response)
    assert catalogue["第 %(n)s 盘已保存"] == "Round %(n)s saved"
    assert catalogue["undo a round\x04撤销"] == "Undo"


def test_the_catalogue_view_translates_nothing_in_chinese(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"

    response = client.get(reverse("javascript-catalog"))

    assert response.status_code == 200
    catalogue = catalogue_of(response)
    assert catalogue, "the Chinese catalogue has Django's own entries; none were read"
    assert "第 %(n)s 盘已保存" not in catalogue


def test_the_service_worker_keeps_the_catalogue_and_the_strings_for_offline_use(client):
    code = client.get("/sw.js").content.decode()

    assert "__CATALOGUE__" not in code
    assert f'var CATALOGUE = "{reverse("javascript-catalog")}"' in code
    assert "js/round-form-strings.js" in code
