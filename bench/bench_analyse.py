"""Hand analysis throughput: ``make bench-analyse`` (``python -m bench.bench_analyse``).

The same seeded 100,000 suited 14-tile hands (half complete hands built from 4 sets
and a pair, half random draws from the 108-tile wall, shuffled together) are timed in
one process with

- ours: ``analysis.analyse_hand``, full type detection (every shape type, the
  situational types' pair rule, the best claim);
- theirs: the ``mahjong`` library's ``Agari().is_agari`` (structure only).

Main figure, "pre-parsed": both sides get their own parsed form, built outside the
timed loops (ours a ``FinalHand``, theirs a 34-count list). Second figure, "from
notation": both parse in the loop (ours ``analyse("123m…")``, which also validates
counts and fifth copies; theirs ``TilesConverter.string_to_34_array`` then
``is_agari``). Each loop runs ``--repeat`` times, alternating, and the best time
counts: on a shared machine noise only ever slows a run down. The suit tables are
built before timing (once per process, ~0.1 s).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong.agari import Agari
from mahjong.tile import TilesConverter

from scoring.engine.analysis import analyse, analyse_hand
from scoring.engine.suit_tables import suit_tables
from scoring.engine.tiles import FinalHand, tiles_text

SEED = 20261129
HANDS = 100_000
TARGET = 1.0  # ours / is_agari, pre-parsed


def _fits(counts: Sequence[int]) -> bool:
    return max(counts) <= 4


def complete_hand(rng: random.Random) -> list[int]:
    """27 counts of 4 random sets (sequence or triplet) and a pair, at most 4 of a tile."""
    while True:
        counts = [0] * 27
        for _ in range(4):
            suit = rng.randrange(3)
            if rng.random() < 0.5:
                counts[9 * suit + rng.randrange(9)] += 3
            else:
                start = 9 * suit + rng.randrange(7)
                for t in range(start, start + 3):
                    counts[t] += 1
        counts[rng.randrange(27)] += 2
        if _fits(counts):
            return counts


def random_draw(rng: random.Random, wall: list[int]) -> list[int]:
    counts = [0] * 27
    for t in rng.sample(wall, 14):
        counts[t] += 1
    return counts


def hands_generate(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [t for t in range(27) for _ in range(4)]
    hands = [complete_hand(rng) for _ in range(n // 2)]
    hands += [random_draw(rng, wall) for _ in range(n - n // 2)]
    rng.shuffle(hands)
    return hands


def _time(run: Callable[[], Any], times: list[float]) -> None:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    finally:
        gc.enable()


def _converter_args(counts: Sequence[int]) -> dict[str, str]:
    """The ``mahjong`` converter's input: one digit string per suit."""
    names = ("man", "sou", "pin")  # our suit order m, s, p
    return {names[s]: "".join(str(r + 1) * counts[9 * s + r] for r in range(9)) for s in range(3)}


def bench_run(n: int, seed: int, repeat: int) -> float:
    hands = hands_generate(n, seed)
    suit_tables()  # built once per process, outside the timed loops
    ours = [FinalHand(tuple(c)) for c in hands]
    theirs = [c + [0] * 7 for c in hands]
    texts = [tiles_text(h.concealed) for h in ours]
    their_texts = [_converter_args(c) for c in hands]
    agari = Agari()
    to_34 = TilesConverter.string_to_34_array

    # sanity, not timed: the same hands, and the same answer on structure
    agree = 0
    winning = 0
    for hand, counts in zip(ours, theirs, strict=True):
        a = analyse_hand(hand)
        winning += a.winning
        distinct_pairs = sum(1 for x in counts if x == 2) == 7  # is_agari's 七対子
        agree += agari.is_agari(counts) == (a.standard or distinct_pairs)

    def run_ours() -> None:
        for hand in ours:
            analyse_hand(hand)

    def run_theirs() -> None:
        is_agari = agari.is_agari
        for counts in theirs:
            is_agari(counts)

    def parse_ours() -> None:
        for text in texts:
            analyse(text)

    def parse_theirs() -> None:
        is_agari = agari.is_agari
        for kw in their_texts:
            is_agari(to_34(**kw))

    timings: dict[str, list[float]] = {
        name: [] for name in ("ours", "theirs", "p_ours", "p_theirs")
    }
    for _ in range(repeat):
        _time(run_ours, timings["ours"])
        _time(run_theirs, timings["theirs"])
    for _ in range(repeat):
        _time(parse_ours, timings["p_ours"])
        _time(parse_theirs, timings["p_theirs"])
    rate = {name: n / min(t) for name, t in timings.items()}

    print(
        f"hands: {n:,} suited 14-tile hands (half built complete, half random draws), seed {seed}"
    )
    print(f"  our analysis: {winning:,} win under Changsha rules (2/5/8 pair unless a big hand)")
    print(f"  structure agrees with is_agari on {agree:,}/{n:,} hands")
    print(f"best of {repeat} runs each, gc off during a run")
    print("pre-parsed input (FinalHand / 34-count list built outside the loop):")
    print(
        f"  ours  analyse_hand (full type detection): {rate['ours']:>12,.0f} hands/s "
        f"({1e6 / rate['ours']:.2f} µs/hand)"
    )
    print(
        f"  mahjong 2.1.0 Agari().is_agari:           {rate['theirs']:>12,.0f} hands/s "
        f"({1e6 / rate['theirs']:.2f} µs/hand)"
    )
    ratio = rate["ours"] / rate["theirs"]
    verdict = "OK" if ratio >= TARGET else "BELOW TARGET"
    print(f"  ratio ours / is_agari: {ratio:.2f} (target ≥ {TARGET}) {verdict}")
    print("from notation (both parse in the loop; ours also validates):")
    print(f"  ours  analyse(text):                      {rate['p_ours']:>12,.0f} hands/s")
    print(f"  mahjong string_to_34_array + is_agari:    {rate['p_theirs']:>12,.0f} hands/s")
    print(f"  ratio: {rate['p_ours'] / rate['p_theirs']:.2f}")
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--strict", action="store_true", help="exit 1 when the pre-parsed ratio is below 1.0"
    )
    args = parser.parse_args(argv)
    ratio = bench_run(args.hands, args.seed, args.repeat)
    return 1 if args.strict and ratio < TARGET else 0


if __name__ == "__main__":
    sys.exit(main())
