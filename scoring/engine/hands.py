"""The hand-type catalogue (rules.md §2), declared once, as data.

Each entry carries everything the rest of the project needs to know about a hand
type: its stable code (stored rounds refer to it), names, class, weight, the win
kinds it allows, who may claim it, and whether it is a *shape* type (decided by the
tiles) or a *situational* type (decided by how the hand was won). Each entry also
points (``check``) to its predicate in ``hand_checks``: a shape or opening test over
precomputed facts, or for a situational type the test of whether the tiles may win
that way (the 需将 pair rule). ``analysis`` iterates the registry; this module has no
behaviour beyond lookups.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from scoring.engine import hand_checks as hc


class HandClass(StrEnum):
    OPENING = "opening"  # 起手胡: scored as a small self-draw, play goes on
    MIDGAME = "midgame"  # 中途胡 (rules.md §9.4): scored like an opening, during play
    SMALL = "small"  # 小胡
    BIG = "big"  # 大胡


class WinKind(StrEnum):
    SELF_DRAW = "self_draw"
    DISCARD = "discard"


class Claimant(StrEnum):
    ANY = "any"
    DEALER = "dealer"  # only the dice-rolling dealer (天胡)
    IDLE = "idle"  # only an idle seat (地胡)


class Situation(NamedTuple):
    """How a situational type was won, as the analysis is told it: the keyword argument
    of ``analysis.analyse`` (``first_discard``, ``haidi`` or ``gang``) and its value."""

    context: str
    value: bool | str


BOTH = frozenset({WinKind.SELF_DRAW, WinKind.DISCARD})
SELF = frozenset({WinKind.SELF_DRAW})
DISCARD = frozenset({WinKind.DISCARD})


@dataclass(frozen=True, slots=True)
class HandType:
    code: str
    name_zh: str
    name_en: str
    hand_class: HandClass
    weight: int
    win_kinds: frozenset[WinKind]
    claimant: Claimant = Claimant.ANY
    shape: bool = False  # decided by the tiles alone
    # Situational types that name the seat that pays / takes the 海底.
    needs_haidi: bool = False
    big_in_big_out: bool = False  # 大进大出 applies (rules.md §4.4)
    situation: Situation | None = None  # situational types: how the hand was won
    # The ruleset option the type sits behind (rules.md §9), refused while it is off.
    option: str | None = None
    # Codes it is never listed with (made symmetric in EXCLUDES).
    excludes: frozenset[str] = frozenset()
    double_kong: bool = False  # 双杠: counted per tile under double_kong "per_tile" (§9.7)
    # (option, value): won by self-draw only while the ruleset's option has that value
    # (门清 under menqing "self_draw", rules.md §9.3).
    self_draw_only_when: tuple[str, str] | None = None
    note: str = ""
    # Final types: FinalFacts -> bool; opening types: OpeningFacts -> occurrences.
    check: Callable[[Any], int] | None = field(default=None, compare=False, repr=False)

    @property
    def is_opening(self) -> bool:
        return self.hand_class is HandClass.OPENING

    @property
    def is_big(self) -> bool:
        return self.hand_class is HandClass.BIG

    @property
    def is_final(self) -> bool:
        """A type of the round's result (小胡 or 大胡), not an opening or mid-game win."""
        return self.hand_class is HandClass.SMALL or self.hand_class is HandClass.BIG


_O, _S, _B, _M = HandClass.OPENING, HandClass.SMALL, HandClass.BIG, HandClass.MIDGAME
_SEVEN_PAIRS = frozenset(
    {"qixiaodui", "haohua_qixiaodui", "shuanghaohua_qixiaodui", "sanhaohua_qixiaodui"}
)

_CATALOGUE: tuple[HandType, ...] = (
    # §2.1 opening small hands (起手胡)
    HandType(
        "sixi",
        "四喜",
        "Four of a kind",
        _O,
        1,
        SELF,
        note="each distinct quad counts once",
        check=hc.sixi,
    ),
    HandType("banbanhu", "板板胡", "No 2/5/8", _O, 1, SELF, check=hc.banbanhu),
    HandType("queyise", "缺一色", "Missing suit", _O, 1, SELF, check=hc.queyise),
    HandType("liuliushun", "六六顺", "Two triplets", _O, 1, SELF, check=hc.liuliushun),
    HandType(
        "santong",
        "三同",
        "Same rank in three suits",
        _O,
        1,
        SELF,
        note="000 篇二 only",
        check=hc.santong,
    ),
    HandType(
        "yizhihua", "一支花", "Single five", _O, 1, SELF, note="000 篇二 only", check=hc.yizhihua
    ),
    # §2.2 final hands
    HandType("pinghu", "平胡", "Plain win", _S, 1, BOTH, shape=True, check=hc.pinghu),
    HandType("pengpenghu", "碰碰胡", "All triplets", _B, 1, BOTH, shape=True, check=hc.pengpenghu),
    HandType("jiangjianghu", "将将胡", "All 2/5/8", _B, 1, BOTH, shape=True, check=hc.jiangjianghu),
    HandType("qingyise", "清一色", "Full flush", _B, 1, BOTH, shape=True, check=hc.qingyise),
    HandType(
        "qixiaodui",
        "七小对",
        "Seven pairs",
        _B,
        1,
        BOTH,
        shape=True,
        excludes=_SEVEN_PAIRS - {"qixiaodui"},
        check=hc.qixiaodui,
    ),
    HandType("quanqiuren", "全求人", "All melded", _B, 1, DISCARD, shape=True, check=hc.quanqiuren),
    HandType(
        "tianhu",
        "天胡",
        "Heavenly hand",
        _B,
        1,
        SELF,
        claimant=Claimant.DEALER,
        situation=Situation("first_discard", True),
        check=hc.dealt_hand_rule,
    ),
    HandType(
        "dihu",
        "地胡",
        "Earthly hand",
        _B,
        1,
        DISCARD,
        claimant=Claimant.IDLE,
        situation=Situation("first_discard", True),
        check=hc.dealt_hand_rule,
    ),
    HandType(
        "haidilaoyue",
        "海底捞月",
        "Last tile self-draw",
        _B,
        1,
        SELF,
        needs_haidi=True,
        situation=Situation("haidi", True),
        check=hc.pair_rule,
    ),
    HandType(
        "haidipao",
        "海底炮",
        "Win on the last tile",
        _B,
        1,
        DISCARD,
        needs_haidi=True,
        big_in_big_out=True,
        situation=Situation("haidi", True),
        check=hc.pair_rule,
    ),
    HandType(
        "gangshangkaihua",
        "杠上开花",
        "Win on a kong draw",
        _B,
        1,
        SELF,
        situation=Situation("gang", "kong"),
        check=hc.own_kong_rule,
    ),
    HandType(
        "shuanggangshanghua",
        "双杠上花",
        "Both kong draws win",
        _B,
        2,
        SELF,
        situation=Situation("gang", "double_kong"),
        double_kong=True,
        check=hc.own_kong_rule,
    ),
    HandType(
        "qiangganghu",
        "抢杠胡",
        "Robbing the kong",
        _B,
        1,
        DISCARD,
        big_in_big_out=True,
        situation=Situation("gang", "rob"),
        check=hc.pair_rule,
    ),
    HandType(
        "gangshangpao",
        "杠上炮",
        "Win on a kong discard",
        _B,
        1,
        DISCARD,
        big_in_big_out=True,
        situation=Situation("gang", "kong"),
        check=hc.pair_rule,
    ),
    HandType(
        "shuanggangshangpao",
        "双杠上炮",
        "Win on both kong discards",
        _B,
        2,
        DISCARD,
        big_in_big_out=True,
        situation=Situation("gang", "double_kong"),
        double_kong=True,
        check=hc.pair_rule,
    ),
    # §9.2 豪华七小对: seven pairs holding quads (behind ``haohua``)
    *(
        HandType(
            code,
            name_zh,
            name_en,
            _B,
            quads + 1,
            BOTH,
            shape=True,
            option="haohua",
            excludes=_SEVEN_PAIRS - {code},
            note=f"七小对 with exactly {quads} quad(s)",
            check=check,
        )
        for code, name_zh, name_en, quads, check in (
            ("haohua_qixiaodui", "豪华七小对", "Seven pairs, one quad", 1, hc.haohua_1),
            ("shuanghaohua_qixiaodui", "双豪华七小对", "Seven pairs, two quads", 2, hc.haohua_2),
            ("sanhaohua_qixiaodui", "三豪华七小对", "Seven pairs, three quads", 3, hc.haohua_3),
        )
    ),
    # §9.3 门清 (behind ``menqing``; on a discard only under "any")
    HandType(
        "menqing",
        "门清",
        "Concealed hand",
        _B,
        1,
        BOTH,
        shape=True,
        option="menqing",
        self_draw_only_when=("menqing", "self_draw"),
        excludes=_SEVEN_PAIRS | {"quanqiuren", "tianhu", "dihu"},
        note="no 吃/碰/明杠/补张; alone it needs a 2/5/8 pair",
        check=hc.menqing,
    ),
    # §9.4 more small hands (behind ``extra_small_hands``)
    HandType(
        "jiejiegao",
        "节节高",
        "Three stepped pairs",
        _O,
        1,
        SELF,
        option="extra_small_hands",
        check=hc.jiejiegao,
    ),
    HandType(
        "jintongyunv",
        "金童玉女",
        "Pairs of 2p and 2s",
        _O,
        1,
        SELF,
        option="extra_small_hands",
        check=hc.jintongyunv,
    ),
    HandType(
        "yidianhong",
        "一点红",
        "A single 2/5/8",
        _O,
        1,
        SELF,
        option="extra_small_hands",
        check=hc.yidianhong,
    ),
    HandType(
        "zhongtu_sixi",
        "中途四喜",
        "Mid-game four of a kind",
        _M,
        1,
        SELF,
        option="extra_small_hands",
        note="recorded in the round's midgame list; never checked against tiles",
    ),
    HandType(
        "zhongtu_liuliushun",
        "中途六六顺",
        "Mid-game two triplets",
        _M,
        1,
        SELF,
        option="extra_small_hands",
        note="recorded in the round's midgame list; never checked against tiles",
    ),
)

HAND_TYPES: MappingProxyType[str, HandType] = MappingProxyType({h.code: h for h in _CATALOGUE})
OPENING_CODES: frozenset[str] = frozenset(h.code for h in _CATALOGUE if h.is_opening)
MIDGAME_CODES: frozenset[str] = frozenset(
    h.code for h in _CATALOGUE if h.hand_class is HandClass.MIDGAME
)
# OPTION_OF[code]: the ruleset option a hand type sits behind (rules.md §9).
OPTION_OF: MappingProxyType[str, str] = MappingProxyType(
    {h.code: h.option for h in _CATALOGUE if h.option is not None}
)
# EXCLUDES[code]: the codes a claim may not list beside it (symmetric).
EXCLUDES: MappingProxyType[str, frozenset[str]] = MappingProxyType(
    {
        h.code: h.excludes | frozenset(o.code for o in _CATALOGUE if h.code in o.excludes)
        for h in _CATALOGUE
        if h.excludes or any(h.code in o.excludes for o in _CATALOGUE)
    }
)
HAIDI_CODES: frozenset[str] = frozenset(h.code for h in _CATALOGUE if h.needs_haidi)
# SITUATIONS[code]: how each situational type was won (the analysis' context argument).
SITUATIONS: MappingProxyType[str, Situation] = MappingProxyType(
    {h.code: h.situation for h in _CATALOGUE if h.situation is not None}
)
