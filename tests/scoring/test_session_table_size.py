"""A session seats exactly its season's ruleset's ``players`` (four, three or two,
rules.md §10); any other count is refused naming ``players``, and nothing is stored."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from leagues.models import Ruleset
from scoring import services
from scoring.forms import season_table_seats
from scoring.models import Session, SessionSeat


def _seat(season, seated):
    extra = {"quyimen": False} if seated == 2 else {}
    Ruleset.objects.filter(pk=season.ruleset_id).update(
        config={"preset": "changsha-67", "players": seated, **extra}
    )
    season.refresh_from_db()


@pytest.mark.parametrize("seated", [4, 3, 2])
def test_a_session_seats_as_many_as_the_ruleset_plays(season, players, recorder, seated):
    _seat(season, seated)

    session = services.session_start(
        season=season, players=players[:seated], first_dealer=seated - 1, actor=recorder
    )

    assert [s.player for s in session.seats.order_by("seat")] == players[:seated]
    assert session.first_dealer == seated - 1


@pytest.mark.parametrize(("seated", "given"), [(3, 4), (3, 2), (2, 3), (4, 3)])
def test_a_wrong_player_count_is_refused_naming_players(season, players, recorder, seated, given):
    _seat(season, seated)

    with pytest.raises(ValidationError) as info:
        services.session_start(
            season=season, players=players[:given], first_dealer=0, actor=recorder
        )

    assert list(info.value.message_dict) == ["players"]
    assert str(seated) in " ".join(info.value.message_dict["players"])
    assert not Session.objects.exists() and not SessionSeat.objects.exists()


@pytest.mark.parametrize("seated", [3, 2])
def test_a_first_dealer_beyond_the_table_is_refused(season, players, recorder, seated):
    _seat(season, seated)

    with pytest.raises(ValidationError) as info:
        services.session_start(
            season=season, players=players[:seated], first_dealer=seated, actor=recorder
        )

    assert list(info.value.message_dict) == ["first_dealer"]
    assert f"0–{seated - 1}" in info.value.message_dict["first_dealer"][0]
    assert not Session.objects.exists()


@pytest.mark.parametrize("seated", [3, 2])
def test_a_form_seats_the_rulesets_players(season, seated):
    _seat(season, seated)

    assert season_table_seats(season) == seated
    assert services.ruleset_players(config=season.ruleset.config) == seated


def test_a_ruleset_the_engine_cannot_read_is_refused_but_a_form_still_seats_four(season):
    Ruleset.objects.filter(pk=season.ruleset_id).update(config={"preset": "no-such-preset"})
    season.refresh_from_db()

    with pytest.raises(services.RoundRejected):
        services.ruleset_players(config=season.ruleset.config)
    assert season_table_seats(season) == 4
