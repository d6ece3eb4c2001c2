"""The night's plan: a whole league night's seating, planned at once and handed out a
round at a time.

Pure Python (no Django), like the one-round draw it starts from (``seating``).

- ``seating_night``: ``rounds`` rounds of tables (player ids in seat order) for the
  players after the played rounds: the fewest meetings beyond a pair's first over the
  whole night, then no pair meeting three times where twice will do, then no pair meeting
  in two rounds in a row, then each player's seat winds even.
- ``night_draw``: the round ``round_draw`` draws: in ``random``, with the night's length
  known, the next round of the night's plan, made again from its seed and the rounds
  played (the plan is never stored); otherwise ``seating_draw``'s round on its own.
- ``plan_search`` and ``plan_seats``: the plan's tabu search over the whole schedule and
  its seat winds, which ``bench.make_seating_schedules`` runs with a larger budget to
  search the schedules shipped in ``seating_schedules``.

The same inputs give the same plan: every choice comes from ``random.Random(seed)``, and
the search has a fixed budget of moves and swaps weighed, not of time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scoring.events.seating import (
    SEAT_PERMS,
    SEATS,
    Mode,
    Rounds,
    SeatingError,
    check_sizes,
    chunks,
    history_rounds,
    seat_counts,
    seating_draw,
    unique_players,
)
from scoring.events.seating_schedules import (
    SCHEDULE_DIGITS,
    SCHEDULES,
    SCHEDULES_WITHOUT_REPEAT,
)

# What a whole night's seating costs, per pair of players who meet m times: PLAN_EXTRA
# for each meeting beyond the first, PLAN_THIRD more for each beyond the second (nobody
# meets three times where twice will do), and PLAN_BACK each time they meet in two rounds
# in a row. Then the seat winds (plan_seats).
PLAN_EXTRA = 12
PLAN_THIRD = 4
PLAN_BACK = 1
# The plan's search budget, in moves and swaps weighed, not time: the same seed gives the
# same plan on any machine. After PLAN_STALL moves without a cheaper schedule the best one is shaken by
# PLAN_KICK random swaps and the search goes on from there.
PLAN_MOVES = 3000
PLAN_EVALUATIONS = 400_000  # ... and in swaps weighed: about a second of CPU time
PLAN_STALL = 400
PLAN_KICK = 4
PLAN_TENURE = 10
PLAN_SEAT_PASSES = 4  # passes over the planned tables evening the winds (plan_seats)


class _Schedule:
    """A night's groupings, the played rounds first (fixed), then the rounds to plan: who
    sits at which table each round and how often each pair meets."""

    def __init__(self, n: int, fixed: Sequence[Sequence[Sequence[int]]], free: int) -> None:
        self.n, self.h, self.total = n, len(fixed), len(fixed) + free
        self.fixed = [[list(m) for m in rnd] for rnd in fixed]
        self.tables: list[list[list[int]]] = []
        self.group: list[list[int]] = []
        self.met: list[list[int]] = []
        most = self.total + 2
        cost_of = [0, 0] + [PLAN_EXTRA * (m - 1) + PLAN_THIRD * (m - 2) for m in range(2, most + 1)]
        self.gain = [cost_of[m + 1] - cost_of[m] for m in range(most)]
        self.loss = [0] + [cost_of[m - 1] - cost_of[m] for m in range(1, most)]
        self.cost_of = cost_of

    def load(self, tables: Sequence[Sequence[Sequence[int]]]) -> None:
        n = self.n
        self.tables = [[list(m) for m in rnd] for rnd in tables]
        self.group = [[-1] * n for _ in range(self.total)]
        self.met = [[0] * n for _ in range(n)]
        for r, rnd in enumerate(self.fixed + self.tables):
            g = self.group[r]
            for t, members in enumerate(rnd):
                for x, a in enumerate(members):
                    g[a] = t
                    for b in members[x + 1 :]:
                        self.met[a][b] += 1
                        self.met[b][a] += 1

    def back(self, r: int, a: int, b: int) -> int:
        """How many of the rounds next to round r seat a and b together."""
        k = 0
        if r > 0:
            g = self.group[r - 1]
            k += g[a] == g[b] != -1
        if r + 1 < self.total:
            g = self.group[r + 1]
            k += g[a] == g[b] != -1
        return k

    def cost(self) -> int:
        n, met, cost_of = self.n, self.met, self.cost_of
        c = sum(cost_of[met[a][b]] for a in range(n) for b in range(a + 1, n))
        for r, rnd in enumerate(self.fixed + self.tables):
            if r == 0:
                continue
            g = self.group[r - 1]
            for members in rnd:
                for x, a in enumerate(members):
                    c += PLAN_BACK * sum(1 for b in members[x + 1 :] if g[a] == g[b] != -1)
        return c

    def hot(self, f: int) -> list[int]:
        """The players of planned round f in a costly pair (met more than once, or in a
        round next to it)."""
        r, met, players = self.h + f, self.met, []
        for members in self.tables[f]:
            for x, a in enumerate(members):
                for b in members[x + 1 :]:
                    if met[a][b] > 1 or self.back(r, a, b):
                        if a not in players:
                            players.append(a)
                        if b not in players:
                            players.append(b)
        return players

    def delta(self, f: int, a: int, b: int) -> int:
        """What swapping a and b (at different tables of planned round f) changes."""
        r = self.h + f
        g, met, gain, loss, back = self.group[r], self.met, self.gain, self.loss, self.back
        ma, mb = met[a], met[b]
        d = 0
        for x in self.tables[f][g[a]]:
            if x != a:
                d += loss[ma[x]] + gain[mb[x]] + PLAN_BACK * (back(r, b, x) - back(r, a, x))
        for y in self.tables[f][g[b]]:
            if y != b:
                d += loss[mb[y]] + gain[ma[y]] + PLAN_BACK * (back(r, a, y) - back(r, b, y))
        return d

    def swap(self, f: int, a: int, b: int) -> None:
        r = self.h + f
        g, met = self.group[r], self.met
        ta, tb = g[a], g[b]
        here_a, here_b = self.tables[f][ta], self.tables[f][tb]
        for x in here_a:
            if x != a:
                met[a][x] -= 1
                met[x][a] -= 1
                met[b][x] += 1
                met[x][b] += 1
        for y in here_b:
            if y != b:
                met[b][y] -= 1
                met[y][b] -= 1
                met[a][y] += 1
                met[y][a] += 1
        here_a[here_a.index(a)] = b
        here_b[here_b.index(b)] = a
        g[a], g[b] = tb, ta


def plan_search(
    n: int,
    fixed: Sequence[Sequence[Sequence[int]]],
    start: Sequence[Sequence[Sequence[int]]],
    rng: random.Random,
    moves: int = PLAN_MOVES,
    evaluations: int = PLAN_EVALUATIONS,
) -> list[list[list[int]]]:
    """The groupings of the rounds still to play (player indexes 0..n-1): ``start``
    improved by swaps of two players within a round, after the ``fixed`` rounds (played;
    their tables count, players not among the n left out by the caller).

    A move is the cheapest swap, over the planned rounds, of a player in a costly pair (met
    more than once, or in a round next to this one) with a player at another table of the
    same round, ties drawn at random; a swap sending a player back to a table they left a
    few moves ago is tabu unless it beats the best schedule so far. The cheapest schedule
    seen wins."""
    if not start or any(len(rnd) < 2 for rnd in start):
        return [[list(m) for m in rnd] for rnd in start]  # one table: nothing to swap
    s = _Schedule(n, fixed, len(start))
    s.load(start)
    cost = s.cost()
    best_cost, best = cost, [[list(m) for m in rnd] for rnd in s.tables]
    tabu: dict[tuple[int, int, int], int] = {}
    stall = spent = 0
    for move in range(moves):
        if best_cost == 0 or spent >= evaluations:
            break
        hot = [(f, players) for f in range(len(start)) if (players := s.hot(f))]
        if not hot:
            break
        best_delta: int | None = None
        choices: list[tuple[int, int, int]] = []
        for f, players in hot:
            g, rnd = s.group[s.h + f], s.tables[f]
            for a in players:
                ta = g[a]
                for tb, members in enumerate(rnd):
                    if tb == ta:
                        continue
                    a_tabu = tabu.get((f, a, tb), -1) > move
                    spent += len(members)
                    for b in members:
                        d = s.delta(f, a, b)
                        if best_delta is not None and d > best_delta:
                            continue
                        if (a_tabu or tabu.get((f, b, ta), -1) > move) and cost + d >= best_cost:
                            continue
                        if best_delta is None or d < best_delta:
                            best_delta, choices = d, [(f, a, b)]
                        else:
                            choices.append((f, a, b))
        if best_delta is not None:
            f, a, b = choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
            g = s.group[s.h + f]
            ta, tb = g[a], g[b]
            s.swap(f, a, b)
            tabu[(f, a, ta)] = tabu[(f, b, tb)] = move + PLAN_TENURE + rng.randrange(PLAN_TENURE)
            cost += best_delta
            if cost < best_cost:
                best_cost, best, stall = cost, [[list(m) for m in r] for r in s.tables], 0
                continue
        stall += 1
        if stall >= PLAN_STALL:
            s.load(best)
            for _ in range(PLAN_KICK):
                f = rng.randrange(len(start))
                ta, tb = rng.sample(range(len(s.tables[f])), 2)
                s.swap(f, rng.choice(s.tables[f][ta]), rng.choice(s.tables[f][tb]))
            cost, stall = s.cost(), 0
            tabu.clear()
    return best


def _plan_seat_key(
    rows: Sequence[Sequence[int]], lows: Sequence[int], perm: tuple[int, ...]
) -> tuple[int, int]:
    """A table's seating by the winds: seats taken more often than the player's least
    used, then the sum of the squared counts (the flatter the better)."""
    over = sum(row[s] - low for row, low, s in zip(rows, lows, perm, strict=True))
    square = sum(row[s] * row[s] for row, s in zip(rows, perm, strict=True))
    return over, square


def plan_seats(
    groupings: Sequence[Sequence[Sequence[int]]],
    counts: list[list[int]],
    rng: random.Random,
) -> list[list[list[int]]]:
    """Each planned round's tables in seat order, round after round: the seats that keep
    each player's winds most even so far (``counts``, updated), ties drawn at random."""
    planned = []
    for rnd in groupings:
        seated_round = []
        for members in rnd:
            perms = list(SEAT_PERMS[len(members)])
            rng.shuffle(perms)
            rows = [counts[p] for p in members]
            lows = [min(row) for row in rows]

            chosen = min(perms, key=lambda perm: _plan_seat_key(rows, lows, perm))
            seated = [0] * len(members)
            for p, seat in zip(members, chosen, strict=True):
                seated[seat] = p
                counts[p][seat] += 1
            seated_round.append(seated)
        planned.append(seated_round)
    # Then each table again, given all the others, while that evens the winds further
    # (the sum of the squared seat counts falls): a greedy round cannot see the rounds
    # after it.
    for _ in range(PLAN_SEAT_PASSES):
        better = False
        for seated_round in planned:
            for seated in seated_round:
                for seat, p in enumerate(seated):
                    counts[p][seat] -= 1
                now = sum(counts[p][seat] for seat, p in enumerate(seated))
                better_perm: tuple[int, ...] | None = None
                least = now
                for perm in SEAT_PERMS[len(seated)]:
                    cost = sum(counts[p][perm[i]] for i, p in enumerate(seated))
                    if cost < least:
                        better_perm, least = perm, cost
                if better_perm is not None:
                    moved = [0] * len(seated)
                    for i, p in enumerate(seated):
                        moved[better_perm[i]] = p
                    seated[:] = moved
                    better = True
                for seat, p in enumerate(seated):
                    counts[p][seat] += 1
        if not better:
            break
    return planned


def _stored_schedule(n: int, sizes: Sequence[int], rounds: int) -> list[list[list[int]]]:
    """A shipped schedule for n players at tables of four (``seating_schedules``): the one
    for ``rounds`` rounds, else the first rounds of a longer one without a repeat, else the
    longest there is (the planner adds the rounds it lacks). Empty when there is none."""
    if any(size != SEATS for size in sizes):
        return []
    stored = {r: text for (m, r), text in SCHEDULES.items() if m == n}
    if not stored:
        return []
    if rounds in stored:
        text = stored[rounds]
    else:
        longer = [r for r in stored if r > rounds and r in SCHEDULES_WITHOUT_REPEAT.get(n, ())]
        text = stored[min(longer)] if longer else stored[max(stored)]
    schedule = [
        [[SCHEDULE_DIGITS.index(c) for c in rnd[t : t + SEATS]] for t in range(0, n, SEATS)]
        for rnd in text.split()
    ]
    return schedule[:rounds]


def seating_night(
    *,
    players: Sequence[int],
    sizes: Sequence[int],
    rounds: int,
    seed: int,
    history: Rounds = (),
) -> list[list[list[int]]]:
    """The night's plan: ``rounds`` rounds of tables (player ids in seat order) for these
    players after the played ``history`` (a list of rounds, each a list of tables).

    The fewest meetings beyond a pair's first over the whole night (history included),
    then no pair meeting three times where twice will do, then no pair meeting in two
    rounds in a row, then each player's seat winds even. A fresh night of 8 to 64 players at
    tables of four starts from a shipped schedule (``seating_schedules``, searched once,
    offline) with the players' labels shuffled by the seed; a night with a history, or
    with tables of three, from its rounds drawn one at a time (``seating_draw`` without
    the night's length); then a tabu search over the whole schedule
    (``plan_search``) with a fixed budget of moves. The same inputs give the same plan.
    """
    ids = sorted(unique_players(players))
    sizes = check_sizes(sizes, len(ids))
    if rounds < 1:
        raise SeatingError("seating_rounds", f"a plan needs a round or more, not {rounds}")
    rng = random.Random(seed)
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    played = history_rounds(history)
    fixed = [[[index[p] for p in t if p in index] for t in rnd] for rnd in played]
    label = list(range(n))
    rng.shuffle(label)
    stored = _stored_schedule(n, sizes, rounds)
    counts = seat_counts(ids, played)
    if stored and not fixed:
        plan = [[[label[p] for p in t] for t in rnd] for rnd in stored]
        for rnd in plan:
            rng.shuffle(rnd)
        for rnd in plan:
            for t in rnd:
                for seat, p in enumerate(t):
                    counts[p][seat] += 1
        if len(plan) < rounds:
            more = [chunks(rng.sample(range(n), n), sizes) for _ in range(rounds - len(plan))]
            groupings = plan_search(n, plan, more, rng)
            plan += plan_seats(groupings, counts, rng)
    else:
        # From the rounds drawn one at a time (each the best round after those before).
        drawn: list[list[tuple[int, ...]]] = list(played)
        starts = []
        for _ in range(rounds):
            tables = seating_draw(
                players=ids, sizes=sizes, mode="random", seed=rng.randrange(2**32), history=drawn
            )
            drawn.append([tuple(t) for t in tables])
            starts.append([[index[p] for p in t] for t in tables])
        groupings = plan_search(n, fixed, starts, rng)
        plan = plan_seats(groupings, counts, rng)
    return [[[ids[p] for p in t] for t in rnd] for rnd in plan]


def night_draw(
    *,
    players: Sequence[int],
    sizes: Sequence[int],
    mode: Mode,
    seed: int,
    history: Rounds = (),
    ranking: Sequence[int] = (),
    night_rounds: int = 0,
    seeds: Sequence[int | None] = (),
) -> list[list[int]]:
    """The tables of a round of a night (as ``seating_draw`` takes and gives them), the
    night's length known.

    ``night_rounds``: the rounds the night will have; in ``random``, up to the last of
    them, the draw is the next round of the night's plan (``seating_night``,
    ``_next_planned_round``), ``seeds`` naming each played round's seed (None: not drawn at
    random). Without it (or past the night's rounds), and in the other modes, the round is
    drawn on its own (``seating_draw``).
    """
    if mode == "random":
        ids = sorted(unique_players(players))
        checked = check_sizes(sizes, len(ids))
        rounds = history_rounds(history)
        if night_rounds > len(rounds):
            return _next_planned_round(ids, checked, seed, rounds, seeds, night_rounds)
        return seating_draw(players=ids, sizes=checked, mode=mode, seed=seed, history=rounds)
    return seating_draw(
        players=players, sizes=sizes, mode=mode, seed=seed, history=history, ranking=ranking
    )


def _next_planned_round(
    ids: list[int],
    sizes: list[int],
    seed: int,
    rounds: list[list[tuple[int, ...]]],
    seeds: Sequence[int | None],
    night_rounds: int,
) -> list[list[int]]:
    """The next round of the night's plan.

    The plan is never stored: it is made again from its seed and the rounds played before
    it. The rounds at the end of the history drawn with this same seed (``seeds``, one a
    played round, None for a round not drawn at random) follow the plan made with that
    seed where the first of them was drawn; when they seat the same players at the same
    tables as that plan (nobody came late, dropped out or was swapped), the next round is
    the plan's next. Otherwise the rest of the night is planned again from here, keeping
    what was played."""
    played = len(rounds)
    run = 0
    while run < played and len(seeds) == played and seeds[played - 1 - run] == seed:
        run += 1
    if run:
        anchor = played - run
        first = rounds[anchor]
        if sorted(p for t in first for p in t) == ids and [len(t) for t in first] == sizes:
            plan = seating_night(
                players=ids,
                sizes=sizes,
                rounds=max(night_rounds - anchor, run + 1),
                seed=seed,
                history=rounds[:anchor],
            )
            if (
                all([tuple(t) for t in plan[i]] == list(rounds[anchor + i]) for i in range(run))
                and len(plan) > run
            ):
                return plan[run]
    plan = seating_night(
        players=ids, sizes=sizes, rounds=max(night_rounds - played, 1), seed=seed, history=rounds
    )
    return plan[0]
