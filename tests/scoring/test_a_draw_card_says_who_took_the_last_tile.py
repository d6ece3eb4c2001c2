"""A 流局 on the session page's cards says who took the 海底 (the next dealer), or that
nobody did: it decided who deals next, and the card said only 流局."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_draw

pytestmark = pytest.mark.django_db


def haidi_lines(page: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", m)).strip()
        for m in re.findall(r'data-role="round-haidi">(.*?)</span>', page, re.S)
    ]


def test_a_draw_card_names_who_took_the_last_tile_or_says_nobody_did(rec, session, recorder):
    taken = round_draw(dealer=0, taker=2)  # 王五 took it, and deals next
    nobody = round_draw(dealer=2, taker=1)
    nobody["result"]["haidi"]["taker"] = None
    for data in (taken, nobody):
        services.round_record(session=session, data=data, actor=recorder)

    page = rec.get(reverse("session", args=[session.season.club.slug, session.pk]))

    assert haidi_lines(page.content.decode()) == ["谁要了海底：王五", "没人要海底"]
