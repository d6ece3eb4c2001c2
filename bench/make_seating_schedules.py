"""Search the shipped seating schedules (``scoring/events/seating_schedules.py``).

``python -m bench.make_seating_schedules`` searches, for each count of players at tables
of four (8 to 64), a whole night's schedule with the planner's own search
(``seating_night.plan_search``) given a far larger budget of moves and several starts, then
writes the module. Nights of 8 to 24 players get a schedule for each count of rounds from
2 to 8 (repeats are forced there, and the best first rounds of a longer night are not the
best shorter night); from 28 players one night of 8 rounds without a repeat serves every
shorter night. Deterministic: the same budget gives the same module.

28 players are built, not searched: a base round of Z_7 × 4 levels whose pairs' orbits
under x → x + 1 are all different (a small random search), developed into 7 rounds, and
an eighth round of pairs not yet met (a backtracking search): 8 rounds without a repeat
(``develop_28``).

``--only N:R,…`` searches those schedules and prints them (the module is not written);
``--fragments DIR`` writes each schedule found to DIR, and ``--merge DIR`` writes the
module from those (so the searches can run in parallel).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from scoring.events import seating, seating_night
from scoring.events.seating_schedules import SCHEDULE_DIGITS

MODULE = Path(seating.__file__).with_name("seating_schedules.py")
SMALL = range(8, 25, 4)  # a schedule for each count of rounds
LARGE = range(28, 65, 4)  # one schedule of 8 rounds without a repeat
MOST_ROUNDS = 8


def targets() -> list[tuple[int, int]]:
    return [(n, r) for n in SMALL for r in range(2, MOST_ROUNDS + 1)] + [
        (n, MOST_ROUNDS) for n in LARGE
    ]


def measure(n: int, schedule: Sequence[Sequence[Sequence[int]]]) -> tuple[int, int, int, int]:
    """Extra meetings, meetings beyond a pair's second, back-to-back meetings, and the
    sum over players of the gap between their most and least used seat."""
    met: dict[tuple[int, int], list[int]] = {}
    winds = [[0] * 4 for _ in range(n)]
    for r, rnd in enumerate(schedule):
        for t in rnd:
            for seat, p in enumerate(t):
                winds[p][seat] += 1
            for x, a in enumerate(t):
                for b in t[x + 1 :]:
                    met.setdefault((min(a, b), max(a, b)), []).append(r)
    extra = sum(len(v) - 1 for v in met.values())
    third = sum(max(0, len(v) - 2) for v in met.values())
    back = sum(sum(1 for x, y in zip(v, v[1:], strict=False) if y == x + 1) for v in met.values())
    spread = sum(max(w) - min(w) for w in winds)
    return extra, third, back, spread


def search(n: int, rounds: int, moves: int, tries: int, first: int = 0) -> list[list[list[int]]]:
    sizes = [4] * (n // 4)
    best: list[list[list[int]]] = []
    best_key: tuple[int, int, int, int] | None = None
    for attempt in range(first, first + tries):
        rng = random.Random(1000 * n + 10 * rounds + attempt)
        start = [seating.chunks(rng.sample(range(n), n), sizes) for _ in range(rounds)]
        groupings = seating_night.plan_search(n, [], start, rng, moves, evaluations=10**12)
        for _ in range(20):  # seat orders: the most even winds of a few draws
            counts = [[0] * 4 for _ in range(n)]
            planned = seating_night.plan_seats(groupings, counts, rng)
            key = measure(n, planned)
            if best_key is None or key < best_key:
                best_key, best = key, planned
        if best_key is not None and best_key[0] == 0 and best_key[3] <= n * ((rounds % 4) > 0):
            break
    return best


def develop_28(seed: int = 10) -> list[list[list[int]]]:
    """8 rounds for 28 players without a repeated meeting (see the module's text); the
    first seed from 1 up that gives an eighth round is 10."""
    points = [(x, i) for i in range(4) for x in range(7)]

    def orbit(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, ...]:
        (xa, ia), (xb, ib) = sorted((a, b), key=lambda p: p[1])
        if ia == ib:
            d = (xb - xa) % 7
            return (ia, ia, min(d, 7 - d))
        return (ia, ib, (xb - xa) % 7)

    def cost(blocks: list[list[tuple[int, int]]]) -> int:
        seen: dict[tuple[int, ...], int] = {}
        for b in blocks:
            for x, a in enumerate(b):
                for c in b[x + 1 :]:
                    o = orbit(a, c)
                    seen[o] = seen.get(o, 0) + 1
        return sum(v - 1 for v in seen.values())

    rng = random.Random(seed)
    while True:
        order = rng.sample(points, len(points))
        blocks = [order[k : k + 4] for k in range(0, 28, 4)]
        c = cost(blocks)
        for _ in range(3000):
            if c == 0:
                break
            t1, t2 = rng.sample(range(7), 2)
            i, j = rng.randrange(4), rng.randrange(4)
            blocks[t1][i], blocks[t2][j] = blocks[t2][j], blocks[t1][i]
            c2 = cost(blocks)
            if c2 <= c or rng.random() < 0.02:
                c = c2
            else:
                blocks[t1][i], blocks[t2][j] = blocks[t2][j], blocks[t1][i]
        if c == 0:
            break
    rounds = [[[((x + s) % 7, i) for x, i in b] for b in blocks] for s in range(7)]
    used = {frozenset((a, c)) for r in rounds for b in r for a in b for c in b if a != c}
    found: list[list[tuple[int, int]]] = []

    def fill(left: list[tuple[int, int]]) -> bool:
        if not left:
            return True
        p = left[0]
        free = [q for q in left[1:] if frozenset((p, q)) not in used]
        for x, a in enumerate(free):
            for y, b in enumerate(free[x + 1 :], start=x + 1):
                if frozenset((a, b)) in used:
                    continue
                for c in free[y + 1 :]:
                    if frozenset((a, c)) in used or frozenset((b, c)) in used:
                        continue
                    found.append([p, a, b, c])
                    if fill([q for q in left if q not in (p, a, b, c)]):
                        return True
                    found.pop()
        return False

    if not fill(points):
        raise RuntimeError("no eighth round: try another seed")
    index = {p: k for k, p in enumerate(points)}
    return [[[index[p] for p in b] for b in r] for r in [*rounds, found]]


def encode(schedule: Sequence[Sequence[Sequence[int]]]) -> str:
    return " ".join("".join(SCHEDULE_DIGITS[p] for t in rnd for p in t) for rnd in schedule)


def write(found: dict[tuple[int, int], str]) -> None:
    lines = [
        '"""Seating schedules for whole league nights, searched once, offline.',
        "",
        "Written by ``python -m bench.make_seating_schedules``; do not edit by hand. A schedule",
        "is its rounds separated by spaces, a round its tables of four in seat order, a player",
        "a digit of SCHEDULE_DIGITS (0 to n - 1); the planner shuffles these labels by the seed.",
        '"""',
        "",
        f"SCHEDULE_DIGITS = {SCHEDULE_DIGITS!r}",
        "SCHEDULES: dict[tuple[int, int], str] = {",
    ]
    without: dict[int, list[int]] = {}
    for (n, r), text in sorted(found.items()):
        lines.append(f"    ({n}, {r}): (")
        rounds = text.split()
        for i, rnd in enumerate(rounds):
            lines.append(f'        "{rnd}{" " if i < len(rounds) - 1 else ""}"')
        lines.append("    ),")
        schedule = [
            [[SCHEDULE_DIGITS.index(c) for c in rnd[t : t + 4]] for t in range(0, n, 4)]
            for rnd in rounds
        ]
        if measure(n, schedule)[0] == 0:
            without.setdefault(n, []).append(r)
    lines.append("}")
    lines.append("# The players' counts whose schedules of these rounds have no repeated meeting.")
    lines.append("SCHEDULES_WITHOUT_REPEAT: dict[int, tuple[int, ...]] = {")
    for n, rs in sorted(without.items()):
        lines.append(f"    {n}: {tuple(rs)!r},")
    lines.append("}")
    MODULE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30000)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--first", type=int, default=0, help="the first attempt's number")
    parser.add_argument("--only", help="N:R[,N:R...]: these schedules only (nor module written)")
    parser.add_argument("--fragments", type=Path)
    parser.add_argument("--merge", type=Path)
    args = parser.parse_args(argv)
    if args.merge:
        found = {}
        for path in sorted(args.merge.glob("*.txt")):
            n, r = (int(x) for x in path.stem.split("_"))
            text = path.read_text(encoding="utf-8").strip()
            schedule = [
                [[SCHEDULE_DIGITS.index(c) for c in rnd[t : t + 4]] for t in range(0, n, 4)]
                for rnd in text.split()
            ]
            # The seats again, with the planner's latest evening of winds.
            rng = random.Random(n * 100 + r)
            for _ in range(20):
                seated = seating_night.plan_seats(schedule, [[0] * 4 for _ in range(n)], rng)
                if measure(n, seated) < measure(n, schedule):
                    schedule, text = seated, encode(seated)
            found[(n, r)] = text
        write(found)
        return 0
    todo = targets()
    if args.only:
        todo = [(int(n), int(r)) for n, r in (x.split(":") for x in args.only.split(","))]
    found = {}
    for n, r in todo:
        if (n, r) == (28, 8):
            schedule = seating_night.plan_seats(
                develop_28(), [[0] * 4 for _ in range(n)], random.Random(1)
            )
        else:
            schedule = search(n, r, args.moves, args.tries, args.first)
        text = encode(schedule)
        print(n, r, measure(n, schedule), flush=True)
        found[(n, r)] = text
        if args.fragments:
            args.fragments.mkdir(parents=True, exist_ok=True)
            path = args.fragments / f"{n}_{r}.txt"
            if path.exists():  # keep the better of two searches
                old = path.read_text(encoding="utf-8").split()
                old_schedule = [
                    [[SCHEDULE_DIGITS.index(c) for c in rnd[t : t + 4]] for t in range(0, n, 4)]
                    for rnd in old
                ]
                if measure(n, old_schedule) <= measure(n, schedule):
                    continue
            path.write_text(text + "\n", encoding="utf-8")
    if not args.only and not args.fragments:
        write(found)
    return 0


if __name__ == "__main__":
    sys.exit(main())
