"""A penalty tied to a night: the night must be of the penalty's season
(``event_other_season`` on ``event``) and the player one of its entrants
(``not_an_entrant`` naming the player); a refusal stores nothing."""

from __future__ import annotations

import pytest

from csmj_site.errors import ServiceErrors
from scoring.events import services
from scoring.standings.models import Penalty
from tests.factories import make_season
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def _refused(**kwargs):
    with pytest.raises(ServiceErrors) as refused:
        services.penalty_give(amount=-10, reason="迟到", **kwargs)
    return refused.value.errors


def test_a_night_of_another_season_is_refused_on_event(event, roster, organiser, club):
    enter(event, roster[:1], organiser)
    other = make_season(club, name="秋季赛")

    errors = _refused(season=other, event=event, player=roster[0], actor=organiser)

    assert [(e.field, e.code) for e in errors] == [("event", "event_other_season")]
    assert event.name in errors[0].message
    assert not Penalty.objects.exists()


def test_a_player_who_did_not_enter_the_night_is_refused_by_name(event, roster, organiser, season):
    enter(event, roster[:4], organiser)

    errors = _refused(season=season, event=event, player=roster[5], actor=organiser)

    assert [(e.field, e.code) for e in errors] == [("player", "not_an_entrant")]
    assert roster[5].display_name in errors[0].message
    assert not Penalty.objects.exists()


def test_an_entrant_of_the_night_gets_the_penalty(event, roster, organiser, season):
    enter(event, roster[:1], organiser)

    penalty = services.penalty_give(
        season=season, event=event, player=roster[0], amount=-10, reason="迟到",
        actor=organiser,
    )  # fmt: skip

    assert penalty.event == event and penalty.amount == -10
    assert Penalty.objects.get() == penalty
