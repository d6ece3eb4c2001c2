"""The hand-type predicates the registry (``hands.HAND_TYPES[code].check``) points to.

Each predicate reads a precomputed facts object and answers for one hand type:

- final types take :class:`FinalFacts` and return a bool: for a shape type, "the
  tiles have this shape" (rules.md §2.2, each condition read exactly); for a
  situational type, "these tiles may win this way" (the 需将 pair rule of
  ``situational_pair``, plus what the situation needs of the tiles);
- opening types take :class:`OpeningFacts` and return the number of occurrences
  (0 when absent; 四喜 counts each distinct quad).

Facts are built by ``analysis``; this module only reads them (and imports nothing
from the registry, which imports it).
"""

from __future__ import annotations

from scoring.engine.suit_tables import JIANG, JIANG_INDEXES, PAIRS, PENG, PING, STD


class FinalFacts:
    """What the predicates need to know about a final hand, all precomputed.

    ``flags`` is the AND of the three suits' table flags (see ``suit_tables``);
    ``suits`` is the bit set of suits present among all 14 tiles (melds included).
    """

    __slots__ = (
        "flags",
        "suits",
        "n_melds",
        "n_exposed",
        "n_dice_kongs",
        "has_chi",
        "melds_jiang",
        "self_draw",
        "any_pair",
        "n_quads",
        "dealt_pair_rule",
    )

    def __init__(
        self,
        flags: int,
        suits: int,
        n_melds: int,
        n_exposed: int,
        n_dice_kongs: int,
        has_chi: bool,
        melds_jiang: bool,
        self_draw: bool,
        any_pair: bool,
        n_quads: int = 0,
        dealt_pair_rule: bool = False,
    ) -> None:
        self.flags = flags
        self.suits = suits
        self.n_melds = n_melds
        self.n_exposed = n_exposed  # 吃/碰/明杠/补张 (not 暗杠)
        self.n_dice_kongs = n_dice_kongs  # 明杠/暗杠: the kongs opened with the dice (开杠)
        self.has_chi = has_chi
        self.melds_jiang = melds_jiang  # every meld tile is a 2, 5 or 8
        self.self_draw = self_draw
        self.any_pair = any_pair  # the ruleset's situational_pair is "any"
        self.n_quads = n_quads  # concealed tiles held four times (not declared kongs)
        # 天胡/地胡 follow the pair rule of the other situational wins (the ruleset's
        # tianhu_pair is "situational", rules.md §10.5)
        self.dealt_pair_rule = dealt_pair_rule


class OpeningFacts:
    """A dealt hand's 27 counts and its three suit totals."""

    __slots__ = ("counts", "suit_totals")

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts
        self.suit_totals = (sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]))


# --- final shape types (rules.md §2.2) ---------------------------------------


def is_standard(f: FinalFacts) -> bool:
    """4 sets + 1 pair, melds counted as sets, any pair."""
    return bool(f.flags & STD)


def pinghu(f: FinalFacts) -> bool:
    """平胡: a standard hand whose pair has rank 2, 5 or 8."""
    return bool(f.flags & PING)


def pengpenghu(f: FinalFacts) -> bool:
    """碰碰胡: a standard hand, every set a triplet or kong (no 吃), any pair."""
    return bool(f.flags & PENG) and not f.has_chi


def jiangjianghu(f: FinalFacts) -> bool:
    """将将胡: all 14 tiles, melds included, are 2/5/8; no structure needed."""
    return bool(f.flags & JIANG) and f.melds_jiang


def qixiaodui(f: FinalFacts) -> bool:
    """七小对: 14 concealed tiles in 7 pairs (a quad is two pairs); no melds."""
    return f.n_melds == 0 and bool(f.flags & PAIRS)


def qingyise(f: FinalFacts) -> bool:
    """清一色: all 14 tiles of one suit, and a standard hand (any pair) or seven pairs."""
    return f.suits in (1, 2, 4) and (bool(f.flags & STD) or qixiaodui(f))


def quanqiuren(f: FinalFacts) -> bool:
    """全求人: four exposed melds; the single concealed tile paired by the winning discard."""
    return f.n_exposed == 4 and not f.self_draw and bool(f.flags & STD)


def haohua_1(f: FinalFacts) -> bool:
    """豪华七小对: seven pairs with exactly one quad."""
    return qixiaodui(f) and f.n_quads == 1


def haohua_2(f: FinalFacts) -> bool:
    """双豪华七小对: seven pairs with exactly two quads."""
    return qixiaodui(f) and f.n_quads == 2


def haohua_3(f: FinalFacts) -> bool:
    """三豪华七小对: seven pairs with exactly three quads."""
    return qixiaodui(f) and f.n_quads == 3


def menqing(f: FinalFacts) -> bool:
    """门清: no 吃/碰/明杠/补张 (暗杠 allowed), a standard hand; with a 2/5/8 pair unless
    another big shape (碰碰胡, 将将胡, 清一色) holds (rules.md §9.3)."""
    if f.n_exposed or not f.flags & STD:
        return False
    return bool(f.flags & PING) or pengpenghu(f) or jiangjianghu(f) or qingyise(f)


def big_shape(f: FinalFacts) -> bool:
    """One of the big shape hands holds (rules.md §2.2 lists these five)."""
    return pengpenghu(f) or jiangjianghu(f) or qingyise(f) or qixiaodui(f) or quanqiuren(f)


# --- situational types: may these tiles win this way? ----------------------------


def pair_rule(f: FinalFacts) -> bool:
    """The ruleset's 需将 rule (``situational_pair``): with ``"258"`` a standard hand
    with a 2/5/8 pair or a big shape; with ``"any"`` any standard hand or a big shape."""
    return bool(f.flags & (STD if f.any_pair else PING)) or big_shape(f)


def dealt_hand_rule(f: FinalFacts) -> bool:
    """天胡/地胡: won on the dealt tiles (no melds yet), any pair under both settings of
    ``situational_pair``; under ``tianhu_pair: "situational"`` (rules.md §10.5) the
    pair rule of the other situational wins."""
    if f.n_melds:
        return False
    if f.dealt_pair_rule:
        return pair_rule(f)
    return bool(f.flags & STD) or big_shape(f)


def own_kong_rule(f: FinalFacts) -> bool:
    """杠上开花/双杠上花: the pair rule, and the winner has opened a kong (明杠/暗杠)."""
    return f.n_dice_kongs > 0 and pair_rule(f)


# --- opening types (rules.md §2.1): occurrence counts ----------------------------


def sixi(o: OpeningFacts) -> int:
    """四喜: each distinct tile held four times is one occurrence."""
    return sum(1 for n in o.counts if n == 4)


def banbanhu(o: OpeningFacts) -> int:
    """板板胡: no tile of rank 2, 5 or 8."""
    c = o.counts
    return int(not any(c[s + i] for s in (0, 9, 18) for i in JIANG_INDEXES))


def queyise(o: OpeningFacts) -> int:
    """缺一色: at least one of the three suits is absent."""
    return int(0 in o.suit_totals)


def liuliushun(o: OpeningFacts) -> int:
    """六六顺: at least two distinct tiles held three times or more (a quad counts)."""
    return int(sum(1 for n in o.counts if n >= 3) >= 2)


def santong(o: OpeningFacts) -> int:
    """三同: some rank held at least twice in each of the three suits."""
    c = o.counts
    return int(any(c[r] >= 2 and c[r + 9] >= 2 and c[r + 18] >= 2 for r in range(9)))


def jiejiegao(o: OpeningFacts) -> int:
    """节节高: three consecutive ranks of one suit, each held at least twice."""
    c = o.counts
    return int(
        any(
            c[b + r] >= 2 and c[b + r + 1] >= 2 and c[b + r + 2] >= 2
            for b in (0, 9, 18)
            for r in range(7)
        )
    )


def jintongyunv(o: OpeningFacts) -> int:
    """金童玉女: at least two 2筒 (2p) and at least two 2条 (2s)."""
    c = o.counts
    return int(c[19] >= 2 and c[10] >= 2)


def yidianhong(o: OpeningFacts) -> int:
    """一点红: exactly one tile of rank 2, 5 or 8."""
    c = o.counts
    return int(sum(c[s + i] for s in (0, 9, 18) for i in JIANG_INDEXES) == 1)


def yizhihua(o: OpeningFacts) -> int:
    """一支花: some suit has exactly one tile, and that tile is a 5."""
    c = o.counts
    return int(any(o.suit_totals[s] == 1 and c[9 * s + 4] == 1 for s in range(3)))


def yizhihua_either(o: OpeningFacts) -> int:
    """一支花 read as the apps read it (``yizhihua: "either"``, rules.md §10.5): the suit
    reading, or exactly one tile of rank 2, 5 or 8 in the dealt hand, and it is a 5."""
    c = o.counts
    return int(bool(yizhihua(o)) or (yidianhong(o) == 1 and c[4] + c[13] + c[22] == 1))
