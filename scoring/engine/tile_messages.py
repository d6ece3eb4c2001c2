"""Messages for the tile and hand-analysis error codes, in English and Chinese.

Same shape as ``messages.MESSAGES`` (code: (English template, Chinese template)),
filled from ``FieldError.params``; :func:`tile_error` builds the error. Kept apart
from ``messages`` because this side (tiles, melds, claims checked against tiles)
has its own owner. ``messages`` merges ``TILE_MESSAGES`` into its catalogue so that
``messages.error_message_zh`` shows these errors in Chinese too.
"""

from __future__ import annotations

from typing import Any

from scoring.engine.errors import FieldError

TILE_MESSAGES: dict[str, tuple[str, str]] = {
    # --- tile notation ------------------------------------------------------------
    "tiles_not_text": (
        "{field} must be tiles written like 123m456s789p55m, got {value}",
        "{field} 应写成 123m456s789p55m 这样的牌，收到 {value}",
    ),
    "tiles_empty": ("{field}: no tiles given", "{field}：没有给出牌"),
    "tile_zero": (
        "{field}: '0' at position {position} of {text} is not a tile (ranks are 1-9)",
        "{field}：{text} 第 {position} 个字符 '0' 不是牌（点数为 1–9）",
    ),
    "tile_unknown_suit": (
        "{field}: unknown suit {char} at position {position} of {text} (suits are m 万, "
        "s 条/索, p 筒/饼; Changsha mahjong has no honours)",
        "{field}：{text} 第 {position} 个字符 {char} 不是花色（花色为 m 万、s 条/索、p 筒/饼，"
        "长沙麻将没有字牌）",
    ),
    "tile_unknown_character": (
        "{field}: unexpected {char} at position {position} of {text}",
        "{field}：{text} 第 {position} 个字符 {char} 无法识别",
    ),
    "tile_suit_without_rank": (
        "{field}: suit {char} at position {position} of {text} has no rank before it",
        "{field}：{text} 第 {position} 个字符 {char} 前面没有点数",
    ),
    "tile_missing_suit": (
        "{field}: {text} ends with ranks that have no suit letter after them",
        "{field}：{text} 末尾的点数后面缺少花色",
    ),
    "not_one_tile": (
        "{field} must be exactly one tile such as 5m, got {text}",
        "{field} 必须是一张牌，如 5m，收到 {text}",
    ),
    "tile_fifth_copy": (
        "{field}: {tile} appears {count} times (melds included); there are only 4 of each tile",
        "{field}：{tile_zh} 出现了 {count} 次（含副露），每种牌只有 4 张",
    ),
    "tile_count": (
        "{field}: {count} tiles; {expected} are needed ({why})",
        "{field}：共 {count} 张牌，应为 {expected} 张（{why_zh}）",
    ),
    "win_tile_not_in_hand": (
        "{field}: the winning tile {tile} is not among the concealed tiles {tiles} "
        "(they include the winning tile)",
        "{field}：胡的牌 {tile_zh} 不在手牌 {tiles} 中（手牌应包含胡的那张牌）",
    ),
    # --- melds ----------------------------------------------------------------------
    "melds_not_list": (
        '{field} must be a list of melds like {{"kind": "peng", "tiles": "555m"}}',
        "{field} 应是副露列表，每组副露写明类型（吃、碰、杠等）和牌",
    ),
    "meld_not_object": (
        '{field}: a meld is an object like {{"kind": "peng", "tiles": "555m"}}',
        "{field}：每组副露要写明类型（吃、碰、杠等）和牌",
    ),
    "meld_unknown_key": ("{field} is not a meld key", "{field} 不是副露的字段"),
    "meld_kind_unknown": (
        "{field}: meld kind {value} is not one of chi, peng, gang, angang, buzhang",
        "{field}：副露类型 {value} 不对，只能是吃、碰、明杠、暗杠或补张",
    ),
    "meld_malformed": (
        "{field}: {kind} {text} is not {rule}",
        "{field}：{kind_zh} {text} 不是{rule_zh}",
    ),
    "melds_too_many": (
        "{field}: {count} melds; a hand has at most 4",
        "{field}：{count} 组副露，一手牌最多 4 组",
    ),
    # --- claims checked against the tiles -----------------------------------------
    "not_a_winning_hand": (
        "{field}: {tiles} is not a winning hand ({reason}); claimed: {claimed}",
        "{field}：{tiles} 不是和牌（{reason_zh}）；所报牌型：{claimed_zh}",
    ),
    "haohua_wrong_quads": (
        "{field}: {code} ({name_zh}) needs exactly {needed} quad(s) in seven pairs; the "
        "tiles {tiles} hold {held}",
        "{field}：{name_zh}要求七小对中恰好有 {needed} 个四张，手牌 {tiles} 有 {held} 个",
    ),
    "menqing_exposed": (
        "{field}: 门清 (menqing) allows no 吃/碰/明杠/补张 meld, but the hand {tiles} has one",
        "{field}：门清不能有吃、碰、明杠或补张，手牌 {tiles} 有",
    ),
    "quanqiuren_pair_not_258": (
        "{field}: under 全求人必须吊将 (quanqiuren_pair 258) the pair must be a 2, 5 or 8; "
        "the tiles {tiles} pair another rank",
        "{field}：全求人必须吊 2、5、8 将，手牌 {tiles} 的将不是 2、5、8",
    ),
    "hand_not_held": (
        "{field}: {code} ({name_zh}) is claimed but the tiles {tiles} do not have it: {reason}",
        "{field}：报了{name_zh}，但手牌 {tiles} 不是{name_zh}：{reason_zh}",
    ),
    "situational_pair_rule": (
        "{field}: {code} ({name_zh}) needs {rule} under situational_pair {pair_rule}; "
        "the tiles {tiles} have neither",
        "{field}：按本规则的将规则，{name_zh}需要{rule_zh}，手牌 {tiles} 都不满足",
    ),
    "situational_needs_dealt_hand": (
        "{field}: {code} ({name_zh}) is won on the dealt tiles, so the hand has no melds",
        "{field}：{name_zh}是起手牌直接胡，不能有副露",
    ),
    "situational_needs_kong": (
        "{field}: {code} ({name_zh}) is won on a kong's replacement tile, but the melds have "
        "no kong (gang or angang) of the winner",
        "{field}：{name_zh}是开杠补牌后胡，但副露中没有胡牌者的明杠或暗杠",
    ),
    "no_hand_in_tiles": (
        "{field}: the tiles {tiles} form no hand type by themselves ({reason}); list the hands "
        "(e.g. the situational one)",
        "{field}：手牌 {tiles} 本身不构成牌型（{reason_zh}），请列出牌型（如海底、杠上开花等）",
    ),
    "opening_not_held": (
        "{field}: {code} ({name_zh}) is claimed {claimed} time(s) but the dealt tiles {tiles} "
        "hold it {held} time(s)",
        "{field}：{name_zh}报了 {claimed} 次，但起手牌 {tiles} 只有 {held} 次",
    ),
    "no_opening_hand": (
        "{field}: the dealt tiles {tiles} hold no opening hand (起手胡)",
        "{field}：起手牌 {tiles} 没有起手胡牌型",
    ),
    # --- analysis context -----------------------------------------------------------
    "context_conflict": ("{field}: {reason}", "{field}：{reason_zh}"),
    "not_for_opening": (
        "{field} describes a final hand; it does not apply to an opening hand (起手胡)",
        "{field} 只用于胡牌，不适用于起手胡",
    ),
}


def tile_error(field: str, code: str, /, **params: Any) -> FieldError:
    """A FieldError for ``code`` whose English message is filled from ``params``."""
    params["field"] = field or "input"
    return FieldError(field, code, TILE_MESSAGES[code][0].format(**params), params)
