"""Engine throughput: ``make bench`` (``python -m bench.bench_engine``).

Generates a fixed, seeded mix of valid rounds across the four presets (not timed),
a quarter of them under club rulesets that turn on the table options of rules.md §9
(4/6 birds, points mode, birds from the winner, 飘分, 封顶, 双杠 per tile, 豪华七小对,
门清, mid-game wins, no opening birds); one round in ten is a round of rules.md §10
instead (three and two players, 缺一门, kongs paid, the apps' readings), generated
after the four-player rounds from a seed of its own, so the four-player rounds are
the same as before §10 (``--four-only`` times them alone, as ``bench.compare`` does
to compare with an older commit). It checks that every round is valid, then times
``score_round`` (validation included) over all of them in one process and prints
rounds/s, µs/round and the mix. A club ruleset is parsed once, as the site does per
season, and passed as ``rules``; preset rounds name their preset.

It times the engine this process runs: the mypyc-compiled hot path when its build is
current (``make native``), else plain Python (``CSMJ_ENGINE=python`` forces it); the
first line of the output says which. The target (``TARGET``) is the compiled engine's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from typing import Any

from scoring.engine import PRESETS, Rules, native, parse_ruleset, score_round, validate_round
from scoring.engine.hands import HAND_TYPES, OPENING_CODES, Claimant, WinKind

SEED = 20240607
TARGET = 100_000  # rounds per second, the compiled engine (make native)

_SMALL = ["pinghu"]


def plain_big_codes(kind: str) -> list[str]:
    """Big codes any seat may claim for ``kind`` without 海底 details, in catalogue order."""
    return [
        h.code
        for h in HAND_TYPES.values()
        if h.is_final
        and WinKind(kind) in h.win_kinds
        and h.is_big
        and not h.needs_haidi
        and h.claimant is Claimant.ANY
        and h.option is None
    ]


_BIG_SELF = plain_big_codes("self_draw")
_BIG_DISCARD = plain_big_codes("discard")
_OPENING = sorted(c for c in OPENING_CODES if HAND_TYPES[c].option is None)
_OVERRIDES: list[dict[str, Any]] = [
    {"base": {"big": {"self_draw": 4}}},
    {"escape_penalty": 30, "escape_distribution": "split"},
    {"big_stacking": "single", "zimo_bonus": {"small": 1}},
]


# Club rulesets with table options (rules.md §9), parsed once like a season's.
_OPTION_RULESETS: list[dict[str, Any]] = [
    {"preset": "changsha-67", "bird_count": 4},
    {"preset": "changsha-67", "bird_mode": "points", "bird_points": 2, "bird_origin": "winner"},
    {"preset": "changsha-online", "cap": 20, "double_kong": "per_tile"},
    {"preset": "changsha-67", "piao": "fixed"},
    {"preset": "changsha-points", "piao": "free", "piao_max": 3},
    {
        "preset": "changsha-67",
        "haohua": True,
        "menqing": "any",
        "opening_birds": False,
        "extra_small_hands": ["jiejiegao", "yidianhong", "zhongtu_sixi", "zhongtu_liuliushun"],
    },
    {"preset": "changsha-tongzhuang", "bird_count": 6, "cap": 30},
]
_OPTION_RULES: list[Rules] = []
for _config in _OPTION_RULESETS:
    _rules, _errors = parse_ruleset(_config)
    assert _rules is not None, _errors
    _OPTION_RULES.append(_rules)
_HAOHUA = ["haohua_qixiaodui", "shuanghaohua_qixiaodui", "sanhaohua_qixiaodui"]
_MIDGAME = ["zhongtu_sixi", "zhongtu_liuliushun"]


def _hands(rng: random.Random, kind: str, extra: list[str]) -> list[str]:
    if rng.random() < 0.6:
        return list(_SMALL)
    pool = (_BIG_SELF if kind == "self_draw" else _BIG_DISCARD) + extra
    return rng.sample(pool, rng.choice((1, 1, 1, 2)))


def _birds(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, 9) for _ in range(n)]


def round_generate(rng: random.Random, mix: Counter[str]) -> tuple[dict[str, Any], Rules | None]:
    """One valid round and the club rules it is scored under (None: its preset code);
    ``mix`` counts its features."""
    club: Rules | None = None
    if rng.random() < 0.25:
        i = rng.randrange(len(_OPTION_RULESETS))
        club = _OPTION_RULES[i]
        preset = club.preset
        mix["table options"] += 1
    else:
        preset = rng.choice(list(PRESETS))
    rules = club or PRESETS[preset]
    n = rules.bird_count
    dealer = rng.randrange(4)
    rnd: dict[str, Any] = {"ruleset": preset if club is None else _OPTION_RULESETS[i]}
    rnd["dealer"] = dealer
    mix[preset] += 1
    if club is None and rng.random() < 0.02:
        override = rng.choice(_OVERRIDES)
        rnd["ruleset"] = {"preset": preset, **override}
        if "bird_count" in override:
            n = override["bird_count"]
        mix["ruleset override"] += 1
    dealers = {dealer}
    if rules.tongzhuang and rng.random() < 0.3:
        dealers |= set(rng.sample(range(4), rng.choice((1, 2, 3))))
        rnd["dealers"] = sorted(dealers)
        mix["通庄 several dealers"] += 1
    if rng.random() < 0.1:
        rnd["fish"] = [rng.choice((0, 0, 5, 10)) for _ in range(4)]
        mix["fish"] += 1
    small_birds = n if rules.opening_birds else 0
    if rng.random() < 0.15:
        seats = rng.sample(range(4), rng.choice((1, 1, 2)))
        rnd["openings"] = [
            {
                "seat": s,
                "hands": rng.sample(_OPENING, rng.choice((1, 1, 2))),
                "birds": _birds(rng, small_birds),
            }
            for s in seats
        ]
        mix["openings"] += 1
    if rules.extra_small_hands and rng.random() < 0.3:
        rnd["midgame"] = [
            {"seat": rng.randrange(4), "hands": [rng.choice(_MIDGAME)], "birds": []}
            for _ in range(rng.choice((1, 2)))
        ]
        mix["mid-game wins"] += 1
    if rules.piao == "free":
        rnd["piao"] = [rng.randint(0, rules.piao_max) for _ in range(4)]
        mix["飘"] += 1
    elif rules.piao == "fixed":
        mix["飘"] += 1

    r = rng.random()
    result: dict[str, Any]
    if r < 0.10:
        kind = "draw"
        taker = rng.choice((None, rng.randrange(4)))
        result = {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": "5p", "taker": taker, "first_offered": rng.randrange(4)},
        }
    elif r < 0.14:
        kind = "haidilaoyue"
        w = rng.randrange(4)
        tile = f"{rng.randint(1, 9)}{rng.choice('msp')}"
        result = {
            "kind": "self_draw",
            "winners": [{"seat": w, "hands": ["haidilaoyue"] + rng.choice(([], ["qingyise"]))}],
            "haidi": {"tile": tile, "taker": w, "first_offered": w},
        }
    elif r < 0.17:
        kind = "haidipao"
        d = rng.randrange(4)
        w = rng.choice([s for s in range(4) if s != d])
        tile = f"{rng.randint(1, 9)}{rng.choice('msp')}"
        result = {
            "kind": "discard",
            "winners": [{"seat": w, "hands": ["haidipao"]}],
            "discarder": d,
            "haidi": {"tile": tile, "taker": d, "first_offered": d},
        }
    elif r < 0.55:
        kind = "self_draw"
        w = rng.randrange(4)
        extra = ["tianhu"] if w == dealer else []
        result = {
            "kind": "self_draw",
            "winners": [{"seat": w, "hands": _hands(rng, kind, extra)}],
            "birds": _birds(rng, n),
        }
    else:
        d = rng.randrange(4)
        others = [s for s in range(4) if s != d]
        k = 1 if r < 0.90 else rng.choice((2, 2, 3))
        kind = "discard" if k == 1 else "通炮"
        extra = lambda s: ["dihu"] if d == dealer and s not in dealers else []  # noqa: E731
        result = {
            "kind": "discard",
            "winners": [
                {"seat": s, "hands": _hands(rng, "discard", extra(s))}
                for s in rng.sample(others, k)
            ],
            "discarder": d,
            "birds": _birds(rng, n),
        }
    mix[kind] += 1
    if rules.haohua and kind in ("self_draw", "discard") and rng.random() < 0.3:
        for w in result["winners"]:
            w["hands"] = rng.choice(([rng.choice(_HAOHUA)], ["menqing", "pengpenghu"]))
        mix["豪华 / 门清"] += 1
    if rng.random() < 0.02 and kind not in ("draw",):
        result.pop("birds", None)
        result["birds_forfeited"] = True
        mix["birds forfeited"] += 1
    rnd["result"] = result
    if rng.random() < 0.03:
        rnd["penalties"] = [{"seat": rng.randrange(4), "kind": "escape"}]
        mix["penalties"] += 1
    return rnd, club


# Club rulesets of rules.md §10 (tables of three and two, kongs, the apps' readings).
_TABLE_RULESETS: list[dict[str, Any]] = [
    {"preset": "changsha-67", "players": 3, "kong_pay": True},
    {"preset": "changsha-67", "players": 3, "empty_birds": "37", "menqing": "any",
     "menqing_scope": "concealed"},
    {"preset": "changsha-tongzhuang", "players": 3, "empty_birds": "none", "kong_pay": True},
    {"preset": "changsha-online", "players": 2, "kong_pay": True, "yizhihua": "either"},
    {"preset": "changsha-67", "players": 2, "quyimen": True, "kong_pay": True,
     "kong_points": {"ming": 2}},
    {"preset": "changsha-points", "players": 3, "escape_distribution": "split",
     "short_wall_birds": "as_drawn", "tianhu_pair": "situational"},
    {"preset": "changsha-67", "kong_pay": True, "haohua": True, "haohua_levels": 2},
]  # fmt: skip
_TABLE_RULES: list[Rules] = []
for _config in _TABLE_RULESETS:
    _rules, _errors = parse_ruleset(_config)
    assert _rules is not None, _errors
    _TABLE_RULES.append(_rules)
_KONG_KINDS = ("an", "jia", "ming")


def table_round_generate(
    rng: random.Random, mix: Counter[str]
) -> tuple[dict[str, Any], Rules | None]:
    """One valid round under a ruleset of rules.md §10, and its club rules."""
    i = rng.randrange(len(_TABLE_RULESETS))
    rules = _TABLE_RULES[i]
    n = rules.players
    mix[f"{n} players"] += 1
    seats = range(n)
    dealer = rng.randrange(n)
    rnd: dict[str, Any] = {"ruleset": _TABLE_RULESETS[i], "dealer": dealer}
    if rules.tongzhuang and rng.random() < 0.3:
        rnd["dealers"] = sorted({dealer, *rng.sample(seats, rng.randint(1, n - 1))})
    if rng.random() < 0.1:
        rnd["fish"] = [rng.choice((0, 0, 5)) for _ in seats]
    if rng.random() < 0.15:
        codes = [c for c in _OPENING if c not in rules.refused]
        rnd["openings"] = [
            {
                "seat": rng.randrange(n),
                "hands": [rng.choice(codes)],
                "birds": _birds(rng, rules.bird_count if rules.opening_birds else 0),
            }
        ]
        mix["openings"] += 1
    r = rng.random()
    birds = rules.bird_count
    if rules.short_wall_birds == "as_drawn" and birds and rng.random() < 0.2:
        birds = rng.randint(1, birds)
    if r < 0.15:
        result: dict[str, Any] = {
            "kind": "draw",
            "haidi": {"tile": "5p", "taker": rng.randrange(n), "first_offered": 0},
        }
    elif r < 0.55:
        w = rng.randrange(n)
        result = {
            "kind": "self_draw",
            "winners": [{"seat": w, "hands": _hands(rng, "self_draw", [])}],
            "birds": _birds(rng, birds),
        }
    else:
        d = rng.randrange(n)
        others = [s for s in seats if s != d]
        k = 1 if n == 2 or r < 0.9 else 2
        result = {
            "kind": "discard",
            "winners": [
                {"seat": s, "hands": _hands(rng, "discard", [])} for s in rng.sample(others, k)
            ],
            "discarder": d,
            "birds": _birds(rng, birds),
        }
    rnd["result"] = result
    if rng.random() < 0.5:
        kongs = []
        for _ in range(rng.randint(1, 3)):
            seat = rng.randrange(n)
            kind = rng.choice(_KONG_KINDS)
            kong: dict[str, Any] = {"seat": seat, "kind": kind}
            if kind == "ming":
                kong["from"] = rng.choice([s for s in seats if s != seat])
            kongs.append(kong)
        rnd["kongs"] = kongs
        mix["kongs"] += 1
    if rng.random() < 0.03:
        rnd["penalties"] = [{"seat": rng.randrange(n), "kind": "escape"}]
    return rnd, _TABLE_RULES[i]


def rounds_generate(
    *, count: int, seed: int = SEED, four_only: bool = False
) -> tuple[list[tuple[dict[str, Any], Rules | None]], Counter[str]]:
    """``count`` rounds: one in ten of rules.md §10 (none with ``four_only``), generated
    after the four-player rounds, from a seed of their own."""
    tables = 0 if four_only else count // 10
    rng = random.Random(seed)
    mix: Counter[str] = Counter()
    rounds = [round_generate(rng, mix) for _ in range(count - tables)]
    table_rng = random.Random(seed + 10)
    rounds += [table_round_generate(table_rng, mix) for _ in range(tables)]
    return rounds, mix


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3, help="timed passes; the best is reported")
    parser.add_argument(
        "--four-only", action="store_true", help="four-player rounds only (no rules.md §10 mix)"
    )
    args = parser.parse_args(argv)

    rounds, mix = rounds_generate(count=args.rounds, seed=args.seed, four_only=args.four_only)
    invalid = [(i, errs) for i, (r, _) in enumerate(rounds) if (errs := validate_round(r))]
    if invalid:
        i, errs = invalid[0]
        print(
            f"{len(invalid)} generated rounds are invalid, e.g. #{i}: {errs[0].message}",
            file=sys.stderr,
        )
        return 1

    best_wall = best_cpu = float("inf")
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        for rnd, rules in rounds:
            score_round(rnd, rules=rules)
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)

    count = len(rounds)
    wall_rate, cpu_rate = count / best_wall, count / best_cpu
    wall_us, cpu_us = best_wall / count * 1e6, best_cpu / count * 1e6
    # The target is the compiled engine's (make native); plain Python has none.
    targeted = native.mode == "compiled"
    met = cpu_rate >= TARGET or not targeted
    verdict = "met" if cpu_rate >= TARGET else "NOT met"
    mix_text = ", ".join(f"{k} {v:,}" for k, v in sorted(mix.items(), key=lambda kv: -kv[1]))
    how = "compiled with mypyc" if native.mode == "compiled" else f"plain Python: {native.reason}"
    print(f"engine: {how}")
    print(f"  {count:,} valid rounds, seed {args.seed}, score_round (validation included)")
    print(
        f"  wall clock (best of {args.repeat}): {wall_rate:,.0f} rounds/s  {wall_us:.2f} µs/round"
    )
    print(f"  CPU time   (best of {args.repeat}): {cpu_rate:,.0f} rounds/s  {cpu_us:.2f} µs/round")
    if targeted:
        print(
            f"  target ≥ {TARGET:,} rounds/s: {verdict} (CPU time; equal to wall clock when idle)"
        )
    print(f"  mix: {mix_text}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
