"""seating_score: repeated pairs, Pantheon's weighted score and the seat-wind spread."""

from bench.bench_seating import lower_bound
from scoring.events.seating import history_rounds, seating_score


def test_pairs_meeting_again_in_the_next_round_count_as_repeats_and_consecutive():
    history = [[1, 2, 3, 4], [5, 6, 7, 8]]
    tables = [[1, 2, 5, 6], [3, 4, 7, 8]]
    score = seating_score(tables=tables, history=history)
    assert score["repeats"] == 4  # 1-2, 3-4, 5-6, 7-8
    assert score["extra_meetings"] == 4
    assert score["max_meetings"] == 2
    assert score["consecutive"] == 4
    assert score["pantheon"] == 4 * (1 + 10)
    assert score["wind_spread"] == 2  # players 1 and 2 sat at 东 twice, never elsewhere


def test_a_meeting_after_a_round_apart_is_a_repeat_but_not_consecutive():
    history = [[1, 2, 3, 4], [1, 5, 6, 7], [8, 9, 10, 11]]  # rounds: {1..4}, {1,5,6,7 / 8..11}
    tables = [[2, 1, 9, 8]]
    score = seating_score(tables=tables, history=history)
    assert score["repeats"] == 2  # 1-2 (rounds 1 and 3), 8-9 (rounds 2 and 3)
    assert score["consecutive"] == 1  # 8-9
    assert score["pantheon"] == 1 + 11


def test_a_fresh_round_scores_nothing():
    score = seating_score(tables=[[1, 2, 3, 4], [5, 6, 7, 8]], history=[])
    assert score == {
        "repeats": 0,
        "extra_meetings": 0,
        "max_meetings": 1,
        "consecutive": 0,
        "pantheon": 0,
        "wind_spread": 1,
    }


def test_the_history_splits_into_rounds_where_a_player_sits_again():
    history = [[1, 2, 3, 4], [5, 6, 7, 8], [1, 5, 2, 6], [3, 7, 4, 8], [1, 2, 3]]
    assert [len(r) for r in history_rounds(history)] == [2, 2, 1]


def test_the_counting_bound_forces_repeats_only_when_three_a_round_exceed_the_others():
    assert lower_bound(16, 5) == "0 (design)"
    assert lower_bound(20, 6) == "0"
    assert lower_bound(8, 4) == "8"  # 12 meetings among 7 others: 5 extra, 2 repeats a player
    assert lower_bound(16, 6) == "8"
