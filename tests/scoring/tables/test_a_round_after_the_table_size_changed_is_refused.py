"""A session seats the table its season's ruleset had when it started. When the club
changes the season's ruleset to another table size, the old session's next round is
refused naming the session (nothing stored); a correction of an old round is scored
under that round's own ruleset and still goes through."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from leagues.services import season_update
from scoring.models import Round
from scoring.services import RoundRejected, round_correct, round_preview, round_record
from tests.factories import make_ruleset, round_discard, round_self_draw

pytestmark = pytest.mark.django_db


@pytest.fixture
def turned_to_three(club, season, session, recorder, organiser):
    first = round_record(session=session, data=round_self_draw(0), actor=recorder)
    three = make_ruleset(club, {"preset": "changsha-67", "players": 3})
    season_update(season=season, ruleset=three, actor=organiser)
    session.season.refresh_from_db()
    return first


def test_the_next_round_of_a_four_seat_session_is_refused(session, recorder, turned_to_three):
    with pytest.raises(RoundRejected) as info:
        round_record(session=session, data=round_discard(1, 2), actor=recorder)

    assert [(e.field, e.code) for e in info.value.errors] == [("session", "table_size_changed")]
    assert "4" in info.value.errors[0].message and "3" in info.value.errors[0].message
    assert Round.objects.count() == 1


def test_the_preview_says_so_too(session, turned_to_three):
    with pytest.raises(RoundRejected) as info:
        round_preview(session=session, data=round_discard(1, 2))

    assert [e.code for e in info.value.errors] == ["table_size_changed"]


def test_the_round_form_shows_the_refusal_in_chinese(rec, session, turned_to_three):
    url = reverse("round-new", args=[session.season.club.slug, session.pk])

    response = rec.post(url, {"data": json.dumps(round_discard(1, 2))})

    assert response.status_code == 400
    [error] = response.context["rf_context"]["errors"]
    assert error["field"] == "session" and "本场是4人桌" in error["message"]


def test_a_correction_of_an_old_round_keeps_its_own_table(session, recorder, turned_to_three):
    corrected = round_correct(round=turned_to_three, data=round_discard(3, 0), actor=recorder)

    assert len(corrected.result["net"]) == 4 and corrected.version == 2
