"""The round form at tables of three and two (rules.md §10): the page's context (n seats,
the bird table with 空, the kong words, the suits in play) and the preview, which shows
the kong payments apart from the win with their arithmetic (暗杠 2 × 2 家)."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring.engine import score_round
from scoring.engine.options import KONG_KINDS
from scoring.engine.words import BIRD_ON_NOBODY
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def url(name, session, *args):
    return reverse(name, args=[session.season.club.slug, session.pk, *args])


def seated(season, players, recorder, n, **options):
    """A session of ``n`` players under changsha-67 with ``options``."""
    season.ruleset.config = {"preset": "changsha-67", "players": n, **options}
    season.ruleset.save()
    return make_session(season, players[:n], actor=recorder)


def form_context(client, session):
    response = client.get(url("round-new", session))
    assert response.status_code == 200
    return response.context["rf_context"]


def preview(client, session, data):
    response = client.post(
        url("round-preview", session), json.dumps(data), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response.json()


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_table_of_three_gives_the_form_three_seats_and_the_birds_that_land_on_nobody(
    rec, season, players, recorder
):
    session = seated(season, players, recorder, 3, kong_pay=True)

    ctx = form_context(rec, session)

    assert [s["name"] for s in ctx["seats"]] == ["张三", "李四", "王五"]
    assert [s["label"] for s in ctx["seats"]] == ["1号位", "2号位", "3号位"]
    assert ctx["rules"]["players"] == 3 and ctx["birds"]["players"] == 3
    # 四八空鸟: from seat 0, birds 4 and 8 land on nobody; 3 and 7 on its 上家 (seat 2)
    row = ctx["birds"]["seat"][0]
    assert (row[4], row[8], row[3], row[7], row[2]) == (None, None, 2, 2, 1)
    assert ctx["words"]["kong_kinds"] == {k: v.name.zh for k, v in KONG_KINDS.items()}
    assert ctx["words"]["bird_on_nobody"] == BIRD_ON_NOBODY.zh
    assert ctx["words"]["kong_pay"] == "杠分"


def test_a_table_of_two_without_bamboos_has_no_bamboo_tiles_and_two_seats(
    rec, season, players, recorder
):
    session = seated(season, players, recorder, 2, quyimen=True)

    ctx = form_context(rec, session)

    assert len(ctx["seats"]) == 2
    assert ctx["rules"]["quyimen"] is True
    assert not [t for t in ctx["birds"]["haidi"] if t.endswith("s")]
    assert "5m" in ctx["birds"]["haidi"] and "5p" in ctx["birds"]["haidi"]
    # two seats: birds 1/5/9 on the origin, 3/7 on the other seat, the rest on nobody
    assert ctx["birds"]["seat"][1][1:9] == [1, None, 0, None, 1, None, 0, None]


def test_the_words_follow_the_page_language(client, season, players, recorder):
    session = seated(season, players, recorder, 3, kong_pay=True)
    client.force_login(recorder)
    client.cookies["django_language"] = "en"

    ctx = client.get(url("round-new", session), HTTP_ACCEPT_LANGUAGE="en").context["rf_context"]

    assert ctx["words"]["kong_kinds"]["an"] == KONG_KINDS["an"].name.en
    assert ctx["words"]["bird_on_nobody"] == BIRD_ON_NOBODY.en


THREE_DRAW_WITH_KONGS = {
    "dealer": 0,
    "result": {"kind": "draw", "winners": [], "haidi": {"first_offered": 1, "taker": None}},
    "kongs": [{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
}


def test_the_preview_of_a_three_player_draw_shows_each_kong_apart_with_its_arithmetic(
    rec, season, players, recorder
):
    session = seated(season, players, recorder, 3, kong_pay=True)
    expected = score_round({**THREE_DRAW_WITH_KONGS, "ruleset": season.ruleset.config})

    answer = preview(rec, session, THREE_DRAW_WITH_KONGS)

    assert answer["result"]["net"] == expected["net"]
    html = answer["html"]
    shown = [int(n) for n in re.findall(r'data-net="(-?\d+)"', html)]
    assert shown == expected["net"] and len(shown) == 3
    kongs = re.findall(r'<tr data-role="preview-kong">(.*?)</tr>', html, re.S)
    assert len(kongs) == 2
    # 李四's 暗杠: 张三 and 王五 pay 2 each; 王五's 放杠 on 张三's discard: 张三 pays 1 × 2
    assert "张三、王五 → 李四" in text(kongs[0]) and "暗杠 2 × 2 家 = 4" in text(kongs[0])
    assert "张三 → 王五" in text(kongs[1]) and "放杠 1 × 2 家 = 2" in text(kongs[1])
    assert "本盘没有支付" not in html


def test_the_preview_of_a_win_with_a_kong_keeps_the_win_and_the_kong_apart(
    rec, season, players, recorder
):
    session = seated(season, players, recorder, 3, kong_pay=True)
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 4],
        },
        "kongs": [{"seat": 0, "kind": "jia"}],
    }
    expected = score_round({**data, "ruleset": season.ruleset.config})

    html = preview(rec, session, data)["html"]

    wins, kongs = html.split('data-role="preview-kongs"')
    assert "胡牌" in text(wins) and "加杠" not in text(wins)
    assert "李四、王五 → 张三" in text(kongs) and "加杠 1 × 2 家 = 2" in text(kongs)
    assert [int(n) for n in re.findall(r'data-net="(-?\d+)"', html)] == expected["net"]


def test_the_preview_of_a_two_player_discard_names_the_two_seats(rec, season, players, recorder):
    session = seated(season, players, recorder, 2, quyimen=True, kong_pay=True)
    data = {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "discarder": 0,
            "birds": [1, 3],
        },
        "kongs": [{"seat": 1, "kind": "ming", "from": 0}],
    }
    expected = score_round({**data, "ruleset": season.ruleset.config})

    html = preview(rec, session, data)["html"]

    assert [int(n) for n in re.findall(r'data-net="(-?\d+)"', html)] == expected["net"]
    assert "放杠 1 × 1 家 = 1" in text(html)


def test_a_bamboo_tile_at_a_table_without_bamboos_is_refused_naming_the_field(
    rec, season, players, recorder
):
    session = seated(season, players, recorder, 2, quyimen=True)
    data = {
        "dealer": 0,
        "result": {"kind": "draw", "winners": [], "haidi": {"tile": "5s", "first_offered": 1}},
    }

    response = rec.post(
        url("round-preview", session), json.dumps(data), content_type="application/json"
    )

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["result.haidi.tile"]
