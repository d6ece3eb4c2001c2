"""`make run`'s demo has two league nights of thirteen, built through the services: a
finished one of three seating rounds (a bye each round, three different players), every
table finished, penalties; and an open one whose round 1 is drawn, two of its tables
recording and the timer running, so the board shows something at once."""

import pytest
from django.core.management import call_command

from scoring.engine import score_round
from scoring.events import selectors
from scoring.events.models import Event
from scoring.management.commands.load_demo import DEMO_SLUG
from scoring.models import Round
from scoring.standings.models import Penalty

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def nights():
    call_command("load_demo", verbosity=0)
    events = Event.objects.filter(season__club__slug=DEMO_SLUG)
    return events.get(finished_at__isnull=False), events.get(finished_at__isnull=True)


def test_the_finished_night_has_three_rounds_of_thirteen_with_a_different_bye_each(nights):
    done, _open = nights

    board = selectors.event_board(event=done)

    assert len(board.entrants) == 13 and len(board.rounds) == 3
    assert all(len(r.tables) == 3 and len(r.sitting_out) == 1 for r in board.rounds)
    assert len({name for r in board.rounds for name in r.sitting_out}) == 3
    assert all(t.finished and t.rounds >= 4 for r in board.rounds for t in r.tables)
    assert sum(row.net for row in board.standings) == 0
    assert sorted(p.amount for p in Penalty.objects.filter(event=done)) == [-10, 0]


def test_the_open_night_has_round_one_drawn_two_tables_recording_and_the_timer(nights):
    _done, tonight = nights

    board = selectors.event_board(event=tonight)

    assert not tonight.is_finished and board.current is not None
    assert board.current.round.number == 1 and len(board.current.tables) == 3
    assert [t.started for t in board.current.tables] == [True, True, False]
    assert all(t.rounds > 0 for t in board.current.tables[:2])
    assert board.current.round.timer_ends_at is not None


def test_every_round_of_the_nights_is_the_engines_score_of_its_data(nights):
    rounds = Round.objects.filter(session__event_table__round__event__in=nights, is_current=True)

    assert rounds.count() > 40
    for r in rounds.prefetch_related("players").select_related("session__season__ruleset"):
        nets = [p.net for p in sorted(r.players.all(), key=lambda p: p.seat)]
        config = r.session.season.ruleset.config
        assert nets == score_round({**r.data, "ruleset": config})["net"], r.number


def test_a_demo_club_loaded_before_the_nights_gets_them_on_the_next_run(nights):
    Penalty.objects.filter(event__in=nights).delete()
    Event.objects.filter(pk__in=[e.pk for e in nights]).delete()

    call_command("load_demo", verbosity=0)

    events = Event.objects.filter(season__club__slug=DEMO_SLUG)
    assert events.count() == 2 and events.filter(finished_at__isnull=False).count() == 1
    assert events.first().season.club.players.count() == 13


def test_no_two_tables_of_the_finished_night_play_the_same_rounds(nights):
    done, _open = nights
    rounds = Round.objects.filter(session__event_table__round__event=done, is_current=True)

    tables: dict[int, list] = {}
    for r in rounds.prefetch_related("players").order_by("session_id", "number"):
        nets = tuple(p.net for p in sorted(r.players.all(), key=lambda p: p.seat))
        tables.setdefault(r.session_id, []).append(nets)

    assert len(tables) == 9
    assert len({tuple(t) for t in tables.values()}) == 9  # each table its own evening
    assert len({n for t in tables.values() for n in t}) >= 20  # not one story re-dealt
