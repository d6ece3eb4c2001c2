"""Hand analysis from the tiles: which hand types a hand really is (rules.md §2).

Long (~1,000 lines) because it is one job: the facts of a hand, the hand types they
hold, the best claim and why a type is missed, for final and dealt hands alike.

Public functions (keyword-only after the tiles):

- :func:`analyse` / :func:`analyse_hand`: a final hand (14 tiles, melds counted 3
  each): every shape type that holds, for each situational type whether these tiles
  may win that way under the ruleset's ``situational_pair``, the decompositions,
  the best legal claim and its worth in chips, or why it is not a winning hand.
- :func:`analyse_opening`: a dealt hand (13/14 tiles): every opening type and its
  number of occurrences.

The round validator's hooks that check (or fill in) a claim's codes against its tiles
are ``claim_checks``, built on these.

How it is fast: the three suits' nine counts are keys of precomputed tables
(``suit_tables``) whose flags AND together into the hand's structural facts; every
hand type's predicate (``hands.HAND_TYPES[code].check``, in ``hand_checks``) then
reads those facts. A 14-tile hand costs three dict lookups and a pass over the
registry; decompositions are only listed when asked for.

Context → situational type (the caller says how the hand was won):

==========================  ===================  =========================
context                     self-draw            discard
==========================  ===================  =========================
``first_discard=True``      天胡 tianhu (dealer)  地胡 dihu (idle seat)
``haidi=True``              海底捞月 haidilaoyue   海底炮 haidipao
``gang="kong"``             杠上开花               杠上炮 gangshangpao
``gang="double_kong"``      双杠上花               双杠上炮
``gang="rob"``              (impossible)         抢杠胡 qiangganghu
==========================  ===================  =========================

At most one of the three may be given (the 海底 used as a kong replacement means
there is no 海底; 天胡/地胡 happen before any kong). ``first_discard`` means "the dealt
hand": the dealer winning on it before discarding, or an idle seat winning on the
dealer's first discard; any other combination is refused.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.engine import hand_checks as hc
from scoring.engine.errors import RoundInvalid
from scoring.engine.hand_checks import FinalFacts, OpeningFacts
from scoring.engine.hands import (
    EXCLUDES,
    HAND_TYPES,
    SITUATIONS,
    HandType,
    WinKind,
)
from scoring.engine.messages import make_error, show_value, wrong_type
from scoring.engine.rules import PRESETS, Rules, parse_ruleset, win_kinds_under
from scoring.engine.suit_tables import EMPTY, JIANG_INDEXES, SuitSplit, suit_tables
from scoring.engine.tile_messages import tile_error
from scoring.engine.tiles import (
    DICE_KONG_KINDS,
    JIANG_RANKS,
    Counts,
    FinalHand,
    Meld,
    MeldKind,
    Tile,
    counts_tiles,
    read_final_hand,
    read_opening_hand,
    tile_text,
    tiles_text,
)

GANG_CONTEXTS: tuple[str, ...] = ("kong", "double_kong", "rob")
# The context's parts in Chinese, for the Chinese reasons (no English names in them).
_CONTEXT_ZH = {
    "first_discard": "起手牌（天胡、地胡）",
    "haidi": "海底",
    "gang": "杠",
    "kong": "开杠（杠上开花、杠上炮）",
    "double_kong": "开双杠（双杠上花、双杠上炮）",
    "rob": "抢杠",
}
DEFAULT_PRESET = "changsha-67"
PINGHU = "pinghu"
QIXIAODUI = "qixiaodui"
PENGPENGHU = "pengpenghu"
MENQING = "menqing"
QUANQIUREN = "quanqiuren"
# The seven-pairs codes (七小对 and its 豪华 forms, rules.md §9.2): they exclude each other.
SEVEN_PAIRS_CODES: frozenset[str] = frozenset(
    {QIXIAODUI, *(c for c in HAND_TYPES if QIXIAODUI in EXCLUDES.get(c, ()) and c != MENQING)}
)
HAOHUA_CODES: frozenset[str] = SEVEN_PAIRS_CODES - {QIXIAODUI}
SHUANGHAOHUA = "shuanghaohua_qixiaodui"
SANHAOHUA = "sanhaohua_qixiaodui"

_SELF, _DISCARD = WinKind.SELF_DRAW, WinKind.DISCARD
Check = Callable[[Any], int]


def _registry(
    select: Callable[[HandType], bool],
) -> tuple[tuple[str, frozenset[WinKind], Check], ...]:
    """(code, win kinds, check) of the registry entries ``select`` picks, in catalogue order."""
    return tuple(
        (h.code, h.win_kinds, h.check)
        for h in HAND_TYPES.values()
        if h.check is not None and select(h)
    )


_FINAL_SHAPES = _registry(lambda h: h.shape)
_SITUATIONAL = _registry(lambda h: h.is_final and not h.shape)
_OPENING = _registry(lambda h: h.is_opening)
SITUATIONAL_CODES: tuple[str, ...] = tuple(code for code, _, _ in _SITUATIONAL)

# (context, self-draw?) -> the situational code (the registry's ``situation`` field);
# a 杠 context is keyed by its kind ("kong", "double_kong", "rob").
_CONTEXT_CODES: dict[tuple[str, bool], str] = {
    (
        str(sit.value) if sit.context == "gang" else sit.context,
        WinKind.SELF_DRAW in HAND_TYPES[code].win_kinds,
    ): code
    for code, sit in SITUATIONS.items()
}

NOT_A_HAND = (
    "not 4 sets and a pair, not seven pairs, and not all 2/5/8",
    "不是四句话加一对将，不是七小对，也不是将将胡",
)
_LUANJIANG = (
    "4 sets and a pair, but the pair is not 2/5/8 (乱将 wins only as a big hand)",
    "四句话加一对将，但将不是 2、5、8（乱将只能胡大胡）",
)
_PAIR_RULE_TEXT = {
    "258": ("a 2/5/8 pair or a big shape", "2、5、8 将或大胡牌型"),
    "any": ("4 sets and a pair or a big shape", "四句话加一对将或大胡牌型"),
}


# --- facts -------------------------------------------------------------------------


MeldSummary = tuple[int, int, int, int, bool, bool]
# (suit bits, melds, exposed melds, dice kongs, has 吃, every meld tile 2/5/8)
_NO_MELDS: MeldSummary = (0, 0, 0, 0, False, True)


@functools.lru_cache(maxsize=4096)
def _meld_summary(melds: tuple[Meld, ...]) -> MeldSummary:
    suits = 0
    for m in melds:
        suits |= 1 << m.suit
    exposed = sum(1 for m in melds if m.exposed)
    dice_kongs = sum(1 for m in melds if m.kind in DICE_KONG_KINDS)
    has_chi = any(m.kind is MeldKind.CHI for m in melds)
    jiang = all(t % 9 + 1 in JIANG_RANKS for m in melds for t in m.tiles)
    return suits, len(melds), exposed, dice_kongs, has_chi, jiang


def _structure(hand: FinalHand) -> tuple[int, int, MeldSummary]:
    """(flags, suit bits of the concealed tiles, meld summary): three table lookups."""
    get = suit_tables().flags.get
    c = hand.counts
    fm = get(c[0:9], 0)
    fs = get(c[9:18], 0)
    fp = get(c[18:27], 0)
    suits = (not fm & EMPTY) | (not fs & EMPTY) << 1 | (not fp & EMPTY) << 2
    return fm & fs & fp, suits, _meld_summary(hand.melds) if hand.melds else _NO_MELDS


def _facts(
    flags: int,
    suits: int,
    melds: MeldSummary,
    *,
    self_draw: bool,
    any_pair: bool,
    quads: int = 0,
    dealt_pair_rule: bool = False,
) -> FinalFacts:
    msuits, n, exposed, kongs, chi, jiang = melds
    return FinalFacts(
        flags,
        suits | msuits,
        n,
        exposed,
        kongs,
        chi,
        jiang,
        self_draw,
        any_pair,
        quads,
        dealt_pair_rule,
    )


def final_facts(
    hand: FinalHand, *, self_draw: bool, any_pair: bool, dealt_pair_rule: bool = False
) -> FinalFacts:
    """The facts every final predicate reads."""
    flags, suits, melds = _structure(hand)
    return _facts(
        flags,
        suits,
        melds,
        self_draw=self_draw,
        any_pair=any_pair,
        quads=hand.counts.count(4),
        dealt_pair_rule=dealt_pair_rule,
    )


def _allowed_shapes(
    shapes: tuple[str, ...], facts: FinalFacts, *, self_draw: bool, rules: Rules
) -> tuple[str, ...]:
    """The shape codes a filled-in claim may list under ``rules`` (rules.md §9.9): codes
    behind an option only when it is on; the seven-pairs code for the exact number of
    quads; 门清 only beside no seven-pairs code; 全求人 alone needs 2/5/8 under
    ``quanqiuren_pair: "258"``."""
    if rules.haohua_levels == 2 and SANHAOHUA in shapes:  # §10.5: three quads are 双豪华
        shapes = tuple(SHUANGHAOHUA if c == SANHAOHUA else c for c in shapes)
    out = [c for c in shapes if rules.allows(c)]
    concealed = rules.menqing_scope == "concealed"
    if (
        concealed
        and MENQING not in out
        and rules.allows(MENQING)
        and not facts.n_exposed
        and any(HAND_TYPES[c].is_big for c in out)
    ):  # §10.5: 门清 with any concealed win (its big shape already holds)
        out.append(MENQING)
    if not self_draw:  # 门清 by self-draw only under menqing "self_draw"
        out = [c for c in out if WinKind.DISCARD in win_kinds_under(HAND_TYPES[c], rules)]
    if any(c in HAOHUA_CODES for c in out) and QIXIAODUI in out:
        out.remove(QIXIAODUI)
    if MENQING in out and not concealed and any(c in SEVEN_PAIRS_CODES for c in out):
        out.remove(MENQING)
    if (
        QUANQIUREN in out
        and rules.quanqiuren_pair == "258"
        and not hc.pinghu(facts)
        and not any(HAND_TYPES[c].is_big and c != QUANQIUREN for c in out)
    ):
        out.remove(QUANQIUREN)
    return tuple(out)


def claim_units(codes: Sequence[str], *, rules: Rules) -> int:
    """Units of a final claim (rules.md §4.1): Σ or max of the big weights; 1 if small."""
    weights = [HAND_TYPES[c].weight for c in codes if HAND_TYPES[c].is_big]
    if not weights:
        return 1
    return max(weights) if rules.big_stacking == "single" else sum(weights)


def claim_chips(codes: Sequence[str], *, self_draw: bool, dealer: bool, rules: Rules) -> int:
    """What a claim collects with no birds and no fish (rules.md §4.3).

    Self-draw: the three other seats pay (when the winner is idle, one of them is the
    dealer); discard: one idle discarder pays. This orders claims by worth; the real
    amounts of a round come from the scoring engine.
    """
    big = any(HAND_TYPES[c].is_big for c in codes)
    units = claim_units(codes, rules=rules)
    row = rules.base.big if big else rules.base.small
    base = row.self_draw if self_draw else row.discard
    bonus = rules.dealer_bonus

    def pair_base(with_dealer: bool) -> int:
        if not with_dealer:
            return units * base
        return units * (base + bonus) if rules.dealer_bonus_per_unit else units * base + bonus

    if not self_draw:
        return pair_base(dealer)
    zimo = rules.zimo_bonus.big if big else rules.zimo_bonus.small
    dealer_payers = 3 if dealer else 1
    return dealer_payers * pair_base(True) + (3 - dealer_payers) * pair_base(False) + 3 * zimo


def situational_context(
    *, self_draw: bool, dealer: bool, haidi: bool, gang: str | None, first_discard: bool
) -> tuple[str, ...]:
    """The situational code the context names (see the module docstring), or ()."""
    if not (haidi or gang or first_discard):
        return ()
    given = [name for name, on in (("first_discard", first_discard), ("haidi", haidi)) if on]
    if gang:
        given.append("gang")
    if len(given) > 1:
        raise RoundInvalid(
            [
                tile_error(
                    given[1],
                    "context_conflict",
                    reason=f"{' and '.join(given)} cannot describe the same win",
                    reason_zh=f"{'、'.join(_CONTEXT_ZH[g] for g in given)}不能同时成立",
                )
            ]
        )
    if gang and gang not in GANG_CONTEXTS:
        raise RoundInvalid(
            [
                tile_error(
                    "gang",
                    "context_conflict",
                    reason=f"gang must be one of {', '.join(GANG_CONTEXTS)}, got {gang!r}",
                    reason_zh=f"杠的情形只能是{'、'.join(_CONTEXT_ZH[g] for g in GANG_CONTEXTS)}",
                )
            ]
        )
    if first_discard and dealer != self_draw:
        raise RoundInvalid(
            [
                tile_error(
                    "first_discard",
                    "context_conflict",
                    reason="the dealt hand wins by the dealer's self-draw (天胡) or by an idle "
                    "seat on the dealer's first discard (地胡)",
                    reason_zh="起手即胡只有庄家自摸（天胡）或闲家胡庄家第一张牌（地胡）",
                )
            ]
        )
    key = gang or given[0]
    code = _CONTEXT_CODES.get((key, self_draw))
    if code is None:
        raise RoundInvalid(
            [
                tile_error(
                    "gang",
                    "context_conflict",
                    reason="robbing a kong (抢杠胡) is a win on another seat's tile, not a self-draw",
                    reason_zh="抢杠胡是胡别人的杠牌，不能是自摸",
                )
            ]
        )
    return (code,)


# --- decompositions ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way to read the hand: a pair and concealed sets (standard), or seven pairs."""

    pair: Tile | None
    sets: tuple[tuple[Tile, ...], ...]
    melds: tuple[Meld, ...] = ()
    pairs: tuple[Tile, ...] = ()  # seven pairs (a quad appears twice)

    @property
    def kind(self) -> str:
        return "seven_pairs" if self.pairs else "standard"

    @property
    def all_triplets(self) -> bool:
        return all(s[0] == s[-1] for s in self.sets) and not any(
            m.kind is MeldKind.CHI for m in self.melds
        )

    @property
    def jiang_pair(self) -> bool:
        return self.pair is not None and self.pair % 9 + 1 in JIANG_RANKS

    def notation(self) -> str:
        if self.pairs:
            return " ".join(tiles_text((t, t)) for t in self.pairs)
        parts = [tiles_text(s) for s in self.sets]
        parts += [f"[{m}]" for m in self.melds]
        if self.pair is not None:
            parts.append(tiles_text((self.pair, self.pair)))
        return " ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "notation": self.notation(),
            "pair": None if self.pair is None else tile_text(self.pair),
            "sets": [tiles_text(s) for s in self.sets],
            "melds": [m.as_dict() for m in self.melds],
            "pairs": [tile_text(t) for t in self.pairs],
        }


def hand_decompositions(hand: FinalHand) -> list[Decomposition]:
    """Every standard decomposition (from the suit tables), then seven pairs if any."""
    splits = suit_tables().splits
    per_suit: list[list[tuple[int, SuitSplit] | None]] = []
    for s in range(3):
        key = hand.counts[9 * s : 9 * s + 9]
        if not any(key):
            per_suit.append([None])
            continue
        options = splits.get(key)
        if options is None:
            per_suit = []
            break
        per_suit.append([(s, o) for o in options])
    out = []
    for combo in itertools.product(*per_suit):
        pair: Tile | None = None
        sets: list[tuple[Tile, ...]] = []
        for item in combo:
            if item is None:
                continue
            s, split = item
            base = 9 * s - 1  # tile of rank r in suit s
            if split.pair:
                pair = base + split.pair
            sets += [(base + r, base + r + 1, base + r + 2) for r in split.chows]
            sets += [(base + r,) * 3 for r in split.pungs]
        if pair is not None:  # every suit is decomposed, so there is exactly one pair
            out.append(Decomposition(pair, tuple(sorted(sets)), hand.melds))
    if not hand.melds and all(n % 2 == 0 for n in hand.counts):
        pairs = tuple(t for t, n in enumerate(hand.counts) for _ in range(n // 2))
        out.append(Decomposition(None, (), (), pairs))
    return out


# --- final hands -----------------------------------------------------------------


class HandAnalysis(NamedTuple):
    """The analysis of one final hand in one context (see :func:`analyse_hand`).

    ``shapes``: shape codes that hold for this win (a shape whose "win by" column
    forbids the win kind does not hold, e.g. 全求人 on a self-draw);
    ``situational``: situational codes these tiles may win as (pair rule and what
    the situation needs, e.g. no melds for 天胡), whether or not the context names
    them; ``context``: the situational codes the context names;
    ``best_claim``: the codes worth the most chips (``claim_chips``), ``()`` when the
    hand does not win.

    A named tuple (immutable, and four times cheaper to build than a frozen dataclass,
    which matters at 100k hands a second); the rest is computed on access.
    """

    hand: FinalHand
    self_draw: bool
    dealer: bool
    rules: Rules
    context: tuple[str, ...]
    flags: int  # the AND of the suits' table flags (concealed tiles)
    suits: int  # suits present among the concealed tiles (bits m=1, s=2, p=4)
    shapes: tuple[str, ...]
    situational: tuple[str, ...]
    best_claim: tuple[str, ...]

    @property
    def facts(self) -> FinalFacts:
        melds = _meld_summary(self.hand.melds) if self.hand.melds else _NO_MELDS
        return _facts(
            self.flags,
            self.suits,
            melds,
            self_draw=self.self_draw,
            any_pair=self.rules.situational_pair == "any",
            quads=self.hand.counts.count(4),
            dealt_pair_rule=self.rules.tianhu_pair == "situational",
        )

    @property
    def winning(self) -> bool:
        return bool(self.best_claim)

    @property
    def standard(self) -> bool:
        return hc.is_standard(self.facts)

    @property
    def big(self) -> bool:
        return any(HAND_TYPES[c].is_big for c in self.best_claim)

    @property
    def units(self) -> int:
        return claim_units(self.best_claim, rules=self.rules) if self.best_claim else 0

    @property
    def chips(self) -> int:
        if not self.best_claim:
            return 0
        return claim_chips(
            self.best_claim, self_draw=self.self_draw, dealer=self.dealer, rules=self.rules
        )

    def situational_valid(self) -> dict[str, bool]:
        """For each situational type: may these tiles win that way?"""
        return {code: code in self.situational for code in SITUATIONAL_CODES}

    @property
    def reasons(self) -> tuple[str, str]:
        """Why the hand does not win (English, Chinese); empty strings when it wins."""
        if self.best_claim:
            return "", ""
        return self._reasons_from(self.dropped)

    def _reasons_from(self, dropped: list[tuple[str, str, str]]) -> tuple[str, str]:
        """:attr:`reasons`, given :attr:`dropped` (so that it is computed once)."""
        if self.best_claim:
            return "", ""
        facts = self.facts
        if dropped and (hc.is_standard(facts) or hc.big_shape(facts)):
            return dropped[0][1], dropped[0][2]
        return _LUANJIANG if hc.is_standard(facts) else NOT_A_HAND

    @property
    def dropped(self) -> list[tuple[str, str, str]]:
        """The situational codes the context names that these tiles cannot claim:
        (code, why in English, why in Chinese)."""
        facts = self.facts
        out = []
        for code in self.context:
            if code not in self.situational:
                _, params = situational_miss(code, facts, self.rules)
                out.append((code, params["reason"], params["reason_zh"]))
        return out

    @property
    def reason(self) -> str:
        return self.reasons[0]

    @property
    def decompositions(self) -> list[Decomposition]:
        return hand_decompositions(self.hand)

    @property
    def decomposition(self) -> Decomposition | None:
        """The decomposition the best claim rests on (None for 将将胡 without structure)."""
        return self._decomposition_from(self.decompositions)

    def _decomposition_from(self, options: list[Decomposition]) -> Decomposition | None:
        """:attr:`decomposition`, picked among ``options`` (:attr:`decompositions`)."""
        if not options or not self.best_claim:
            return options[0] if options else None
        claim = self.best_claim
        if QIXIAODUI in claim or not any(d.pair is not None for d in options):
            return next((d for d in options if d.pairs), options[0])

        def score(d: Decomposition) -> tuple[bool, bool, bool]:
            return (
                d.pair is not None,
                d.all_triplets if PENGPENGHU in claim else True,
                d.jiang_pair,
            )

        return max(options, key=score)

    def as_dict(self) -> dict[str, Any]:
        options = self.decompositions
        used = self._decomposition_from(options)
        dropped = self.dropped
        reason, reason_zh = self._reasons_from(dropped)
        return {
            "kind": "final",
            "tiles": tiles_text(self.hand.concealed),
            "melds": [m.as_dict() for m in self.hand.melds],
            "win_tile": None if self.hand.win_tile is None else tile_text(self.hand.win_tile),
            "self_draw": self.self_draw,
            "dealer": self.dealer,
            "ruleset": self.rules.preset,
            "situational_pair": self.rules.situational_pair,
            "winning": self.winning,
            "reason": reason or None,
            "reason_zh": reason_zh or None,
            "best_claim": list(self.best_claim),
            "best_claim_names": [_names(c) for c in self.best_claim],
            "class": ("big" if self.big else "small") if self.best_claim else None,
            "units": self.units,
            "chips": self.chips,
            "shapes": list(self.shapes),
            "context": list(self.context),
            "dropped": [{"code": code, "reason": en, "reason_zh": zh} for code, en, zh in dropped],
            "situational": self.situational_valid(),
            "decomposition": None if used is None else used.as_dict(),
            "decompositions": [d.as_dict() for d in options],
        }


def _names(code: str) -> dict[str, str]:
    h = HAND_TYPES[code]
    return {"code": code, "name_zh": h.name_zh, "name_en": h.name_en}


def _best_claim(
    shapes: tuple[str, ...],
    situational: tuple[str, ...],
    context: tuple[str, ...],
    *,
    self_draw: bool,
    dealer: bool,
    rules: Rules,
) -> tuple[str, ...]:
    """The most valuable legal claim: every big code that holds, or [pinghu]."""
    big = tuple(c for c in shapes if c != PINGHU) + tuple(c for c in context if c in situational)
    if PINGHU not in shapes:
        return big
    if not big:
        return (PINGHU,)
    # Both are legal claims (a player may leave a big hand unclaimed); keep the richer one,
    # the big one on a tie. Only an odd ruleset (big base below small) picks pinghu.
    worth_big = claim_chips(big, self_draw=self_draw, dealer=dealer, rules=rules)
    worth_small = claim_chips((PINGHU,), self_draw=self_draw, dealer=dealer, rules=rules)
    return big if worth_big >= worth_small else (PINGHU,)


class _Verdict(NamedTuple):
    rules: Rules
    shapes: tuple[str, ...]
    situational: tuple[str, ...]
    best_claim: tuple[str, ...]


# The registry pass depends only on the facts, the context and the ruleset, which take
# few distinct values: its result is kept, keyed by them (the ruleset by identity, the
# object itself kept in the value and compared, so a recycled id never matches).
_verdicts: dict[tuple[Any, ...], _Verdict] = {}
_MAX_VERDICTS = 50_000


def _verdict(
    key: tuple[Any, ...],
    flags: int,
    suits: int,
    melds: MeldSummary,
    self_draw: bool,
    dealer: bool,
    context: tuple[str, ...],
    rules: Rules,
    quads: int = 0,
) -> _Verdict:
    """The registry pass over one combination of facts, kept under ``key``."""
    facts = _facts(
        flags,
        suits,
        melds,
        self_draw=self_draw,
        any_pair=rules.situational_pair == "any",
        quads=quads,
        dealt_pair_rule=rules.tianhu_pair == "situational",
    )
    kind = _SELF if self_draw else _DISCARD
    shapes = tuple([code for code, kinds, check in _FINAL_SHAPES if kind in kinds and check(facts)])
    shapes = _allowed_shapes(shapes, facts, self_draw=self_draw, rules=rules)
    situational = tuple([code for code, _, check in _SITUATIONAL if check(facts)])
    best = _best_claim(
        shapes, situational, context, self_draw=self_draw, dealer=dealer, rules=rules
    )
    if len(_verdicts) >= _MAX_VERDICTS:
        _verdicts.clear()
    found = _verdicts[key] = _Verdict(rules, shapes, situational, best)
    return found


def analyse_hand(
    hand: FinalHand,
    *,
    self_draw: bool = False,
    dealer: bool = False,
    haidi: bool = False,
    gang: str | None = None,
    first_discard: bool = False,
    rules: Rules | None = None,
) -> HandAnalysis:
    """Analyse a parsed final hand (see :func:`analyse`)."""
    if rules is None:
        rules = PRESETS[DEFAULT_PRESET]
    context = (
        situational_context(
            self_draw=self_draw, dealer=dealer, haidi=haidi, gang=gang, first_discard=first_discard
        )
        if haidi or gang or first_discard
        else ()
    )
    flags, suits, melds = _structure(hand)
    quads = hand.counts.count(4)
    key = (flags, suits, melds, self_draw, dealer, context, id(rules), quads)
    v = _verdicts.get(key)
    if v is None or v.rules is not rules:
        v = _verdict(key, flags, suits, melds, self_draw, dealer, context, rules, quads)
    return HandAnalysis(
        hand, self_draw, dealer, rules, context, flags, suits, v.shapes, v.situational, v.best_claim
    )


def analyse(
    tiles: str,
    *,
    melds: Sequence[Mapping[str, Any] | Meld] = (),
    win_tile: str | None = None,
    self_draw: bool = False,
    dealer: bool = False,
    haidi: bool = False,
    gang: str | None = None,
    first_discard: bool = False,
    rules: Rules | None = None,
) -> HandAnalysis:
    """Analyse a final hand given in tile notation.

    ``tiles``: the concealed tiles, winning tile included (e.g. ``"123m456s789p55m"``);
    ``melds``: ``{"kind": "chi"|"peng"|"gang"|"angang"|"buzhang", "tiles": "555m"}``;
    ``self_draw`` False means a win on a discard; ``rules`` defaults to the
    ``changsha-67`` preset. Raises :class:`RoundInvalid` (every problem, fields
    ``tiles``, ``melds.N.…``, ``win_tile``, ``gang``…) for bad input; a hand that
    does not win is not an error (``winning`` is False, ``reason`` says why).
    """
    hand, errors = read_final_hand(tiles, melds=list(melds), win_tile=win_tile)
    if hand is None:
        raise RoundInvalid(errors)
    return analyse_hand(
        hand,
        self_draw=self_draw,
        dealer=dealer,
        haidi=haidi,
        gang=gang,
        first_discard=first_discard,
        rules=rules,
    )


def _pair_rule_miss(f: FinalFacts, rules: Rules) -> tuple[str, dict[str, str]]:
    rule, rule_zh = _PAIR_RULE_TEXT[rules.situational_pair]
    return "situational_pair_rule", {
        "rule": rule,
        "rule_zh": rule_zh,
        "pair_rule": rules.situational_pair,
        "reason": f"the win needs {rule} (situational_pair {rules.situational_pair})",
        "reason_zh": f"按本规则的将规则，这样胡牌需要{rule_zh}",
    }


def _dealt_hand_miss(f: FinalFacts, rules: Rules) -> tuple[str, dict[str, str]]:
    if f.n_melds:
        return "situational_needs_dealt_hand", {
            "reason": "won on the dealt tiles, so there are no melds",
            "reason_zh": "起手即胡，不能有副露",
        }
    if f.dealt_pair_rule:  # tianhu_pair "situational" (rules.md §10.5)
        return _pair_rule_miss(f, rules)
    rule, rule_zh = _PAIR_RULE_TEXT["any"]
    return "situational_pair_rule", {
        "rule": rule,
        "rule_zh": rule_zh,
        "pair_rule": "any",
        "reason": "the dealt tiles are not 4 sets and a pair, nor a big shape",
        "reason_zh": "起手牌既不是四句话加一对将，也不是大胡牌型",
    }


def _own_kong_miss(f: FinalFacts, rules: Rules) -> tuple[str, dict[str, str]]:
    if not f.n_dice_kongs:
        return "situational_needs_kong", {
            "reason": "the melds have no kong (gang or angang) of the winner",
            "reason_zh": "副露中没有胡牌者开的明杠或暗杠",
        }
    return _pair_rule_miss(f, rules)


Explain = Callable[[FinalFacts, Rules], tuple[str, dict[str, str]]]
_SITUATIONAL_MISSES: dict[Check | None, Explain] = {
    hc.pair_rule: _pair_rule_miss,
    hc.dealt_hand_rule: _dealt_hand_miss,
    hc.own_kong_rule: _own_kong_miss,
}


def situational_miss(code: str, facts: FinalFacts, rules: Rules) -> tuple[str, dict[str, str]]:
    """Why ``code``'s check fails on these facts: (error code, message params)."""
    explain = _SITUATIONAL_MISSES.get(HAND_TYPES[code].check, _pair_rule_miss)
    return explain(facts, rules)


# --- opening hands -------------------------------------------------------------------


def _quads(c: Counts) -> str:
    return " ".join(tiles_text((t,) * 4) for t, n in enumerate(c) if n == 4)


def _triplets(c: Counts) -> str:
    return " ".join(tiles_text((t,) * 3) for t, n in enumerate(c) if n >= 3)


def _missing_suits(c: Counts) -> str:
    return " ".join(
        f"{'msp'[s]} ({'万条筒'[s]})" for s in range(3) if not any(c[9 * s : 9 * s + 9])
    )


def _santong_ranks(c: Counts) -> str:
    return " ".join(
        f"{r + 1}m{r + 1}s{r + 1}p" for r in range(9) if min(c[r], c[r + 9], c[r + 18]) >= 2
    )


def _lone_fives(c: Counts) -> str:
    return " ".join(
        tile_text(9 * s + 4) for s in range(3) if sum(c[9 * s : 9 * s + 9]) == 1 and c[9 * s + 4]
    )


def _jiejiegao_runs(c: Counts) -> str:
    return " ".join(
        tiles_text((b + r,) * 2 + (b + r + 1,) * 2 + (b + r + 2,) * 2)
        for b in (0, 9, 18)
        for r in range(7)
        if min(c[b + r], c[b + r + 1], c[b + r + 2]) >= 2
    )


def _jintongyunv_pairs(c: Counts) -> str:
    return tiles_text((10, 10, 19, 19))


def _lone_jiang(c: Counts) -> str:
    return " ".join(
        tile_text(s + i) for s in (0, 9, 18) for i in JIANG_INDEXES for _ in range(c[s + i])
    )


# The tiles that make each opening type, by the registry's check function (so a new
# opening type needs a line here, and analysing it without one shows no tiles, never an
# error; a test keeps every registered opening type covered).
OPENING_DETAILS: dict[Check | None, Callable[[Counts], str]] = {
    hc.sixi: _quads,
    hc.banbanhu: lambda c: "no 2/5/8",
    hc.queyise: _missing_suits,
    hc.liuliushun: _triplets,
    hc.santong: _santong_ranks,
    hc.yizhihua: _lone_fives,
    hc.jiejiegao: _jiejiegao_runs,
    hc.jintongyunv: _jintongyunv_pairs,
    hc.yidianhong: _lone_jiang,
}


def _opening_detail(code: str, counts: Counts) -> str:
    detail = OPENING_DETAILS.get(HAND_TYPES[code].check)
    return "" if detail is None else detail(counts)


@dataclass(frozen=True, slots=True)
class OpeningAnalysis:
    """Every opening type (rules.md §2.1) of a dealt hand, with occurrence counts."""

    counts: Counts
    dealer: bool
    occurrences: tuple[tuple[str, int], ...]  # (code, count) for every opening type

    @property
    def codes(self) -> tuple[str, ...]:
        """The claim listing every occurrence (四喜 repeated once per quad)."""
        return tuple(code for code, n in self.occurrences for _ in range(n))

    @property
    def winning(self) -> bool:
        return any(n for _, n in self.occurrences)

    def count(self, code: str) -> int:
        return dict(self.occurrences).get(code, 0)

    def codes_allowed(self, rules: Rules) -> tuple[str, ...]:
        """``codes`` without the types ``rules`` leave off (rules.md §9.4: 节节高, 金童玉女
        and 一点红 count only where the table plays them)."""
        return tuple(code for code in self.codes if rules.allows(code))

    def details(self) -> dict[str, str]:
        """For each held type, the tiles that make it (e.g. ``{"sixi": "2222m"}``)."""
        return {code: _opening_detail(code, self.counts) for code, n in self.occurrences if n}

    def as_dict(self) -> dict[str, Any]:
        details = self.details()
        return {
            "kind": "opening",
            "tiles": tiles_text(counts_tiles(self.counts)),
            "dealer": self.dealer,
            "winning": self.winning,
            "codes": list(self.codes),
            "hands": [
                {**_names(code), "count": n, "tiles": details[code]}
                for code, n in self.occurrences
                if n
            ],
            "occurrences": dict(self.occurrences),
        }


def analyse_opening_counts(
    counts: Counts, *, dealer: bool, rules: Rules | None = None
) -> OpeningAnalysis:
    """Every opening type of a dealt hand; 一支花 as ``rules`` read it (rules.md §10.5)."""
    facts = OpeningFacts(counts)
    either = rules is not None and rules.yizhihua == "either"
    occurrences = tuple(
        (code, int((hc.yizhihua_either if either and check is hc.yizhihua else check)(facts)))
        for code, _, check in _OPENING
    )
    return OpeningAnalysis(counts, dealer, occurrences)


def analyse_opening(tiles: str, *, dealer: bool) -> OpeningAnalysis:
    """Opening types of a dealt hand: 14 tiles for the dealer, 13 for an idle seat.

    Raises :class:`RoundInvalid` for bad tiles or a wrong tile count.
    """
    counts, errors = read_opening_hand(tiles, dealer=dealer)
    if counts is None:
        raise RoundInvalid(errors)
    return analyse_opening_counts(counts, dealer=dealer)


# --- one request (API body / command line) ----------------------------------------

REQUEST_BOOLS = ("self_draw", "dealer", "opening", "haidi", "first_discard")
REQUEST_KEYS = frozenset({"tiles", "melds", "win_tile", "gang", "ruleset", *REQUEST_BOOLS})
_FINAL_ONLY = ("melds", "win_tile", "self_draw", "haidi", "gang", "first_discard")


def analyse_request(data: object) -> HandAnalysis | OpeningAnalysis:
    """Analyse the hand a request body describes; :class:`RoundInvalid` lists every problem.

    ``{"tiles": "...", "melds": [...], "win_tile": "5m", "self_draw": false,
    "dealer": false, "haidi": false, "gang": null, "first_discard": false,
    "opening": false, "ruleset": "changsha-67"}``; only ``tiles`` is required.
    With ``"opening": true`` the tiles are a dealt hand (13, or 14 for the dealer)
    and the final-hand keys must be left out.
    """
    if not isinstance(data, dict):
        body = {"where": "the request", "where_zh": "请求内容", "value": show_value(data)}
        raise RoundInvalid([make_error("", "not_an_object", **body)])
    errors = [make_error(str(k), "unknown_field") for k in data if k not in REQUEST_KEYS]
    if "tiles" not in data:
        errors.append(make_error("tiles", "required"))
    flags: dict[str, bool] = {}
    for key in REQUEST_BOOLS:
        value = data.get(key, False)
        if isinstance(value, bool):
            flags[key] = value
        else:
            wrong_type(errors, key, "a boolean", value)
    gang = data.get("gang")
    if gang is not None and gang not in GANG_CONTEXTS:
        choices = ", ".join(GANG_CONTEXTS)
        errors.append(make_error("gang", "invalid_choice", choices=choices, value=show_value(gang)))
    rules, rule_errors = parse_ruleset(data.get("ruleset", DEFAULT_PRESET), field="ruleset")
    errors += rule_errors
    if flags.get("opening"):
        given = [k for k in _FINAL_ONLY if data.get(k) not in (None, False, [])]
        errors += [tile_error(k, "not_for_opening") for k in given]
        counts, tile_errors = read_opening_hand(
            data.get("tiles"), dealer=flags.get("dealer", False)
        )
        errors += tile_errors
        if errors or counts is None:
            raise RoundInvalid(errors)
        return analyse_opening_counts(counts, dealer=flags["dealer"])
    hand, tile_errors = read_final_hand(
        data.get("tiles"), melds=data.get("melds"), win_tile=data.get("win_tile")
    )
    errors += tile_errors
    if not errors:
        try:
            situational_context(
                self_draw=flags["self_draw"],
                dealer=flags["dealer"],
                haidi=flags["haidi"],
                gang=gang,
                first_discard=flags["first_discard"],
            )
        except RoundInvalid as exc:
            errors += exc.errors
    if errors or hand is None or rules is None:
        raise RoundInvalid(errors)
    return analyse_hand(
        hand,
        self_draw=flags["self_draw"],
        dealer=flags["dealer"],
        haidi=flags["haidi"],
        gang=gang,
        first_discard=flags["first_discard"],
        rules=rules,
    )


__all__ = [
    "Decomposition",
    "HandAnalysis",
    "OpeningAnalysis",
    "analyse",
    "analyse_hand",
    "analyse_opening",
    "analyse_opening_counts",
    "analyse_request",
    "claim_chips",
    "claim_units",
    "final_facts",
    "hand_decompositions",
    "situational_context",
    "situational_miss",
]
