"""Database rules of recorded play: constraints hold on SQLite and PostgreSQL alike."""

import threading

import pytest
from django.db import IntegrityError, close_old_connections, connection, transaction
from django.db.models import RestrictedError

from leagues.models import Player
from scoring.models import Round, RoundPlayer, SessionSeat, Transfer
from scoring.services import RoundConflict, round_record
from tests.factories import (
    make_session,
    round_self_draw,
    self_draw_transfers,
    store_correction,
    store_round,
)


def _copy(rnd: Round, **changes) -> Round:
    fields = {
        "session": rnd.session,
        "number": rnd.number,
        "version": rnd.version,
        "data": rnd.data,
        "ruleset_config": rnd.ruleset_config,
        "result": rnd.result,
        "recorded_by": rnd.recorded_by,
    }
    return Round(**{**fields, **changes})


@pytest.mark.django_db
def test_a_round_number_has_at_most_one_current_version(session, recorder):
    rnd = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)

    with pytest.raises(IntegrityError), transaction.atomic():
        _copy(rnd, version=2).save()
    _copy(rnd, version=2, is_current=False).save()  # history rows are fine

    assert Round.objects.filter(session=session, number=1).count() == 2


@pytest.mark.django_db
def test_a_version_number_is_used_once(session, recorder):
    rnd = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)

    with pytest.raises(IntegrityError), transaction.atomic():
        _copy(rnd, is_current=False).save()


@pytest.mark.django_db
def test_round_numbers_start_at_one(session, recorder):
    rnd = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)

    with pytest.raises(IntegrityError), transaction.atomic():
        _copy(rnd, number=0).save()


@pytest.mark.django_db
def test_transfers_are_positive(session, recorder):
    rnd = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)

    with pytest.raises(IntegrityError), transaction.atomic():
        Transfer.objects.create(round=rnd, payer_seat=1, payee_seat=0, amount=0, event="result")


@pytest.mark.django_db
def test_a_seat_and_a_player_appear_once_per_session(session, players):
    with pytest.raises(IntegrityError), transaction.atomic():
        SessionSeat.objects.create(
            session=session, seat=0, player=players[5], started_at=session.started_at
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        SessionSeat.objects.create(
            session=session, seat=3, player=players[0], started_at=session.started_at
        )


@pytest.mark.django_db
def test_seats_are_zero_to_three(season, players, recorder):
    session = make_session(season, players[:3], actor=recorder)

    with pytest.raises(IntegrityError), transaction.atomic():
        SessionSeat.objects.create(
            session=session, seat=4, player=players[3], started_at=session.started_at
        )


@pytest.mark.django_db
def test_counting_means_current_and_not_void(session, recorder):
    kept = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    old = store_round(session, round_self_draw(1), self_draw_transfers(1, 1), actor=recorder)
    new = store_correction(old, round_self_draw(2), self_draw_transfers(2, 1), actor=recorder)
    void = store_round(session, round_self_draw(3), self_draw_transfers(3, 1), actor=recorder)
    void.is_void = True
    void.save()
    old.refresh_from_db()

    assert set(Round.objects.counting()) == {kept, new}
    assert set(Round.objects.current()) == {kept, new, void}
    assert [r.counts for r in (kept, old, new, void)] == [True, False, True, False]
    assert new.supersedes == old and old.superseded_by == new


@pytest.mark.django_db
def test_players_in_order_uses_prefetched_seats(session, players, django_assert_num_queries):
    from scoring.models import Session

    loaded = Session.objects.prefetch_related("seats__player").get(pk=session.pk)

    with django_assert_num_queries(0):
        assert loaded.players_in_order() == players[:4]


@pytest.mark.django_db
def test_a_player_with_history_cannot_be_deleted(session, players, recorder):
    store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)

    with pytest.raises(RestrictedError):
        players[0].delete()


@pytest.mark.django_db
def test_the_database_itself_keeps_a_player_with_rounds(session, players, recorder):
    # Transfer / RoundPlayer / RoundHand copy the seats' players without a constraint of
    # their own; the seat's constraint is what guards them, even past the ORM.
    store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    table = connection.ops.quote_name(Player._meta.db_table)

    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cur:
        cur.execute(f"DELETE FROM {table} WHERE id = %s", [players[0].pk])  # noqa: S608
        connection.check_constraints()  # the deferred checks, now (either database)

    assert Player.objects.filter(pk=players[0].pk).exists()
    assert RoundPlayer.objects.filter(player=players[0]).exists()


@pytest.mark.django_db
def test_deleting_a_club_removes_its_whole_history(club, session, recorder):
    first = store_round(session, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    store_correction(first, round_self_draw(1), self_draw_transfers(1, 1), actor=recorder)

    club.delete()

    assert not Round.objects.exists() and not Player.objects.exists()
    assert not RoundPlayer.objects.exists() and not Transfer.objects.exists()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks and concurrent transactions need PostgreSQL (SQLite serialises writers)",
)
@pytest.mark.django_db(transaction=True)
def test_two_recorders_racing_for_the_same_round_number_get_one_round_and_one_conflict(
    session, recorder
):
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def record() -> None:
        try:
            barrier.wait()
            round_record(session=session, data=round_self_draw(0), actor=recorder, number=1)
            outcomes.append("stored")
        except RoundConflict:
            outcomes.append("conflict")
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=record) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(outcomes) == ["conflict", "stored"]
    assert Round.objects.filter(session=session).count() == 1
