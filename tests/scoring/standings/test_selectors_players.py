"""Player page reads: totals, hand-type counts, birds hit, chip history, sessions."""

import datetime

import pytest
from django.utils import timezone

from leagues.selectors import club_list_for_user, membership_role, season_list
from scoring.standings.selectors import player_chip_history, player_sessions, player_stats
from tests.factories import (
    make_season,
    make_session,
    round_discard,
    round_draw,
    round_self_draw,
    self_draw_transfers,
    store_correction,
    store_round,
)

pytestmark = pytest.mark.django_db


def at(day: int, hour: int = 20) -> datetime.datetime:
    return datetime.datetime(2025, 4, day, hour, tzinfo=timezone.get_current_timezone())


@pytest.fixture
def history(season, players, recorder):
    """张三 (seat 0 in both sessions): +6 on 2 April, then -4 and +3 on 5 April."""
    first = make_session(season, players[:4], actor=recorder, started_at=at(2))
    store_round(
        first,
        round_self_draw(0, ["qingyise"], birds=[1, 5]),
        self_draw_transfers(0, 2),
        actor=recorder,
    )
    second = make_session(season, [players[0], *players[4:7]], actor=recorder, started_at=at(5))
    store_round(second, round_discard(1, 0, birds=[2, 6]), [(0, 1, 4, "result")], actor=recorder)
    opening = {
        **round_discard({0: ["qingyise", "pengpenghu"]}, 3, birds=[2, 3]),
        "openings": [{"seat": 0, "hands": ["sixi", "sixi"], "birds": [1, 1]}],
    }
    store_round(second, opening, [(3, 0, 3, "result")], actor=recorder)
    return first, second


def test_player_stats_total_the_counted_rounds(history, players):
    stats = player_stats(player=players[0])

    assert (stats.net, stats.rounds, stats.sessions) == (5, 3, 2)
    assert (stats.wins, stats.self_draws, stats.deal_ins, stats.big_hands) == (2, 1, 1, 2)
    assert stats.opening_wins == 1
    assert stats.win_rate == pytest.approx(2 / 3)


def test_hand_type_counts_count_every_occurrence_most_frequent_first(history, players):
    counts = {h.code: h for h in player_stats(player=players[0]).hand_counts}

    assert {c: h.count for c, h in counts.items()} == {"qingyise": 2, "sixi": 2, "pengpenghu": 1}
    assert counts["qingyise"].name_zh == "清一色" and counts["qingyise"].is_big
    assert counts["sixi"].is_opening and not counts["sixi"].is_big
    first = player_stats(player=players[0]).hand_counts[0]
    assert first.count == 2


def test_birds_hit_counts_the_results_birds_on_the_players_seat(history, players):
    # dealer 0: birds 1 and 5 land on seat 0; 2 and 6 on seat 1; 2 and 3 on seats 1, 2.
    assert player_stats(player=players[0]).birds_hit == 2
    assert player_stats(player=players[4]).birds_hit == 3  # seat 1 of the second session


def test_player_stats_can_be_limited_to_a_season(history, club, players, recorder):
    autumn = make_season(club, name="秋季赛")
    later = make_session(autumn, players[:4], actor=recorder)
    store_round(later, round_self_draw(0), self_draw_transfers(0, 10), actor=recorder)

    assert player_stats(player=players[0], season=autumn).net == 30
    assert player_stats(player=players[0], season=history[0].season).net == 5
    assert player_stats(player=players[0]).net == 35


def test_corrected_and_void_rounds_leave_the_player_stats(session, players, recorder):
    rnd = store_round(
        session, round_self_draw(0, ["qingyise"]), self_draw_transfers(0, 6), actor=recorder
    )
    store_correction(rnd, round_draw(), [], actor=recorder)

    stats = player_stats(player=players[0])

    assert (stats.net, stats.wins, stats.rounds, stats.hand_counts) == (0, 0, 1, [])


def test_a_player_without_rounds_has_zero_stats(players):
    stats = player_stats(player=players[7])
    assert (stats.net, stats.rounds, stats.win_rate, stats.avg_per_round) == (0, 0, 0.0, 0.0)


def test_chip_history_is_cumulative_per_session_in_time_order(history, players):
    points = player_chip_history(player=players[0])

    assert [p.cumulative for p in points] == [6, 5]
    assert [p.at for p in points] == [at(2), at(5)]
    assert [tuple(p) for p in points] == [(at(2), 6), (at(5), 5)]


def test_player_sessions_lists_seat_net_and_rounds_newest_first(history, players):
    first, second = history

    rows = player_sessions(player=players[0])

    assert [(r.session, r.seat, r.net, r.rounds) for r in rows] == [
        (second, 0, -1, 2),
        (first, 0, 6, 1),
    ]


@pytest.mark.parametrize("sessions", [1, 5])
def test_player_reads_issue_a_fixed_number_of_queries(
    season, players, recorder, sessions, django_assert_max_num_queries
):
    for day in range(sessions):
        table = make_session(season, players[:4], actor=recorder, started_at=at(day + 1))
        for seat in range(4):
            store_round(
                table,
                round_self_draw(seat, ["qingyise"]),
                self_draw_transfers(seat, 1),
                actor=recorder,
            )

    with django_assert_max_num_queries(3):  # totals, hand counts, kongs
        stats = player_stats(player=players[0])
    with django_assert_max_num_queries(1):
        points = player_chip_history(player=players[0])
    with django_assert_max_num_queries(2):
        rows = player_sessions(player=players[0])
        [(r.session.season.club.name, r.net) for r in rows]

    assert stats.rounds == sessions * 4 and len(points) == len(rows) == sessions


def test_season_list_counts_sessions(club, season, session):
    make_season(club, name="空赛季", start_date=datetime.date(2024, 1, 1))

    seasons = list(season_list(club=club))

    assert [s.name for s in seasons] == ["2025 春季赛", "空赛季"]
    assert [s.sessions_count for s in seasons] == [1, 0]


def test_membership_role_and_club_list(club, other_club, member, outsider, anonymous):
    assert membership_role(club=club, user=member) == "member"
    assert membership_role(club=club, user=outsider) is None
    assert membership_role(club=club, user=anonymous) is None
    assert list(club_list_for_user(user=outsider)) == [other_club]
    assert list(club_list_for_user(user=anonymous)) == []


def test_a_session_moved_to_another_start_moves_in_the_players_session_list(
    history, players, recorder
):
    """The seats carry their session's start (SessionSeat.started_at), made and moved with it."""
    from scoring.models import SessionSeat
    from scoring.services import session_update

    first, second = history
    session_update(session=first, actor=recorder, started_at=at(9))

    assert [r.session for r in player_sessions(player=players[0])] == [first, second]
    seats = SessionSeat.objects.values_list("started_at", "session__started_at")
    assert seats.count() == 8 and all(mine == its for mine, its in seats)
