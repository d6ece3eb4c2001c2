"""The season's rounds download (CSV and Excel) carries what explains a round: its birds
with the seats they landed on (or 空), its openings with their birds, its kongs and its
escapes; one column a seat of the season's tables (three at a table of three)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring import services
from tests.factories import make_session, make_table_season, round_draw

pytestmark = pytest.mark.django_db

OPENING_AND_ESCAPE = {
    "dealer": 0,
    # 王五 opens with 四喜, dice birds 3 (on 王五) and 6 (on 李四), counted from the dealer
    "openings": [{"seat": 2, "hands": ["sixi"], "birds": [3, 6]}],
    "result": {
        "kind": "discard",
        "winners": [{"seat": 0, "hands": ["pinghu"]}],
        "discarder": 3,
        "birds": [5, 8],  # 5 on 张三, 8 on 赵六
    },
    "penalties": [{"seat": 1, "kind": "escape"}],  # 李四 ran away
    "kongs": [{"seat": 3, "kind": "ming", "from": 1}],  # 赵六's kong on 李四's discard
}
DRAW_WITH_KONG = {**round_draw(dealer=0, taker=1), "kongs": [{"seat": 2, "kind": "an"}]}


def csv_rows(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.fixture
def four(club, players, recorder):
    season = make_table_season(club, 4, escape_penalty=10)
    session = make_session(season, players[:4], actor=recorder)
    services.round_record(session=session, data=OPENING_AND_ESCAPE, actor=recorder)
    services.round_record(session=session, data={**DRAW_WITH_KONG, "dealer": 0}, actor=recorder)
    return season


def test_the_rounds_csv_has_birds_with_seats_openings_kongs_and_escapes(reader, four):
    rows = csv_rows(reader.get(reverse("season-rounds-csv", args=[four.club.slug, four.pk])))
    header = rows[0]
    win, draw = (dict(zip(header, row, strict=True)) for row in rows[1:3])

    assert win["鸟"] == "5 → 1号位 张三、8 → 4号位 赵六"
    assert win["起手胡"] == "3号位 王五 四喜 (3 → 3号位 王五、6 → 2号位 李四)"
    assert win["杠"] == "4号位 赵六 放杠 ← 2号位 李四"
    assert win["逃跑"] == "2号位 李四"
    # a draw's non-zero nets are explained by its kong
    assert draw["结果"] == "流局" and draw["杠"] == "3号位 王五 暗杠"
    assert any(int(draw[f"{s}号位得分"]) != 0 for s in range(1, 5))


def test_the_workbook_carries_the_same_facts(reader, four):
    response = reader.get(reverse("season-xlsx", args=[four.club.slug, four.pk]))
    rounds = load_workbook(io.BytesIO(response.content)).worksheets[1]
    header, *rows = [[c.value for c in row] for row in rounds.iter_rows()]
    win = dict(zip(header, rows[0], strict=True))

    assert win["鸟"] == "5 → 1号位 张三、8 → 4号位 赵六"
    assert win["杠"] == "4号位 赵六 放杠 ← 2号位 李四"
    assert win["逃跑"] == "2号位 李四"


def test_at_a_table_of_three_a_bird_on_nobody_says_so_and_there_are_three_seat_columns(
    reader, club, players, recorder
):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [4, 5],  # 四八空鸟: 4 on nobody
        },
    }
    services.round_record(session=session, data=data, actor=recorder)

    rows = csv_rows(reader.get(reverse("season-rounds-csv", args=[club.slug, season.pk])))
    cell = dict(zip(rows[0], rows[1], strict=True))

    assert cell["鸟"] == "4 → 空、5 → 1号位 张三"
    assert [h for h in rows[0] if h.endswith("号位")] == ["1号位", "2号位", "3号位"]
    assert "4号位得分" not in rows[0]


def test_the_english_download_names_the_new_columns(reader, four):
    reader.post("/i18n/setlang/", {"language": "en", "next": "/"})
    rows = csv_rows(reader.get(reverse("season-rounds-csv", args=[four.club.slug, four.pk])))

    assert {"Birds", "Kong", "Escaped"} <= set(rows[0])
