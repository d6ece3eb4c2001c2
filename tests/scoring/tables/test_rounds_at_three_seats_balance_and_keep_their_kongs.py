"""Rounds recorded at a table of three (and two): scored under the season's ruleset, a
RoundPlayer row a seat, kong payments stored as transfers with event "kong", every
round and the session's totals balancing to zero."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from scoring.models import RoundPlayer, Transfer
from scoring.selectors import session_owed, session_scoreboard, session_totals
from scoring.services import round_record
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import DRAW_KONGS, KONG_WIN, TONGPAO, TWO_SELF_DRAW

pytestmark = pytest.mark.django_db


def engine_result(season, data):
    return score_round({**data, "ruleset": season.ruleset.config})


def test_three_seat_rounds_store_the_engines_answer_with_kongs_apart(club, players, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)

    stored = [
        round_record(session=session, data=data, actor=recorder)
        for data in (KONG_WIN, TONGPAO, DRAW_KONGS)
    ]

    for rnd, data in zip(stored, (KONG_WIN, TONGPAO, DRAW_KONGS), strict=True):
        expected = engine_result(season, data)
        assert rnd.result == expected
        assert len(rnd.result["net"]) == 3
        assert sum(rnd.result["net"]) + rnd.burned == 0
        rows = RoundPlayer.objects.filter(round=rnd).order_by("seat")
        assert [(r.seat, r.player, r.net) for r in rows] == list(
            zip(range(3), players[:3], expected["net"], strict=True)
        )
        kongs = Transfer.objects.filter(round=rnd, event="kong").order_by("id")
        assert [(t.payer_seat, t.payee_seat, t.amount, t.winner_seat) for t in kongs] == [
            (t["from"], t["to"], t["amount"], t["winner"])
            for t in expected["transfers"]
            if t["event"] == "kong"
        ]
        for seat in range(3):  # each seat's transfers add up to its net
            paid = sum(t.amount for t in Transfer.objects.filter(round=rnd, payer_seat=seat))
            got = sum(t.amount for t in Transfer.objects.filter(round=rnd, payee_seat=seat))
            assert got - paid == rnd.result["net"][seat]
    assert stored[0].result["net"] == [-11, 14, -3]  # rules.md §10.4's worked example
    totals = session_totals(session=session)
    assert list(totals) == [0, 1, 2] and sum(totals.values()) == 0
    assert list(totals.values()) == [sum(r.result["net"][s] for r in stored) for s in range(3)]
    assert session_scoreboard(session=session)["totals"] == list(totals.values())
    owed, burned = session_owed(session=session, seats=3)
    assert owed == list(totals.values()) and burned == {}


def test_tongpao_at_three_seats_pays_both_winners_from_the_discarder(club, players, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)

    rnd = round_record(session=session, data=TONGPAO, actor=recorder)

    rows = {r.seat: r for r in RoundPlayer.objects.filter(round=rnd)}
    assert [rows[s].won for s in range(3)] == [False, True, True]
    assert rows[0].dealt_in and not rows[1].dealt_in
    wins = Transfer.objects.filter(round=rnd, event="result")
    assert {(t.payer_seat, t.payee_seat) for t in wins} == {(0, 1), (0, 2)}


def test_a_two_seat_round_balances(club, players, recorder):
    season = make_table_season(club, 2, quyimen=True)
    session = make_session(season, players[:2], actor=recorder)

    rnd = round_record(session=session, data=TWO_SELF_DRAW, actor=recorder)

    assert rnd.result == engine_result(season, TWO_SELF_DRAW)
    assert sum(rnd.result["net"]) == 0 and len(rnd.result["net"]) == 2
    assert RoundPlayer.objects.filter(round=rnd).count() == 2
    assert list(session_totals(session=session).values()) == rnd.result["net"]
