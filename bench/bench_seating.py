"""Seating quality and speed: ``make bench-seating`` (``python -m bench.bench_seating``).

Nights of fixed entrants at tables of four, each simulated ``--seeds`` times, round after
round as the events app draws them (the history passed as rounds), by

- the plan: ``random`` knowing the night's rounds (``night_draw(night_rounds=R)``, the
  same seed each round, as ``round_draw`` passes it), so each round is the next of the
  whole night's plan (``seating_night``), made again from the seed and the played rounds;
- one round at a time: ``random`` not told the night's rounds (the greedy draw of each
  round with the night so far as history, as before the plan);
- the reference: Pantheon's method (``Mimir/src/helpers/Seating.php``,
  ``shuffledSeating`` with one group, then ``_balancedWindShuffle``), written here from
  its description: the best of 1,000 shuffles by its score (1 for a pair who met more
  than once, 10 more for each two rounds in a row they met), first strictly best kept.

Reported per night: extra meetings (meetings beyond a pair's first), repeated pairs, the
most meetings of one pair, back-to-back meetings, the seat-wind spread, and the best
possible extra meetings (BEST below). The plan must stay within the best possible +
max(2, 10 %) at every size, and each of its draws (a plan made again) under
``CPU_TARGET`` seconds of CPU time (``time.process_time``, not wall time: a busy machine
does not fail the bench). Then a night with late arrivals and drop-outs (re-planned: no
worse than one round at a time), and
``swiss`` held to its rule (docs/events.md): the leader at table 1 every round, the top
four there unless all six of their pairs have met twice. Exit status 1 when a target is
missed.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from itertools import permutations

from scoring.events.seating import Rounds, seating_draw
from scoring.events.seating_night import night_draw
from scoring.events.seating_score import seating_score

NIGHTS = (
    (8, 4),
    (12, 4),
    (16, 5),
    (16, 6),
    (20, 8),
    (24, 6),
    (24, 8),
    (28, 8),
    (32, 8),
    (40, 8),
    (44, 8),
    (48, 8),
    (52, 8),
    (56, 8),
    (60, 8),
    (64, 8),
)
SHUFFLES = 1000
CPU_TARGET = 2.0  # seconds of CPU time, a draw (its plan made again) for 64 entrants

# The best possible extra meetings where the counting bound (1.5·n·R − n(n−1)/2, each
# round makes 1.5·n meetings among n(n−1)/2 pairs) is not reached: 12 × 4 by exhaustive
# search (issue 28), 24 × 8 the best known (the shipped schedule's 24; issue 28 had 25
# from a short local search; the counting bound is 12).
# Zero where a schedule without a repeat exists: 16 × 5 (the affine plane of order 4),
# 24 × 6 (tabu search), 28 × 8 (a resolvable design of 9 rounds), 32 × 8 (the social
# golfer's 8-4-10), 40 to 64 × 8 (the shipped schedules; 64: the lines of AG(3, 4)).
BEST = {(12, 4): 13, (24, 8): 24}


def best_possible(n: int, rounds: int) -> int:
    """The fewest extra meetings a night of n players over ``rounds`` rounds can have."""
    return BEST.get((n, rounds), max(0, (3 * n * rounds - n * (n - 1)) // 2))


def allowed(n: int, rounds: int) -> int:
    """The target: the best possible + max(2, 10 %)."""
    best = best_possible(n, rounds)
    return math.floor(best + max(2, best / 10))


# ------------------------------------------------------------------ the reference


def _pantheon_marginal(ids: Sequence[int], history: Rounds) -> list[list[int]]:
    """What seating each pair together adds to Pantheon's score (the history's part of
    the score is the same for every candidate): 1 if they met exactly once before (the
    pair becomes a repeat), 10 if they met in the last round."""
    rounds = history
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    count = [[0] * n for _ in range(n)]
    last = [[False] * n for _ in range(n)]
    for r, tables in enumerate(rounds):
        for table in tables:
            here = [index[p] for p in table if p in index]
            for a in here:
                for b in here:
                    if a != b:
                        count[a][b] += 1
                        last[a][b] = last[a][b] or r == len(rounds) - 1
    return [
        [(1 if count[a][b] == 1 else 0) + (10 if last[a][b] else 0) for b in range(n)]
        for a in range(n)
    ]


_PLACEMENTS = list(permutations(range(4)))


def _pantheon_wind_penalty(table: Sequence[int], history: Rounds) -> int:
    total = 0
    for seat, player in enumerate(table):
        buckets = [0, 0, 0, 0]
        buckets[seat] += 1
        for past in (t for tables in history for t in tables):
            if player in past:
                buckets[list(past).index(player)] += 1
        total += sum((buckets[i] - buckets[j]) ** 2 for i in range(4) for j in range(i + 1, 4))
    return total


def pantheon_reference_draw(
    *,
    players: Sequence[int],
    history: Rounds,
    seed: int,
    shuffles: int = SHUFFLES,
) -> list[list[int]]:
    """Pantheon's seating, for tables of four: the first of ``shuffles`` shuffles (shuffle
    i seeded ``seed + 17 i``) with the lowest score, then each table's seats by
    Pantheon's balanced winds (the first of the 24 placements, in a random order, with
    the least squared gap between the player's seat counts)."""
    ids = list(players)
    marginal = _pantheon_marginal(ids, history)
    best_score: int | None = None
    best: list[int] = []
    for i in range(shuffles):
        order = list(range(len(ids)))
        random.Random(seed + 17 * i).shuffle(order)
        score = 0
        for t in range(0, len(order), 4):
            a, b, c, d = order[t : t + 4]
            score += (
                marginal[a][b]
                + marginal[a][c]
                + marginal[a][d]
                + marginal[b][c]
                + marginal[b][d]
                + marginal[c][d]
            )
        if best_score is None or score < best_score:
            best_score, best = score, order
            if score == 0:  # no later shuffle is strictly better
                break
    rng = random.Random(seed)
    tables = []
    for t in range(0, len(best), 4):
        table = [ids[p] for p in best[t : t + 4]]
        placements = list(_PLACEMENTS)
        rng.shuffle(placements)
        chosen = min(
            placements,
            key=lambda pl: _pantheon_wind_penalty([table[i] for i in pl], history),
        )
        tables.append([table[i] for i in chosen])
    return tables


# ------------------------------------------------------------------ the nights


def _results(tables: Sequence[Sequence[int]], points: dict[int, int], rng: random.Random) -> None:
    for table in tables:
        gains = [30, 10, -10, -30][: len(table)]
        rng.shuffle(gains)
        for p, g in zip(table, gains, strict=True):
            points[p] += g


def night(
    method: str, n: int, seed: int, rounds: int, present: Sequence[Sequence[int]] = ()
) -> tuple[dict[str, int], list[float]]:
    """The night's score after its last round, and each round's draw time (CPU seconds).
    ``present``: who plays each round (default: players 1..n every round)."""
    players_of = [list(p) for p in present] or [list(range(1, n + 1))] * rounds
    history: list[list[list[int]]] = []
    seeds: list[int | None] = []
    times = []
    for r in range(rounds):
        players = players_of[r]
        draw_seed = seed * 1000 + (r if method == "greedy" else 0)
        start = time.process_time()
        if method == "pantheon":
            tables = pantheon_reference_draw(players=players, history=history, seed=seed + r)
        else:
            tables = night_draw(
                players=players,
                sizes=[4] * (len(players) // 4),
                mode="random",
                seed=draw_seed,
                history=history,
                night_rounds=rounds if method == "plan" else 0,
                seeds=seeds,
            )
        times.append(time.process_time() - start)
        history.append(tables)
        seeds.append(draw_seed)
    return seating_score(tables=[], history=history), times


def swiss_night(n: int, seed: int, rounds: int) -> tuple[int, int, float]:
    """A swiss night on standings moved by seeded results: the rounds whose leader was not
    at table 1, those whose top four were not there though not all six of their pairs had
    met twice, and the slowest draw (CPU seconds)."""
    players = list(range(1, n + 1))
    rng = random.Random(seed * 7919 + n)
    points = dict.fromkeys(players, 0)
    history: list[list[list[int]]] = []
    leader_off = top_off = 0
    slowest = 0.0
    for r in range(rounds):
        ranking = sorted(players, key=lambda p: (-points[p], p))
        start = time.process_time()
        tables = seating_draw(
            players=players,
            sizes=[4] * (n // 4),
            mode="swiss",
            seed=seed * 1000 + r,
            history=history,
            ranking=ranking,
        )
        slowest = max(slowest, time.process_time() - start)
        top = ranking[:4]
        met = {
            (a, b): sum(1 for rnd in history for t in rnd if a in t and b in t)
            for i, a in enumerate(top)
            for b in top[i + 1 :]
        }
        leader_off += ranking[0] not in tables[0]
        top_off += set(top) != set(tables[0]) and min(met.values()) < 2
        history.append(tables)
        _results(tables, points, rng)
    return leader_off, top_off, slowest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="nights per size (default 3)")
    args = parser.parse_args(argv)
    seeds = range(args.seeds)
    began = time.process_time()
    methods = ("plan", "greedy", "pantheon")
    print(
        f"Seating: {len(seeds)} nights per size; mean over the nights (worst in brackets). "
        f"Reference: Pantheon's best of {SHUFFLES} shuffles. Times are CPU time."
    )
    print()
    print(
        "| players × rounds | best possible | target | extra meetings: plan / one round at "
        "a time / Pantheon | repeated pairs: plan / Pantheon | most meetings of a pair: "
        "plan / Pantheon | back to back: plan / Pantheon | wind spread: plan / Pantheon | "
        "slowest draw, plan |"
    )
    print("|---|---:|---:|---|---|---|---|---|---:|")
    missed: list[str] = []
    for n, rounds in NIGHTS:
        scores: dict[str, list[dict[str, int]]] = {m: [] for m in methods}
        slowest = 0.0
        for seed in seeds:
            for m in methods:
                score, times = night(m, n, seed, rounds)
                scores[m].append(score)
                if m == "plan":
                    slowest = max(slowest, *times)

        def cell(m: str, key: str, scores: dict[str, list[dict[str, int]]] = scores) -> str:
            values = [s[key] for s in scores[m]]
            mean = statistics.mean(values)
            return f"{mean:.1f} ({max(values)})" if max(values) != mean else f"{mean:g}"

        worst = max(s["extra_meetings"] for s in scores["plan"])
        if worst > allowed(n, rounds):
            missed.append(f"{n} × {rounds}: {worst} extra meetings > {allowed(n, rounds)}")
        if n == 64 and slowest >= CPU_TARGET:
            missed.append(f"{n} × {rounds}: a draw took {slowest:.2f} s of CPU time")
        pairs = " / ".join
        print(
            f"| {n} × {rounds} | {best_possible(n, rounds)} | {allowed(n, rounds)} | "
            f"{pairs(cell(m, 'extra_meetings') for m in methods)} | "
            f"{pairs(cell(m, 'repeats') for m in ('plan', 'pantheon'))} | "
            f"{pairs(cell(m, 'max_meetings') for m in ('plan', 'pantheon'))} | "
            f"{pairs(cell(m, 'consecutive') for m in ('plan', 'pantheon'))} | "
            f"{pairs(cell(m, 'wind_spread') for m in ('plan', 'pantheon'))} | "
            f"{slowest:.2f} s |"
        )
    print()
    # Late arrivals and drop-outs: 28 of 32 entrants from round 1, the other four from
    # round 3, four of the first (1-4) gone after round 5: the plan is made again.
    present = [list(range(1, 29))] * 2 + [list(range(1, 33))] * 3 + [list(range(5, 33))] * 3
    replanned = [night("plan", 32, seed, 8, present) for seed in seeds]
    greedy = [night("greedy", 32, seed, 8, present) for seed in seeds]
    extra = [s["extra_meetings"] for s, _ in replanned]
    print(
        "Late arrivals and drop-outs (28 from round 1, 4 more from round 3, 4 gone after "
        f"round 5, 8 rounds): extra meetings, re-planned {statistics.mean(extra):.1f} "
        f"(worst {max(extra)}), one round at a time "
        f"{statistics.mean(s['extra_meetings'] for s, _ in greedy):.1f}; slowest draw "
        f"{max(max(t) for _, t in replanned):.2f} s"
    )
    worst_greedy = max(s["extra_meetings"] for s, _ in greedy)
    if max(extra) > worst_greedy:
        missed.append(f"late arrivals: re-planned {max(extra)} > {worst_greedy} one at a time")
    for n in (16, 32, 64):
        swiss = [swiss_night(n, seed, 8) for seed in seeds]
        leader = sum(x for x, _, _ in swiss)
        top = sum(y for _, y, _ in swiss)
        print(
            f"swiss, {n} players × 8 rounds: leader away from table 1 in {leader} of "
            f"{8 * len(seeds)} rounds, top four away though they could meet in {top}; "
            f"slowest draw {max(z for _, _, z in swiss):.2f} s"
        )
        if leader or top:
            missed.append(f"swiss {n}: the top table rule broken")
    print()
    print("targets missed: " + ("none" if not missed else "; ".join(missed)))
    print(f"bench CPU time {time.process_time() - began:.0f} s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
