"""The API refuses a night's bad input in the one error format, naming the field, and
stores nothing."""

from __future__ import annotations

import pytest

from scoring.events.models import SeatingRound
from scoring.standings.models import Penalty
from tests.api_helpers import club_url, codes
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def test_a_player_seated_twice_through_the_api_names_the_seat(api_as, club, event, roster,
                                                              organiser):  # fmt: skip
    enter(event, roster[:8], organiser)
    ids = [p.pk for p in roster[:8]]

    response = api_as("organiser").post(
        club_url(club, f"events/{event.pk}/seat/"),
        {"tables": [ids[:4], [ids[4], ids[5], ids[6], ids[1]]]},
        format="json",
    )

    assert response.status_code == 400
    assert codes(response) == [("tables.1.3", "seated_twice")]
    assert "李四 is seated more than once" in response.json()["errors"][0]["message"]
    assert not SeatingRound.objects.exists()


def test_a_penalty_on_a_closed_season_through_the_api_is_refused(api_as, club, season, roster):
    season.is_closed = True
    season.save()

    response = api_as("organiser").post(
        club_url(club, "penalties/"),
        {"season": season.pk, "player": roster[0].pk, "amount": -5, "reason": "迟到"},
        format="json",
    )

    assert codes(response) == [("season", "season_closed")]
    assert not Penalty.objects.exists()


def test_a_recorder_may_start_a_table_but_not_draw(api_as, club, event, roster, organiser):
    enter(event, roster[:4], organiser)
    rec = api_as("recorder")

    assert (
        rec.post(club_url(club, f"events/{event.pk}/draw/"), {}, format="json").status_code == 403
    )
    api_as("organiser").post(club_url(club, f"events/{event.pk}/draw/"), {}, format="json")
    started = rec.post(
        club_url(club, f"events/{event.pk}/start-table/"), {"round": 1, "table": 1}, format="json"
    )
    assert started.status_code == 201
