"""The bird-to-seat and next-dealer answers the round form looks up, at tables of three
and two (rules.md §10.1, §10.2)."""

from scoring.engine.birds import bird_seats, form_tables
from scoring.engine.dealers import form_table
from scoring.engine.rules import parse_ruleset


def ruleset(**options):
    rules, errors = parse_ruleset({"preset": "changsha-67", **options})
    assert errors == []
    return rules


# Birds 1-9 counted from seat 0; None: the bird lands on nobody.
BIRDS_FROM_SEAT_0 = {
    (4, "48"): [0, 1, 2, 3, 0, 1, 2, 3, 0],
    (3, "48"): [0, 1, 2, None, 0, 1, 2, None, 0],  # 4, 8 land on nobody
    (3, "37"): [0, 1, None, 2, 0, 1, None, 2, 0],  # 3, 7 land on nobody
    (3, "none"): [0, 1, 2, 0, 1, 2, 0, 1, 2],
    (2, "48"): [0, None, 1, None, 0, None, 1, None, 0],
    (2, "37"): [0, None, 1, None, 0, None, 1, None, 0],
    (2, "none"): [0, 1, 0, 1, 0, 1, 0, 1, 0],
}


def test_each_table_size_lands_birds_as_rules_md_10_2_says():
    for (players, empty), seats in BIRDS_FROM_SEAT_0.items():
        assert list(bird_seats(players, empty)[0][1:]) == seats, (players, empty)


def test_at_three_players_a_bird_counted_from_seat_2_wraps_round_three_seats():
    # from C: 1 → C, 2 → C's 下家 A, 3 → C's 上家 B (四八空鸟)
    assert list(bird_seats(3, "48")[2][1:4]) == [2, 0, 1]


def test_the_form_gets_the_table_size_and_its_bird_rows():
    birds = form_tables(ruleset(players=3, empty_birds="37"))
    assert birds["players"] == 3
    assert birds["seat"][0][1:] == BIRDS_FROM_SEAT_0[3, "37"]
    assert birds["seat"][3] == [None] * 10  # no seat 3 at this table
    assert form_tables(ruleset())["players"] == 4


def test_the_form_offers_no_bamboo_haidi_tile_under_quyimen():
    haidi = form_tables(ruleset(players=2, quyimen=True))["haidi"]
    assert "5s" not in haidi and "5m" in haidi and "5p" in haidi


def test_the_next_dealer_table_names_no_seat_beyond_the_table():
    dealers = form_table(ruleset(players=3))
    assert dealers["players"] == 3
    assert dealers["win"][0b0110][0] == {"dealer": 0, "dealers": [0]}  # B, C win on A
    assert dealers["win"][0b1000][4] is None  # seat 3 cannot win at three players
    assert dealers["win"][0b0010][3] is None  # nor discard
    assert dealers["draw"][3][4][4] is None  # nor take the 海底
    assert dealers["draw"][2][4][4] == 2
    assert form_table(ruleset())["win"][0b1000][4] == {"dealer": 3, "dealers": [3]}
