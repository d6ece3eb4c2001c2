"""A club file's ``started_at`` without an offset is the site's time zone's (Asia/Shanghai),
as the API reads one: a table's 19:00 stays 19:00 on every database (PostgreSQL's COPY
took a naive time as UTC, eight hours late)."""

import datetime
import json
from zoneinfo import ZoneInfo

import pytest

from scoring.club_file import lines_import
from scoring.models import Session
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db

SHANGHAI = ZoneInfo("Asia/Shanghai")


@pytest.mark.parametrize(
    ("given", "local"),
    [
        ("2026-12-07T19:00:00", datetime.datetime(2026, 12, 7, 19, 0)),
        ("2026-12-07", datetime.datetime(2026, 12, 7, 0, 0)),
        ("2026-12-07T19:00:00+08:00", datetime.datetime(2026, 12, 7, 19, 0)),
        ("2026-12-07T11:00:00Z", datetime.datetime(2026, 12, 7, 19, 0)),
    ],
)
def test_an_imported_start_time_is_read_in_the_sites_time_zone_unless_it_says_its_own(
    club, season, players, organiser, given, local
):
    line = json.dumps(
        {
            "season": season.name,
            "players": [p.display_name for p in players[:4]],
            "started_at": given,
            "rounds": [round_self_draw(0)],
        },
        ensure_ascii=False,
    )

    report, _ = lines_import(lines=[line], actor=organiser, club=club)

    assert report.failed == [] and report.sessions == 1
    stored = Session.objects.get(season=season).started_at
    assert stored == local.replace(tzinfo=SHANGHAI)
