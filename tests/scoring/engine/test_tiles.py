"""Tile notation, melds and hand checks (scoring/engine/tiles.py)."""

import pytest

from scoring.engine.errors import RoundInvalid
from scoring.engine.tiles import (
    FinalHand,
    Meld,
    MeldKind,
    melds_from_text,
    read_final_hand,
    read_opening_hand,
    read_tiles,
    tile_text,
    tile_text_zh,
    tiles_counts,
    tiles_text,
)
from tests.scoring.engine.parsing import (
    parse_final_hand,
    parse_opening_hand,
    parse_tiles,
)


def codes(errors):
    return [e.code for e in errors]


def test_notation_parses_to_tile_ids_in_input_order():
    assert parse_tiles("123m55s9p") == [0, 1, 2, 13, 13, 26]


def test_suit_letters_are_case_insensitive_and_whitespace_is_ignored():
    assert parse_tiles("12 3M  4,5S") == parse_tiles("123m45s")


@pytest.mark.parametrize(
    ("chinese", "notation"),
    [
        ("一万二万三万", "123m"),
        ("1万2万3万", "123m"),
        ("123万", "123m"),
        ("五筒", "5p"),
        ("5饼", "5p"),
        ("九条", "9s"),
        ("三索", "3s"),
        ("幺鸡", None),  # 鸡 is not a suit: reported, not guessed
        ("一万 二万、三万", "123m"),
        ("二万五条八饼", "2m5s8p"),
        ("４５６萬", "456m"),
    ],
)
def test_chinese_forms_read_as_the_same_tiles(chinese, notation):
    tiles, errors = read_tiles(chinese, field="tiles")
    if notation is None:
        assert codes(errors) == ["tile_unknown_suit"]
    else:
        assert errors == []
        assert tiles == parse_tiles(notation)


def test_notation_round_trips_grouped_by_suit():
    assert tiles_text(parse_tiles("9p123m55s")) == "123m55s9p"
    assert tile_text(13) == "5s"
    assert tile_text_zh(13) == "五条"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("123z", "tile_unknown_suit"),
        ("12x3m", "tile_unknown_suit"),
        ("10m", "tile_zero"),
        ("〇万", "tile_zero"),
        ("123", "tile_missing_suit"),
        ("m123m", "tile_suit_without_rank"),
        ("#123m", "tile_unknown_character"),
        ("", "tiles_empty"),
        ("   ", "tiles_empty"),
    ],
)
def test_bad_notation_is_reported_with_a_stable_code(text, code):
    tiles, errors = read_tiles(text, field="result.winners.0.tiles")
    assert code in codes(errors)
    assert all(e.field == "result.winners.0.tiles" for e in errors)


def test_every_problem_in_one_string_is_reported():
    _, errors = read_tiles("0m5z9", field="tiles")
    assert codes(errors) == ["tile_zero", "tile_unknown_suit", "tile_missing_suit"]


def test_a_non_string_is_refused():
    _, errors = read_tiles(123, field="tiles")
    assert codes(errors) == ["tiles_not_text"]


def test_parse_tiles_raises_with_every_error():
    with pytest.raises(RoundInvalid) as info:
        parse_tiles("0m9z")
    assert codes(info.value.errors) == ["tile_zero", "tile_unknown_suit"]


def test_a_final_hand_counts_concealed_tiles_and_melds():
    hand = parse_final_hand("11m", melds=_four_melds(), win_tile="1m")
    assert isinstance(hand, FinalHand)
    assert sum(hand.counts) == 2
    assert [m.kind for m in hand.melds] == [
        MeldKind.PENG,
        MeldKind.CHI,
        MeldKind.GANG,
        MeldKind.BUZHANG,
    ]
    assert len(hand.all_tiles()) == 14  # kongs counted as 3


def _four_melds():
    return [
        {"kind": "peng", "tiles": "222m"},
        {"kind": "chi", "tiles": "534s"},
        {"kind": "gang", "tiles": "6666p"},
        {"kind": "buzhang", "tiles": "9999p"},
    ]


@pytest.mark.parametrize(
    ("tiles", "melds", "ok"),
    [
        ("123m456s789p123p55m", [], True),
        ("123m456s789p123p5m", [], False),  # 13 tiles
        ("123m456s789p123p555m", [], False),  # 15 tiles
        ("456s789p123p55m", [{"kind": "chi", "tiles": "123m"}], True),
        ("456s789p123p55m", [{"kind": "angang", "tiles": "1111m"}], True),  # a kong counts 3
        ("456s789p123p55m1m", [{"kind": "gang", "tiles": "1111m"}], False),
    ],
)
def test_a_final_hand_needs_14_tiles_counting_3_per_meld(tiles, melds, ok):
    hand, errors = read_final_hand(tiles, melds=melds)
    assert (hand is not None) is ok
    if not ok:
        assert "tile_count" in codes(errors) or "tile_fifth_copy" in codes(errors)


def test_a_fifth_copy_counts_the_melds():
    hand, errors = read_final_hand(
        "5m456s789p12p11m", melds=[{"kind": "gang", "tiles": "5555m"}], field="w"
    )
    assert hand is None
    assert codes(errors) == ["tile_fifth_copy"]
    assert errors[0].field == "w.tiles"
    assert errors[0].params["tile"] == "5m"


def test_five_copies_in_the_concealed_tiles_are_refused():
    _, errors = read_final_hand("11111m456s789p12p")
    assert "tile_fifth_copy" in codes(errors)


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ({"kind": "chi", "tiles": "357s"}, "meld_malformed"),
        ({"kind": "chi", "tiles": "9m1s2s"}, "meld_malformed"),  # crosses a suit boundary
        ({"kind": "chi", "tiles": "555s"}, "meld_malformed"),
        ({"kind": "peng", "tiles": "556m"}, "meld_malformed"),
        ({"kind": "gang", "tiles": "555m"}, "meld_malformed"),
        ({"kind": "buzhang", "tiles": "55556m"}, "meld_malformed"),
        ({"kind": "pong", "tiles": "555m"}, "meld_kind_unknown"),
        ({"kind": "peng", "tiles": "555x"}, "tile_unknown_suit"),
        ({"kind": "peng", "tiles": "555m", "seat": 1}, "meld_unknown_key"),
        ("peng:555m", "meld_not_object"),
    ],
)
def test_a_malformed_meld_is_reported_on_its_own_path(meld, code):
    hand, errors = read_final_hand("123s456s789p11m", melds=[meld], field="result.winners.0")
    assert hand is None
    assert code in codes(errors)
    assert all(e.field.startswith("result.winners.0.melds.0") for e in errors if e.code == code)


def test_melds_must_be_a_list_of_at_most_four():
    assert codes(read_final_hand("11m", melds="peng:555m")[1]) == ["melds_not_list"]
    five = _four_melds() + [{"kind": "peng", "tiles": "777s"}]
    assert "melds_too_many" in codes(read_final_hand("11m", melds=five)[1])


def test_the_winning_tile_must_be_one_of_the_concealed_tiles():
    _, errors = read_final_hand("123m456s789p123p55m", win_tile="9s", field="x")
    assert codes(errors) == ["win_tile_not_in_hand"]
    assert errors[0].field == "x.win_tile"
    _, errors = read_final_hand("123m456s789p123p55m", win_tile="55m")
    assert codes(errors) == ["not_one_tile"]
    hand = parse_final_hand("123m456s789p123p55m", win_tile="五万")
    assert hand.win_tile == 4


def test_meld_tiles_are_kept_sorted_and_shown_in_notation():
    meld = parse_final_hand("456s789p123p55m", melds=[{"kind": "chi", "tiles": "312m"}]).melds[0]
    assert meld == Meld(MeldKind.CHI, (0, 1, 2))
    assert str(meld) == "chi:123m"
    assert meld.exposed
    assert not Meld(MeldKind.ANGANG, (4, 4, 4, 4)).exposed


@pytest.mark.parametrize(
    ("dealer", "tiles", "wrong", "count"),
    [
        (True, "1112345678999m1s", "1112345678999m", 14),
        (False, "1112345678999m", "1112345678999m1s", 13),
    ],
)
def test_an_opening_hand_has_14_tiles_for_the_dealer_and_13_otherwise(dealer, tiles, wrong, count):
    assert sum(parse_opening_hand(tiles, dealer=dealer)) == count
    counts, errors = read_opening_hand(wrong, dealer=dealer, field="openings.0")
    assert counts is None
    assert codes(errors) == ["tile_count"]
    assert errors[0].field == "openings.0.tiles"
    assert errors[0].params["expected"] == count


def test_an_opening_hand_refuses_a_fifth_copy():
    with pytest.raises(RoundInvalid) as info:
        parse_opening_hand("11111m2345678s99p", dealer=False)
    assert "tile_fifth_copy" in codes(info.value.errors)


def test_meld_text_accepts_english_and_chinese_kinds():
    assert melds_from_text("peng:555m, chi:345s") == [
        {"kind": "peng", "tiles": "555m"},
        {"kind": "chi", "tiles": "345s"},
    ]
    assert melds_from_text("碰：五万五万五万，暗杠:9999p") == [
        {"kind": "peng", "tiles": "五万五万五万"},
        {"kind": "angang", "tiles": "9999p"},
    ]
    hand = parse_final_hand("456s678p11m", melds=melds_from_text("碰：五万五万五万，暗杠:9999p"))
    assert [str(m) for m in hand.melds] == ["peng:555m", "angang:9999p"]


def test_counts_are_27_per_tile_counts():
    counts = tiles_counts(parse_tiles("1m1m9p"))
    assert len(counts) == 27
    assert counts[0] == 2 and counts[26] == 1 and sum(counts) == 3


def test_error_messages_name_the_field_and_the_text():
    _, errors = read_tiles("12z", field="result.winners.1.tiles")
    assert "result.winners.1.tiles" in errors[0].message
    assert "'12z'" in errors[0].message
