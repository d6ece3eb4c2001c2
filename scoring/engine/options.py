"""The ruleset options' catalogue (rules.md §7, §9, §10): each parameter's names in both
languages, its allowed values with their words, its bounds and its one-line explanation;
the presets' names and the seed text each preset value comes from; a kong's kinds.

The parser (``rules.parse_ruleset``) accepts exactly the values declared here, and the
pages, the API's schema and the rules page read their words and bounds from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from scoring.engine.hands import HAND_TYPES, OPTION_OF
from scoring.engine.words import MELDS, ValueLabel


class PresetInfo(NamedTuple):
    name_zh: str
    name_en: str
    source: str


PRESET_INFO: MappingProxyType[str, PresetInfo] = MappingProxyType(
    {
        "changsha-67": PresetInfo(
            "双杠双鸟六七片", "Double kong, two birds, 6/7 chips", "000 篇二 (second half)"
        ),
        "changsha-tongzhuang": PresetInfo(
            "通庄单鸟", "Shared dealers, one bird", "001 长沙麻将的完全规则"
        ),
        "changsha-points": PresetInfo("积分场", "Points room", "000 篇一"),
        "changsha-online": PresetInfo("双鸟翻倍", "Two birds, doubling", "000 篇三"),
    }
)


class ParamInfo(NamedTuple):
    name_zh: str
    name_en: str
    allowed: str  # JSON type and allowed values, as in rules.md §7
    description: str
    description_zh: str  # the same line in Chinese, for the pages
    # Each allowed value of a choice, yes/no or list parameter with its words; the parser
    # accepts exactly these values. Empty for numbers and amount tables.
    values: Mapping[Any, ValueLabel] = MappingProxyType({})
    # The (min, max) of an integer parameter, declared once here: the parser, the allowed
    # text, the wizard's fields and the API's schema read it. None for everything else.
    bounds: tuple[int, int] | None = None


_YES_NO: Mapping[Any, ValueLabel] = MappingProxyType(
    {True: ValueLabel("是", "Yes"), False: ValueLabel("否", "No")}
)


def _choice(
    name_zh: str,
    name_en: str,
    values: dict[Any, ValueLabel],
    description: str,
    description_zh: str,
) -> ParamInfo:
    """A parameter that takes one of ``values`` (its allowed text is made from them)."""
    allowed = " | ".join(map(str, values))
    return ParamInfo(
        name_zh, name_en, allowed, description, description_zh, MappingProxyType(values)
    )


def _yes_no(name_zh: str, name_en: str, description: str, description_zh: str) -> ParamInfo:
    return ParamInfo(name_zh, name_en, "boolean", description, description_zh, _YES_NO)


def _integer(
    name_zh: str, name_en: str, bounds: tuple[int, int], description: str, description_zh: str
) -> ParamInfo:
    """An integer parameter between ``bounds`` (its allowed text is made from them)."""
    lo, hi = bounds
    allowed = f"integer {lo}-{hi}"
    return ParamInfo(
        name_zh, name_en, allowed, description, description_zh, MappingProxyType({}), bounds
    )


# Each amount of the base and zimo_bonus tables is between 0 and this.
AMOUNT_MAX = 1000
# Each amount of kong_points (rules.md §10.4) is between 0 and this.
_KONG_POINTS_MAX = 100


_V = ValueLabel


# The hand codes extra_small_hands may name: the registry's entries behind that option.
EXTRA_SMALL_HANDS: tuple[str, ...] = tuple(
    code for code, option in OPTION_OF.items() if option == "extra_small_hands"
)

PARAMETER_INFO: MappingProxyType[str, ParamInfo] = MappingProxyType(
    {
        "bird_count": _choice(
            "扎鸟数",
            "Birds",
            {
                0: _V("不扎鸟", "No birds"),
                1: _V("单鸟", "One bird"),
                2: _V("双鸟", "Two birds"),
                4: _V("四鸟", "Four birds"),
                6: _V("六鸟", "Six birds"),
            },
            "Birds drawn per win (不扎鸟 / 单鸟 / 双鸟 / 四鸟 / 六鸟).",
            "每次胡牌翻几只鸟（不扎鸟 / 单鸟 / 双鸟 / 四鸟 / 六鸟）。",
        ),
        "bird_mode": _choice(
            "中鸟计算",
            "Bird multiplier",
            {
                "additive": _V("加法", "Additive"),
                "multiplicative": _V("乘法", "Multiplicative"),
                "points": _V("加分", "Points"),
            },
            "Additive: ×(1 + hits); multiplicative: ×2^hits; points: a fixed amount per hit. "
            "Hits counted on winner and payer.",
            "加法：×(1+中鸟数)；乘法：×2 的中鸟数次方；加分：每中一鸟加固定分。中鸟数只算胡家和付家。",
        ),
        "base": ParamInfo(
            "底分",
            "Base",
            f"object small/big × self_draw/discard, each 0-{AMOUNT_MAX}",
            "Amount of one unit (底) per payer, by win class and win kind.",
            "每个付家付的一底，按小胡/大胡、自摸/点炮分别设定。",
        ),
        "dealer_bonus": _integer(
            "庄分",
            "Dealer bonus",
            (0, 1000),
            "Added to the base when the winner or the payer is a dealer (庄).",
            "胡家或付家是庄家时，底分加上这个数（庄闲）。",
        ),
        "dealer_bonus_per_unit": _yes_no(
            "庄分按番累计",
            "Dealer bonus per unit",
            "Yes: the dealer bonus is counted once per unit (whole amounts added); "
            "no: once per payment.",
            "是：庄分按番数逐番累计；否：每笔付款只加一次。",
        ),
        "zimo_bonus": ParamInfo(
            "自摸加分",
            "Self-draw bonus",
            f"object small/big, each 0-{AMOUNT_MAX}",
            "Added by every payer of a self-draw (自摸加1), never multiplied by birds.",
            "自摸时每个付家另加的分（自摸加1），不乘鸟。",
        ),
        "big_stacking": _choice(
            "大胡叠加",
            "Big hands stacking",
            {"add": _V("叠加", "Add up"), "single": _V("只算一次", "Largest only")},
            "Add up: units = sum of big hand weights (番上番); largest only: the largest "
            "weight only.",
            "叠加：大胡番数相加（番上番）；只算一次：只取最大的一个大胡。",
        ),
        "opening_stacking": _choice(
            "起手胡叠加",
            "Opening hands stacking",
            {"add": _V("叠加", "Add up"), "single": _V("只算一次", "Count once")},
            "Add up: units = number of opening hands; count once: one unit however many.",
            "叠加：几个起手胡算几番；只算一次：不论几个都算一番。",
        ),
        "tongzhuang": _yes_no(
            "通庄",
            "Shared dealers",
            "A round may have several dealers (通庄).",
            "一盘可以有几个庄家（通庄）。",
        ),
        "dealer_vs_dealer": _integer(
            "庄对庄",
            "Dealer against dealer",
            (0, 1000),
            "Under shared dealers (通庄), added when winner and payer are both dealers; never "
            "multiplied.",
            "通庄时胡家和付家都是庄家，另加这个数，不乘鸟（庄对庄）。",
        ),
        "big_in_big_out": _yes_no(
            "大进大出",
            "Big in, big out",
            "A robbed kong or a win on the last tile (海底) costs the payer what they would have "
            "won on a big self-draw.",
            "抢杠胡或海底炮，付家按胡家大胡自摸应得的分赔（大进大出）。",
        ),
        "escape_penalty": _integer(
            "逃跑扣分",
            "Escape penalty",
            (0, 10000),
            "Cost of escaping (逃跑/断线/强退).",
            "逃跑、断线、强退要扣的分。",
        ),
        "escape_distribution": _choice(
            "逃跑分分配",
            "Escape distribution",
            {"burn": _V("作废", "Burned"), "split": _V("平分", "Split")},
            "Burned: nobody receives it; split: the other three get penalty // 3 each, "
            "the remainder is burned.",
            "作废：扣分无人得；平分：其余三家各得三分之一，余数作废。",
        ),
        "situational_pair": _choice(
            "海底/杠胡的将",
            "Pair of situational wins",
            {"258": _V("只能 2/5/8 将", "2/5/8 only"), "any": _V("任意将", "Any pair")},
            "The pair a last-tile, kong or robbed-kong win (海底/杠/抢杠) may use when tiles are "
            "checked: 2/5/8 only, or any.",
            "按牌检查时，海底、杠上开花、抢杠胡的将：只能 2/5/8，或任意对子。",
        ),
        "bird_points": _integer(
            "中鸟加分",
            "Points per bird",
            (0, 1000),
            "With birds scored as points: each bird hit on the winner or payer adds this many points.",
            "中鸟计算为“加分”时，胡家或付家每中一只鸟加这么多分。",
        ),
        "bird_origin": _choice(
            "鸟从谁数",
            "Birds counted from",
            {"dealer": _V("从庄家数", "The dealer"), "winner": _V("从胡家数", "The winner")},
            "Which seat 1/5/9 lands on: the dice dealer, or the winner (the discarder on 通炮).",
            "鸟从谁数起：打骰的庄家，或胡家（通炮时从放炮者数）。",
        ),
        "opening_birds": _yes_no(
            "起手胡扎鸟",
            "Birds on opening wins",
            "No: opening and mid-game wins carry no birds (起手和中途胡不算鸟分).",
            "否：起手胡和中途胡不算鸟分。",
        ),
        "haohua": _yes_no(
            "豪华七小对",
            "Seven pairs with quads",
            "Seven pairs (七小对) holding one, two or three quads score 2, 3 or 4 big hands.",
            "七小对里有一、二、三个四张相同，分别算 2、3、4 个大胡。",
        ),
        "menqing": _choice(
            "门清",
            "Concealed hand",
            {
                "off": _V("不算", "Off"),
                "any": _V("都算", "Any win"),
                "self_draw": _V("仅自摸", "Self-draw only"),
            },
            "A win with no chow, pung, exposed kong or kong replacement (吃/碰/明杠/补张) is a big "
            "hand (self-draw only: only on a self-draw).",
            "没有吃、碰、明杠、补张就胡牌算大胡（仅自摸：只在自摸时算）。",
        ),
        "extra_small_hands": ParamInfo(
            "更多小胡",
            "More small hands",
            "list of " + ", ".join(EXTRA_SMALL_HANDS),
            "Openings: three stepped pairs, pairs of 2p and 2s, a single 2/5/8; mid-game wins: "
            "four of a kind, two triplets.",
            "节节高、金童玉女、一点红（起手胡）和中途四喜、中途六六顺（中途胡）。",
            # the hands' own names, from the registry
            MappingProxyType(
                {
                    code: _V(HAND_TYPES[code].name_zh, HAND_TYPES[code].name_en)
                    for code in EXTRA_SMALL_HANDS
                }
            ),
        ),
        "piao": _choice(
            "飘分",
            "Piao stakes",
            {
                "off": _V("不飘", "No piao"),
                "fixed": _V("坐飘", "Fixed"),
                "free": _V("自由飘", "Free"),
            },
            "Fixed (坐飘): every seat stakes the fixed piao; free (自由飘): each seat picks 0 "
            "up to the free piao maximum. "
            "Each final-win payment adds the winner's and the payer's stakes.",
            "坐飘：每家都飘固定分；自由飘：每家自选 0 到上限。每笔胡牌付款加上胡家和付家的飘分。",
        ),
        "piao_value": _integer(
            "坐飘分", "Fixed piao", (0, 100), "The stake under fixed.", "坐飘时每家飘的分。"
        ),
        "piao_max": _integer(
            "自由飘上限",
            "Free piao maximum",
            (0, 100),
            "The highest stake under free.",
            "自由飘时最多能飘的分。",
        ),
        "cap": _integer(
            "封顶",
            "Cap",
            (0, 100000),
            "Each final-win payment is at most this much; 0: no cap.",
            "每笔胡牌付款最多付这么多；0 为不封顶。",
        ),
        "double_kong": _choice(
            "双杠计分",
            "Double kong",
            {"weight": _V("按番", "By weight"), "per_tile": _V("按张", "Per tile")},
            "By weight: a win on both kong draws or both kong discards (双杠上花/双杠上炮) is 2 "
            "big hands; per tile: each of the two kong tiles counts as a win with the hand's "
            "other big hands, and the two add up (Full flush (清一色) with both kong draws: "
            "4 big hands).",
            "按番：双杠上花 / 双杠上炮算 2 个大胡；按张：两张杠牌各连同其他大胡算一次，两次相加"
            "（清一色双杠上花算 4 个大胡）。",
        ),
        "quanqiuren_pair": _choice(
            "全求人必须吊将",
            "All-melded pair",
            {"any": _V("任意将", "Any pair"), "258": _V("必须 2/5/8 将", "2/5/8 only")},
            "2/5/8 only: all melded (全求人) on its own must pair a 2, 5 or 8 (checked when tiles "
            "are given).",
            "必须 2/5/8 将：全求人单独胡时必须吊 2、5、8 将（按牌检查）。",
        ),
        # rules.md §10: tables of three and two, kong payments, the apps' readings
        "players": _choice(
            "人数",
            "Players",
            {4: _V("四人", "Four"), 3: _V("三人", "Three"), 2: _V("二人", "Two")},
            "Seats at the table: a self-draw is paid by every other seat, and one discard "
            "may have every other seat as a winner (three at four, two at three).",
            "一桌几个人：自摸由其余每家付，一炮最多其余各家同时胡（四人三家，三人两家）。",
        ),
        "empty_birds": _choice(
            "空鸟",
            "Empty birds",
            {
                "48": _V("四八空鸟", "4 and 8 land on nobody"),
                "37": _V("对家空", "The opposite seat is empty"),
                "none": _V("鸟不落空", "Every bird lands"),
            },
            "At three or two players, where a bird whose seat is missing lands: on nobody "
            "(四八空鸟: 4/8 at three players; 对家空: 3/7), or counted round the seats "
            "there are (鸟不落空).",
            "三人或二人时，落在空位上的鸟怎么算：四八空鸟（三人时 4、8 鸟落空）、对家空"
            "（3、7 鸟落空），或按实际人数轮数、鸟不落空。",
        ),
        "quyimen": _yes_no(
            "缺一门",
            "No bamboos (two players)",
            "Two players only: the bamboo suit (条) is removed (72 tiles); missing suit, same "
            "rank in three suits and pairs of 2p and 2s are not played.",
            "仅限二人：去掉条子，只用万、筒 72 张；不算缺一色、三同、金童玉女。",
        ),
        "kong_pay": _yes_no(
            "杠分",
            "Kong payments",
            "Every kong that stood is paid at once, apart from the win: no birds, bonuses, "
            "piao or cap.",
            "每个成立的杠都另外收分，与胡牌分开：不乘鸟、不加庄分、不加飘、不封顶。",
        ),
        "kong_points": ParamInfo(
            "杠分分值",
            "Kong points",
            f"object an/jia/ming, each 0-{_KONG_POINTS_MAX}",
            "A concealed kong (暗杠, an) and an added kong (加杠, jia): each other seat pays this "
            "much; a kong on a discard (放杠, ming): the discarder pays it once for each other "
            "seat.",
            "暗杠、加杠：其余每家各付这么多；放杠：放杠的人按其余家数一人包付。",
        ),
        "menqing_scope": _choice(
            "门清范围",
            "Concealed hand scope",
            {
                "standard": _V("只算四句话", "Standard hands"),
                "concealed": _V("不吃不碰都算", "Any concealed win"),
            },
            "Standard hands: a concealed hand (门清) needs 4 sets and a pair and never goes with "
            "seven pairs, a heavenly or an earthly hand; any concealed win: it goes with any "
            "win with no chow, pung, exposed kong or kong replacement (never with all melded).",
            "只算四句话：门清要四句话加一对将，不和七小对、天胡、地胡同报；不吃不碰都算："
            "没有吃、碰、明杠、补张的胡牌都算门清（全求人除外）。",
        ),
        "yizhihua": _choice(
            "一支花",
            "One flower",
            {
                "suit": _V("一门只有一张五", "One suit holds a lone 5"),
                "either": _V("或只有一张将牌且是五", "Or the lone 2/5/8 tile is a 5"),
            },
            "One suit holds a single tile, a 5; or also: the dealt hand holds a single "
            "2/5/8 tile, and it is a 5.",
            "某一门只有一张牌且是五；或者：起手牌只有一张 2、5、8，而且是五。",
        ),
        "tianhu_pair": _choice(
            "天胡地胡的将",
            "Pair of the heavenly and earthly hands",
            {
                "any": _V("任意将", "Any pair"),
                "situational": _V("同海底/杠胡", "As situational wins"),
            },
            "Any pair, or the pair rule of the other situational wins.",
            "天胡、地胡可用任意将，或与海底、杠胡用同样的将规则。",
        ),
        "haohua_levels": _choice(
            "豪华七小对等级",
            "Seven-pairs levels",
            {3: _V("到三豪华", "Up to three quads"), 2: _V("到双豪华", "Up to two quads")},
            "Up to two quads: seven pairs with two quads or more score as two quads (three "
            "quads, 三豪华, is not played).",
            "到双豪华：七小对有两个或以上四张相同，都算双豪华（不算三豪华）。",
        ),
        "short_wall_birds": _choice(
            "牌不够扎鸟",
            "Birds from a short wall",
            {
                "repeat": _V("海底补齐", "The last tile fills in"),
                "as_drawn": _V("有几张扎几张", "As many as drawn"),
            },
            "When the wall holds fewer tiles than birds: the last tile stands for each "
            "missing bird, or only the birds drawn count (at least one).",
            "牌墙剩的牌不够扎鸟时：用海底牌补齐，或有几张扎几张（至少一张）。",
        ),
    }
)

# The table options (rules.md §9): the same default and source in every preset.
OPTION_PARAMETERS: tuple[str, ...] = (
    "bird_points",
    "bird_origin",
    "opening_birds",
    "haohua",
    "menqing",
    "extra_small_hands",
    "piao",
    "piao_value",
    "piao_max",
    "cap",
    "double_kong",
    "quanqiuren_pair",
)
# The parameters of rules.md §10: likewise the same default and source in every preset.
TABLE_PARAMETERS: tuple[str, ...] = (
    "players",
    "empty_birds",
    "quyimen",
    "kong_pay",
    "kong_points",
    "menqing_scope",
    "yizhihua",
    "tianhu_pair",
    "haohua_levels",
    "short_wall_birds",
)
# When a parameter has an effect (rules.md §10.5, and the stakes and bird points of §9):
# the parameter it depends on and the values of that one at which it counts. Otherwise
# it is accepted and changes nothing, except 缺一门, which is refused away from two
# players (rules.md §10.3).
TAKES_EFFECT: MappingProxyType[str, tuple[str, tuple[object, ...]]] = MappingProxyType(
    {
        "piao_value": ("piao", ("fixed",)),
        "piao_max": ("piao", ("free",)),
        "bird_points": ("bird_mode", ("points",)),
        "empty_birds": ("players", (3, 2)),
        "quyimen": ("players", (2,)),
        "kong_points": ("kong_pay", (True,)),
        "haohua_levels": ("haohua", (True,)),
        "menqing_scope": ("menqing", ("any", "self_draw")),
    }
)


def takes_effect(key: str, values: Mapping[str, Any]) -> bool:
    """Whether parameter ``key`` changes anything in a ruleset of these ``values``
    (``TAKES_EFFECT``; a parameter not listed there always does)."""
    found = TAKES_EFFECT.get(key)
    return found is None or values.get(found[0]) in found[1]


class KongWords(NamedTuple):
    """One kind of kong (rules.md §10.4) in words: its name and who pays for it."""

    name: ValueLabel
    payers: ValueLabel


# The kinds of kong a round's ``kongs`` names and ``kong_points`` prices, in words.
KONG_KINDS: MappingProxyType[str, KongWords] = MappingProxyType(
    {
        "an": KongWords(
            MELDS["angang"],
            _V("其余每家各付这么多。", "Each other seat pays this much."),
        ),
        "jia": KongWords(
            _V("加杠", "Added kong"),
            _V("其余每家各付这么多。", "Each other seat pays this much."),
        ),
        "ming": KongWords(
            _V("放杠", "Kong on a discard"),
            _V(
                "放杠的人一人包付：这么多乘其余家数。",
                "The discarder alone pays this much for each other seat.",
            ),
        ),
    }
)
# The bounds of each amount of kong_points, for the forms (the parser checks them).
KONG_POINTS_BOUNDS: tuple[int, int] = (0, _KONG_POINTS_MAX)

_OPTION_SOURCE = "rules.md §9 table option (default)"
_TABLE_SOURCE = "rules.md §10 (default)"

PARAMETERS: tuple[str, ...] = tuple(PARAMETER_INFO)

# Where each preset's value of each parameter comes from (seed passages).
_SEED_SOURCES: dict[str, dict[str, str]] = {
    "changsha-67": (
        {
            "bird_count": "000 篇二 7 扎鸟：以牌墙上按轮序的第1张和第2张牌为鸟牌",
            "bird_mode": "000 篇二 例1–11：中1只鸟出双倍，中2只鸟出三倍",
            "base": "000 篇二 11：平胡底1；大胡底分按6倍计算，不再大货自摸减半",
            "dealer_bonus": "000 篇二 11：底1、庄1",
            "dealer_bonus_per_unit": "rules.md §7 (篇二 gives no stacked example)",
            "zimo_bonus": "000 篇二 9 自摸加1",
            "big_stacking": "rules.md §7 (篇二 silent; add)",
            "opening_stacking": "000 篇二 13：如果起手胡牌时同时有2种…则只算一种",
            "tongzhuang": "000 篇二 10：在双杠双鸟六七片中不再有通庄的玩法",
            "dealer_vs_dealer": "000 篇二 10 (no 通庄, so no 庄对庄)",
            "big_in_big_out": "rules.md §7 (大进大出 is 001 only)",
            "escape_penalty": "rules.md §7 (篇二 has no escape penalty)",
            "escape_distribution": "rules.md §7",
            "situational_pair": "000 篇二 14：大货都可以不用258将",
        }
    ),
    "changsha-tongzhuang": (
        {
            "bird_count": "001 八：以牌墙上按轮序的第一张牌为鸟牌",
            "bird_mode": "001 八 3：如果中鸟，则放炮方须出双倍",
            "base": "001 十一<一> 平胡底1；十一<四> 大胡自摸底分减半（底3），点炮底6",
            "dealer_bonus": "001 十一<一>：底莊1",
            "dealer_bonus_per_unit": "rules.md §7 (001 gives no stacked example)",
            "zimo_bonus": "001 (no 自摸加1)",
            "big_stacking": "rules.md §7 (001 silent; add)",
            "opening_stacking": "rules.md §7 (001 lists no opening hands)",
            "tongzhuang": "001 十 通莊",
            "dealer_vs_dealer": "001 十 2 莊對莊：在扎鳥之外要多付一片子",
            "big_in_big_out": "001 十一<五> 大進大出",
            "escape_penalty": "rules.md §7 (001 has no escape penalty)",
            "escape_distribution": "rules.md §7",
            "situational_pair": "001 五 3、六 4：佯將",
        }
    ),
    "changsha-points": (
        {
            "bird_count": "000 篇一 五 2 A：再摸紧跟着的牌即为鸟",
            "bird_mode": "000 篇一 四 注2：被扎鸟的玩家赢输计分翻倍",
            "base": "000 篇一 四 1–4：小胡10分；大胡自摸30分，大胡捉炮60分",
            "dealer_bonus": "000 篇一 四：庄家多输10分",
            "dealer_bonus_per_unit": "000 篇一 四 注1：大胡之间可以累计计算（算加法）",
            "zimo_bonus": "000 篇一 (no 自摸加分)",
            "big_stacking": "000 篇一 四 注1：大胡之间可以累计计算",
            "opening_stacking": "000 篇一 四 注1：小胡和小胡之间能组合累计（如四喜+六六顺）",
            "tongzhuang": "000 篇一 (no 通庄)",
            "dealer_vs_dealer": "000 篇一 (no 通庄, so no 庄对庄)",
            "big_in_big_out": "rules.md §7 (大进大出 is 001 only)",
            "escape_penalty": "000 篇一 四 5：逃跑、断线、强退扣除70分",
            "escape_distribution": "000 篇一 四 5：所有场…不予以分配给其他玩家",
            "situational_pair": "000 篇一 三 3(6)：需要将",
        }
    ),
    "changsha-online": (
        {
            "bird_count": "000 篇三 六 2：再摸紧跟着的两张牌即为鸟",
            "bird_mode": "000 篇三 五 2：2分*2*2＋1分＝9分",
            "base": "000 篇三 五 1–4：小胡1分；大胡各输6分",
            "dealer_bonus": "000 篇三 五：庄家输2分；大胡6+1分",
            "dealer_bonus_per_unit": "000 篇三 五 3：双杠上炮的计分为6分*2+1分=13分",
            "zimo_bonus": "000 篇三 五 2：小胡自摸＋1分 (大胡 none)",
            "big_stacking": "000 篇三 六 4 番上番",
            "opening_stacking": "rules.md §7",
            "tongzhuang": "000 篇三 (no 通庄)",
            "dealer_vs_dealer": "000 篇三 (no 通庄, so no 庄对庄)",
            "big_in_big_out": "rules.md §7 (大进大出 is 001 only)",
            "escape_penalty": "rules.md §7 (篇三 has no escape penalty)",
            "escape_distribution": "rules.md §7",
            "situational_pair": "000 篇三 四：需将",
        }
    ),
}
PRESET_SOURCES: MappingProxyType[str, MappingProxyType[str, str]] = MappingProxyType(
    {
        code: MappingProxyType(
            {
                **seeds,
                **dict.fromkeys(OPTION_PARAMETERS, _OPTION_SOURCE),
                **dict.fromkeys(TABLE_PARAMETERS, _TABLE_SOURCE),
            }
        )
        for code, seeds in _SEED_SOURCES.items()
    }
)
