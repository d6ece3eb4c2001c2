"""Starting a table opens an ordinary session with its seats and 东 dealing first (the
round's timer starts with the first table); a manual swap is written in the audit log."""

from __future__ import annotations

import pytest

from leagues.audit import AuditEntry
from scoring.events import services
from scoring.events.models import Table
from scoring.models import SessionSeat
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def test_a_started_table_is_a_session_with_its_seats_and_east_dealing(season, roster, recorder,
                                                                       organiser):  # fmt: skip
    event = services.event_create(
        season=season, name="夜", date=season.start_date, timer_minutes=30, actor=organiser
    )
    enter(event, roster[:8], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=4)
    table = rnd.tables.get(number=2)

    session = services.table_start(table=table, actor=recorder)

    seats = list(SessionSeat.objects.filter(session=session).order_by("seat"))
    assert [s.player_id for s in seats] == table.seats
    assert session.first_dealer == 0 and session.season == season
    assert Table.objects.get(pk=table.pk).session == session
    rnd.refresh_from_db()
    assert (rnd.timer_ends_at - rnd.timer_started_at).total_seconds() == 30 * 60


def test_a_swap_moves_two_players_and_is_audited(event, roster, organiser):
    enter(event, roster[:8], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=4)
    first, second = rnd.tables.order_by("number")
    a, b = first.seats[1], second.seats[2]

    services.table_swap(round=rnd, player_a=a, player_b=b, actor=organiser)

    first.refresh_from_db()
    second.refresh_from_db()
    assert first.seats[1] == b and second.seats[2] == a
    entry = AuditEntry.objects.filter(action="seating.swap").get()
    assert entry.before != entry.after


def test_a_table_cannot_start_twice(event, roster, organiser):
    from csmj_site.errors import ServiceErrors

    enter(event, roster[:4], organiser)
    table = services.round_draw(event=event, actor=organiser, seed=4).tables.get()
    services.table_start(table=table, actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.table_start(table=table, actor=organiser)

    assert [e.code for e in excinfo.value.errors] == ["table_started"]
