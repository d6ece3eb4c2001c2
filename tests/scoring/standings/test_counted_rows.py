"""A hand or kong row counts as its round counts (``counted``, scoring.models
COUNTED_ROWS_NOTE): born counted when recorded, uncounted when imported void, and
uncounted once its round is corrected or voided; the player's counts read the flag."""

from __future__ import annotations

import pytest

from scoring.bulk_import import SessionIn, sessions_import
from scoring.models import Round, RoundHand, RoundKong
from scoring.services import round_correct, round_record, round_undo_last, round_void
from scoring.standings.selectors import player_stats
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import DRAW_KONGS, KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


def kongs(player):
    return {k.kind: k.count for k in player_stats(player=player).kong_counts if k.count}


def hands(player):
    return {h.code: h.count for h in player_stats(player=player).hand_counts}


def assert_rows_count_as_their_rounds():
    for model in (RoundHand, RoundKong):
        rows = model.objects.values_list("counted", "round__is_current", "round__is_void")
        assert rows.exists()
        assert all(counted == (current and not void) for counted, current, void in rows)


@pytest.fixture
def table(club, players, recorder):
    season = make_table_season(club, 3)
    return make_session(season, players[:3], actor=recorder)


def test_a_corrected_round_counts_its_new_version_only(table, players, recorder):
    kong_win = round_record(session=table, data=KONG_WIN, actor=recorder)
    assert kongs(players[1]) == {"an": 1}

    round_correct(round=kong_win, data=TONGPAO, actor=recorder)

    assert kongs(players[1]) == {} and kongs(players[2]) == {"jia": 1}
    assert RoundKong.objects.filter(round=kong_win, counted=True).count() == 0
    assert_rows_count_as_their_rounds()


def test_a_voided_or_undone_round_stops_counting_its_hands_and_kongs(table, players, recorder):
    round_record(session=table, data=KONG_WIN, actor=recorder)
    drawn = round_record(session=table, data=DRAW_KONGS, actor=recorder)
    won = {p.pk: hands(p) for p in players[:3]}

    round_void(round=drawn, reason="录错", actor=recorder)
    round_undo_last(session=table, actor=recorder)

    assert all(hands(p) == {} for p in players[:3]) and any(won.values())
    assert all(kongs(p) == {} for p in players[:3])
    assert_rows_count_as_their_rounds()


def test_an_imported_void_round_stores_its_rows_uncounted(table, players, recorder):
    rounds = [{"round": KONG_WIN, "void": "录错"}, TONGPAO]
    line = SessionIn(line=1, season=table.season, players=list(players[:3]), rounds=rounds)

    report = sessions_import(sessions=[line], actor=recorder)

    assert report.ok and report.rounds == 2
    assert Round.objects.filter(is_void=True).count() == 1
    assert kongs(players[1]) == {} and kongs(players[2]) == {"jia": 1}
    assert_rows_count_as_their_rounds()
