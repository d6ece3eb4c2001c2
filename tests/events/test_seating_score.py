"""seating_score: repeated pairs, Pantheon's weighted score and the seat-wind spread."""

import pytest

from bench.bench_seating import allowed, best_possible
from scoring.events.seating import SeatingError
from scoring.events.seating_score import seating_score


def test_pairs_meeting_again_in_the_next_round_count_as_repeats_and_consecutive():
    history = [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    tables = [[1, 2, 5, 6], [3, 4, 7, 8]]
    score = seating_score(tables=tables, history=history)
    assert score["repeats"] == 4  # 1-2, 3-4, 5-6, 7-8
    assert score["extra_meetings"] == 4
    assert score["max_meetings"] == 2
    assert score["consecutive"] == 4
    assert score["pantheon"] == 4 * (1 + 10)
    assert score["wind_spread"] == 2  # players 1 and 2 sat at 东 twice, never elsewhere


def test_a_meeting_after_a_round_apart_is_a_repeat_but_not_consecutive():
    history = [[[1, 2, 3, 4]], [[1, 5, 6, 7], [8, 9, 10, 11]]]
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


def test_a_round_whose_first_table_seats_only_late_arrivals_is_still_its_own_round():
    # Round 2 opens with a table of four who were not there in round 1 (issue 28, item 11):
    # its second table repeats the pair 1-2 back to back.
    history = [[[1, 2, 3, 4]], [[5, 6, 7, 8], [1, 2, 9, 10]]]
    score = seating_score(tables=[], history=history)
    assert score["consecutive"] == 1
    assert score["pantheon"] == 1 + 10


def test_a_history_of_tables_rather_than_rounds_is_an_error():
    with pytest.raises(SeatingError) as caught:
        seating_score(tables=[], history=[[1, 2, 3, 4], [5, 6, 7, 8]])
    assert caught.value.code == "seating_history"


def test_the_best_possible_is_the_counting_bound_unless_a_search_proved_more():
    assert best_possible(16, 5) == 0
    assert best_possible(16, 6) == 24  # 144 meetings among 120 pairs
    assert best_possible(20, 8) == 50
    assert best_possible(12, 4) == 13  # exhaustive search (the counting bound is 6)
    assert best_possible(24, 8) == 24  # the best known (the counting bound is 12)


def test_the_target_allows_the_best_possible_plus_two_or_ten_percent():
    assert allowed(28, 8) == 2
    assert allowed(20, 8) == 55
    assert allowed(24, 8) == 26  # within 10 % of issue 28's 25 too
