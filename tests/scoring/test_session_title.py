"""A session is named on its page, in the crumbs and in messages by when it started (local
time, as the site writes times) and its table, not by its database id, which counts every
club's sessions ("第 48213 场" for a club's first)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_session

pytestmark = pytest.mark.django_db

EVENING = datetime.datetime(2026, 12, 6, 11, 30, tzinfo=datetime.UTC)  # 19:30 in Changsha


def test_a_session_is_titled_by_its_local_start_and_its_table(season, players, recorder):
    session = make_session(season, players[:4], actor=recorder, started_at=EVENING)
    session.table_label = "3号桌"

    assert session.title == "12-06 19:30 · 3号桌"


def test_a_session_without_a_table_is_titled_by_its_start_alone(season, players, recorder):
    session = make_session(season, players[:4], actor=recorder, started_at=EVENING)

    assert session.title == "12-06 19:30"


def table_three_page(rec, season, players, recorder):
    """The session page of a session at 3号桌 started at EVENING: (session, page)."""
    session = make_session(season, players[:4], actor=recorder, started_at=EVENING)
    session.table_label = "3号桌"
    session.save(update_fields=["table_label"])
    page = rec.get(reverse("session", args=[season.club.slug, session.pk])).content.decode()
    return session, page


def crumbs_of(page: str) -> str:
    start = page.index('class="crumbs')
    return page[start : page.index("</nav>", start)]


def test_the_session_page_and_its_crumbs_name_it_by_its_title_not_its_id(
    rec, season, players, recorder
):
    session, page = table_three_page(rec, season, players, recorder)

    title = page[page.index("<title>") : page.index("</title>")]
    crumbs = crumbs_of(page)
    assert "12-06 19:30 · 3号桌" in title
    assert "12-06 19:30 · 3号桌" in crumbs
    assert f"第 {session.pk} 场" not in page
    assert f"Session {session.pk}" not in page


def test_the_session_pages_heading_is_its_name_with_club_and_season_left_to_the_crumbs(
    rec, season, players, recorder
):
    _session, page = table_three_page(rec, season, players, recorder)

    head = page[page.index('class="page-head') : page.index('class="actions')]
    h1 = head[head.index("<h1") : head.index("</h1>")]
    assert h1.endswith(">12-06 19:30 · 3号桌")
    assert season.club.name not in head and season.name not in head
    crumbs = crumbs_of(page)
    assert season.club.name in crumbs and season.name in crumbs
