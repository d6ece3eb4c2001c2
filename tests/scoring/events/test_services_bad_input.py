"""Bad input of a league night gets a clear error naming its field and stores nothing."""

from __future__ import annotations

import pytest

from csmj_site.errors import ServiceErrors
from leagues.audit import AuditEntry
from scoring.events import services
from scoring.events.models import SeatingRound, Table
from scoring.standings.models import Penalty
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def _errors(excinfo):
    return [(e.field, e.code) for e in excinfo.value.errors]


def test_a_player_seated_twice_is_refused_and_nothing_is_stored(event, roster, organiser):
    enter(event, roster[:8], organiser)
    ids = [p.pk for p in roster[:8]]
    audits = AuditEntry.objects.count()

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_seat(event=event, actor=organiser, tables=[ids[:4], [*ids[4:7], ids[0]]])

    assert _errors(excinfo) == [("tables.1.3", "seated_twice")]
    assert "张三" in excinfo.value.errors[0].message
    assert not SeatingRound.objects.exists()
    assert AuditEntry.objects.count() == audits


def test_a_seating_with_a_player_who_dropped_out_is_refused(event, roster, organiser):
    entrants = enter(event, roster[:8], organiser)
    services.entrant_drop(entrant=entrants[5], actor=organiser)
    ids = [p.pk for p in roster[:8]]

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_seat(event=event, actor=organiser, tables=[ids[:4], ids[4:8]])

    assert _errors(excinfo) == [("tables.1.1", "entrant_dropped")]
    assert not SeatingRound.objects.exists()


def test_a_penalty_on_a_finished_season_is_refused(season, roster, organiser):
    season.is_closed = True
    season.save()

    with pytest.raises(ServiceErrors) as excinfo:
        services.penalty_give(
            season=season, player=roster[0], amount=-10, reason="迟到", actor=organiser
        )

    assert _errors(excinfo) == [("season", "season_closed")]
    assert not Penalty.objects.exists()


def test_a_redraw_after_a_table_started_is_refused(event, roster, organiser):
    enter(event, roster[:8], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=7)
    services.table_start(table=rnd.tables.get(number=1), actor=organiser)
    seats = list(Table.objects.filter(round=rnd).order_by("number").values_list("seats", flat=True))

    with pytest.raises(ServiceErrors) as excinfo:
        services.round_draw(event=event, actor=organiser, seed=8, number=1)

    assert _errors(excinfo) == [("number", "round_started")]
    rnd.refresh_from_db()
    assert rnd.seed == 7
    assert (
        list(Table.objects.filter(round=rnd).order_by("number").values_list("seats", flat=True))
        == seats
    )


def test_a_swap_that_would_split_a_started_table_is_refused(event, roster, organiser):
    enter(event, roster[:8], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=7)
    first, second = rnd.tables.order_by("number")
    services.table_start(table=first, actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.table_swap(
            round=rnd, player_a=first.seats[0], player_b=second.seats[0], actor=organiser
        )

    assert _errors(excinfo) == [("player_a", "table_started")]
    second.refresh_from_db()
    assert Table.objects.get(pk=first.pk).seats == first.seats
    assert Table.objects.get(pk=second.pk).seats == second.seats
