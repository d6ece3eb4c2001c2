"""A night's biggest wins and a session's are one reading (``scoring.selectors.best_wins``):
at a night of one table, each player's biggest win of the night is the biggest win of
their seat at that table, with the same hand number, net and hand types."""

from __future__ import annotations

import pytest

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.events import selectors, services
from tests.factories import round_discard, round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def test_each_players_best_win_of_a_one_table_night_is_their_seats_best_of_the_session(
    event, roster, organiser
):
    enter(event, roster[:4], organiser)
    table = services.round_draw(event=event, seed=5, actor=organiser).tables.get()
    session = services.table_start(table=table, actor=organiser)
    for data in (
        round_self_draw(0),
        round_self_draw(1, ["qingyise"]),
        round_discard(2, 3),
        round_self_draw(0, ["pengpenghu"]),
    ):
        scoring_services.round_record(session=session, data=data, actor=organiser)
    seat_of = {seat.player_id: seat.seat for seat in session.seats.all()}

    of_night = selectors.event_best_wins(event=event)
    of_session = scoring_selectors.session_best_wins(session=session)

    assert len(of_session) == 3
    assert of_session[0]["codes"] == ["pengpenghu"] and of_session[1]["codes"] == ["qingyise"]
    assert {seat_of[p]: w for p, w in of_night.items()} == {
        seat: {"round": 1, "table": table.number, **w} for seat, w in of_session.items()
    }
