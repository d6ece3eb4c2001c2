"""Ruleset parameters (rules.md §7): the ``Rules`` value, the four presets, JSON parsing.
What each parameter is called and takes is the catalogue of ``options``.

A ``Rules`` is immutable (frozen, slotted, nested values frozen too), so one object
can be shared by every round scored with it. Preset codes parse to the very objects
in ``PRESETS`` (no work per round); an object ``{"preset": CODE, …}`` is merged key by
key over the preset and checked, every problem reported with its key path.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from scoring.engine.errors import FieldError
from scoring.engine.hands import HAND_TYPES, SELF, HandType, WinKind
from scoring.engine.messages import make_error, show_value, wrong_type
from scoring.engine.options import (
    AMOUNT_MAX,
    EXTRA_SMALL_HANDS,
    KONG_KINDS,
    KONG_POINTS_BOUNDS,
    PARAMETER_INFO,
    PARAMETERS,
    PRESET_INFO,
    PRESET_SOURCES,
    TAKES_EFFECT,
)

BirdMode = Literal["additive", "multiplicative", "points"]
BirdOrigin = Literal["dealer", "winner"]
Menqing = Literal["off", "any", "self_draw"]
Piao = Literal["off", "fixed", "free"]
DoubleKong = Literal["weight", "per_tile"]
Stacking = Literal["add", "single"]
Distribution = Literal["burn", "split"]
PairRule = Literal["258", "any"]
EmptyBirds = Literal["48", "37", "none"]
MenqingScope = Literal["standard", "concealed"]
Yizhihua = Literal["suit", "either"]
TianhuPair = Literal["any", "situational"]
ShortWallBirds = Literal["repeat", "as_drawn"]
KongKind = Literal["an", "jia", "ming"]

# rules.md §10.3: the codes 缺一门 refuses (they need or trivialise the missing 条 suit).
QUYIMEN_REFUSED: frozenset[str] = frozenset({"queyise", "santong", "jintongyunv"})
# rules.md §10.5: the code haohua_levels 2 refuses (two quads or more are 双豪华).
SANHAOHUA = "sanhaohua_qixiaodui"
_NO_REFUSED: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class KindAmounts:
    """An amount per win kind (one row of the ``base`` table)."""

    self_draw: int
    discard: int


@dataclass(frozen=True, slots=True)
class BaseTable:
    """``base[class][kind]``: the base amount of one unit (底)."""

    small: KindAmounts
    big: KindAmounts


@dataclass(frozen=True, slots=True)
class KongPoints:
    """``kong_points`` (rules.md §10.4): what each other seat pays for one kong, by kind
    (暗杠 ``an``, 加杠 ``jia``; a 放杠 ``ming`` is paid n − 1 times by its discarder)."""

    an: int = 2
    jia: int = 1
    ming: int = 1


@dataclass(frozen=True, slots=True)
class ClassAmounts:
    """An amount per win class (``zimo_bonus``)."""

    small: int
    big: int


class PayRules(NamedTuple):
    """What every payment under one ruleset is computed with (rules.md §4.3, §9), by rule
    name; built once per ``Rules`` (``Rules.payment``), read by the scorer."""

    dealer_bonus: int  # 庄分
    dealer_bonus_per_unit: bool  # 庄分按番累计
    dealer_vs_dealer_bonus: int  # 庄对庄 (0 unless 通庄 is on)
    birds_multiply: bool  # 中鸟翻倍 (×2^n) rather than ×(1 + n)
    bird_points: int | None  # 中鸟加分: points per hit (bird_mode "points"), else None
    cap: int  # 封顶 per final-win payment; 0: none
    # others[s]: the seats other than s at this table (rules.md §10.1), ascending
    others: tuple[tuple[int, ...], ...]


# _OTHERS[n][s]: the seats other than s at a table of n players, ascending.
OTHERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(q for q in range(n) if q != s) for s in range(n)) for n in (2, 3, 4)
}


@dataclass(frozen=True, slots=True)
class Rules:
    preset: str
    bird_count: int
    bird_mode: BirdMode
    base: BaseTable
    dealer_bonus: int
    dealer_bonus_per_unit: bool
    zimo_bonus: ClassAmounts
    big_stacking: Stacking
    opening_stacking: Stacking
    tongzhuang: bool
    dealer_vs_dealer: int
    big_in_big_out: bool
    escape_penalty: int
    escape_distribution: Distribution
    situational_pair: PairRule
    # Table options (rules.md §9); every preset keeps these defaults.
    bird_points: int = 1  # 中鸟加分: points per bird hit when bird_mode is "points"
    bird_origin: BirdOrigin = "dealer"  # the seat 1/5/9 lands on
    opening_birds: bool = True  # 起手和中途胡算鸟
    haohua: bool = False  # 豪华七小对
    menqing: Menqing = "off"  # 门清
    extra_small_hands: tuple[str, ...] = ()  # 节节高, 金童玉女, 一点红, 中途四喜, 中途六六顺
    piao: Piao = "off"  # 飘分: 坐飘 (fixed) / 自由飘 (free)
    piao_value: int = 1
    piao_max: int = 5
    cap: int = 0  # 封顶 per payment; 0: none
    double_kong: DoubleKong = "weight"  # 双杠 counted as weight 2, or per tile
    quanqiuren_pair: PairRule = "any"  # 全求人必须吊将 (258)
    # Tables of three and two, kong payments, the apps' readings (rules.md §10).
    players: int = 4  # 四人 / 三人 / 二人
    empty_birds: EmptyBirds = "48"  # 四八空鸟 / 对家空 / 鸟不落空
    quyimen: bool = False  # 缺一门 (two players, no 条)
    kong_pay: bool = False  # 杠分
    kong_points: KongPoints = KongPoints()
    menqing_scope: MenqingScope = "standard"
    yizhihua: Yizhihua = "suit"
    tianhu_pair: TianhuPair = "any"
    haohua_levels: int = 3
    short_wall_birds: ShortWallBirds = "repeat"
    # Derived, not parameters: the payment rules, built once here; the codes a §10
    # option refuses.
    payment: PayRules = field(init=False, repr=False, compare=False)
    refused: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        payment = PayRules(
            self.dealer_bonus,
            self.dealer_bonus_per_unit,
            self.dealer_vs_dealer if self.tongzhuang else 0,
            self.bird_mode == "multiplicative",
            self.bird_points if self.bird_mode == "points" else None,
            self.cap,
            OTHERS[self.players],
        )
        object.__setattr__(self, "payment", payment)
        refused = _NO_REFUSED
        if self.quyimen or self.haohua_levels == 2:
            refused = (QUYIMEN_REFUSED if self.quyimen else _NO_REFUSED) | (
                {SANHAOHUA} if self.haohua_levels == 2 else _NO_REFUSED
            )
        object.__setattr__(self, "refused", refused)

    def refusal(self, code: str) -> tuple[str, object] | None:
        """(parameter, the value that allows it) when a §10 option refuses hand type
        ``code`` (缺一门: 缺一色, 三同, 金童玉女; haohua_levels 2: 三豪华), else None."""
        if code not in self.refused:
            return None
        if code == SANHAOHUA:
            return "haohua_levels", 3
        return "quyimen", False

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"preset": CODE, every parameter: value}`` (nested tables as dicts)."""
        out = dataclasses.asdict(self)
        del out["payment"]
        del out["refused"]
        out["extra_small_hands"] = list(self.extra_small_hands)
        return out

    def allows(self, code: str) -> bool:
        """Is hand type ``code`` played under this ruleset (no option, or its option on,
        and no §10 option refusing it)?"""
        if code in self.refused:
            return False
        option = HAND_TYPES[code].option
        return option is None or self.enables(option, code)

    def enables(self, option: str, code: str) -> bool:
        """Does this ruleset turn on the option ``option`` that hand type ``code`` sits
        behind (rules.md §9: a boolean, a choice other than "off", or a list naming it)?"""
        value = getattr(self, option)
        if value.__class__ is tuple:
            return code in value
        if value.__class__ is str:
            return bool(value != "off")
        return bool(value)


def enabling_value(option: str, code: str) -> object:
    """The JSON value of ``option`` that turns hand type ``code`` on (rules.md §9): the
    code in a list, true, or the first choice other than "off"."""
    default = getattr(PRESETS["changsha-67"], option)
    if isinstance(default, tuple):
        return [code]
    if isinstance(default, bool):
        return True
    return next(v for v in PARAMETER_INFO[option].values if v != "off")


def _base(small: tuple[int, int], big: tuple[int, int]) -> BaseTable:
    return BaseTable(KindAmounts(*small), KindAmounts(*big))


_PRESET_LIST = (
    Rules(
        preset="changsha-67",
        bird_count=2,
        bird_mode="additive",
        base=_base((1, 1), (6, 6)),
        dealer_bonus=1,
        dealer_bonus_per_unit=False,
        zimo_bonus=ClassAmounts(1, 1),
        big_stacking="add",
        opening_stacking="single",
        tongzhuang=False,
        dealer_vs_dealer=0,
        big_in_big_out=False,
        escape_penalty=0,
        escape_distribution="burn",
        situational_pair="any",
    ),
    Rules(
        preset="changsha-tongzhuang",
        bird_count=1,
        bird_mode="additive",
        base=_base((1, 1), (3, 6)),
        dealer_bonus=1,
        dealer_bonus_per_unit=False,
        zimo_bonus=ClassAmounts(0, 0),
        big_stacking="add",
        opening_stacking="single",
        tongzhuang=True,
        dealer_vs_dealer=1,
        big_in_big_out=True,
        escape_penalty=0,
        escape_distribution="burn",
        situational_pair="any",
    ),
    Rules(
        preset="changsha-points",
        bird_count=1,
        bird_mode="additive",
        base=_base((10, 10), (30, 60)),
        dealer_bonus=10,
        dealer_bonus_per_unit=True,
        zimo_bonus=ClassAmounts(0, 0),
        big_stacking="add",
        opening_stacking="add",
        tongzhuang=False,
        dealer_vs_dealer=0,
        big_in_big_out=False,
        escape_penalty=70,
        escape_distribution="burn",
        situational_pair="258",
    ),
    Rules(
        preset="changsha-online",
        bird_count=2,
        bird_mode="multiplicative",
        base=_base((1, 1), (6, 6)),
        dealer_bonus=1,
        dealer_bonus_per_unit=False,
        zimo_bonus=ClassAmounts(1, 0),
        big_stacking="add",
        opening_stacking="single",
        tongzhuang=False,
        dealer_vs_dealer=0,
        big_in_big_out=False,
        escape_penalty=0,
        escape_distribution="burn",
        situational_pair="258",
    ),
)

PRESETS: MappingProxyType[str, Rules] = MappingProxyType({r.preset: r for r in _PRESET_LIST})


def presets_describe() -> list[dict[str, Any]]:
    """Every preset with every parameter: its value, names, allowed values and source."""
    out = []
    for code, rules in PRESETS.items():
        info = PRESET_INFO[code]
        values = rules.to_dict()
        out.append(
            {
                "code": code,
                "name_zh": info.name_zh,
                "name_en": info.name_en,
                "source": info.source,
                "ruleset": values,
                "parameters": [
                    {
                        "key": key,
                        "name_zh": PARAMETER_INFO[key].name_zh,
                        "name_en": PARAMETER_INFO[key].name_en,
                        "value": values[key],
                        "allowed": PARAMETER_INFO[key].allowed,
                        "description": PARAMETER_INFO[key].description,
                        "source": PRESET_SOURCES[code][key],
                    }
                    for key in PARAMETERS
                ],
            }
        )
    return out


# --- parsing -------------------------------------------------------------------

# The values each choice parameter takes: those PARAMETER_INFO names (declared once there).
_CHOICES: dict[str, tuple[str, ...]] = {
    key: tuple(info.values)
    for key, info in PARAMETER_INFO.items()
    if " | " in info.allowed and all(isinstance(v, str) for v in info.values)
}
_INT_CHOICES: dict[str, tuple[int, ...]] = {
    key: tuple(info.values)
    for key, info in PARAMETER_INFO.items()
    if " | " in info.allowed and all(type(v) is int for v in info.values)
}
# The bounds of each integer parameter: those PARAMETER_INFO declares.
_INT_RANGES: dict[str, tuple[int, int]] = {
    key: info.bounds for key, info in PARAMETER_INFO.items() if info.bounds is not None
}
_BOOLS = frozenset(key for key, info in PARAMETER_INFO.items() if info.allowed == "boolean")


def _int_value(value: object, field: str, lo: int, hi: int, errors: list[FieldError]) -> int | None:
    if not isinstance(value, int) or isinstance(value, bool):
        wrong_type(errors, field, "an integer", value)
        return None
    if not lo <= value <= hi:
        errors.append(make_error(field, "out_of_range", min=lo, max=hi, value=show_value(value)))
        return None
    return value


def _object_keys(
    value: object, field: str, keys: tuple[str, ...], errors: list[FieldError]
) -> dict[str, Any] | None:
    """``value`` as a dict whose keys are among ``keys`` (unknown ones reported)."""
    if not isinstance(value, dict):
        wrong_type(errors, field, "an object", value)
        return None
    for key in value:
        if key not in keys:
            errors.append(make_error(f"{field}.{key}", "unknown_parameter"))
    return value


def _amounts(
    value: object,
    field: str,
    keys: tuple[str, ...],
    current: tuple[int, ...],
    errors: list[FieldError],
    hi: int = AMOUNT_MAX,
) -> tuple[int, ...] | None:
    """Merge an object of amounts (0-``hi``) over ``current``, key by key."""
    obj = _object_keys(value, field, keys, errors)
    if obj is None:
        return None
    out = list(current)
    ok = True
    for i, key in enumerate(keys):
        if key in obj:
            amount = _int_value(obj[key], f"{field}.{key}", 0, hi, errors)
            if amount is None:
                ok = False
            else:
                out[i] = amount
    return tuple(out) if ok else None


def _merge_base(
    value: object, field: str, base: BaseTable, errors: list[FieldError]
) -> BaseTable | None:
    obj = _object_keys(value, field, ("small", "big"), errors)
    if obj is None:
        return None
    rows = {"small": base.small, "big": base.big}
    ok = True
    for cls, row in rows.items():
        if cls in obj:
            merged = _amounts(
                obj[cls],
                f"{field}.{cls}",
                ("self_draw", "discard"),
                (row.self_draw, row.discard),
                errors,
            )
            if merged is None:
                ok = False
            else:
                rows[cls] = KindAmounts(*merged)
    return BaseTable(rows["small"], rows["big"]) if ok else None


def _code_list(
    value: object, field: str, allowed: tuple[str, ...], errors: list[FieldError]
) -> tuple[str, ...] | None:
    """A list of distinct codes among ``allowed`` (each problem reported by index)."""
    if not isinstance(value, list):
        wrong_type(errors, field, "a list", value)
        return None
    ok = True
    for i, code in enumerate(value):
        if not isinstance(code, str):
            wrong_type(errors, f"{field}.{i}", "a string", code)
            ok = False
        elif code not in allowed:
            choices = ", ".join(allowed)
            errors.append(
                make_error(
                    f"{field}.{i}", "invalid_choice", choices=choices, value=show_value(code)
                )
            )
            ok = False
        elif code in value[:i]:
            errors.append(make_error(f"{field}.{i}", "repeated_hand", value=show_value(code)))
            ok = False
    return tuple(value) if ok else None


def _preset(value: object, field: str, errors: list[FieldError]) -> Rules | None:
    if not isinstance(value, str):
        wrong_type(errors, field, "a string", value)
        return None
    rules = PRESETS.get(value)
    if rules is None:
        errors.append(
            make_error(field, "unknown_preset", value=show_value(value), choices=", ".join(PRESETS))
        )
    return rules


def parse_ruleset(
    value: object, *, field: str = "ruleset"
) -> tuple[Rules | None, list[FieldError]]:
    """A preset code or ``{"preset": CODE, overrides…}`` → (Rules, []) or (None, errors)."""
    errors: list[FieldError] = []
    if isinstance(value, str):
        return _preset(value, field, errors), errors
    if not isinstance(value, dict):
        wrong_type(errors, field, "a string or an object", value)
        return None, errors
    if "preset" not in value:
        errors.append(make_error(f"{field}.preset", "required"))
        rules = None
    else:
        rules = _preset(value["preset"], f"{field}.preset", errors)
    base_rules = rules or _PRESET_LIST[0]  # still check every override when the preset is bad
    changes: dict[str, Any] = {}
    for key, raw in value.items():
        path = f"{field}.{key}"
        if key == "preset":
            continue
        if key in _INT_RANGES:
            lo, hi = _INT_RANGES[key]
            changes[key] = _int_value(raw, path, lo, hi, errors)
        elif key in _INT_CHOICES:
            allowed = _INT_CHOICES[key]
            if not isinstance(raw, int) or isinstance(raw, bool):
                wrong_type(errors, path, "an integer", raw)
            elif raw not in allowed:
                choices = ", ".join(map(str, allowed))
                errors.append(
                    make_error(path, "invalid_choice", choices=choices, value=show_value(raw))
                )
            else:
                changes[key] = raw
        elif key == "extra_small_hands":
            changes[key] = _code_list(raw, path, EXTRA_SMALL_HANDS, errors)
        elif key in _CHOICES:
            if not isinstance(raw, str):
                wrong_type(errors, path, "a string", raw)
            elif raw not in _CHOICES[key]:
                choices = ", ".join(_CHOICES[key])
                errors.append(
                    make_error(path, "invalid_choice", choices=choices, value=show_value(raw))
                )
            else:
                changes[key] = raw
        elif key in _BOOLS:
            if not isinstance(raw, bool):
                wrong_type(errors, path, "a boolean", raw)
            else:
                changes[key] = raw
        elif key == "base":
            changes[key] = _merge_base(raw, path, base_rules.base, errors)
        elif key == "zimo_bonus":
            zimo = base_rules.zimo_bonus
            merged = _amounts(raw, path, ("small", "big"), (zimo.small, zimo.big), errors)
            changes[key] = None if merged is None else ClassAmounts(*merged)
        elif key == "kong_points":
            kp = base_rules.kong_points
            merged = _amounts(
                raw,
                path,
                tuple(KONG_KINDS),
                (kp.an, kp.jia, kp.ming),
                errors,
                KONG_POINTS_BOUNDS[1],
            )
            changes[key] = None if merged is None else KongPoints(*merged)
        else:
            errors.append(make_error(path, "unknown_parameter"))
    if not errors and changes.get("quyimen", base_rules.quyimen):
        players = changes.get("players", base_rules.players)
        if players not in TAKES_EFFECT["quyimen"][1]:
            errors.append(
                make_error(f"{field}.quyimen", "quyimen_needs_two_players", players=players)
            )
    if errors or rules is None:
        return None, errors
    return _replace(rules, changes), errors


# The parameters in the order Rules takes them (every field but the derived ones).
_INIT_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules) if f.init)


def _replace(rules: Rules, changes: dict[str, Any]) -> Rules:
    """``dataclasses.replace(rules, **changes)``, positionally: a round that carries its
    own ruleset object parses it every time, and Rules has some forty fields."""
    get = changes.get
    return Rules(*[get(name, getattr(rules, name)) for name in _INIT_FIELDS])


def win_kinds_under(h: HandType, rules: Rules | None) -> frozenset[WinKind]:
    """The win kinds ``h`` may be won with under ``rules`` (None: the registry's own
    ``win_kinds``): a hand type the registry limits to self-draw under an option
    (``self_draw_only_when``) loses its discard wins when the ruleset sets it."""
    limit = h.self_draw_only_when
    if rules is not None and limit is not None and getattr(rules, limit[0]) == limit[1]:
        return h.win_kinds & SELF
    return h.win_kinds
