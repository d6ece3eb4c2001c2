"""A season whose ruleset seats three or two starts no session: the engine scores such
tables (rules.md §10), the session pages seat four."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from leagues.models import Ruleset
from scoring import services
from scoring.models import Session


@pytest.mark.parametrize("seated", [3, 2])
def test_a_session_under_a_ruleset_for_fewer_than_four_is_refused_naming_the_season(
    season, players, recorder, seated
):
    extra = {"quyimen": False} if seated == 2 else {}
    Ruleset.objects.filter(pk=season.ruleset_id).update(
        config={"preset": "changsha-67", "players": seated, **extra}
    )
    season.refresh_from_db()

    with pytest.raises(ValidationError) as info:
        services.session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)

    assert "season" in info.value.message_dict
    assert f"{seated}" in " ".join(info.value.message_dict["season"])
    assert not Session.objects.exists()


def test_a_session_under_a_four_player_ruleset_starts(season, players, recorder):
    session = services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )

    assert session.seats.count() == 4
