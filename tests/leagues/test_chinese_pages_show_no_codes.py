"""The Chinese pages name things in words: no preset slugs beside preset names, no
parameter keys or hand codes (pinyin) under their names, no "JSON" button."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine.hands import HAND_TYPES
from scoring.engine.options import PARAMETER_INFO, PRESET_INFO
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def words(html: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_-]+", visible_text(html)))


def test_the_rules_page_shows_no_preset_slug_parameter_key_or_hand_code(client):
    html = client.get(reverse("rules")).content.decode()

    codes = set(PRESET_INFO) | set(PARAMETER_INFO) | set(HAND_TYPES)
    assert words(html) & codes == set()
    assert "碰碰胡" in html and PRESET_INFO["changsha-67"].name_zh in html
    assert not re.search(r'lang="en"', html.split("<main", 1)[1])


def test_a_clubs_rules_page_shows_no_preset_slug_or_hand_code(reader, club, ruleset):
    html = reader.get(reverse("ruleset-rules", args=[club.slug, ruleset.pk])).content.decode()

    assert words(html) & (set(PRESET_INFO) | set(HAND_TYPES)) == set()
    assert "<code>" not in html


def test_the_wizard_names_each_preset_without_its_slug(client, owner):
    client.force_login(owner)
    client.post(reverse("club-new"), {"name": "岳麓麻将社"})
    html = client.get(reverse("club-new-step", args=["rules"])).content.decode()

    assert PRESET_INFO["changsha-67"].name_zh in html
    assert words(html) & set(PRESET_INFO) == set()


def test_a_rounds_page_offers_its_raw_data_in_words_not_json(reader, club, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)

    html = reader.get(reverse("round", args=[club.slug, session.pk, 1])).content.decode()

    assert "<summary>原始数据</summary>" in html
    assert "JSON" not in visible_text(html)
