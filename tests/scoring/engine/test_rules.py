"""Ruleset parameters (rules.md §7): presets, overrides, immutability, JSON form."""

import dataclasses

import pytest

from scoring.engine import PRESETS, Rules, parse_ruleset
from scoring.engine.hands import OPTION_OF
from scoring.engine.options import PARAMETER_INFO, PARAMETERS, PRESET_INFO, PRESET_SOURCES
from scoring.engine.rules import BaseTable, ClassAmounts, KindAmounts, presets_describe

# rules.md §7, column by column
TABLE = {
    "changsha-67": {
        "bird_count": 2,
        "bird_mode": "additive",
        "base": {"small": {"self_draw": 1, "discard": 1}, "big": {"self_draw": 6, "discard": 6}},
        "dealer_bonus": 1,
        "dealer_bonus_per_unit": False,
        "zimo_bonus": {"small": 1, "big": 1},
        "big_stacking": "add",
        "opening_stacking": "single",
        "tongzhuang": False,
        "dealer_vs_dealer": 0,
        "big_in_big_out": False,
        "escape_penalty": 0,
        "escape_distribution": "burn",
        "situational_pair": "any",
    },
    "changsha-tongzhuang": {
        "bird_count": 1,
        "bird_mode": "additive",
        "base": {"small": {"self_draw": 1, "discard": 1}, "big": {"self_draw": 3, "discard": 6}},
        "dealer_bonus": 1,
        "dealer_bonus_per_unit": False,
        "zimo_bonus": {"small": 0, "big": 0},
        "big_stacking": "add",
        "opening_stacking": "single",
        "tongzhuang": True,
        "dealer_vs_dealer": 1,
        "big_in_big_out": True,
        "escape_penalty": 0,
        "escape_distribution": "burn",
        "situational_pair": "any",
    },
    "changsha-points": {
        "bird_count": 1,
        "bird_mode": "additive",
        "base": {
            "small": {"self_draw": 10, "discard": 10},
            "big": {"self_draw": 30, "discard": 60},
        },
        "dealer_bonus": 10,
        "dealer_bonus_per_unit": True,
        "zimo_bonus": {"small": 0, "big": 0},
        "big_stacking": "add",
        "opening_stacking": "add",
        "tongzhuang": False,
        "dealer_vs_dealer": 0,
        "big_in_big_out": False,
        "escape_penalty": 70,
        "escape_distribution": "burn",
        "situational_pair": "258",
    },
    "changsha-online": {
        "bird_count": 2,
        "bird_mode": "multiplicative",
        "base": {"small": {"self_draw": 1, "discard": 1}, "big": {"self_draw": 6, "discard": 6}},
        "dealer_bonus": 1,
        "dealer_bonus_per_unit": False,
        "zimo_bonus": {"small": 1, "big": 0},
        "big_stacking": "add",
        "opening_stacking": "single",
        "tongzhuang": False,
        "dealer_vs_dealer": 0,
        "big_in_big_out": False,
        "escape_penalty": 0,
        "escape_distribution": "burn",
        "situational_pair": "258",
    },
}


def test_there_are_exactly_the_four_presets():
    assert set(PRESETS) == set(TABLE) == set(PRESET_INFO) == set(PRESET_SOURCES)


@pytest.mark.parametrize("code", TABLE)
def test_preset_matches_the_table_of_rules_md(code):
    assert PRESETS[code].to_dict() == {"preset": code, **TABLE[code], **OPTION_DEFAULTS}


# rules.md §9.9: every preset keeps the table options' defaults.
OPTION_DEFAULTS = {
    "bird_points": 1,
    "bird_origin": "dealer",
    "opening_birds": True,
    "haohua": False,
    "menqing": "off",
    "extra_small_hands": [],
    "piao": "off",
    "piao_value": 1,
    "piao_max": 5,
    "cap": 0,
    "double_kong": "weight",
    "quanqiuren_pair": "any",
    # rules.md §10.6: tables of three and two, kong payments, the apps' readings
    "players": 4,
    "empty_birds": "48",
    "quyimen": False,
    "kong_pay": False,
    "kong_points": {"an": 2, "jia": 1, "ming": 1},
    "menqing_scope": "standard",
    "yizhihua": "suit",
    "tianhu_pair": "any",
    "haohua_levels": 3,
    "short_wall_birds": "repeat",
}


@pytest.mark.parametrize("code", TABLE)
def test_a_preset_code_parses_to_the_shared_preset_object(code):
    rules, errors = parse_ruleset(code)
    assert errors == []
    assert rules is PRESETS[code]


@pytest.mark.parametrize("code", TABLE)
def test_the_json_form_parses_back_to_an_equal_ruleset(code):
    rules, errors = parse_ruleset(PRESETS[code].to_dict())
    assert errors == []
    assert rules == PRESETS[code]
    assert hash(rules) == hash(PRESETS[code])


def test_an_override_changes_only_its_key():
    rules, errors = parse_ruleset({"preset": "changsha-67", "bird_count": 1, "tongzhuang": True})
    assert errors == []
    assert rules.bird_count == 1
    assert rules.tongzhuang is True
    assert dataclasses.replace(rules, bird_count=2, tongzhuang=False) == PRESETS["changsha-67"]
    assert rules.preset == "changsha-67"


def test_a_nested_override_merges_key_by_key():
    rules, errors = parse_ruleset(
        {"preset": "changsha-tongzhuang", "base": {"big": {"self_draw": 4}}}
    )
    assert errors == []
    assert rules.base == BaseTable(KindAmounts(1, 1), KindAmounts(4, 6))
    rules, errors = parse_ruleset({"preset": "changsha-online", "zimo_bonus": {"big": 2}})
    assert errors == []
    assert rules.zimo_bonus == ClassAmounts(1, 2)


def test_every_problem_in_an_override_is_reported_with_its_key_path():
    _, errors = parse_ruleset(
        {
            "preset": "changsha-67",
            "bird_count": "2",
            "bird_mode": "square",
            "dealer_bonus": 1001,
            "tongzhuang": 1,
            "base": {"small": {"self_draw": True, "zimo": 1}, "huge": {}},
            "zimo_bonus": {"small": -1},
            "colour": "red",
        },
        field="club.ruleset",
    )
    assert {(e.field, e.code) for e in errors} == {
        ("club.ruleset.bird_count", "wrong_type"),
        ("club.ruleset.bird_mode", "invalid_choice"),
        ("club.ruleset.dealer_bonus", "out_of_range"),
        ("club.ruleset.tongzhuang", "wrong_type"),
        ("club.ruleset.base.small.self_draw", "wrong_type"),
        ("club.ruleset.base.small.zimo", "unknown_parameter"),
        ("club.ruleset.base.huge", "unknown_parameter"),
        ("club.ruleset.zimo_bonus.small", "out_of_range"),
        ("club.ruleset.colour", "unknown_parameter"),
    }


@pytest.mark.parametrize(
    ("value", "field", "code"),
    [
        ("changsha", "ruleset", "unknown_preset"),
        (None, "ruleset", "wrong_type"),
        (["changsha-67"], "ruleset", "wrong_type"),
        ({"preset": 67}, "ruleset.preset", "wrong_type"),
        ({"preset": "nope"}, "ruleset.preset", "unknown_preset"),
        ({}, "ruleset.preset", "required"),
        ({"preset": "changsha-67", "base": 5}, "ruleset.base", "wrong_type"),
        ({"preset": "changsha-67", "base": {"big": []}}, "ruleset.base.big", "wrong_type"),
        (
            {"preset": "changsha-67", "escape_penalty": 10001},
            "ruleset.escape_penalty",
            "out_of_range",
        ),
        (
            {"preset": "changsha-67", "escape_distribution": "share"},
            "ruleset.escape_distribution",
            "invalid_choice",
        ),
        (
            {"preset": "changsha-67", "situational_pair": 258},
            "ruleset.situational_pair",
            "wrong_type",
        ),
        (
            {"preset": "changsha-67", "dealer_vs_dealer": 1.0},
            "ruleset.dealer_vs_dealer",
            "wrong_type",
        ),
    ],
)
def test_a_bad_ruleset_gives_no_rules_and_names_the_key(value, field, code):
    rules, errors = parse_ruleset(value)
    assert rules is None
    assert (field, code) in {(e.field, e.code) for e in errors}


def test_limits_are_inclusive():
    rules, errors = parse_ruleset(
        {
            "preset": "changsha-67",
            "bird_count": 0,
            "escape_penalty": 10000,
            "base": {"big": {"discard": 1000}, "small": {"self_draw": 0}},
        }
    )
    assert errors == []
    assert (rules.bird_count, rules.escape_penalty, rules.base.big.discard) == (0, 10000, 1000)


def test_rules_cannot_be_changed_after_creation():
    rules = PRESETS["changsha-67"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.bird_count = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.base.big.self_draw = 100
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.zimo_bonus.small = 5
    with pytest.raises(TypeError):
        PRESETS["mine"] = rules
    with pytest.raises((AttributeError, TypeError)):  # 3.11 frozen+slots raises TypeError
        rules.extra = 1
    assert not hasattr(rules, "extra")


def test_changing_a_parsed_dict_afterwards_does_not_change_the_rules():
    value = {"preset": "changsha-67", "base": {"big": {"self_draw": 4}}}
    rules, _ = parse_ruleset(value)
    value["base"]["big"]["self_draw"] = 99
    assert rules.base.big.self_draw == 4


def test_to_dict_returns_a_fresh_copy():
    data = PRESETS["changsha-67"].to_dict()
    data["base"]["big"]["self_draw"] = 99
    assert PRESETS["changsha-67"].base.big.self_draw == 6


def test_every_parameter_is_described_and_sourced_for_every_preset():
    fields = {f.name for f in dataclasses.fields(Rules) if f.init} - {"preset"}
    assert set(PARAMETERS) == set(PARAMETER_INFO) == fields
    for code in PRESETS:
        assert set(PRESET_SOURCES[code]) == fields
        assert all(PRESET_SOURCES[code].values())


def test_presets_describe_lists_every_parameter_with_value_and_source():
    described = presets_describe()
    assert [p["code"] for p in described] == list(PRESETS)
    for preset in described:
        assert preset["name_zh"] and preset["name_en"] and preset["source"]
        assert preset["ruleset"] == PRESETS[preset["code"]].to_dict()
        assert [p["key"] for p in preset["parameters"]] == list(PARAMETERS)
        for param in preset["parameters"]:
            assert param["value"] == preset["ruleset"][param["key"]]
            assert param["source"] and param["name_zh"] and param["description"]


def test_every_parameter_has_a_chinese_name_and_a_chinese_explanation():
    from scoring.engine.options import PARAMETER_INFO

    for key, info in PARAMETER_INFO.items():
        assert info.name_zh and info.description_zh, key
        # Chinese text: at least one CJK character, so no English slips in as the Chinese.
        assert any("\u4e00" <= ch <= "\u9fff" for ch in info.name_zh + info.description_zh), key


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_every_allowed_value_of_every_parameter_has_a_chinese_and_an_english_label():
    """The values a parameter takes are the ones PARAMETER_INFO labels: a choice, a yes/no
    or a list parameter cannot take a value that a page could only show as its code."""
    import typing

    hints = typing.get_type_hints(Rules)
    labelled = {key for key, info in PARAMETER_INFO.items() if info.values}
    for key, info in PARAMETER_INFO.items():
        hint = hints[key]
        if hint is bool:
            expected: set[object] = {True, False}
        elif typing.get_origin(hint) is typing.Literal:
            expected = set(typing.get_args(hint))
        elif key == "extra_small_hands":
            expected = {code for code, opt in OPTION_OF.items() if opt == key}
        elif key == "bird_count":
            expected = {0, 1, 2, 4, 6}  # rules.md §7 and §9.1
        elif key == "players":
            expected = {2, 3, 4}  # rules.md §10.1
        elif key == "haohua_levels":
            expected = {2, 3}  # rules.md §10.5
        else:  # a number or a table of amounts: shown as numbers
            assert not info.values, key
            continue
        assert set(info.values) == expected, key
        for value, label in info.values.items():
            assert label.zh and _cjk(label.zh), (key, value)
            assert label.en and not _cjk(label.en), (key, value)
        # within one parameter no two values read the same
        assert len({label.zh for label in info.values.values()}) == len(info.values), key
        assert len({label.en for label in info.values.values()}) == len(info.values), key
    assert labelled == {
        "bird_count", "bird_mode", "bird_origin", "opening_birds", "haohua", "menqing",
        "extra_small_hands", "piao", "double_kong", "quanqiuren_pair", "big_stacking",
        "opening_stacking", "escape_distribution", "situational_pair",
        "dealer_bonus_per_unit", "tongzhuang", "big_in_big_out",
        "players", "empty_birds", "quyimen", "kong_pay", "menqing_scope", "yizhihua",
        "tianhu_pair", "haohua_levels", "short_wall_birds",
    }  # fmt: skip


def test_the_parser_takes_exactly_the_labelled_values():
    for key, info in PARAMETER_INFO.items():
        for value in info.values:
            raw = [value] if key == "extra_small_hands" else value
            # 缺一门 is for two players only (rules.md §10.3)
            more = {"players": 2} if key == "quyimen" else {}
            rules, errors = parse_ruleset({"preset": "changsha-67", key: raw, **more})
            assert errors == [] and rules is not None, (key, value)
            assert rules.to_dict()[key] == raw
        if info.values and info.allowed != "boolean":
            unknown = {"bird_count": 3, "players": 5, "haohua_levels": 1}.get(key, "nope")
            raw = [unknown] if key == "extra_small_hands" else unknown
            _rules, errors = parse_ruleset({"preset": "changsha-67", key: raw})
            assert [e.code for e in errors] == ["invalid_choice"], key


def test_allowed_text_lists_the_labelled_values():
    for key, info in PARAMETER_INFO.items():
        if " | " in info.allowed:
            assert info.allowed.split(" | ") == [str(v) for v in info.values], key


def test_each_integer_parameter_declares_its_bounds_once():
    """The allowed text is made from ``bounds``, and the parser takes exactly them."""
    integers = {key: info for key, info in PARAMETER_INFO.items() if info.bounds is not None}

    assert set(integers) == {
        "dealer_bonus",
        "dealer_vs_dealer",
        "escape_penalty",
        "bird_points",
        "piao_value",
        "piao_max",
        "cap",
    }
    for key, info in integers.items():
        low, high = info.bounds
        assert info.allowed == f"integer {low}-{high}", key
        for value, ok in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
            _rules, errors = parse_ruleset({"preset": "changsha-67", key: value})
            assert [e.code for e in errors] == ([] if ok else ["out_of_range"]), (key, value)
    assert PARAMETER_INFO["cap"].bounds == (0, 100000)
