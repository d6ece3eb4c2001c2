"""Quick start and following the table: 同一桌再来一场, the session's QR code and the
polled totals (ETag, 304 until a round changes), public clubs without logging in."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Session
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def follow_url(session):
    return reverse("session-follow", args=[session.season.club.slug, session.pk])


def test_same_four_as_last_time_starts_a_session_with_their_seats_and_next_dealer(
    rec, session, season, recorder
):
    services.round_record(session=session, data=round_discard(2, 1, birds=[3, 4]), actor=recorder)
    page = rec.get(reverse("session-new", args=[season.club.slug, season.pk])).content.decode()
    # the last table is not finished: the button finishes it first (its form says so)
    assert "结束上一场，同一桌再来一场" in page and "王五 坐庄" in page
    assert f'name="finish_last" value="{session.pk}"' in page

    response = rec.post(
        reverse("session-same-table", args=[season.club.slug, season.pk]),
        {"finish_last": str(session.pk)},
    )

    new = Session.objects.exclude(pk=session.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("round-new", args=[season.club.slug, new.pk])
    assert [p.pk for p in new.players_in_order()] == [p.pk for p in session.players_in_order()]
    assert new.first_dealer == 2


def test_a_member_who_may_not_record_cannot_start_the_same_table(reader, session, season):
    response = reader.post(reverse("session-same-table", args=[season.club.slug, season.pk]))

    assert response.status_code == 403
    assert Session.objects.count() == 1


def test_the_follow_state_changes_with_each_round_and_is_304_meanwhile(
    rec, session, recorder, django_assert_max_num_queries
):
    first = rec.get(follow_url(session))
    etag = first["ETag"]
    # the login session and user, club and role, the session and its seats, totals, marks
    with django_assert_max_num_queries(8):
        same = rec.get(follow_url(session), HTTP_IF_NONE_MATCH=etag)
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    changed = rec.get(follow_url(session), HTTP_IF_NONE_MATCH=etag)

    assert first.json()["totals"] == [0, 0, 0, 0]
    assert same.status_code == 304
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert sum(changed.json()["totals"]) == 0 and changed.json()["totals"][1] > 0


def test_a_void_changes_the_follow_state_too(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    etag = rec.get(follow_url(session))["ETag"]

    services.round_undo_last(session=session, actor=recorder)

    assert rec.get(follow_url(session), HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_session_page_shows_a_qr_code_of_its_own_link_and_its_version(rec, session):
    page = rec.get(reverse("session", args=[session.season.club.slug, session.pk]))

    html = page.content.decode()
    assert 'data-role="follow-qr"' in html and "<svg" in html
    assert f'data-version="{rec.get(follow_url(session)).json()["version"]}"' in html


def test_the_session_page_polls_every_three_seconds_unless_set_otherwise(rec, session, settings):
    url = reverse("session", args=[session.season.club.slug, session.pk])
    assert 'data-follow-every="3000"' in rec.get(url).content.decode()

    settings.FOLLOW_POLL_SECONDS = 0.3

    assert 'data-follow-every="300"' in rec.get(url).content.decode()


def test_a_public_clubs_session_is_followed_without_logging_in(client, session):
    club = session.season.club
    club.is_public = True
    club.save()

    assert client.get(follow_url(session)).status_code == 200
    assert client.get(reverse("session", args=[club.slug, session.pk])).status_code == 200


def test_a_private_clubs_session_is_not_followed_without_logging_in(client, session):
    assert client.get(follow_url(session)).status_code == 403


def test_english_mode_uses_english_punctuation_on_the_session_page(rec, session, recorder):
    services.round_record(
        session=session,
        data=round_discard({1: ["pinghu"], 3: ["pinghu"]}, 2, birds=[2, 6]),
        actor=recorder,
    )
    rec.post("/i18n/setlang/", {"language": "en", "next": "/"})

    page = rec.get(reverse("session", args=[session.season.club.slug, session.pk])).content.decode()
    rounds = page[page.index('id="follow-area"') :]

    assert "：" not in rounds and "、" not in rounds
    # each bird with the player it landed on (from the dealer, 张三: 2 and 6 on 李四)
    assert "2 李四, 6 李四" in re.sub(r"<[^>]+>", "", rounds)
