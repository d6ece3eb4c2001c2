"""Hypothesis strategies for hostile JSON: arbitrary values, and rounds that look almost right."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from scoring.engine import HAND_TYPES

HAND_CODES = sorted(HAND_TYPES)
PRESETS = ["changsha-67", "changsha-tongzhuang", "changsha-points", "changsha-online"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([0, 1, 2, 3, 4, -1, 2**31, 2**63, 10**18]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(HAND_CODES + PRESETS + ["5m", "99p", "self_draw", "discard", "draw", ""]),
)

json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.text(max_size=10), inner, max_size=5),
    ),
    max_leaves=25,
)

seat = st.one_of(st.integers(min_value=-1, max_value=4), json_values)
small_list = st.lists(st.one_of(st.integers(min_value=0, max_value=10), json_values), max_size=4)


def _maybe(strategy):
    return st.one_of(st.just(None), strategy)


winner = st.fixed_dictionaries(
    {
        "seat": seat,
        "hands": st.one_of(st.lists(st.sampled_from(HAND_CODES), max_size=3), json_values),
    },
    optional={
        "tiles": st.one_of(st.sampled_from(["11133366677799p", "123m456s789p55m11z"]), json_values),
        "melds": json_values,
        "win_tile": st.one_of(st.sampled_from(["9p", "5m", "0s"]), json_values),
    },
)

result = st.fixed_dictionaries(
    {"kind": st.one_of(st.sampled_from(["self_draw", "discard", "draw"]), json_values)},
    optional={
        "winners": st.one_of(st.lists(winner, max_size=4), json_values),
        "discarder": seat,
        "birds": small_list,
        "birds_forfeited": json_values,
        "haidi": st.one_of(
            st.fixed_dictionaries(
                {"tile": st.one_of(st.just("5m"), json_values)},
                optional={"taker": seat, "first_offered": seat, "replaced_by": seat},
            ),
            json_values,
        ),
    },
)

ruleset = st.one_of(
    st.sampled_from(PRESETS),
    st.fixed_dictionaries(
        {"preset": st.one_of(st.sampled_from(PRESETS), json_values)},
        optional={"bird_count": json_values, "base": json_values, "stacking": json_values},
    ),
    json_values,
)

rounds = st.fixed_dictionaries(
    {"ruleset": ruleset, "dealer": seat, "result": st.one_of(result, json_values)},
    optional={
        "dealers": small_list,
        "fish": small_list,
        "openings": st.one_of(
            st.lists(
                st.fixed_dictionaries(
                    {"seat": seat, "hands": json_values, "birds": small_list},
                    optional={"tiles": json_values},
                ),
                max_size=3,
            ),
            json_values,
        ),
        "penalties": st.one_of(
            st.lists(st.fixed_dictionaries({"seat": seat, "kind": json_values}), max_size=2),
            json_values,
        ),
        "extra": json_values,
    },
)

any_round = st.one_of(rounds, json_values)


# Valid rounds (round-format.md) to mutate one field at a time: most mutants are rejected,
# some still score, so both branches of the engine are exercised.
VALID_ROUNDS: list[dict] = [
    {
        "ruleset": "changsha-67",
        "dealer": 0,
        "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5]}],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["qingyise", "pengpenghu"]}],
            "discarder": 3,
            "birds": [3, 7],
        },
    },
    {
        "ruleset": "changsha-67",
        "dealer": 0,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 0, "hands": ["pinghu"]}],
            "birds": [5, 9],
        },
    },
    {
        "ruleset": {"preset": "changsha-points"},
        "dealer": 2,
        "fish": [1, 0, 2, 0],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 3, "hands": ["qixiaodui"]}],
            "discarder": 0,
            "birds": [4],
        },
        "penalties": [{"seat": 2, "kind": "escape"}],
    },
]


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


def _replace(value: object, path: tuple, new: object) -> object:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)  # type: ignore[call-overload]
    copy[head] = _replace(copy[head], rest, new)
    return copy


@st.composite
def mutated_rounds(draw, base_rounds: list[dict] | None = None) -> object:
    base = draw(st.sampled_from(base_rounds or VALID_ROUNDS))
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        path = draw(st.sampled_from(_paths(base)[1:]))
        base = _replace(base, path, draw(scalars | json_values))
    return base


# ---------------------------------------------------------------- hostile text (forms and bodies)
# Every category of the hostile-input probe: deep nesting, malformed numbers, lone
# surrogates (escaped inside JSON text: a raw one cannot even be sent as UTF-8), duplicate
# keys, plus random unicode.


def _deep(n: int) -> str:
    return "[" * n + "]" * n


deep_nesting = st.sampled_from(
    [_deep(65), _deep(1000), _deep(10_000), '{"a":' * 3000 + "1" + "}" * 3000, "[" * 5000]
)
malformed_numbers = st.sampled_from(
    ["abc", "1.5", "1e309", "-1e309", "NaN", "Infinity", "-0", "+", "0x10", "９", "9" * 5000, "1_0"]
)
lone_surrogates = st.sampled_from(
    ['"\\ud800"', '{"preset": "\\udfff"}', '["\\ud800x"]', '{"\\ud800": 1}']
)


@st.composite
def duplicate_keys(draw, keys: list[str] | None = None) -> str:
    key = draw(st.sampled_from(keys or ["result", "dealer", "bird_count", "name", "tiles"]))
    first, second = draw(json_values), draw(json_values)
    return f'{{"{key}": {json.dumps(first)}, "{key}": {json.dumps(second)}}}'


malformed_json = st.sampled_from(
    ["{nope", '{"a": 1,}', "{", '{"a"}', "[1, 2", "'x'", "\\ud800", "NaN", "9" * 5000]
)

hostile_strings = st.one_of(
    deep_nesting,
    malformed_numbers,
    lone_surrogates,
    duplicate_keys(),
    malformed_json,
    st.text(max_size=30),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=200),
)
