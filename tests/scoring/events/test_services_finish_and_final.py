"""Finishing a night needs every table's session finished; the final seats the top N and
carries their scores in full, halved or not at all."""

from __future__ import annotations

import pytest

from csmj_site.errors import ServiceErrors
from scoring import services as scoring_services
from scoring.events import services
from scoring.events.selectors import event_standings
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def play(rnd, actor, finish=True):
    for table in rnd.tables.order_by("number"):
        session = services.table_start(table=table, actor=actor)
        scoring_services.round_record(session=session, data=round_self_draw(0), actor=actor)
        if finish:
            scoring_services.session_finish(session=session, actor=actor)


def test_a_night_with_an_unfinished_table_cannot_finish(event, roster, organiser):
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser, finish=False)

    with pytest.raises(ServiceErrors) as excinfo:
        services.event_finish(event=event, actor=organiser)

    assert [(e.code, e.params["count"]) for e in excinfo.value.errors] == [("event_unfinished", 2)]
    event.refresh_from_db()
    assert event.finished_at is None


def test_a_finished_night_keeps_its_standings_and_takes_no_more_draws(event, roster, organiser):
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser)
    before = [(r.player.pk, r.net) for r in event_standings(event=event)]

    services.event_finish(event=event, actor=organiser)

    assert [(r.player.pk, r.net) for r in event_standings(event=event)] == before
    with pytest.raises(ServiceErrors) as excinfo:
        services.round_draw(event=event, actor=organiser)
    assert [e.code for e in excinfo.value.errors] == ["event_finished"]


@pytest.mark.parametrize("carry, factor", [("full", 1), ("half", 0.5), ("reset", 0)])
def test_the_final_seats_the_top_four_and_carries_their_scores(
    season, roster, organiser, carry, factor
):
    event = services.event_create(
        season=season, name="夜", date=season.start_date, final_size=4, final_carry=carry,
        actor=organiser,
    )  # fmt: skip
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser)
    before = {r.player.pk: r.net for r in event_standings(event=event)}
    top = [r.player.pk for r in event_standings(event=event)[:4]]

    final = services.final_draw(event=event, actor=organiser)
    play(final, organiser)

    assert final.is_final and [t.seats for t in final.tables.all()] == [top]
    rows = event_standings(event=event)
    finals = {r.player.pk: r for r in rows if r.finalist}
    assert set(finals) == set(top) and [r.finalist for r in rows[:4]] == [True] * 4
    final_net = {pk: r.net - int(before[pk] * factor) for pk, r in finals.items()}
    assert sum(final_net.values()) == 0  # what the final added is zero-sum
    assert final_net[top[0]] > 0  # east self-drew at the final table


@pytest.fixture
def drawn_final(season, roster, organiser):
    event = services.event_create(
        season=season, name="决赛夜", date=season.start_date, final_size=4, actor=organiser
    )
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser)
    return event, services.final_draw(event=event, actor=organiser)


def test_a_drawn_final_is_not_redrawn_as_an_ordinary_round(drawn_final, organiser):
    event, final = drawn_final

    with pytest.raises(ServiceErrors) as redraw:
        services.round_draw(event=event, actor=organiser, seed=2)

    assert [(e.field, e.code) for e in redraw.value.errors] == [("event", "final_drawn")]
    final.refresh_from_db()
    assert final.is_final and [t.seats for t in final.tables.all()] == [
        [r.player.pk for r in event_standings(event=event)[:4]]
    ]


def test_no_round_is_drawn_after_a_played_final(drawn_final, organiser):
    event, final = drawn_final
    play(final, organiser)

    with pytest.raises(ServiceErrors) as after:
        services.round_draw(event=event, actor=organiser, seed=2)

    assert [e.code for e in after.value.errors] == ["final_drawn"]
    assert event.seating_rounds.count() == 2


def test_the_final_seated_by_hand_stays_the_final_and_no_round_is_seated_after_it(
    drawn_final, organiser
):
    event, final = drawn_final
    top = final.tables.get().seats

    again = services.round_seat(event=event, actor=organiser, tables=[top[::-1]])
    assert again.pk == final.pk and again.is_final and again.tables.get().seats == top[::-1]

    play(again, organiser)
    with pytest.raises(ServiceErrors) as after:
        services.round_seat(event=event, actor=organiser, tables=[top])
    assert [e.code for e in after.value.errors] == ["final_drawn"]


def test_a_cancelled_final_leaves_the_draw_open_again(drawn_final, organiser):
    event, final = drawn_final

    services.round_cancel(event=event, actor=organiser, number=final.number)
    again = services.round_draw(event=event, actor=organiser, seed=2)

    assert again.number == final.number and not again.is_final
