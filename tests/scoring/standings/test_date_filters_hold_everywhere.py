"""A season's date filter: a reversed range is refused on its field (the page and the
API alike, ``csmj_site.bounds.date_range_refusal``), and the page's exports of rounds
hold the rounds of the filtered sessions, as its standings do."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import services
from tests.api_helpers import club_url
from tests.factories import make_session, round_discard

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_nights(season, players, recorder):
    """One session on 2026-11-02 and one on 2026-12-02 (local noon)."""
    made = []
    for month in (11, 12):
        at = timezone.make_aware(datetime.datetime(2026, month, 2, 12))
        session = make_session(season, players[:4], actor=recorder, started_at=at)
        services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
        made.append(session)
    return made


def test_a_reversed_range_on_the_season_page_names_its_field_and_says_the_table_is_every_date(
    reader, season, two_nights
):
    page = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2027-01-01", "date_to": "2026-01-01", "order": "-net", "page": "1"},
    )

    assert page.status_code == 200
    html = page.content.decode()
    errors = html.split('data-role="filter-errors"')[1].split("</div>")[0]
    assert "<p>结束日期不能早于开始日期（2027-01-01）</p>" in errors
    assert 'data-role="filter-not-applied"' in html
    assert "还没有计分的盘" not in html
    # the exports hold what the table shows: every date, in the page's order
    link = html.split('data-role="rounds-csv"')[0].rsplit('href="', 1)[1].split('"')[0]
    assert link.endswith("?order=-net") and "date_" not in link


def test_unusable_dates_keep_the_tables_sort(reader, season, two_nights):
    page = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2027-01-01", "date_to": "2026-01-01", "order": "-wins"},
    )

    assert [c["key"] for c in page.context["columns"] if c["sorted"]] == ["wins"]


def test_a_usable_range_is_not_said_to_be_ignored(reader, season, two_nights):
    html = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2026-12-01", "date_to": "2026-12-31"},
    ).content.decode()

    assert 'data-role="filter-errors"' not in html
    assert 'data-role="filter-not-applied"' not in html
    applied = html.split('data-role="filter-applied">')[1].split("</p>")[0]
    assert "等级分和下面的“最近的场”仍按整个赛季" in applied


def test_without_dates_nothing_is_said_of_them(reader, season, two_nights):
    html = reader.get(reverse("season", args=[season.club.slug, season.pk])).content.decode()

    assert 'data-role="filter-applied"' not in html
    assert 'data-role="filter-not-applied"' not in html


@pytest.mark.parametrize(
    "export", ["season-csv", "season-rounds-csv", "season-xlsx", "season-print"]
)
def test_an_export_asked_for_with_unusable_dates_is_refused_naming_the_field(
    reader, season, two_nights, export
):
    response = reader.get(
        reverse(export, args=[season.club.slug, season.pk]),
        {"date_from": "2026-13-45", "date_to": "2026-01-01"},
    )

    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "从：应为真实的日期，格式 YYYY-MM-DD" in response.content.decode()
    assert "Content-Disposition" not in response


def test_in_english_a_reversed_range_is_said_in_words_not_by_its_parameter(
    reader, season, two_nights
):
    reader.cookies["django_language"] = "en"
    page = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2027-01-01", "date_to": "2026-13-45"},
    ).content.decode()
    reversed_range = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2027-01-01", "date_to": "2026-01-01"},
    ).content.decode()

    errors = page.split('data-role="filter-errors"')[1].split("</div>")[0]
    assert "To: " in errors and "：" not in errors  # a label's colon in the page's language
    errors = reversed_range.split('data-role="filter-errors"')[1].split("</div>")[0]
    assert "<p>End date is before the start date, 2027-01-01</p>" in errors
    assert "date_to" not in errors


def test_a_date_the_page_cannot_read_is_named_by_its_label_not_its_parameter(reader, season):
    page = reader.get(
        reverse("season", args=[season.club.slug, season.pk]), {"date_from": "2026-13-45"}
    ).content.decode()

    errors = page.split('data-role="filter-errors"')[1].split("</div>")[0]
    assert "从：应为真实的日期，格式 YYYY-MM-DD" in errors and "date_from" not in errors
    assert "有效" not in errors  # Django's own sentence


def test_the_standings_api_refuses_a_reversed_range_on_date_to(api_as, season):
    response = api_as("member").get(
        club_url(season.club, f"seasons/{season.pk}/standings/"),
        {"date_from": "2027-01-01", "date_to": "2026-01-01"},
    )

    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("date_to", "date_range")
    ]


def test_the_pages_rounds_csv_holds_the_filtered_sessions_rounds(reader, season, two_nights):
    page = reader.get(
        reverse("season", args=[season.club.slug, season.pk]),
        {"date_from": "2026-12-01", "date_to": "2026-12-31"},
    ).content.decode()
    link = page.split('data-role="rounds-csv"')[0].rsplit('href="', 1)[1].split('"')[0]
    assert "date_from=2026-12-01" in link.replace("&amp;", "&")

    rows = list(
        csv.reader(io.StringIO(reader.get(link.replace("&amp;", "&")).content.decode("utf-8-sig")))
    )
    sessions = {row[0] for row in rows[1:]}
    assert sessions == {str(two_nights[1].pk)}
    everything = reader.get(reverse("season-rounds-csv", args=[season.club.slug, season.pk]))
    all_rows = list(csv.reader(io.StringIO(everything.content.decode("utf-8-sig"))))
    assert {row[0] for row in all_rows[1:]} == {str(s.pk) for s in two_nights}
