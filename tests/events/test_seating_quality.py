"""The draw over a whole night: fewer repeated meetings than Pantheon's method, even winds."""

import pytest

from bench.bench_seating import pantheon_reference_draw
from scoring.events.seating import seating_draw
from scoring.events.seating_score import seating_score


def random_night(n, rounds, seed):
    players = list(range(1, n + 1))
    history = []
    for r in range(rounds):
        history.append(
            seating_draw(
                players=players,
                sizes=[4] * (n // 4),
                mode="random",
                seed=seed * 100 + r,
                history=history,
            )
        )
    return history


def pantheon_night(n, rounds, seed):
    players = list(range(1, n + 1))
    history = []
    for r in range(rounds):
        history.append(
            pantheon_reference_draw(players=players, history=history, seed=seed * 100 + r)
        )
    return history


@pytest.mark.parametrize(("n", "rounds"), [(8, 4), (12, 4), (12, 6), (16, 6), (20, 5)])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_never_has_more_repeated_pairs_than_pantheons_best_of_1000(n, rounds, seed):
    ours = seating_score(tables=[], history=random_night(n, rounds, seed))
    theirs = seating_score(tables=[], history=pantheon_night(n, rounds, seed))
    assert ours["repeats"] <= theirs["repeats"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sixteen_players_meet_nobody_twice_over_five_rounds(seed):
    night = random_night(16, 5, seed)
    assert seating_score(tables=[], history=night)["repeats"] == 0


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_over_four_rounds_of_sixteen_each_players_winds_differ_by_at_most_one(seed):
    night = random_night(16, 4, seed)
    counts = {}
    for table in (t for rnd in night for t in rnd):
        for seat, p in enumerate(table):
            counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    assert len(counts) == 16
    assert all(max(c) - min(c) <= 1 for c in counts.values()), counts
    assert seating_score(tables=[], history=night)["wind_spread"] <= 1


def test_a_draw_for_64_players_keeps_their_first_meetings_over_six_rounds():
    night = random_night(64, 6, 1)
    assert seating_score(tables=[], history=night)["repeats"] == 0
