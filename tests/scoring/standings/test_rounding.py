"""One rounding for the page and the CSV: halves away from zero."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from scoring.standings.rounding import fixed
from scoring.standings.selectors import standings_csv_rows


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (-2.625, 2, "-2.63"),
        (2.625, 2, "2.63"),
        (0.125, 2, "0.13"),
        (-0.001, 2, "0.00"),
        (1 / 3, 4, "0.3333"),
        (5, 2, "5.00"),
        (-2.62499, 2, "-2.62"),
    ],
)
def test_fixed_rounds_halves_away_from_zero(value, places, shown):
    assert fixed(value, places) == shown


def test_the_page_and_the_csv_show_the_same_figure():
    class Row:
        rank, net, sessions, rounds, wins, self_draws, deal_ins, big_hands = (
            1,
            -21,
            1,
            8,
            0,
            0,
            0,
            0,
        )
        win_rate, avg_per_round = 0.0, -2.625
        penalties = 0
        total = -21

        class player:  # noqa: N801
            display_name = "张三"

    page = Template("{% load recording %}{{ v|fixed:2 }}").render(Context({"v": -2.625}))
    csv_row = standings_csv_rows(rows=[Row()])[1]

    assert page == csv_row[-1] == "-2.63"
