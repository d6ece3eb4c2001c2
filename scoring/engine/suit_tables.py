"""Per-suit lookup tables: what one suit's nine counts can be, computed once.

Sets never mix suits, so every property of a hand's concealed tiles that analysis
needs splits into one property per suit. The tables key a suit's counts (a tuple of
nine ints, ``counts[9*s:9*s+9]``) to

- ``flags``: a bit set of the properties below. A hand has a property when each of
  its three suits has it, so the hand's flags are ``m & s & p``: three dict
  lookups and two ANDs.
- ``splits``: every decomposition of the suit into sets plus at most one pair
  (for showing the decomposition used; never needed on the hot path).

The tables are built on first use by enumerating every multiset of up to four sets
(7 sequences + 9 triplets per suit) with an optional pair, which is exactly the set
of suit counts that decompose; ~50k keys, about a quarter of a second.

Why ``m & s & p`` is enough for the pair: a final hand's concealed tiles number
14 - 3 × melds ≡ 2 (mod 3). A suit decomposes only when its count is ≡ 0 (sets
alone) or ≡ 2 (sets and the pair), so when all three suits decompose exactly one of
them holds the pair.
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

SuitKey = tuple[int, ...]  # nine counts, ranks 1–9

STD = 1  # sets (n ≡ 0 mod 3), or sets and one pair (n ≡ 2)
PING = 2  # as STD, and the pair, if this suit holds it, is 2/5/8 (真将)
PENG = 4  # as STD, with every set a triplet
PAIRS = 8  # every count even: pairs only (a quad is two pairs)
JIANG = 16  # only ranks 2, 5 and 8
EMPTY = 32  # no tile of this suit

MAX_SETS = 4
JIANG_INDEXES = (1, 4, 7)  # ranks 2, 5, 8


class SuitSplit(NamedTuple):
    """One decomposition of a suit: its pair (rank, 0 for none), sequences, triplets."""

    pair: int
    chows: tuple[int, ...]  # start ranks: 3 means 345
    pungs: tuple[int, ...]  # ranks


class SuitTables(NamedTuple):
    flags: dict[SuitKey, int]
    splits: dict[SuitKey, tuple[SuitSplit, ...]]


def _build() -> SuitTables:
    flags: dict[SuitKey, int] = {}
    splits: dict[SuitKey, list[SuitSplit]] = {}
    counts = [0] * 9
    # Set types 0–6: the sequence starting at rank t+1; 7–15: the triplet of rank t-6.
    chosen: list[int] = []

    def record() -> None:
        chows = tuple(t + 1 for t in chosen if t < 7)
        pungs = tuple(t - 6 for t in chosen if t >= 7)
        base = STD | PING | (0 if chows else PENG)
        key = tuple(counts)
        flags[key] = flags.get(key, 0) | base
        splits.setdefault(key, []).append(SuitSplit(0, chows, pungs))
        for i in range(9):
            if counts[i] <= 2:
                counts[i] += 2
                key = tuple(counts)
                counts[i] -= 2
                bits = STD | (PING if i in JIANG_INDEXES else 0) | (0 if chows else PENG)
                flags[key] = flags.get(key, 0) | bits
                splits.setdefault(key, []).append(SuitSplit(i + 1, chows, pungs))

    def walk(start: int) -> None:
        record()
        if len(chosen) == MAX_SETS:
            return
        for t in range(start, 16):
            cells = (t, t + 1, t + 2) if t < 7 else (t - 7, t - 7, t - 7)
            for c in cells:
                counts[c] += 1
            if max(counts) <= 4:
                chosen.append(t)
                walk(t)
                chosen.pop()
            for c in cells:
                counts[c] -= 1

    walk(0)
    for evens in product((0, 2, 4), repeat=9):
        if sum(evens) <= 14:
            flags[evens] = flags.get(evens, 0) | PAIRS
    for a, b, c in product(range(5), repeat=3):
        key = (0, a, 0, 0, b, 0, 0, c, 0)
        flags[key] = flags.get(key, 0) | JIANG
    empty = (0,) * 9
    flags[empty] |= EMPTY
    return SuitTables(flags, {k: tuple(v) for k, v in splits.items()})


_tables: SuitTables | None = None


def suit_tables() -> SuitTables:
    """The tables, built on the first call and shared afterwards."""
    global _tables
    if _tables is None:
        _tables = _build()
    return _tables
