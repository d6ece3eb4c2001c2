"""A brute-force reading of rules.md §2.2, written plainly and independently of the
engine's tables, for the property tests to compare against.

Tiles are "5m"-style strings here; nothing from scoring.engine is used.
"""

from __future__ import annotations

from collections import Counter

SUITS = "msp"
ALL_TILES = [f"{r}{s}" for s in SUITS for r in range(1, 10)]
JIANG = {2, 5, 8}
SHAPE_BIG = ("pengpenghu", "jiangjianghu", "qingyise", "qixiaodui", "quanqiuren")


def rank(tile: str) -> int:
    return int(tile[0])


def suit(tile: str) -> str:
    return tile[1]


def split_sets(tiles: list[str]) -> list[list[tuple[str, ...]]]:
    """Every way to split ``tiles`` (a sorted list) into sequences and triplets."""
    if not tiles:
        return [[]]
    first = tiles[0]
    out = []
    if tiles.count(first) >= 3:
        rest = list(tiles)
        for _ in range(3):
            rest.remove(first)
        out += [[(first,) * 3, *more] for more in split_sets(rest)]
    if rank(first) <= 7:
        second = f"{rank(first) + 1}{suit(first)}"
        third = f"{rank(first) + 2}{suit(first)}"
        if second in tiles and third in tiles:
            rest = list(tiles)
            for t in (first, second, third):
                rest.remove(t)
            out += [[(first, second, third), *more] for more in split_sets(rest)]
    return out


def sort_key(tile: str) -> tuple[str, int]:
    return (suit(tile), rank(tile))


def standard_readings(concealed: list[str]) -> set[tuple[str, tuple[tuple[str, ...], ...]]]:
    """(pair, sorted concealed sets) for every reading as sets plus one pair."""
    tiles = sorted(concealed, key=sort_key)
    out = set()
    for pair in set(tiles):
        if tiles.count(pair) < 2:
            continue
        rest = list(tiles)
        rest.remove(pair)
        rest.remove(pair)
        for sets in split_sets(rest):
            out.add((pair, tuple(sorted(sets))))
    return out


def seven_pairs(concealed: list[str], melds: list[tuple[str, list[str]]]) -> bool:
    counts = Counter(concealed)
    return not melds and len(concealed) == 14 and all(n % 2 == 0 for n in counts.values())


def shapes(
    concealed: list[str], melds: list[tuple[str, list[str]]], *, self_draw: bool
) -> set[str]:
    """The shape codes of rules.md §2.2 that hold, straight from the table's wording."""
    readings = standard_readings(concealed)
    every_tile = concealed + [t for _, tiles in melds for t in tiles[:3]]
    out = set()
    if any(rank(pair) in JIANG for pair, _ in readings):
        out.add("pinghu")
    no_chi = all(kind != "chi" for kind, _ in melds)
    if no_chi and any(all(len(set(s)) == 1 for s in sets) for _, sets in readings):
        out.add("pengpenghu")
    if all(rank(t) in JIANG for t in every_tile):
        out.add("jiangjianghu")
    pairs7 = seven_pairs(concealed, melds)
    if pairs7:
        out.add("qixiaodui")
    if len({suit(t) for t in every_tile}) == 1 and (readings or pairs7):
        out.add("qingyise")
    exposed = [kind for kind, _ in melds if kind != "angang"]
    if len(exposed) == 4 and readings and not self_draw:
        out.add("quanqiuren")
    return out


def may_win_situationally(
    concealed: list[str],
    melds: list[tuple[str, list[str]]],
    *,
    self_draw: bool,
    pair_rule: str,
) -> bool:
    """rules.md §2.2 需将: the pair rule a situational win must meet."""
    held = shapes(concealed, melds, self_draw=self_draw)
    if any(code in held for code in SHAPE_BIG):
        return True
    if pair_rule == "any":
        return bool(standard_readings(concealed))
    return "pinghu" in held


def opening_counts(tiles: list[str]) -> dict[str, int]:
    """rules.md §2.1 and §9.4, one condition per line."""
    counts = Counter(tiles)
    by_suit = {s: [t for t in tiles if suit(t) == s] for s in SUITS}
    return {
        "sixi": sum(1 for n in counts.values() if n == 4),
        "banbanhu": int(all(rank(t) not in JIANG for t in tiles)),
        "queyise": int(any(not by_suit[s] for s in SUITS)),
        "liuliushun": int(sum(1 for n in counts.values() if n >= 3) >= 2),
        "santong": int(any(all(counts[f"{r}{s}"] >= 2 for s in SUITS) for r in range(1, 10))),
        "yizhihua": int(any(len(by_suit[s]) == 1 and rank(by_suit[s][0]) == 5 for s in SUITS)),
        "jiejiegao": int(
            any(
                all(counts[f"{r + k}{s}"] >= 2 for k in range(3))
                for s in SUITS
                for r in range(1, 8)
            )
        ),
        "jintongyunv": int(counts["2p"] >= 2 and counts["2s"] >= 2),
        "yidianhong": int(sum(1 for t in tiles if rank(t) in JIANG) == 1),
    }


def notation(tiles: list[str]) -> str:
    """``["1m", "2m", "5s"]`` → ``"12m5s"``."""
    out = ""
    for s in SUITS:
        ranks = sorted(rank(t) for t in tiles if suit(t) == s)
        if ranks:
            out += "".join(map(str, ranks)) + s
    return out
