"""The round page's line of a 点炮 says the outcome once, with its discarder (点炮：王五),
as the session page's cards do: not a bold 点炮 and then 点炮：王五 again."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_discard

pytestmark = pytest.mark.django_db


def test_a_discard_rounds_line_names_the_outcome_once_with_its_discarder(rec, session, recorder):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    slug = session.season.club.slug

    page = rec.get(reverse("round", args=[slug, session.pk, 1])).content.decode()

    line = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page.split("庄：", 1)[1].split("</p>")[0]))
    assert line.count("点炮") == 1
    assert "点炮：王五" in line


def test_a_payment_on_the_round_page_names_its_hand_and_its_total_as_the_preview_does(
    rec, session, recorder
):
    services.round_record(session=session, data=round_discard({1: ["qingyise"]}, 2), actor=recorder)
    slug = session.season.club.slug

    page = rec.get(reverse("round", args=[slug, session.pk, 1])).content.decode()

    rows = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", rows))
    assert "王五 → 李四" in text
    assert "胡牌 · 清一色" in text
    assert re.search(r"× \d+ = \d+", text)


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_corrected_rounds_mark_on_the_session_page_says_the_round_pages_version(
    rec, session, recorder, language
):
    from django.utils import translation

    first = services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    services.round_correct(round=first, data=round_discard(1, 3), actor=recorder)
    slug = session.season.club.slug
    rec.cookies["django_language"] = language

    session_page = rec.get(reverse("session", args=[slug, session.pk])).content.decode()
    round_page = rec.get(reverse("round", args=[slug, session.pk, 1])).content.decode()

    marks = re.findall(r'<sup title="([^"]+)" data-role="version-mark">v2</sup>', session_page)
    with translation.override(language):
        version = translation.gettext("第 %(v)s 版") % {"v": 2}
    assert len(marks) == 2  # the card and the table row
    assert all(m.endswith(version) for m in marks)
    assert version in round_page


def test_the_fishing_stakes_are_said_on_the_session_and_round_pages(rec, session, recorder):
    data = {**round_discard(1, 2), "fish": [0, 2, 0, 3]}
    services.round_record(session=session, data=data, actor=recorder)
    slug = session.season.club.slug

    for url in (
        reverse("session", args=[slug, session.pk]),
        reverse("round", args=[slug, session.pk, 1]),
    ):
        page = rec.get(url).content.decode()
        line = page.split('data-role="round-fish">', 1)[1].split("</", 1)[0]
        assert line == "钓鱼：李四 2、赵六 3", url
