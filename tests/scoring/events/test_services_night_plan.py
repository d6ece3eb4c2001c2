"""The night's plan through the service: each round of a random night is the next of the
plan made with the first round's seed (recomputed from the seed and the played rounds,
nothing more stored), re-planned when someone comes late; the history reaches the draw as
rounds (issue 28, items 11 and the plan)."""

from __future__ import annotations

import pytest

from scoring.events import seating_night, seating_score, services
from scoring.events.models import SeatingRound
from scoring.events.services import draws
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def seating_of(rnd):
    return [t.seats for t in rnd.tables.order_by("number")]


def start_all(rnd, actor):
    for table in rnd.tables.all():
        services.table_start(table=table, actor=actor)


def test_the_next_round_of_a_random_night_is_the_next_round_of_its_plan(event, roster, organiser):
    event.rounds_planned = 3
    event.save()
    enter(event, roster[:12], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=41)
    start_all(first, organiser)

    second = services.round_draw(event=event, actor=organiser)

    ids = sorted(p.pk for p in roster[:12])
    plan = seating_night.seating_night(players=ids, sizes=[4, 4, 4], rounds=3, seed=41)
    assert seating_of(first) == plan[0]
    assert second.seed == 41
    assert seating_of(second) == plan[1]


def test_a_redraw_draws_a_fresh_plan_with_a_new_seed(event, roster, organiser):
    enter(event, roster[:12], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=41)
    start_all(first, organiser)
    second = services.round_draw(event=event, actor=organiser)

    again = services.round_draw(event=event, actor=organiser, number=2)

    assert again.seed != 41
    assert SeatingRound.objects.filter(event=event).count() == 2
    assert sorted(p for t in seating_of(again) for p in t) == sorted(
        p for t in seating_of(second) for p in t
    )


def test_a_late_arrival_re_plans_the_rest_of_the_night_keeping_what_was_played(
    event, roster, organiser
):
    event.rounds_planned = 3
    event.save()
    enter(event, roster[:8], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=7)
    start_all(first, organiser)
    enter(event, roster[8:12], organiser)

    second = services.round_draw(event=event, actor=organiser)

    seated = sorted(p for t in seating_of(second) for p in t)
    assert seated == sorted(p.pk for p in roster[:12])
    # The eight of round 1 (two tables) sit at three tables: two of them hold three of
    # the eight, so two pairs meet again at the least; the re-plan finds that.
    score = seating_score.seating_score(tables=seating_of(second), history=[seating_of(first)])
    assert score["repeats"] == 2
    assert seating_of(first) == [t.seats for t in first.tables.order_by("number")]


def test_the_draw_gets_the_played_rounds_as_rounds_even_when_late_arrivals_open_one(
    event, roster, organiser, monkeypatch
):
    # Round 2's first table seats only players who were not in round 1: the draw of
    # round 3 must still see two rounds (a flat list of tables once read them as one).
    enter(event, roster[:8], organiser)
    first = services.round_seat(
        event=event,
        actor=organiser,
        tables=[[p.pk for p in roster[0:4]], [p.pk for p in roster[4:8]]],
    )
    start_all(first, organiser)
    enter(event, roster[8:12], organiser)
    second = services.round_seat(
        event=event,
        actor=organiser,
        tables=[
            [p.pk for p in roster[8:12]],
            [p.pk for p in (roster[0], roster[1], roster[4], roster[5])],
            [p.pk for p in (roster[2], roster[3], roster[6], roster[7])],
        ],
    )
    start_all(second, organiser)
    seen = {}
    real = draws.night_draw

    def spy(**kwargs):
        seen.update(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(draws, "night_draw", spy)

    services.round_draw(event=event, actor=organiser, seed=3)

    assert [len(tables) for tables in seen["history"]] == [2, 3]
    assert seen["seeds"] == [None, None]
