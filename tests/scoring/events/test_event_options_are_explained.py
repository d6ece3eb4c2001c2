"""The new night's form says what each seating mode, the final and the seed mean, in the
page's language: an organiser should not have to guess what 间隔 does."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.events.models import SeatingMode

pytestmark = pytest.mark.django_db


def help_of(page: str) -> str:
    start = page.index('data-role="event-options-help"')
    return page[start : page.index("</details>", start)]


def test_every_seating_mode_of_the_form_is_explained_in_chinese_and_in_english(
    client, organiser, club, season
):
    client.force_login(organiser)
    url = reverse("event-list", args=[club.slug, season.pk])

    chinese = help_of(client.get(url).content.decode())
    client.cookies["django_language"] = "en"
    english = help_of(client.get(url).content.decode())

    with translation.override("zh-hans"):
        words = [str(mode.label) for mode in SeatingMode]
    for word in words:
        assert f"<li>{word}：" in chinese  # each mode's own word, then what it does
    assert "决赛人数" in chinese and "抽签号" in chinese
    assert "Interval: " in english and "Swiss: " in english and "Draw number: " in english
    assert not [ch for ch in english if "\u4e00" <= ch <= "\u9fff"]
