"""A night of seven under a ruleset for four, with tables of three: one table of four and
one of three; the three play the season's rules at ``players: 3`` (rules.md §10), and
their rounds count on the board and in the night's standings like any other."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from scoring.events import services
from scoring.events.selectors import event_board
from scoring.models import Round
from scoring.services import round_record
from tests.factories import round_discard, round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(season, roster, organiser):
    event = services.event_create(
        season=season, name="七人夜", date=season.start_date, remainder="three", actor=organiser
    )
    enter(event, roster[:7], organiser)
    return event


def test_seven_players_sit_at_a_table_of_four_and_a_table_of_three(night, organiser):
    rnd = services.round_draw(event=night, actor=organiser, seed=4)

    assert sorted(len(t.seats) for t in rnd.tables.all()) == [3, 4]
    assert rnd.sitting_out == []


def test_the_table_of_three_records_rounds_at_three_seats_under_the_seasons_rules(
    night, season, organiser
):
    rnd = services.round_draw(event=night, actor=organiser, seed=4)
    three = next(t for t in rnd.tables.all() if len(t.seats) == 3)
    session = services.table_start(table=three, actor=organiser)

    first = round_record(session=session, data=round_discard(1, 2, dealer=0, birds=[3, 5]),
                         actor=organiser)  # fmt: skip
    second = round_record(session=session, data=round_self_draw(2, dealer=1, birds=[4, 8]),
                          actor=organiser)  # fmt: skip

    assert session.table_size == 3 and session.seats.count() == 3
    for stored in (first, second):
        assert stored.ruleset_config["players"] == 3
        assert len(stored.result["net"]) == 3 and sum(stored.result["net"]) == 0
        expected = score_round({**stored.data, "ruleset": {**season.ruleset.config, "players": 3}})
        assert stored.result["net"] == expected["net"]
    assert Round.objects.filter(session=session).count() == 2


def test_the_board_shows_the_table_of_three_with_its_totals_and_standings(night, organiser):
    rnd = services.round_draw(event=night, actor=organiser, seed=4)
    three = next(t for t in rnd.tables.all() if len(t.seats) == 3)
    session = services.table_start(table=three, actor=organiser)
    stored = round_record(session=session, data=round_self_draw(0, dealer=0, birds=[1, 2]),
                          actor=organiser)  # fmt: skip

    board = event_board(event=night)

    nets = {row.player.pk: row.net for row in board.standings}
    for seat, pid in enumerate(three.seats):
        assert nets[pid] == stored.result["net"][seat]
    assert sum(nets.values()) == 0


def test_a_table_of_four_in_the_same_night_keeps_the_seasons_table_size(night, organiser):
    rnd = services.round_draw(event=night, actor=organiser, seed=4)
    four = next(t for t in rnd.tables.all() if len(t.seats) == 4)

    session = services.table_start(table=four, actor=organiser)
    stored = round_record(session=session, data=round_discard(1, 2), actor=organiser)

    assert session.table_size is None
    assert stored.ruleset_config["players"] == 4 and len(stored.result["net"]) == 4
