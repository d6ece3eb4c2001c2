"""A body that makes a new resource (POST to a list) and holds a field the site sets
(``id``, ``user``, ``is_guest``, a session's ``seats`` …) is refused on that field,
``read_only``: the client meant a value that would not be stored. A change (PATCH) still
takes such a field sent back as it was read (tests of ``undeclared_refused``)."""

from __future__ import annotations

import pytest

from leagues.models import Player, Ruleset, Season
from scoring.models import Session
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"user": 4}, "user"), ({"is_guest": True}, "is_guest"), ({"id": 3}, "id")],
)
def test_a_new_player_with_a_field_the_site_sets_is_refused_on_it(api_as, club, extra, field):
    response = api_as("organiser").post(
        club_url(club, "players/"), {"display_name": "老王", **extra}, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [(field, "read_only")]
    assert "leave it out of a new one" in response.json()["errors"][0]["message"]
    assert not Player.objects.filter(display_name="老王").exists()


def test_a_new_session_with_its_seats_is_refused_on_them(api_as, club, season, players):
    body = {"season": season.pk, "players": [p.pk for p in players[:4]], "seats": []}

    response = api_as("recorder").post(club_url(club, "sessions/"), body, format="json")

    assert response.status_code == 400
    assert codes(response) == [("seats", "read_only")]
    assert not Session.objects.exists()


def test_a_new_ruleset_or_season_without_such_fields_is_made(api_as, club, ruleset):
    api = api_as("organiser")

    made = api.post(
        club_url(club, "rulesets/"), {"name": "单鸟", "config": "changsha-67"}, format="json"
    )
    season = api.post(
        club_url(club, "seasons/"),
        {"name": "冬", "ruleset": ruleset.pk, "start_date": "2026-12-01"},
        format="json",
    )

    assert (made.status_code, season.status_code) == (201, 201)
    assert (
        Ruleset.objects.filter(name="单鸟").exists() and Season.objects.filter(name="冬").exists()
    )
