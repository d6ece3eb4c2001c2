"""Paper nets (纸面记录) are read by one parser and refused with one catalogue message,
whether they come from the page's form, a CSV upload, an import line or the API."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.club_file import lines_import
from scoring.standings.models import SessionResult
from tests.api_helpers import club_url

pytestmark = pytest.mark.django_db

OFF_BY_FIVE = [30, -10, -5, -10]


def form_nets_error(client, season, nets):
    data = {f"player_{i}": n for i, n in enumerate(["张三", "李四", "王五", "赵六"])}
    data.update({f"net_{i}": str(n) for i, n in enumerate(nets)})
    response = client.post(
        reverse("paper-session-new", args=[season.club.slug, season.pk]),
        {"table_label": "", "started_at": "", **data},
    )
    return response.context["form"].group_error_map["nets"]


def upload_messages(client, season, nets):
    row = ",".join(["2025-03-14", "", "张三", "李四", "王五", "赵六", *map(str, nets)])
    text = "date,table,player1,player2,player3,player4,net1,net2,net3,net4\n" + row + "\n"
    file = SimpleUploadedFile("paper.csv", text.encode(), content_type="text/csv")
    response = client.post(
        reverse("paper-session-upload", args=[season.club.slug, season.pk]), {"file": file}
    )
    return response.context["upload"].row_errors[0]["messages"]


def import_line(club, season, players, organiser, nets):
    line = json.dumps(
        {
            "season": season.name,
            "players": [p.display_name for p in players[:4]],
            "rounds": [],
            "paper_nets": nets,
        },
        ensure_ascii=False,
    )
    report, _ = lines_import(lines=[line], actor=organiser, club=club)
    return report


def test_the_page_the_upload_the_import_and_the_api_refuse_a_bad_sum_in_one_sentence(
    rec, api_as, club, season, players, organiser
):
    rec.cookies["django_language"] = "en"
    on_the_page = form_nets_error(rec, season, OFF_BY_FIVE)
    in_the_file = upload_messages(rec, season, OFF_BY_FIVE)
    report = import_line(club, season, players, organiser, OFF_BY_FIVE)
    api = api_as("recorder").post(
        club_url(club, f"seasons/{season.pk}/paper-sessions/"),
        {"players": [p.pk for p in players[:4]], "nets": OFF_BY_FIVE},
        format="json",
    )
    from_the_api = [e["message"] for e in api.json()["errors"]]

    assert on_the_page == [m for m in in_the_file if "+5" in m]
    assert [e["message"] for e in report.failed[0][1]] == on_the_page
    assert from_the_api == on_the_page
    assert "+5" in on_the_page[0]


def test_the_chinese_page_refuses_a_bad_sum_with_the_catalogues_translation(rec, season, players):
    assert form_nets_error(rec, season, OFF_BY_FIVE) == ["得分之和必须为零（现在是 +5）"]


def test_an_import_line_reads_nets_typed_on_a_chinese_keyboard_as_the_page_does(
    rec, club, season, players, organiser
):
    typed = ["＋30", "－10", "- 5", "－15"]

    report = import_line(club, season, players, organiser, typed)

    assert report.failed == []
    assert SessionResult.objects.get(is_paper=True).paper_nets == [30, -10, -5, -15]
