"""seating_draw: every player seated once at tables of the planned sizes, reproducibly."""

import os
import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events.seating import SeatingError, seating_draw, seating_plan
from scoring.events.seating_score import seating_score


def draw(players, sizes, mode="random", seed=1, history=(), ranking=()):
    return seating_draw(
        players=players, sizes=sizes, mode=mode, seed=seed, history=history, ranking=ranking
    )


@st.composite
def nights(draw_, *, max_players=28):
    """Players, the sizes of this round's tables, a history of earlier rounds, a ranking."""
    n = draw_(st.integers(3, max_players))
    players = draw_(st.lists(st.integers(1, 500), min_size=n, max_size=n, unique=True))
    rng = draw_(st.randoms(use_true_random=False))
    sizes = list(seating_plan(players=players, remainder="three", byes_so_far={}, ranking=[]).sizes)
    seated = players[: sum(sizes)]
    history = []
    for _ in range(draw_(st.integers(0, 4))):
        order = list(seated)
        rng.shuffle(order)
        start, tables = 0, []
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        history.append(tables)
    ranking = list(seated)
    rng.shuffle(ranking)
    return seated, sizes, history, ranking


@settings(max_examples=60, deadline=None)
@given(
    night=nights(),
    mode=st.sampled_from(["random", "swiss", "interval"]),
    seed=st.integers(0, 2**32),
)
def test_every_player_is_seated_exactly_once_at_tables_of_the_given_sizes(night, mode, seed):
    players, sizes, history, ranking = night
    tables = draw(players, sizes, mode, seed, history, ranking)
    assert [len(t) for t in tables] == sizes
    assert sorted(p for t in tables for p in t) == sorted(players)
    assert all(len(t) >= 3 for t in tables)


@settings(max_examples=30, deadline=None)
@given(
    night=nights(max_players=20),
    mode=st.sampled_from(["random", "swiss", "interval"]),
    seed=st.integers(0, 2**32),
)
def test_the_same_inputs_and_seed_give_the_same_seating(night, mode, seed):
    players, sizes, history, ranking = night
    first = draw(players, sizes, mode, seed, history, ranking)
    random.seed(seed + 1)  # the global random state plays no part
    assert draw(list(players), list(sizes), mode, seed, list(history), list(ranking)) == first


def test_random_ignores_the_order_the_players_are_listed_in():
    players = list(range(1, 13))
    history = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]
    first = draw(players, [4, 4, 4], seed=7, history=history)
    assert draw(players[::-1], [4, 4, 4], seed=7, history=history) == first


def test_different_seeds_can_give_different_seatings():
    players = list(range(1, 17))
    seatings = {str(draw(players, [4, 4, 4, 4], seed=s)) for s in range(5)}
    assert len(seatings) > 1


def test_interval_seats_ranks_one_one_plus_k_one_plus_2k_together():
    ranking = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    tables = draw(list(range(1, 13)), [4, 4, 4], "interval", ranking=ranking)
    assert [set(t) for t in tables] == [{12, 9, 6, 3}, {11, 8, 5, 2}, {10, 7, 4, 1}]


def test_interval_with_a_table_of_three_deals_the_last_ranks_to_the_tables_of_four():
    ranking = list(range(1, 12))
    tables = draw(ranking, [4, 4, 3], "interval", ranking=ranking)
    assert [set(t) for t in tables] == [{1, 4, 7, 10}, {2, 5, 8, 11}, {3, 6, 9}]


def test_swiss_seats_the_leaders_together_on_a_fresh_night():
    ranking = [9, 3, 14, 1, 7, 12, 5, 16, 2, 10, 4, 15, 6, 13, 8, 11]
    tables = draw(sorted(ranking), [4, 4, 4, 4], "swiss", ranking=ranking)
    assert [set(t) for t in tables] == [set(ranking[i : i + 4]) for i in range(0, 16, 4)]


def test_swiss_keeps_the_top_four_at_table_1_and_moves_the_others_rather_than_repeat():
    ranking = list(range(1, 17))
    last = [ranking[i : i + 4] for i in range(0, 16, 4)]  # last round: by the standings
    tables = draw(ranking, [4, 4, 4, 4], "swiss", ranking=ranking, history=[last])
    assert set(tables[0]) == {1, 2, 3, 4}  # they have met once, not twice: they stay
    # The others, from three tables of four into three, repeat one pair a table at the
    # least, and each table keeps to its band of the standings.
    repeats = [sum(1 for m in last if len(set(m) & set(t)) == 2) for t in tables[1:]]
    assert repeats == [1, 1, 1]
    assert all(len(set(m) & set(t)) <= 2 for m in last for t in tables[1:])
    sums = [sum(members) for members in tables]
    assert sums == sorted(sums)


def test_swiss_splits_the_top_four_once_all_six_of_their_pairs_have_met_twice():
    ranking = list(range(1, 17))
    by_standings = [ranking[i : i + 4] for i in range(0, 16, 4)]
    history = [by_standings, by_standings]
    tables = draw(ranking, [4, 4, 4, 4], "swiss", ranking=ranking, history=history)
    assert 1 in tables[0]  # the leader stays at table 1
    assert set(tables[0]) != {1, 2, 3, 4}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_swiss_seats_the_leader_at_table_1_every_round_of_a_night_of_32(seed):
    from bench.bench_seating import swiss_night

    leader_away, top_away, _ = swiss_night(32, seed, 8)
    assert (leader_away, top_away) == (0, 0)


def test_swiss_keeps_the_standings_when_moving_a_player_saves_no_repeat():
    ranking = list(range(1, 17))
    history = [[[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]]]
    tables = draw(ranking, [4, 4, 4, 4], "swiss", ranking=ranking, history=history)
    assert [set(t) for t in tables] == [set(ranking[i : i + 4]) for i in range(0, 16, 4)]


@pytest.mark.parametrize(
    ("sizes", "code"),
    [([4, 2], "seating_sizes"), ([4, 4, 1], "seating_sizes"), ([4, 4], "seating_sizes:sum")],
)
def test_table_sizes_other_than_three_or_four_or_not_adding_up_are_errors(sizes, code):
    with pytest.raises(SeatingError) as caught:
        draw(list(range(1, 11)), sizes)
    assert caught.value.code == code


def test_a_player_listed_twice_cannot_be_seated():
    with pytest.raises(SeatingError) as caught:
        draw([1, 2, 3, 4, 5, 6, 7, 7], [4, 4])
    assert caught.value.code == "seating_player_twice"


def test_an_unknown_mode_is_an_error():
    with pytest.raises(SeatingError) as caught:
        draw(list(range(1, 9)), [4, 4], mode="manual")
    assert caught.value.code == "seating_mode"


@pytest.mark.parametrize("mode", ["random", "swiss", "interval"])
def test_a_late_arrival_and_a_dropout_leave_everyone_present_seated_with_fewest_repeats(mode):
    history = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
    players = [1, 2, 3, 5, 6, 7, 8, 9]  # 4 dropped out, 9 arrived
    tables = draw(players, [4, 4], mode, seed=3, history=history, ranking=[9, 8, 7, 6, 5])
    assert sorted(p for t in tables for p in t) == players
    if mode == "random":  # the fewest repeated pairs of all 35 ways to split the eight
        splits = [
            [list(c), [p for p in players if p not in c]]
            for c in combinations(players, 4)
            if players[0] in c
        ]
        fewest = min(seating_score(tables=t, history=history)["repeats"] for t in splits)
        assert seating_score(tables=tables, history=history)["repeats"] == fewest


def test_the_seating_is_the_same_in_processes_with_different_hash_seeds():
    code = (
        "from scoring.events.seating import seating_draw\n"
        "h = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]]\n"
        "print(seating_draw(players=range(1, 13), sizes=[4, 4, 4], mode='random', seed=5,"
        " history=h), seating_draw(players=range(1, 12), sizes=[4, 4, 3], mode='swiss',"
        " seed=5, history=h, ranking=range(11, 0, -1)))\n"
    )
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1
    assert "[[" in outputs.pop()
