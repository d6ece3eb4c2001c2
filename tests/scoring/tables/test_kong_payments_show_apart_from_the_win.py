"""The session page, its round cards, the round's page and the saved banner show a
round's kong payments (杠分) on a line of their own, apart from the win, in the engine's
words: 暗杠 2 × 2 家 = 4; nets and totals have a cell a seat of the table."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.services import round_record
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, players, recorder):
    session = make_session(make_table_season(club, 3), players[:3], actor=recorder)
    round_record(session=session, data=KONG_WIN, actor=recorder)
    round_record(session=session, data=TONGPAO, actor=recorder)
    return session


def text(html):
    return re.sub(r"<[^>]+>", "", html)


def test_the_session_page_lists_each_kong_on_its_own_line(reader, played):
    response = reader.get(reverse("session", args=[played.season.club.slug, played.pk]))

    rounds = response.context["rounds"]
    assert [k["arith"] for k in rounds[0]["kongs"]] == ["暗杠 2 × 2 家 = 4", "放杠 1 × 2 家 = 2"]
    assert [(k["payer"], k["payee"]) for k in rounds[0]["kongs"]] == [
        ("张三、王五", "李四"),
        ("张三", "王五"),
    ]
    assert [k["arith"] for k in rounds[1]["kongs"]] == ["加杠 1 × 2 家 = 2"]
    page = text(response.content.decode())
    assert "杠分：李四 暗杠 2 × 2 家 = 4、王五 放杠 1 × 2 家 = 2" in page
    assert (
        len(response.context["seats"]) == 3
        and sum(s["total"] for s in response.context["seats"]) == 0
    )
    assert all(len(r["net"]) == 3 for r in rounds)


def test_a_round_without_kongs_has_no_kong_line(reader, club, players, recorder):
    session = make_session(make_table_season(club, 3), players[:3], actor=recorder)
    round_record(session=session, data={**TONGPAO, "kongs": []}, actor=recorder)

    response = reader.get(reverse("session", args=[club.slug, session.pk]))

    assert response.context["rounds"][0]["kongs"] == []
    assert 'data-role="round-kongs"' not in response.content.decode()


def test_the_round_page_keeps_the_kongs_out_of_the_win_payments(reader, played):
    response = reader.get(reverse("round", args=[played.season.club.slug, played.pk, 1]))

    [version] = response.context["versions"]
    assert {t["event"] for t in version["transfers"]} == {"胡牌"}
    assert [k["arith"] for k in version["summary"]["kongs"]] == [
        "暗杠 2 × 2 家 = 4",
        "放杠 1 × 2 家 = 2",
    ]


def test_the_kong_words_follow_the_english_page(reader, played):
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = reader.get(reverse("session", args=[played.season.club.slug, played.pk]))

    kongs = response.context["rounds"][0]["kongs"]
    assert kongs[0]["kind"] == "Concealed kong"
    assert response.context["kong_title"] != "杠分"
