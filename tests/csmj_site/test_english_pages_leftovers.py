"""English pages read in English: every standings heading, the rules table's headings,
English punctuation after English words, and the preview's legend said once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db

CHINESE = re.compile(r"[\u4e00-\u9fff]")
# A full-width colon, comma or semicolon right after a Latin letter or digit.
FULL_WIDTH_AFTER_ENGLISH = re.compile(r"[A-Za-z0-9)][：，；]")


def english(client):
    client.cookies["django_language"] = "en"
    return client


def text_of(html: str) -> str:
    """The page's visible text, roughly: tags, scripts and styles out."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def headings(html: str) -> list[str]:
    return [text_of(h).strip() for h in re.findall(r"<th\b.*?</th>", html, flags=re.S)]


@pytest.mark.parametrize("page", ["season", "season-print", "club"])
def test_every_standings_heading_of_an_english_standings_page_is_english(
    page, reader, season, session, recorder
):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    args = [season.club.slug] if page == "club" else [season.club.slug, season.pk]

    html = english(reader).get(reverse(page, args=args)).content
    cols = headings(html.decode())

    assert "Win rate" in cols
    assert [c for c in cols if CHINESE.search(c)] == []


def test_the_rules_tables_headings_are_english_on_an_english_page(reader, club, ruleset):
    html = english(reader).get(reverse("ruleset-rules", args=[club.slug, ruleset.pk])).content
    cols = headings(html.decode())

    assert "Dealer, self-draw" in cols and "Idle, on a discard" in cols
    assert [c for c in cols if CHINESE.search(c)] == []


@pytest.mark.parametrize("page", ["season", "players", "player", "ruleset-rules", "ruleset-edit"])
def test_no_full_width_punctuation_follows_an_english_word_on_an_english_page(
    page, reader, club, season, session, players, recorder
):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    players[0].aliases = ["Zhang"]
    players[0].save()
    args = {
        "season": [club.slug, season.pk],
        "players": [club.slug],
        "player": [club.slug, players[0].pk],
        "ruleset-rules": [club.slug, season.ruleset_id],
        "ruleset-edit": [club.slug, season.ruleset_id],
    }[page]
    if page in ("players", "ruleset-edit"):
        reader.force_login(club.memberships.get(role="organiser").user)

    response = english(reader).get(reverse(page, args=args))

    assert response.status_code == 200
    assert FULL_WIDTH_AFTER_ENGLISH.findall(text_of(response.content.decode())) == []


def test_the_english_preview_says_its_legend_once(rec, session):
    url = reverse("round-preview", args=[session.season.club.slug, session.pk])
    body = english(rec).post(url, round_discard(1, 2), content_type="application/json").json()

    legend = [p for p in re.findall(r"<p[^>]*>(.*?)</p>", body["html"], flags=re.S) if "How:" in p]
    assert len(legend) == 1
    assert legend[0].count("× bird multiplier") == 1
    assert "Arithmetic:" not in legend[0]


def test_the_ruleset_editors_words_are_english_on_an_english_page(client, club, ruleset):
    client.force_login(club.memberships.get(role="organiser").user)

    html = english(client).get(reverse("ruleset-edit", args=[club.slug, ruleset.pk])).content
    text = text_of(html.decode())

    assert "Overrides (JSON, advanced)" in text and "已改" not in text


# Punctuation written into a template outside its translated strings: a list joined by
# "、" or "；", or "：" after a translated label, stays Chinese on an English page. The
# templates say {% colon %}, |listing and |clauses (csmj_site.language) instead.
HARD_PUNCTUATION = re.compile(r'join:"[、；，]"|(?:%\}|</b>|</span>|\}\})[：；、]')


def test_no_template_writes_chinese_punctuation_outside_its_translated_strings():
    from django.conf import settings

    found = []
    for root in settings.TEMPLATES[0]["DIRS"]:
        for path in sorted(Path(root).rglob("*.html")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if HARD_PUNCTUATION.search(line):
                    found.append(f"{path.relative_to(root)}:{n}")
    assert found == []


def test_every_options_english_words_are_english_with_chinese_only_in_brackets():
    """The engine's option words an English page shows (its name, its line of help and
    its choices): a Chinese term may follow in brackets, as 通庄 does, but the sentence
    is English (an English organiser cannot act on "七小对 holding … quads")."""
    from scoring.engine import PARAMETER_INFO

    def bare(text: str) -> str:
        return re.sub(r"\([^)]*\)", "", text)

    found = []
    for key, info in PARAMETER_INFO.items():
        words = [info.name_en, info.description]
        words += [v.en for v in (info.values or {}).values()]
        found += [f"{key}: {w}" for w in words if CHINESE.search(bare(w))]
    assert found == []
