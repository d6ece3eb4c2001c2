"""Birds keep their seats after saving: wherever a stored round is shown (the session
page's table and cards, the round page, the round save's brief), each bird names the
player it landed on, or 空 at a table of three, beside the kongs (杠分)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Round
from scoring.recording.save_views import round_brief
from tests.factories import make_players, make_session, make_table_season, round_self_draw

pytestmark = pytest.mark.django_db


def birds_shown(html: str) -> list[str]:
    """The birds as the page spells them: "3 李四", "4 空"."""
    return [
        re.sub(r"\s+", " ", b).strip() for b in re.findall(r'data-role="bird"[^>]*>([^<]*)<', html)
    ]


def test_the_session_and_round_pages_name_the_seat_each_bird_landed_on(rec, session, recorder):
    # 张三 deals (seat 0); 李四 self-draws; birds count from the dealer: 2 → 李四, 7 → 王五
    services.round_record(session=session, data=round_self_draw(1, birds=[2, 7]), actor=recorder)
    slug = session.season.club.slug

    page = rec.get(reverse("session", args=[slug, session.pk])).content.decode()
    shown = birds_shown(page)
    assert shown.count("2 李四") == 2  # the cards (phone) and the table (wide)
    assert shown.count("7 王五") == 2

    page = rec.get(reverse("round", args=[slug, session.pk, 1])).content.decode()
    assert 'data-role="round-birds"' in page
    assert birds_shown(page) == ["2 李四", "7 王五"]


def test_a_bird_on_nobody_at_a_table_of_three_says_so_and_the_kongs_are_shown(rec, club, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, make_players(club, ["甲", "乙", "丙"]), actor=recorder)
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [4, 5],  # 四八空鸟: 4 on nobody, 5 on the dealer
        },
        "kongs": [{"seat": 2, "kind": "an"}],
    }
    services.round_record(session=session, data=data, actor=recorder)
    slug = club.slug

    for url in (
        reverse("session", args=[slug, session.pk]),
        reverse("round", args=[slug, session.pk, 1]),
    ):
        page = rec.get(url).content.decode()
        shown = birds_shown(page)
        assert "4 空" in shown and "5 甲" in shown, url
        assert 'data-role="round-kongs"' in page and "丙" in page, url

    names = ["甲", "乙", "丙"]
    brief = round_brief(Round.objects.get(session=session, number=1), names)
    assert "4 空" in brief["what"] and "5 甲" in brief["what"]


def test_an_openings_birds_name_their_seats_too(rec, session, recorder):
    data = {
        "dealer": 0,
        "openings": [{"seat": 2, "hands": ["sixi"], "birds": [3, 6]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 3, "hands": ["pinghu"]}],
            "birds": [1, 1],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)

    page = rec.get(
        reverse("round", args=[session.season.club.slug, session.pk, 1])
    ).content.decode()
    assert 'data-role="round-opening"' in page
    assert birds_shown(page) == ["3 王五", "6 李四", "1 张三", "1 张三"]
