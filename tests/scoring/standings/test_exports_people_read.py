"""The season's downloads on the site are for people: headers and hand names in the
page's language, seats by name, the rating column, and an Excel workbook; the API's CSV
keeps its column codes."""

from __future__ import annotations

import csv
import io

import pytest
from django.conf import settings
from django.urls import reverse
from openpyxl import load_workbook

from scoring import services
from tests.api_helpers import club_url, token_client

pytestmark = pytest.mark.django_db

BIG_DISCARD = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["qingyise"]}],
        "discarder": 2,
        "birds": [3, 4],
    },
}


def english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def csv_table(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.fixture
def played(session, recorder):
    services.round_record(session=session, data=BIG_DISCARD, actor=recorder)
    services.session_finish(session=session, actor=recorder)
    return session


def test_the_standings_csv_has_chinese_headers_and_the_rating_under_the_chinese_page(
    reader, season, played
):
    table = csv_table(reader.get(reverse("season-csv", args=[season.club.slug, season.pk])))

    assert table[0] == [
        "#",
        "选手",
        "总分",
        "场数",
        "盘数",
        "胡牌",
        "自摸",
        "点炮",
        "大胡",
        "胡牌率",
        "每盘平均",
        "等级分",
    ]  # fmt: skip (罚分 and 合计 only where penalties exist)
    winner = next(row for row in table[1:] if row[1] == "李四")
    assert winner[9] == "100.0%"
    assert winner[11] != ""  # the session is finished: rated


def test_the_standings_csv_has_english_headers_under_the_english_page(reader, season, played):
    table = csv_table(
        english(reader).get(reverse("season-csv", args=[season.club.slug, season.pk]))
    )

    assert table[0][:3] == ["#", "Player", "Net"]
    assert table[0][-1] == "Rating"


def test_the_rounds_csv_names_seats_hands_and_the_outcome_in_chinese(reader, season, played):
    table = csv_table(reader.get(reverse("season-rounds-csv", args=[season.club.slug, season.pk])))

    header, row = table[0], table[1]
    cell = dict(zip(header, row, strict=True))
    assert header[15:19] == ["1号位", "2号位", "3号位", "4号位"]
    assert cell["庄家"] == "1号位 张三"
    assert cell["胡家"] == "2号位 李四"
    assert cell["放炮"] == "3号位 王五"
    assert cell["结果"] == "点炮"
    assert cell["牌型"] == "清一色"
    assert "qingyise" not in ",".join(row)


def test_the_rounds_csv_has_english_headers_under_the_english_page(reader, season, played):
    table = csv_table(
        english(reader).get(reverse("season-rounds-csv", args=[season.club.slug, season.pk]))
    )

    cell = dict(zip(table[0], table[1], strict=True))
    assert cell["Dealer"] == "Seat 1 张三"
    assert cell["Seat 2"] == "李四"


def test_the_excel_workbook_has_the_standings_and_the_rounds_as_numbers(reader, season, played):
    response = reader.get(reverse("season-xlsx", args=[season.club.slug, season.pk]))

    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    book = load_workbook(io.BytesIO(response.content))
    standings, rounds = book.worksheets
    header = [c.value for c in standings[1]]
    assert header[:3] == ["#", "选手", "总分"] and header[-1] == "等级分"
    rows = {r[1].value: r for r in standings.iter_rows(min_row=2)}
    assert rows["李四"][2].value > 0 and isinstance(rows["李四"][2].value, int)
    assert rows["李四"][9].number_format == "0.0%"
    assert [c.value for c in rounds[1]][15:19] == ["1号位", "2号位", "3号位", "4号位"]
    assert rounds.max_row == 2


def test_the_api_csv_keeps_its_column_codes_whatever_the_language(member, season, played):
    client = token_client(member)

    response = client.get(
        club_url(season.club, f"seasons/{season.pk}/rounds.csv"), HTTP_ACCEPT_LANGUAGE="en"
    )

    header = next(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert header[:3] == ["session", "started_at", "table"]
    assert "player_0" in header


def test_the_printable_table_is_linked_from_the_season_page_and_has_every_row(
    reader, season, played
):
    page = reader.get(reverse("season", args=[season.club.slug, season.pk])).content.decode()
    url = reverse("season-print", args=[season.club.slug, season.pk])
    assert f'href="{url}"' in page

    sheet = reader.get(url).content.decode()

    assert "css/print.css" in sheet
    assert sheet.count("data-player=") == 4
    assert "window.print()" in sheet


def test_the_workbooks_start_times_are_dates_in_a_column_wide_enough(reader, season, played):
    response = reader.get(reverse("season-xlsx", args=[season.club.slug, season.pk]))

    rounds = load_workbook(io.BytesIO(response.content)).worksheets[1]
    started = rounds.cell(row=2, column=2)
    assert started.is_date and started.number_format == "yyyy-mm-dd hh:mm"
    assert rounds.column_dimensions["B"].width >= len("yyyy-mm-dd hh:mm")


BY_TILES = {
    "dealer": 0,
    "result": {
        "kind": "self_draw",
        "winners": [{"seat": 1, "tiles": "123456789m123m55m"}],  # 清一色, told by its tiles
        "birds": [3, 4],
    },
}


def test_both_rounds_csvs_name_the_hands_of_a_winner_given_by_tiles_alone(
    reader, member, season, session, recorder
):
    services.round_record(session=session, data=BY_TILES, actor=recorder)
    url = reverse("season-rounds-csv", args=[season.club.slug, season.pk])

    cell = dict(zip(*csv_table(reader.get(url))[:2], strict=True))
    assert cell["胡家"] == "2号位 李四" and cell["牌型"] == "清一色"

    answer = token_client(member).get(club_url(season.club, f"seasons/{season.pk}/rounds.csv"))
    header, row = list(csv.reader(io.StringIO(b"".join(answer.streaming_content).decode())))
    assert dict(zip(header, row, strict=True))["hands"] == "qingyise"
