"""Property test: the table-driven analysis agrees with a plain brute-force reading
of rules.md §2 (tests/scoring/engine/plain_decomposer.py) on thousands of seeded hands.

Random draws from the wall are almost never complete, so most hands are built:
complete hands (4 sets + a pair, some sets turned into melds), seven pairs, all
2/5/8 hands, one-suit hands (many readings), and near misses (a complete hand with
one tile swapped).
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.analysis import analyse_hand, analyse_opening_counts
from scoring.engine.rules import PRESETS
from scoring.engine.tiles import FinalHand, tile_text, tiles_counts
from tests.scoring.engine import plain_decomposer as plain
from tests.scoring.engine.parsing import parse_final_hand, parse_tiles

SEED = 20261129
PER_KIND = 700
WALL = [t for t in plain.ALL_TILES for _ in range(4)]
ANY_PAIR = PRESETS["changsha-67"]
PAIR_258 = PRESETS["changsha-online"]
assert ANY_PAIR.situational_pair == "any" and PAIR_258.situational_pair == "258"


def random_set(rng: random.Random) -> list[str]:
    s = rng.choice(plain.SUITS)
    if rng.random() < 0.5:
        r = rng.randint(1, 9)
        return [f"{r}{s}"] * 3
    r = rng.randint(1, 7)
    return [f"{r + i}{s}" for i in range(3)]


def fits(tiles: list[str]) -> bool:
    return max(Counter(tiles).values()) <= 4


def complete_hand(rng: random.Random) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """4 sets + a pair; each set becomes a meld with some probability."""
    while True:
        sets = [random_set(rng) for _ in range(4)]
        pair = [rng.choice(plain.ALL_TILES)] * 2
        if fits(pair + [t for s in sets for t in s]):
            break
    concealed = list(pair)
    melds: list[tuple[str, list[str]]] = []
    for s in sets:
        if rng.random() < 0.35:
            if s[0] != s[1]:
                melds.append(("chi", s))
            else:
                kind = rng.choice(["peng", "peng", "gang", "angang", "buzhang"])
                tiles = s + [s[0]] if kind != "peng" else s
                every = concealed + [t for _, m in melds for t in m] + tiles
                every += [t for other in sets if other is not s for t in other]
                if kind != "peng" and not fits(every):
                    kind, tiles = "peng", s
                melds.append((kind, tiles))
        else:
            concealed += s
    return concealed, melds


def seven_pairs(rng: random.Random) -> tuple[list[str], list]:
    while True:
        tiles = [t for t in rng.choices(plain.ALL_TILES, k=7) for _ in range(2)]
        if fits(tiles):
            return tiles, []


def all_258(rng: random.Random) -> tuple[list[str], list]:
    jiang = [t for t in WALL if plain.rank(t) in plain.JIANG]
    return rng.sample(jiang, 14), []


def one_suit(rng: random.Random) -> tuple[list[str], list]:
    s = rng.choice(plain.SUITS)
    return rng.sample([t for t in WALL if t.endswith(s)], 14), []


def near_miss(rng: random.Random) -> tuple[list[str], list]:
    while True:
        concealed, melds = complete_hand(rng)
        concealed = list(concealed)
        concealed[rng.randrange(len(concealed))] = rng.choice(plain.ALL_TILES)
        if fits(concealed + [t for _, m in melds for t in m]):
            return concealed, melds


def random_draw(rng: random.Random) -> tuple[list[str], list]:
    return rng.sample(WALL, 14), []


KINDS = {
    "random_draw": random_draw,
    "complete": complete_hand,
    "seven_pairs": seven_pairs,
    "all_258": all_258,
    "one_suit": one_suit,
    "near_miss": near_miss,
}


def engine_hand(concealed: list[str], melds: list[tuple[str, list[str]]]) -> FinalHand:
    return parse_final_hand(
        plain.notation(concealed),
        melds=[{"kind": kind, "tiles": plain.notation(tiles)} for kind, tiles in melds],
    )


def engine_readings(hand: FinalHand) -> set:
    out = set()
    for d in analyse_hand(hand).decompositions:
        if d.pair is None:
            continue
        sets = tuple(sorted(tuple(tile_text(t) for t in s) for s in d.sets))
        out.add((tile_text(d.pair), sets))
    return out


def plain_readings(concealed: list[str]) -> set:
    return {
        (pair, tuple(sorted(tuple(sorted(s, key=plain.sort_key)) for s in sets)))
        for pair, sets in plain.standard_readings(concealed)
    }


def check_against_plain(concealed: list[str], melds: list[tuple[str, list[str]]]) -> None:
    hand = engine_hand(concealed, melds)
    assert engine_readings(hand) == plain_readings(concealed)
    for self_draw in (False, True):
        expected = plain.shapes(concealed, melds, self_draw=self_draw)
        situation = "haidilaoyue" if self_draw else "haidipao"
        for rules in (ANY_PAIR, PAIR_258):
            a = analyse_hand(hand, self_draw=self_draw, rules=rules)
            assert set(a.shapes) == expected, (concealed, melds, self_draw)
            may = plain.may_win_situationally(
                concealed, melds, self_draw=self_draw, pair_rule=rules.situational_pair
            )
            assert (situation in a.situational) is may
            # without a context the hand wins exactly when some shape holds
            assert a.winning is bool(expected)
            assert not ("pinghu" in a.best_claim and len(a.best_claim) > 1)
            withhaidi = analyse_hand(hand, self_draw=self_draw, haidi=True, rules=rules)
            assert (situation in withhaidi.best_claim) is may


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_analysis_matches_the_brute_force_reading(kind):
    rng = random.Random(f"{SEED}-{kind}")
    for _ in range(PER_KIND):
        concealed, melds = KINDS[kind](rng)
        check_against_plain(concealed, melds)


def test_the_generators_produce_winning_hands_often_enough_to_matter():
    rng = random.Random(SEED)
    wins = Counter()
    for kind in ("complete", "seven_pairs", "all_258", "random_draw"):
        for _ in range(200):
            a = analyse_hand(engine_hand(*KINDS[kind](rng)))
            wins[kind] += a.standard or bool(a.shapes)
    assert wins["complete"] == 200
    assert wins["seven_pairs"] == 200
    assert wins["all_258"] == 200
    assert wins["random_draw"] < 20


@pytest.mark.parametrize("dealer", [False, True])
def test_opening_counts_match_the_plain_reading(dealer):
    rng = random.Random(f"{SEED}-opening-{dealer}")
    size = 14 if dealer else 13
    pools = [WALL, [t for t in WALL if not t.endswith("p")], [t for t in WALL if t[0] in "1479"]]
    for _ in range(1500):
        tiles = rng.sample(rng.choice(pools), size)
        counts = tiles_counts(parse_tiles(plain.notation(tiles)))
        got = dict(analyse_opening_counts(counts, dealer=dealer).occurrences)
        assert got == plain.opening_counts(tiles), tiles


tile_lists = st.lists(st.sampled_from(plain.ALL_TILES), min_size=14, max_size=14).filter(fits)


@settings(max_examples=300, deadline=None)
@given(tiles=tile_lists)
def test_any_fourteen_tiles_agree_with_the_plain_reading(tiles):
    check_against_plain(tiles, [])


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_any_built_hand_agrees_with_the_plain_reading(seed):
    concealed, melds = complete_hand(random.Random(seed))
    check_against_plain(concealed, melds)
