"""A roster name that a spreadsheet would run as a formula ("=HYPERLINK(…)", "+1", "@SUM")
stays text in the season's downloads: an apostrophe before it in the CSV files (the
site's and the API's), a text cell in the workbook."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from leagues.models import Player
from scoring import services
from tests.api_helpers import club_url, token_client

pytestmark = pytest.mark.django_db

HOSTILE = '=HYPERLINK("http://evil.example","x")'


@pytest.fixture
def hostile(session, recorder, players):
    Player.objects.filter(pk=players[1].pk).update(display_name=HOSTILE)
    data = {
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [1, 2],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)
    return session


def test_a_formula_name_is_quoted_in_both_csv_files(reader, season, hostile):
    for name in ("season-csv", "season-rounds-csv"):
        body = reader.get(reverse(name, args=[season.club.slug, season.pk])).content
        cells = [c for row in csv.reader(io.StringIO(body.decode("utf-8-sig"))) for c in row]
        assert HOSTILE not in cells, name
        assert "'" + HOSTILE in cells, name


def test_a_formula_name_is_a_text_cell_in_the_workbook(reader, season, hostile):
    body = reader.get(reverse("season-xlsx", args=[season.club.slug, season.pk])).content

    book = load_workbook(io.BytesIO(body))
    cells = [c for sheet in book.worksheets for row in sheet.iter_rows() for c in row]
    named = [c for c in cells if c.value == HOSTILE]
    assert named and all(c.data_type == "s" for c in named)


def test_a_formula_name_is_quoted_in_both_api_csv_files(member, season, hostile):
    client = token_client(member)
    for name in ("standings.csv", "rounds.csv"):
        response = client.get(club_url(season.club, f"seasons/{season.pk}/{name}"))
        body = b"".join(response.streaming_content) if response.streaming else response.content
        cells = [c for row in csv.reader(io.StringIO(body.decode("utf-8-sig"))) for c in row]
        assert HOSTILE not in cells, name
        assert "'" + HOSTILE in cells, name
