"""开一场 shows one player field a seat of the season's table (its ruleset's ``players``),
starts a session of three or two, and names a seat left empty; 同一桌再来一场 is offered
only when the last table had as many players."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Session
from tests.factories import make_session, make_table_season

pytestmark = pytest.mark.django_db


def start_url(season):
    return reverse("session-new", args=[season.club.slug, season.pk])


@pytest.mark.parametrize("seats", [3, 2])
def test_the_form_has_a_field_a_seat_and_a_dealer_choice_a_seat(rec, club, seats):
    season = make_table_season(club, seats, **({"quyimen": True} if seats == 2 else {}))

    form = rec.get(start_url(season)).context["form"]

    assert [n for n in form.fields if n.startswith("seat_")] == [f"seat_{i}" for i in range(seats)]
    assert [v for v, _label in form.fields["first_dealer"].choices] == list(range(seats))


@pytest.mark.parametrize("seats", [3, 2])
def test_posting_the_names_starts_a_session_of_that_size(rec, club, players, seats):
    season = make_table_season(club, seats)
    form = {f"seat_{i}": p.display_name for i, p in enumerate(players[:seats])}

    response = rec.post(start_url(season), {**form, "first_dealer": str(seats - 1)})

    session = Session.objects.get()
    assert response.status_code == 302
    assert session.players_in_order() == players[:seats]
    assert session.first_dealer == seats - 1


def test_a_seat_left_empty_is_named_and_nothing_is_stored(rec, club, players):
    season = make_table_season(club, 3)
    form = {"seat_0": players[0].display_name, "seat_1": players[1].display_name}

    response = rec.post(start_url(season), {**form, "first_dealer": "0"})

    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["seat_2"]
    assert not Session.objects.exists()


def test_a_dealer_beyond_the_table_is_refused_on_its_field(rec, club, players):
    season = make_table_season(club, 2)
    form = {"seat_0": players[0].display_name, "seat_1": players[1].display_name}

    response = rec.post(start_url(season), {**form, "first_dealer": "2"})

    assert list(response.context["form"].errors) == ["first_dealer"]
    assert not Session.objects.exists()


def test_the_last_table_is_offered_only_to_a_season_of_its_size(
    rec, club, season, players, recorder
):
    make_session(season, players[:4], actor=recorder)  # the club's last table: four
    three = make_table_season(club, 3)

    assert rec.get(start_url(season)).context["same"] is not None
    assert rec.get(start_url(three)).context["same"] is None
