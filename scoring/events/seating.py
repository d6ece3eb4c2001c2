"""The seating draw of one round of a league night: who sits at which table, in which seat.

Pure Python (no Django): the events app calls it with player ids and gets tables back.
The whole night's plan is ``seating_night`` (made of rounds drawn here), what a night's
seating is worth ``seating_score``; both take the pieces they share with the draw from
here (the checks of the input, the history's rounds and seat counts, ``chunks``).

- ``seating_plan``: how many tables of which size, and who sits out, for the players
  present (byes, or tables of three, for a count that is not a multiple of four).
- ``seating_draw``: the tables of one round, each a list of player ids in seat order
  (index 0..3 = 东, 南, 西, 北), drawn with the earlier tables of the night as history.
  The same players, sizes, mode, seed, history and ranking give the same tables.

The draw minimises a repeat cost: seating together a pair who met once before costs
``REPEAT`` (one more pair who meet more than once), a pair who met ``m > 1`` times
``AGAIN * (m - 1)`` (the count of repeated pairs comes first, then the meetings are
spread), plus ``CONSECUTIVE`` when they met in the round just before.

- ``random``: a tabu search over swaps of two players between tables, from a shuffle
  (and, for nights of 32 players or fewer, from more shuffles: the cheapest result wins).
  For 16 players it also starts from the rounds of the affine plane of order 4 laid on
  their first round: five rounds without a repeated meeting.
- ``swiss``: the same search from the standings (leaders at table 1), swaps only between
  tables at most ``SWISS_REACH`` apart, with a cost for each player of their squared
  distance in ranks from the middle rank of their table (a table away costs about a
  hundredth of a repeated pair; within a table the better ranked sit at the better table).
- ``interval``: the standings dealt to the tables in turn (ranks 1, 1+k, 1+2k … at
  table 1, k the number of tables).

Seat winds: each player has a place in a cycle of winds (their seat in the first round
they sat in, one seat on each round after). In ``random``, two players of the same cycle
at one table cost ``WIND_CLASH``, so that every table can give each player their seat of
the cycle. Then (``random`` and ``swiss``) swaps that lower the repeat and standings cost
plus ``WIND`` per seat taken more often than the player's least-used one (in ``swiss``,
where the other costs are scaled up, winds only break near ties); at last each table's seats go to the assignment that keeps every
player's count of 东南西北 most even, then the most players on their cycle.

Every choice comes from ``random.Random(seed)`` and lists in a fixed order: no global
random state, no iteration over hashed sets. The search has a fixed budget of moves, not
of time, so a slow machine gives the same tables.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Literal

SEATS = 4  # seat order in a table list: 东, 南, 西, 北 (index 0..n-1)
MODES = ("random", "swiss", "interval")
Mode = Literal["random", "swiss", "interval"]
Remainder = Literal["bye", "three"]

REPEAT = 100  # seating together a pair who met once: one more repeated pair
AGAIN = 10  # ... who met m > 1 times: AGAIN * (m - 1), less than a new repeated pair
CONSECUTIVE = 30  # ... more when they met in the round just before
WIND_CLASH = 10  # two players of the same wind cycle (see _add_wind_clashes)
WIND = 40  # a unit of seat penalty, in the final swaps (see _even_winds)

# The search's budget, in moves, not time: a slow machine draws the same tables. For 64
# players a draw takes well under 0.5 s (make bench-seating).
MAX_MOVES = 600
STALL_MOVES = 200
SWISS_STALL_MOVES = 60  # swiss never reaches a cost of 0 (ranks cost): a shorter search
TABU_TENURE = 7
RESTART_PLAYERS = 64  # random: 64 // n starts (4 for 16 players, 1 for 33 and more)
SWISS_REACH = 3  # swiss swaps players of tables at most this far apart
SWISS_SCALE = 64  # swiss: pair costs against the distance from the standings (see below)
SWISS_PINNED = 10**9  # swiss: a player kept at table 1 (_swiss_top_table) anywhere else

# Seat permutations of a table of 3 and of 4: perm[i] is the seat of the table's i-th player.
SEAT_PERMS = {size: list(permutations(range(size))) for size in (3, 4)}


class SeatingError(ValueError):
    """Bad input for a draw: ``code`` is stable (for a catalogue), the text is English."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class TablePlan:
    sizes: tuple[int, ...]  # table sizes, e.g. (4, 4, 3)
    sitting_out: tuple[int, ...]  # player ids with a bye this round


# --------------------------------------------------------------------------- checks


def unique_players(players: Sequence[int]) -> list[int]:
    """The player ids as ints, in the order given; a player listed twice is an error
    (``seating_player_twice``)."""
    ids = [int(p) for p in players]
    seen: set[int] = set()
    for p in ids:
        if p in seen:
            raise SeatingError("seating_player_twice", f"player {p} is listed twice", player=p)
        seen.add(p)
    return ids


def _standing_order(players: Sequence[int], ranking: Sequence[int]) -> list[int]:
    """The players best first: as in ``ranking``, then those it lacks, in the order given."""
    present = set(players)
    order: list[int] = []
    placed: set[int] = set()
    for p in ranking:
        if p in present and p not in placed:
            order.append(p)
            placed.add(p)
    order += [p for p in players if p not in placed]
    return order


# --------------------------------------------------------------------------- the plan


def seating_plan(
    *,
    players: Sequence[int],
    remainder: Remainder,
    byes_so_far: Mapping[int, int],
    ranking: Sequence[int],
) -> TablePlan:
    """The table sizes of a round and who sits it out.

    ``remainder="bye"``: ``N % 4`` players sit out: those with the fewest byes so far,
    ties by the event's standings, lowest first (``ranking`` is best first; players it
    lacks count as below everyone ranked, the last listed lowest).
    ``remainder="three"``: tables of three absorb the remainder (N % 4 = 3: one table of
    three; 2: two; 1: three, or a bye when there are fewer than 9 players). Tables of four
    come first. Never a table of two.
    """
    ids = unique_players(players)
    n = len(ids)
    if remainder not in ("bye", "three"):
        raise SeatingError(
            "seating_remainder", f"remainder must be 'bye' or 'three', not {remainder!r}"
        )
    least = 4 if remainder == "bye" else 3
    if n < least:
        raise SeatingError(
            "seating_too_few",
            f"a round needs at least {least} players, {n} are present",
            count=n,
            least=least,
        )
    rest = n % 4
    if remainder == "three" and rest and not (rest == 1 and n < 9):
        threes = 4 - rest  # 3 -> 1, 2 -> 2, 1 -> 3
        fours = (n - 3 * threes) // 4
        return TablePlan(sizes=(4,) * fours + (3,) * threes, sitting_out=())
    if rest == 0:
        return TablePlan(sizes=(4,) * (n // 4), sitting_out=())
    # Byes: fewest byes first, then lowest in the standings first.
    order = _standing_order(ids, ranking)
    low_first = list(reversed(order))
    rank_from_bottom = {p: i for i, p in enumerate(low_first)}
    out = sorted(ids, key=lambda p: (int(byes_so_far.get(p, 0)), rank_from_bottom[p]))[:rest]
    out.sort(key=lambda p: rank_from_bottom[p])
    return TablePlan(sizes=(4,) * (n // 4), sitting_out=tuple(out))


# --------------------------------------------------------------------------- history


Rounds = Sequence[Sequence[Sequence[int]]]  # a night's rounds, each its tables in seat order


def history_rounds(history: Rounds) -> list[list[tuple[int, ...]]]:
    """The played rounds as given (a list of rounds, each a list of tables): a round's
    boundary is never guessed from who sits where (a round whose first table seats only
    late arrivals is still a round of its own)."""
    rounds: list[list[tuple[int, ...]]] = []
    for r, tables in enumerate(history):
        if isinstance(tables, (str, bytes, int)) or any(
            isinstance(t, (str, bytes, int)) for t in tables
        ):
            raise SeatingError(
                "seating_history", f"history round {r + 1} is not a list of tables", round=r + 1
            )
        rounds.append([tuple(int(p) for p in t) for t in tables])
    return rounds


def _pair_costs(ids: Sequence[int], rounds: Sequence[Sequence[Sequence[int]]]) -> list[list[int]]:
    """W[i][j]: the cost of seating players ids[i] and ids[j] together this round."""
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    w = [[0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    last = len(rounds) - 1
    for r, tables in enumerate(rounds):
        for table in tables:
            here = [index[p] for p in table if p in index]
            for x in range(len(here)):
                for y in range(x + 1, len(here)):
                    a, b = here[x], here[y]
                    met[a][b] += 1
                    met[b][a] += 1
                    if r == last:
                        w[a][b] += CONSECUTIVE
                        w[b][a] += CONSECUTIVE
    for a in range(n):
        wa, ma = w[a], met[a]
        for b in range(n):
            m = ma[b]
            if m:
                wa[b] += REPEAT if m == 1 else AGAIN * (m - 1)
    return w


def seat_counts(ids: Sequence[int], rounds: Rounds) -> list[list[int]]:
    """counts[i][s]: how many times player ids[i] has sat at seat s (东南西北) in ``rounds``."""
    index = {p: i for i, p in enumerate(ids)}
    counts = [[0] * SEATS for _ in ids]
    for tables in rounds:
        for table in tables:
            for seat, p in enumerate(table):
                i = index.get(int(p))
                if i is not None and seat < SEATS:
                    counts[i][seat] += 1
    return counts


# --------------------------------------------------------------------------- search


def _table_cost(members: Sequence[int], w: Sequence[Sequence[int]]) -> int:
    return sum(w[a][b] for x, a in enumerate(members) for b in members[x + 1 :])


def _grouping_cost(tables: Sequence[Sequence[int]], w: Sequence[Sequence[int]]) -> int:
    return sum(_table_cost(m, w) for m in tables)


def _tabu_search(
    tables: list[list[int]],
    w: list[list[int]],
    aux: list[list[int]] | None,
    rng: random.Random,
    reach: int,
    stall_limit: int,
) -> list[list[int]]:
    """Swaps of two players between tables, best first, a swapped player kept from going
    back for a few moves; the cheapest grouping seen. Cost: pair costs, plus ``aux[p][t]``
    for player p at table t. A swap joins tables at most ``reach`` apart; the search ends
    after ``stall_limit`` moves without a cheaper grouping."""
    n = len(w)
    t_count = len(tables)
    table_of = [0] * n
    for t, members in enumerate(tables):
        for p in members:
            table_of[p] = t
    # s[p][t]: the pair cost of p with the players at table t.
    s = [[0] * t_count for _ in range(n)]
    for p in range(n):
        wp, sp = w[p], s[p]
        for t, members in enumerate(tables):
            sp[t] = sum(wp[x] for x in members)
    zero_aux = [[0] * t_count for _ in range(n)]
    ax = aux if aux is not None else zero_aux
    cost = sum(_table_cost(m, w) for m in tables) + sum(ax[p][table_of[p]] for p in range(n))
    best_cost, best = cost, [list(m) for m in tables]
    tabu = [[-1] * t_count for _ in range(n)]
    stall = 0
    for move in range(MAX_MOVES):
        if best_cost == 0 or stall >= stall_limit:
            break
        is_candidate = [s[p][table_of[p]] > 0 or ax[p][table_of[p]] > 0 for p in range(n)]
        candidates = [p for p in range(n) if is_candidate[p]]
        if not candidates:
            break
        best_delta: int | None = None
        moves: list[tuple[int, int]] = []
        for a in candidates:
            ta = table_of[a]
            sa, wa, axa = s[a], w[a], ax[a]
            base_a = sa[ta] + axa[ta]
            tabu_a = tabu[a]
            for b in range(n):
                tb = table_of[b]
                if tb == ta or (b < a and is_candidate[b]) or abs(tb - ta) > reach:
                    continue  # (b, a) is the same swap
                sb, axb = s[b], ax[b]
                d = sb[ta] + sa[tb] - 2 * wa[b] + axa[tb] + axb[ta] - base_a - sb[tb] - axb[tb]
                if best_delta is not None and d > best_delta:
                    continue
                if (tabu_a[tb] > move or tabu[b][ta] > move) and cost + d >= best_cost:
                    continue
                if best_delta is None or d < best_delta:
                    best_delta, moves = d, [(a, b)]
                else:
                    moves.append((a, b))
        if best_delta is None:
            break
        a, b = moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]
        ta, tb = table_of[a], table_of[b]
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        table_of[a], table_of[b] = tb, ta
        for p in range(n):
            wp, sp = w[p], s[p]
            change = wp[b] - wp[a]
            sp[ta] += change
            sp[tb] -= change
        tabu[a][ta] = move + TABU_TENURE
        tabu[b][tb] = move + TABU_TENURE
        cost += best_delta
        if cost < best_cost:
            best_cost, best, stall = cost, [list(m) for m in tables], 0
        else:
            stall += 1
    return best


# --------------------------------------------------------------------------- seat winds


def _wind_penalties(counts: Sequence[Sequence[int]]) -> list[list[int]]:
    """pen[p][s]: how many more times p has sat at seat s than at their least-used seat."""
    return [[c - min(row) for c in row] for row in counts]


def _wind_cost(members: Sequence[int], pen: Sequence[Sequence[int]]) -> int:
    rows = [pen[p] for p in members]
    return min(
        sum(row[seat] for row, seat in zip(rows, perm, strict=True))
        for perm in SEAT_PERMS[len(rows)]
    )


def _even_winds(
    tables: list[list[int]],
    w: Sequence[Sequence[int]],
    aux: Sequence[Sequence[int]] | None,
    pen: Sequence[Sequence[int]],
) -> None:
    """Swaps that lower the pair and standings cost plus ``WIND`` per unit of seat penalty
    (the search above sees the winds only through the pairs who need the same seat)."""
    costs = [_wind_cost(m, pen) for m in tables]
    for _ in range(3):
        improved = False
        for ta, members_a in enumerate(tables):
            i = 0
            while i < len(members_a) and costs[ta] > 0:
                a = members_a[i]
                swapped = False
                for tb, members_b in enumerate(tables):
                    if tb == ta:
                        continue
                    for j, b in enumerate(members_b):
                        wa, wb = w[a], w[b]
                        d = sum(wb[x] - wa[x] for x in members_a if x != a)
                        d += sum(wa[y] - wb[y] for y in members_b if y != b)
                        if aux is not None:
                            d += aux[a][tb] + aux[b][ta] - aux[a][ta] - aux[b][tb]
                        if d >= WIND * (costs[ta] + costs[tb]):
                            continue
                        new_a = [b if x == a else x for x in members_a]
                        new_b = [a if y == b else y for y in members_b]
                        ca, cb = _wind_cost(new_a, pen), _wind_cost(new_b, pen)
                        if d + WIND * (ca + cb - costs[ta] - costs[tb]) < 0:
                            members_a[i], members_b[j] = b, a
                            costs[ta], costs[tb] = ca, cb
                            improved = swapped = True
                            break
                    if swapped:
                        break
                if not swapped:
                    i += 1
        if not improved:
            return


def _wind_labels(ids: Sequence[int], rounds: Sequence[Sequence[Sequence[int]]]) -> list[int | None]:
    """Each player's place in the wind cycle: in round r (from 0) their seat is
    ``(label + r) % 4``, the label set by the first round they sat in (None before)."""
    index = {p: i for i, p in enumerate(ids)}
    labels: list[int | None] = [None] * len(ids)
    for r, tables in enumerate(rounds):
        for table in tables:
            for seat, p in enumerate(table):
                i = index.get(p)
                if i is not None and labels[i] is None:
                    labels[i] = (seat - r) % SEATS
    return labels


def _add_wind_clashes(w: list[list[int]], labels: Sequence[int | None]) -> None:
    """WIND_CLASH on a pair of the same wind cycle: at one table, one of them leaves it.

    When every table holds one player of each cycle, every player takes each wind once in
    four rounds (for 16 players, with no repeated meeting either: the tables of four
    rounds are then four parallel classes of the affine plane of order 4, the cycles a
    fifth)."""
    for a, la in enumerate(labels):
        if la is None:
            continue
        wa = w[a]
        for b in range(a + 1, len(labels)):
            if labels[b] == la:
                wa[b] += WIND_CLASH
                w[b][a] += WIND_CLASH


def _seat_key(
    rows: Sequence[Sequence[int]], targets: Sequence[int], perm: tuple[int, ...]
) -> tuple[int, int]:
    """A seating's wind penalty, then how many players leave their seat of the cycle."""
    penalty = sum(row[s] for row, s in zip(rows, perm, strict=True))
    off = sum(1 for t, s in zip(targets, perm, strict=True) if t >= 0 and t != s)
    return penalty, off


def _seat_tables(
    tables: Sequence[Sequence[int]],
    pen: Sequence[Sequence[int]],
    labels: Sequence[int | None],
    this_round: int,
    rng: random.Random,
) -> list[list[int]]:
    """Each table in seat order: the seats that keep each player's winds most even; among
    those, the most players at their seat of the wind cycle; ties drawn at random."""
    seated_tables = []
    for members in tables:
        perms = list(SEAT_PERMS[len(members)])
        rng.shuffle(perms)
        rows = [pen[p] for p in members]
        targets = [
            -1 if (lab := labels[p]) is None else (lab + this_round) % SEATS for p in members
        ]
        best = min(perms, key=lambda perm: _seat_key(rows, targets, perm))
        seated = [0] * len(members)
        for p, s in zip(members, best, strict=True):
            seated[s] = p
        seated_tables.append(seated)
    return seated_tables


# GF(4) multiplication (0, 1, a, a + 1 as 0..3; addition is XOR).
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


def _plane_starts(
    ids: Sequence[int], rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]
) -> list[list[list[int]]]:
    """For 16 players at four tables of four: the affine plane of order 4 built on the first
    round they all sat in (its table is a player's x, their seat y), as groupings.

    Its lines y = m·x + b (m = 1, 2, 3) and its columns y = b give four more rounds
    in which nobody meets anyone again; those of slope m hold one player of each seat of
    that first round, so each player takes each wind once over four rounds."""
    if len(ids) != 16 or list(sizes) != [4, 4, 4, 4]:
        return []
    index = {p: i for i, p in enumerate(ids)}
    for tables in rounds:
        full = [t for t in tables if len(t) == 4 and all(p in index for p in t)]
        if len(full) != 4:
            continue
        at = {(x, y): index[p] for x, t in enumerate(full) for y, p in enumerate(t)}
        groupings = [
            [[at[(x, _GF4_MUL[m][x] ^ b)] for x in range(4)] for b in range(4)] for m in (1, 2, 3)
        ]
        groupings.append([[at[(x, b)] for x in range(4)] for b in range(4)])
        return groupings
    return []


def _swiss_top_table(
    ids: Sequence[int], rounds: Sequence[Sequence[Sequence[int]]], sizes: Sequence[int]
) -> list[int]:
    """Who ``swiss`` keeps at table 1 (indexes in the standings, 0 the leader): the top
    four, unless all six of their pairs have met twice already (then the leader alone).
    Nobody when table 1 is not a table of four or there is only one table."""
    if len(sizes) < 2 or sizes[0] != SEATS:
        return []
    top = {p: i for i, p in enumerate(ids[:SEATS])}
    met = [[0] * SEATS for _ in range(SEATS)]
    for tables in rounds:
        for table in tables:
            here = [top[p] for p in table if p in top]
            for x, a in enumerate(here):
                for b in here[x + 1 :]:
                    met[a][b] += 1
    if all(met[a][b] >= 2 for a in range(SEATS) for b in range(a + 1, SEATS)):
        return [0]
    return list(range(SEATS))


def chunks(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def check_sizes(sizes: Sequence[int], n: int) -> list[int]:
    """The table sizes as ints, each 3 or 4 and seating the n players between them, else
    an error (``seating_sizes``, ``seating_sizes:sum``)."""
    sizes = [int(x) for x in sizes]
    if not sizes or any(x not in (3, SEATS) for x in sizes):
        raise SeatingError(
            "seating_sizes", f"every table seats 3 or 4 players, not {sizes}", sizes=sizes
        )
    if sum(sizes) != n:
        raise SeatingError(
            "seating_sizes:sum",
            f"the tables seat {sum(sizes)} players, {n} are to be seated",
            seats=sum(sizes),
            count=n,
        )
    return sizes


def seating_draw(
    *,
    players: Sequence[int],
    sizes: Sequence[int],
    mode: Mode,
    seed: int,
    history: Rounds = (),
    ranking: Sequence[int] = (),
) -> list[list[int]]:
    """The tables of one round, each a list of player ids in seat order (东, 南, 西, 北).

    ``history``: the night's earlier rounds, each a list of its tables in seat order.
    ``ranking``: the event's standings, best first (``swiss`` and ``interval``; players it
    lacks come after it, in the order given). ``random`` ignores the order of ``players``.
    The round is drawn on its own: ``seating_night.night_draw`` makes a ``random`` round the
    next of the night's plan.
    """
    ids = unique_players(players)
    sizes = check_sizes(sizes, len(ids))
    if mode not in MODES:
        raise SeatingError("seating_mode", f"unknown seating mode {mode!r}", mode=mode)
    rng = random.Random(seed)
    if mode == "random":
        ids.sort()
    else:
        ids = _standing_order(ids, ranking)
    n = len(ids)
    rounds = history_rounds(history)
    pen = _wind_penalties(seat_counts(ids, rounds))
    labels = _wind_labels(ids, rounds)
    if mode == "interval":
        tables: list[list[int]] = [[] for _ in sizes]
        t = 0
        for p in range(n):
            while len(tables[t]) == sizes[t]:
                t = (t + 1) % len(sizes)
            tables[t].append(p)
            t = (t + 1) % len(sizes)
    else:
        w = _pair_costs(ids, rounds)
        aux: list[list[int]] | None = None
        if mode == "random":
            _add_wind_clashes(w, labels)
            order = list(range(n))
            rng.shuffle(order)
            start = chunks(order, sizes)
        else:
            start = chunks(range(n), sizes)
            # A player's distance from a table's middle rank, squared, in quarter ranks:
            # a table of four away costs about 64 (so 1 where a repeat costs 100).
            middles = [2 * sum(sizes[:t]) + size - 1 for t, size in enumerate(sizes)]
            aux = [[(2 * p - m) ** 2 for m in middles] for p in range(n)]
            w = [[x * SWISS_SCALE for x in row] for row in w]
            for p in _swiss_top_table(ids, rounds, sizes):
                for t in range(1, len(sizes)):
                    aux[p][t] += SWISS_PINNED
        reach = len(sizes) if mode == "random" else SWISS_REACH
        stall_limit = STALL_MOVES if mode == "random" else SWISS_STALL_MOVES
        starts = [start]
        if mode == "random":
            planes = _plane_starts(ids, rounds, sizes)
            rng.shuffle(planes)
            planes.sort(key=lambda g: _grouping_cost(g, w))
            starts = planes + starts
            for _ in range(max(1, RESTART_PLAYERS // n) - 1):
                order = list(range(n))
                rng.shuffle(order)
                starts.append(chunks(order, sizes))
        best_cost = None
        for start in starts:
            found = _tabu_search(start, w, aux, rng, reach, stall_limit)
            _even_winds(found, w, aux, pen)
            cost = _grouping_cost(found, w) + WIND * sum(_wind_cost(m, pen) for m in found)
            if aux is not None:
                cost += sum(aux[p][t] for t, m in enumerate(found) for p in m)
            if best_cost is None or cost < best_cost:
                best_cost, tables = cost, found
            if best_cost == 0:
                break
        if mode == "swiss":
            for members in tables:
                members.sort()
    seated = _seat_tables(tables, pen, labels, len(rounds), rng)
    return [[ids[p] for p in table] for table in seated]
