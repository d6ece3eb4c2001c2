"""Score a fixed, seeded set of rounds and print every answer as JSON lines.

Run as a script by ``test_native.py``, once with the compiled engine and once with
``CSMJ_ENGINE=python``: the two outputs must be equal. The set: the engine bench's
valid mix (every table option), the same rounds with one field broken at random
(wrong types, out-of-range values, missing keys), and the worked rounds with tiles.
The first line names the engine that ran."""

from __future__ import annotations

import copy
import json
import random
import sys
from typing import Any

from bench.bench_engine import rounds_generate
from scoring.engine import RoundInvalid, native, score_round_counted
from scoring.engine.rules import Rules
from tests.scoring.engine.rounds import WORKED_WITH_TILES

_JUNK: list[Any] = [None, "x", "self_draw", -1, 0, 4, 9, 10, 99, 1.5, True, [], {}, [1], ["pinghu"]]


def _break(rng: random.Random, data: Any) -> Any:
    """A copy of ``data`` with one value, somewhere inside, replaced or removed."""
    data = copy.deepcopy(data)
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return data
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, dict | list) and child and rng.random() < 0.6:
            node = child
            continue
        if isinstance(node, dict) and rng.random() < 0.2:
            del node[key]
        else:
            node[key] = rng.choice(_JUNK)
        return data


def _answer(data: Any, rules: Rules | None) -> Any:
    try:
        scored = score_round_counted(data, rules=rules)
    except RoundInvalid as exc:
        return {"errors": [[e.field, e.code, e.message, e.params] for e in exc.errors]}
    return {
        "result": scored.result,
        "birds": scored.birds,
        "hits": scored.bird_hits,
        "wins": scored.wins,
    }


def main(count: int) -> None:
    rng = random.Random(7)
    rounds, _ = rounds_generate(count=count)
    print(json.dumps({"engine": native.mode}))
    for data, rules in rounds:
        print(json.dumps(_answer(data, rules), default=str, ensure_ascii=False))
        broken = _break(rng, data)
        print(json.dumps(_answer(broken, rules), default=str, ensure_ascii=False))
        print(json.dumps(_answer(broken, None), default=str, ensure_ascii=False))
    for data in (WORKED_WITH_TILES, _break(rng, WORKED_WITH_TILES)):
        print(json.dumps(_answer(data, None), default=str, ensure_ascii=False))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
