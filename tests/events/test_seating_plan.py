"""seating_plan: table sizes and byes for a count of players that is not a multiple of 4."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.events.seating import SeatingError, TablePlan, seating_plan

PLAYERS = list(range(1, 11))  # ranking: 1 best, 10 lowest


def plan(n, remainder, byes=None, ranking=None):
    players = list(range(1, n + 1))
    return seating_plan(
        players=players,
        remainder=remainder,
        byes_so_far=byes or {},
        ranking=players if ranking is None else ranking,
    )


def test_a_multiple_of_four_plays_at_tables_of_four_with_no_bye():
    assert plan(12, "bye") == TablePlan(sizes=(4, 4, 4), sitting_out=())
    assert plan(12, "three") == TablePlan(sizes=(4, 4, 4), sitting_out=())


def test_byes_go_to_the_lowest_in_the_standings_when_nobody_has_had_one():
    assert plan(10, "bye") == TablePlan(sizes=(4, 4), sitting_out=(10, 9))


def test_byes_go_to_the_players_with_the_fewest_byes_so_far_first():
    got = plan(10, "bye", byes={10: 1, 9: 1, 7: 1})
    assert got.sitting_out == (8, 6)


def test_ties_in_byes_are_broken_by_the_standings_lowest_first():
    ranking = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # 1 is now the lowest
    got = plan(11, "bye", byes={1: 1}, ranking=ranking)
    assert got.sitting_out == (2, 3, 4)


def test_players_missing_from_the_standings_count_as_lowest():
    got = plan(9, "bye", ranking=[1, 2, 3, 4, 5, 6, 7])
    assert got.sitting_out == (9,)


@pytest.mark.parametrize(
    ("n", "sizes", "out"),
    [
        (3, (3,), 0),
        (5, (4,), 1),  # N % 4 = 1 and fewer than 9 players: a bye
        (6, (3, 3), 0),
        (7, (4, 3), 0),
        (9, (3, 3, 3), 0),
        (10, (4, 3, 3), 0),
        (11, (4, 4, 3), 0),
        (13, (4, 3, 3, 3), 0),
    ],
)
def test_tables_of_three_absorb_the_remainder(n, sizes, out):
    got = plan(n, "three")
    assert got.sizes == sizes
    assert len(got.sitting_out) == out


@pytest.mark.parametrize(("n", "remainder"), [(0, "three"), (2, "three"), (3, "bye")])
def test_too_few_players_is_an_error_naming_the_count(n, remainder):
    with pytest.raises(SeatingError) as caught:
        plan(n, remainder)
    assert caught.value.code == "seating_too_few"
    assert isinstance(caught.value, ValueError)
    assert f"{n} are present" in str(caught.value)


def test_a_player_listed_twice_is_an_error():
    with pytest.raises(SeatingError) as caught:
        seating_plan(players=[1, 2, 3, 3, 4], remainder="bye", byes_so_far={}, ranking=[])
    assert caught.value.code == "seating_player_twice"
    assert caught.value.params == {"player": 3}


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(3, 80),
    remainder=st.sampled_from(["bye", "three"]),
    byes=st.dictionaries(st.integers(1, 80), st.integers(0, 3)),
    data=st.data(),
)
def test_every_player_either_sits_or_sits_out_and_no_table_seats_two(n, remainder, byes, data):
    players = list(range(1, n + 1))
    ranking = data.draw(st.permutations(players))
    if remainder == "bye" and n < 4:
        return
    got = seating_plan(players=players, remainder=remainder, byes_so_far=byes, ranking=ranking)
    assert sum(got.sizes) + len(got.sitting_out) == n
    assert set(got.sizes) <= {3, 4}
    assert len(set(got.sitting_out)) == len(got.sitting_out)
    assert set(got.sitting_out) <= set(players)
    if remainder == "bye":
        assert len(got.sitting_out) == n % 4
        # nobody sits out while someone with fewer byes plays
        if got.sitting_out:
            most_out = max(byes.get(p, 0) for p in got.sitting_out)
            playing = set(players) - set(got.sitting_out)
            assert all(byes.get(p, 0) >= most_out for p in playing)
    else:
        assert len(got.sitting_out) == (1 if n % 4 == 1 and n < 9 else 0)
