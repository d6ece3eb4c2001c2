"""Session pages' reads: rounds, totals, next dealer, history — flat in queries."""

import datetime

import pytest
from django.utils import timezone

from scoring.selectors import (
    round_history,
    session_count,
    session_get,
    session_list,
    session_next_dealers,
    session_next_number,
    session_rounds,
    session_totals,
)
from tests.factories import (
    make_session,
    round_discard,
    round_self_draw,
    self_draw_transfers,
    store_correction,
    store_round,
)

pytestmark = pytest.mark.django_db


def test_session_rounds_lists_current_versions_in_order_including_void(session, recorder):
    one = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    two = store_round(session, round_discard(1, 2), [(2, 1, 2, "result")], actor=recorder)
    two_fixed = store_correction(two, round_discard(3, 2), [(2, 3, 2, "result")], actor=recorder)
    three = store_round(session, round_self_draw(0), self_draw_transfers(0, 9), actor=recorder)
    three.is_void = True
    three.save()

    rounds = session_rounds(session=session)

    assert [r.pk for r in rounds] == [one.pk, two_fixed.pk, three.pk]
    assert [r.is_void for r in rounds] == [False, False, True]
    assert [t.payee_seat for t in rounds[1].transfers.all()] == [3]
    assert [p.seat for p in rounds[0].players.all()] == [0, 1, 2, 3]


def test_session_totals_count_only_current_non_void_rounds(session, recorder):
    store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    old = store_round(session, round_discard(1, 2), [(2, 1, 2, "result")], actor=recorder)
    store_correction(old, round_discard(3, 2), [(2, 3, 5, "result")], actor=recorder)
    void = store_round(session, round_self_draw(1), self_draw_transfers(1, 7), actor=recorder)
    void.is_void = True
    void.save()

    assert session_totals(session=session) == {0: 3, 1: -1, 2: -6, 3: 4}


def test_totals_of_an_empty_session_are_zero(session):
    assert session_totals(session=session) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_next_dealer_skips_void_rounds_and_starts_from_the_first_dealer(season, players, recorder):
    session = make_session(season, players[:4], actor=recorder, first_dealer=2)
    assert session_next_dealers(session=session) == (2, [2])

    store_round(
        session, round_self_draw(3), self_draw_transfers(3, 1), actor=recorder, next_dealer=3
    )
    void = store_round(
        session, round_self_draw(1), self_draw_transfers(1, 1), actor=recorder, next_dealer=1
    )
    void.is_void = True
    void.save()

    assert session_next_dealers(session=session) == (3, [3])
    assert session_next_number(session=session) == 3


def test_round_history_lists_every_version_oldest_first(session, recorder):
    first = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    second = store_correction(first, round_self_draw(1), self_draw_transfers(1, 1), actor=recorder)
    third = store_correction(second, round_self_draw(2), self_draw_transfers(2, 1), actor=recorder)

    history = round_history(session=session, number=1)

    assert history == [first, second, third]
    assert [r.is_current for r in history] == [False, False, True]


def test_session_list_and_get_load_players_in_seat_order(season, session, players, recorder):
    store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    make_session(season, players[4:], actor=recorder)

    listed = session_list(season=season)
    got = session_get(pk=session.pk)

    assert {s.pk: s.rounds_count for s in listed}[session.pk] == 1
    assert got.players_in_order() == players[:4]
    assert session_get(pk=0) is None


@pytest.mark.parametrize("rounds", [2, 24])
def test_session_reads_issue_a_fixed_number_of_queries(
    season, players, recorder, rounds, django_assert_max_num_queries
):
    session = make_session(season, players[:4], actor=recorder)
    for i in range(rounds):
        rnd = store_round(
            session, round_self_draw(i % 4), self_draw_transfers(i % 4, 1), actor=recorder
        )
        if i % 5 == 0:
            store_correction(rnd, round_discard(1, 2), [(2, 1, 1, "result")], actor=recorder)
    make_session(season, players[4:], actor=recorder)

    with django_assert_max_num_queries(3):
        listed = session_rounds(session=session)
        for rnd in listed:
            [(t.payer_seat, t.amount) for t in rnd.transfers.all()]
            [p.net for p in rnd.players.all()]
            str(rnd.recorded_by)
    with django_assert_max_num_queries(1):
        session_totals(session=session)
    with django_assert_max_num_queries(1):
        session_next_dealers(session=session)
    with django_assert_max_num_queries(2):
        tables = [(s.players_in_order(), s.rounds_count) for s in session_list(season=season)]
    with django_assert_max_num_queries(2):
        session_get(pk=session.pk).players_in_order()

    assert len(listed) == rounds
    assert [n for _, n in tables] == [0, rounds]


def test_session_list_pages_newest_first(season, players, recorder):
    tz = timezone.get_current_timezone()
    made = [
        make_session(
            season, players[:4], actor=recorder, started_at=datetime.datetime(2025, 1, d, tzinfo=tz)
        )
        for d in range(1, 6)
    ]

    page_1 = session_list(season=season, limit=2)
    page_2 = session_list(season=season, limit=2, offset=2)

    assert page_1 == [made[4], made[3]]
    assert page_2 == [made[2], made[1]]
    assert session_list(season=season, offset=4) == [made[0]]
    assert session_count(season=season) == 5
