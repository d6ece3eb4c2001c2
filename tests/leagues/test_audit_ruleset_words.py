"""A ruleset's change in the audit log names its options and values in words, as the
ruleset editor does (扎鸟数 四鸟), never by the engine's keys and codes (bird_count 4)."""

from __future__ import annotations

import pytest
from django.utils import translation

from leagues import services as club_services
from leagues.audit import AuditEntry
from leagues.audit_text import audit_lines
from scoring.engine.options import PARAMETER_INFO, PRESET_INFO

pytestmark = pytest.mark.django_db


def last_text(club, lang):
    with translation.override(lang):
        entry = AuditEntry.objects.filter(club=club).order_by("-at", "-id")[:1]
        return audit_lines(entry)[0].text


@pytest.fixture
def changed(club, owner):
    ruleset = club_services.ruleset_create(
        club=club, name="周末", config={"preset": "changsha-67"}, actor=owner
    )
    club_services.ruleset_update(
        ruleset=ruleset,
        actor=owner,
        config={"preset": "changsha-67", "bird_count": 4, "piao": "fixed", "cap": 20},
    )
    return ruleset


def test_a_ruleset_change_reads_in_option_words_in_chinese(club, changed):
    text = last_text(club, "zh-hans")

    bird = PARAMETER_INFO["bird_count"]
    piao = PARAMETER_INFO["piao"]
    assert f"{bird.name_zh} {bird.values[2].zh}→{bird.values[4].zh}" in text
    assert f"{piao.name_zh} {piao.values['off'].zh}→{piao.values['fixed'].zh}" in text
    assert f"{PARAMETER_INFO['cap'].name_zh} 0→20" in text
    for raw in ("bird_count", "piao", "fixed", "cap"):
        assert raw not in text


def test_a_ruleset_change_reads_in_option_words_in_english(club, changed):
    text = last_text(club, "en")

    assert PARAMETER_INFO["bird_count"].name_en in text
    assert PARAMETER_INFO["piao"].values["fixed"].en in text
    assert "bird_count" not in text


def test_a_new_ruleset_names_its_preset(club, owner):
    club_services.ruleset_create(
        club=club, name="周末", config={"preset": "changsha-points"}, actor=owner
    )

    text = last_text(club, "zh-hans")

    assert PRESET_INFO["changsha-points"].name_zh in text
    assert "changsha-points" not in text
