"""再来一场 on the club page: one tap starts a session with the last session's four in
their seats, in the current season (the open one that started last) under its ruleset."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Session
from tests.factories import make_ruleset, make_season, round_self_draw

pytestmark = pytest.mark.django_db


def again_url(club):
    return reverse("session-again", args=[club.slug])


def test_the_club_page_offers_the_last_four_with_the_next_dealer(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2, birds=[5, 9]), actor=recorder)

    page = rec.get(reverse("club", args=[session.season.club.slug])).content.decode()

    assert 'data-role="session-again"' in page
    assert "张三 · 李四 · 王五 · 赵六" in page and "王五 坐庄" in page


def test_one_tap_starts_the_last_table_in_the_current_season_under_its_ruleset(
    rec, club, session, season, recorder
):
    season.start_date = datetime.date(2025, 1, 1)
    season.save()
    newer = make_season(
        club,
        make_ruleset(club, {"preset": "changsha-67", "bird_count": 4}),
        name="夏季赛",
        start_date=datetime.date(2025, 6, 1),
    )
    make_season(club, name="已结束的", start_date=datetime.date(2025, 9, 1), is_closed=True)

    response = rec.post(again_url(club))

    new = Session.objects.exclude(pk=session.pk).get()
    assert response["Location"] == reverse("round-new", args=[club.slug, new.pk])
    assert new.season == newer and new.season.ruleset.config["bird_count"] == 4
    assert [p.pk for p in new.players_in_order()] == [p.pk for p in session.players_in_order()]


def test_without_an_open_season_nothing_starts_and_the_club_page_says_why(
    rec, club, session, season
):
    season.is_closed = True
    season.save()

    response = rec.post(again_url(club), follow=True)

    assert Session.objects.count() == 1
    assert "没有进行中的赛季" in response.content.decode()


def test_a_member_who_may_not_record_has_no_button_and_cannot_start(reader, club, session):
    page = reader.get(reverse("club", args=[club.slug])).content.decode()
    response = reader.post(again_url(club))

    assert 'data-role="session-again"' not in page
    assert response.status_code == 403 and Session.objects.count() == 1


def test_a_club_without_sessions_offers_no_button(rec, club, season):
    page = rec.get(reverse("club", args=[club.slug])).content.decode()

    assert 'data-role="session-again"' not in page
