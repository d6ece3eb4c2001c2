"""The round form of a finished session (结束本场) refuses a new round, in Chinese, and
stores nothing; reopened, it takes the round."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import services
from scoring.models import Round, Session
from scoring.standings.models import SessionResult
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def post_round(client, session, data):
    url = reverse("round-new", args=[session.season.club.slug, session.pk])
    return client.post(url, {"data": json.dumps(data)})


def test_the_round_form_of_a_finished_session_refuses_the_round(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)

    response = post_round(rec, session, round_discard(1, 3))

    assert response.status_code == 400
    assert Round.objects.filter(session=session).count() == 1
    [error] = response.context["rf_context"]["errors"]
    assert (error["field"], error["code"]) == ("session", "session_finished")
    assert "本场已结束" in error["message"]


def test_reopened_the_session_takes_the_round(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    services.session_reopen(session=session, actor=recorder)

    post_round(rec, session, round_discard(1, 3))

    assert Round.objects.filter(session=session).count() == 2


def test_the_round_form_of_a_finished_session_says_so_before_anything_is_entered(
    rec, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)

    response = rec.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    page = response.content.decode()
    assert 'data-role="rf-finished"' in page
    assert 'data-role="rf-reopen"' in page
    assert response.context["rf_context"]["finished"] is True
    assert response.context["rf_context"]["urls"]["reopen"]


def test_the_round_form_of_an_open_session_has_no_finished_notice(rec, session):
    response = rec.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    assert 'data-role="rf-finished"' not in response.content.decode()
    assert response.context["rf_context"]["finished"] is False


def test_reopening_from_the_round_form_goes_back_to_the_round_form(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    slug = session.season.club.slug

    response = rec.post(
        reverse("session-finish", args=[slug, session.pk]), {"reopen": "1", "back": "form"}
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("round-new", args=[slug, session.pk])
    from scoring.standings.models import SessionResult

    assert not SessionResult.objects.filter(session=session).exists()


def test_a_finished_sessions_page_offers_neither_the_next_round_nor_undo_until_reopened(
    rec, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    url = reverse("session", args=[session.season.club.slug, session.pk])
    shown = rec.get(url).content.decode()
    assert 'data-role="record-next"' in shown and 'data-role="undo"' in shown

    services.session_finish(session=session, actor=recorder)
    finished = rec.get(url).content.decode()
    assert 'data-role="record-next"' not in finished and 'data-role="undo"' not in finished
    assert 'data-role="reopen"' in finished

    services.session_reopen(session=session, actor=recorder)
    assert 'data-role="record-next"' in rec.get(url).content.decode()


def test_a_finished_session_is_continued_with_words_that_do_not_sound_like_starting_over(
    rec, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    slug = session.season.club.slug

    finished = rec.get(reverse("session", args=[slug, session.pk])).content.decode()
    assert ">继续本场</button>" in finished
    assert "重新开始" not in finished
    response = rec.post(
        reverse("session-finish", args=[slug, session.pk]), {"reopen": "1"}, follow=True
    )
    said = [str(m) for m in response.context["messages"]]
    assert said == ["本场已重开，可以接着记了。"]
    assert Round.objects.filter(session=session).count() == 1  # the round played is kept


def test_a_finished_session_in_a_closed_season_offers_no_reopen_and_a_post_is_refused(
    rec, session, recorder
):
    services.round_record(session=session, data=round_self_draw(2), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    session.season.is_closed = True
    session.season.save()
    page = reverse("session", args=[session.season.club.slug, session.pk])

    shown = rec.get(page).content.decode()
    response = rec.post(
        reverse("session-finish", args=[session.season.club.slug, session.pk]),
        {"reopen": "1"},
        follow=True,
    )

    assert 'data-role="reopen"' not in shown and 'data-role="finish"' not in shown
    assert "赛季已结束" in response.content.decode()
    assert SessionResult.objects.filter(session=session).exists()


def test_starting_a_session_in_a_closed_season_says_so_before_anything_is_typed(
    rec, season, players
):
    season.is_closed = True
    season.save()
    url = reverse("session-new", args=[season.club.slug, season.pk])

    shown = rec.get(url)
    posted = rec.post(url, {"seat_0": players[0].display_name})

    page = shown.content.decode()
    assert shown.status_code == 200 and "赛季已结束" in page
    assert "<form" not in page.split("<main", 1)[1].split("</main>")[0]
    assert f'href="{reverse("season", args=[season.club.slug, season.pk])}"' in page
    assert posted.status_code == 400 and "赛季已结束" in posted.content.decode()
    assert not Session.objects.filter(season=season).exists()
