"""What a league night's seating is worth: repeated meetings, the Pantheon-style
weighted score, the spread of seat winds.

Pure Python (no Django). The benches and the tests measure the draw (``seating``) and the
night's plan (``seating_night``) with it.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.events.seating import SEATS, Rounds, history_rounds

PANTHEON_REPEAT = 1  # Pantheon's score: a pair who met more than once
PANTHEON_CONSECUTIVE = 10  # ... and each time they met in two rounds in a row


def seating_score(*, tables: Sequence[Sequence[int]], history: Rounds = ()) -> dict[str, int]:
    """What the night's seating is worth, ``tables`` being its latest round and
    ``history`` the rounds before it (a list of rounds, each a list of tables).

    - ``repeats``: pairs who meet more than once over the night;
    - ``extra_meetings``: meetings beyond the first, over all pairs;
    - ``max_meetings``: the most any pair meets;
    - ``consecutive``: meetings of a pair in two rounds in a row;
    - ``pantheon``: Pantheon's score (1 a repeated pair, 10 more each time it met in two
      rounds in a row);
    - ``wind_spread``: over players, the largest gap between their most and least used
      seat (东南西北).
    """
    rounds = history_rounds(history)
    if tables:
        rounds.append([tuple(int(p) for p in t) for t in tables])
    met: dict[tuple[int, int], list[int]] = {}
    winds: dict[int, list[int]] = {}
    for r, round_tables in enumerate(rounds):
        for table in round_tables:
            for seat, p in enumerate(table):
                winds.setdefault(p, [0] * SEATS)[min(seat, SEATS - 1)] += 1
            for x in range(len(table)):
                for y in range(x + 1, len(table)):
                    a, b = sorted((table[x], table[y]))
                    met.setdefault((a, b), []).append(r)
    repeats = extra = consecutive = pantheon = 0
    most = 0
    for meetings in met.values():
        most = max(most, len(meetings))
        if len(meetings) < 2:
            continue
        repeats += 1
        extra += len(meetings) - 1
        runs = sum(1 for x, y in zip(meetings, meetings[1:], strict=False) if y - x == 1)
        consecutive += runs
        pantheon += PANTHEON_REPEAT + PANTHEON_CONSECUTIVE * runs
    spread = max((max(c) - min(c) for c in winds.values()), default=0)
    return {
        "repeats": repeats,
        "extra_meetings": extra,
        "max_meetings": most,
        "consecutive": consecutive,
        "pantheon": pantheon,
        "wind_spread": spread,
    }
