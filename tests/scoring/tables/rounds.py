"""Rounds at tables of three and two (rules.md §10), for the tests of sessions that seat
them: kongs (杠分) with a win, 通炮, a draw with kongs, and a 二人 缺一门 self-draw."""

from __future__ import annotations

from typing import Any

# B self-draws 平胡 (birds 1 on A, 2 on B); B's 暗杠 takes 2 from A and C, C's 放杠 on
# A's discard 1 × 2 from A (rules.md §10.4 example): net [-11, 14, -3].
KONG_WIN: dict[str, Any] = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [1, 2]},
    "kongs": [{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
}
# 通炮: A discards, B 平胡 and C 碰碰胡 win; C's 加杠 takes 1 from A and B.
TONGPAO: dict[str, Any] = {
    "dealer": 0,
    "result": {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["pengpenghu"]}],
        "discarder": 0,
        "birds": [3, 5],
    },
    "kongs": [{"seat": 2, "kind": "jia"}],
}
# A draw (流局) with kongs: A's 暗杠 (2 from B and C), B's 放杠 on C's discard (1 × 2).
DRAW_KONGS: dict[str, Any] = {
    "dealer": 1,
    "result": {
        "kind": "draw",
        "winners": [],
        "haidi": {"tile": "5m", "taker": 2, "first_offered": 2},
    },
    "kongs": [{"seat": 0, "kind": "an"}, {"seat": 1, "kind": "ming", "from": 2}],
}
# 二人: B self-draws 平胡 with an 暗杠.
TWO_SELF_DRAW: dict[str, Any] = {
    "dealer": 0,
    "result": {"kind": "self_draw", "winners": [{"seat": 1, "hands": ["pinghu"]}], "birds": [1, 2]},
    "kongs": [{"seat": 1, "kind": "an"}],
}
