"""The same thing is written the same way on every page: 第 N 盘 with spaces, a label's
colon before a name (点炮：李四), no space before a full-width bracket."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_round_form_script_spaces_its_round_numbers_as_the_save_answer_does():
    # the save answer itself: tests/scoring/recording/test_round_save.py
    from pathlib import Path

    strings = (Path(__file__).resolve().parents[2] / "static/js/round-form-strings.js").read_text()

    assert re.findall(r"第%\(n\)s|%\(n\)s盘", strings) == []


@pytest.mark.parametrize("page", ["session", "round"])
def test_a_discard_names_the_discarder_after_a_colon(page, reader, club, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    args = [club.slug, session.pk] + ([1] if page == "round" else [])

    text = visible_text(reader.get(reverse(page, args=args)).content.decode())

    assert "点炮：王五" in text
    assert "点炮 王五" not in text and "放炮" not in text


def test_no_space_comes_before_a_full_width_bracket(reader, club, players):
    text = visible_text(
        reader.get(reverse("player", args=[club.slug, players[0].pk])).content.decode()
    )

    assert "（结束一场后才有）" in text
    assert re.findall(r" （", text) == []
