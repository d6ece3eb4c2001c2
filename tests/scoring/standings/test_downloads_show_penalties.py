"""The season ranks by net + penalties, so every download of its standings shows the
penalties: the site's CSV and workbook (罚分), the printable table, and the API's CSV
(``penalties``)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from scoring import services
from scoring.events.services import penalty_give
from tests.api_helpers import club_url, token_client

pytestmark = pytest.mark.django_db

SELF_DRAW = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [1, 2]},
}


@pytest.fixture
def penalised(session, recorder, players, season, owner):
    services.round_record(session=session, data=SELF_DRAW, actor=recorder)
    penalty_give(season=season, player=players[2], amount=-30, reason="迟到", actor=owner)
    return players[2].display_name


def by_player(rows, name_column=1):
    return {row[name_column]: row for row in rows}


def test_the_site_csv_has_the_penalties_column_with_each_players_penalties(
    reader, season, penalised
):
    body = reader.get(reverse("season-csv", args=[season.club.slug, season.pk])).content
    header, *rows = csv.reader(io.StringIO(body.decode("utf-8-sig")))

    column = header.index("罚分")
    assert by_player(rows)[penalised][column] == "-30"


def test_the_workbook_has_the_penalties_column_with_each_players_penalties(
    reader, season, penalised
):
    body = reader.get(reverse("season-xlsx", args=[season.club.slug, season.pk])).content
    sheet = load_workbook(io.BytesIO(body)).worksheets[0]
    header, *rows = [[c.value for c in row] for row in sheet.iter_rows()]

    column = header.index("罚分")
    assert by_player(rows)[penalised][column] == -30


def test_the_printable_table_shows_the_penalties(reader, season, penalised):
    page = reader.get(reverse("season-print", args=[season.club.slug, season.pk]))
    html = page.content.decode()

    assert 'data-col="penalties"' in html
    assert '<td data-col="penalties" class="neg">-30</td>' in html


def test_the_api_csv_has_the_penalties_code_with_each_players_penalties(member, season, penalised):
    response = token_client(member).get(club_url(season.club, f"seasons/{season.pk}/standings.csv"))
    body = response.content if not response.streaming else b"".join(response.streaming_content)
    header, *rows = csv.reader(io.StringIO(body.decode("utf-8-sig")))

    column = header.index("penalties")
    assert by_player(rows)[penalised][column] == "-30"


def test_the_empty_table_spans_every_column(reader, season):
    html = reader.get(reverse("season", args=[season.club.slug, season.pk])).content.decode()
    header = html.split("<thead>")[1].split("</thead>")[0]

    assert f'colspan="{header.count("<th")}"' in html
