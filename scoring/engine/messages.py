"""Error messages for every validation code, in English and Chinese.

Each code has one English and one Chinese ``str.format`` template. The placeholders
are filled from ``FieldError.params`` (which always holds ``field``), so the site can
show any error in Chinese with :func:`error_message_zh`.
"""

from __future__ import annotations

import json
from typing import Any

from scoring.engine.errors import FieldError
from scoring.engine.hands import HAND_TYPES
from scoring.engine.tile_messages import TILE_MESSAGES
from scoring.engine.words import OUTCOMES, SEATS

# code: (English template, Chinese template)
MESSAGES: dict[str, tuple[str, str]] = {
    # --- shapes and types -------------------------------------------------------
    "not_an_object": (
        "{where} must be a JSON object, got {value}",
        "{where_zh}必须是 JSON 对象，收到 {value}",
    ),
    "required": ("{field} is required", "缺少必填字段 {field}"),
    "unknown_field": ("{field} is not a known field", "{field} 不是可识别的字段"),
    "wrong_type": (
        "{field} must be {expected}, got {value}",
        "{field} 应为{expected_zh}，收到 {value}",
    ),
    "out_of_range": (
        "{field} must be between {min} and {max}, got {value}",
        "{field} 应在 {min} 到 {max} 之间，收到 {value}",
    ),
    "invalid_choice": (
        "{field} must be one of {choices}, got {value}",
        "{field} 只能是 {choices} 之一，收到 {value}",
    ),
    "wrong_length": (
        "{field} must have {expected} entries, got {count}",
        "{field} 应有 {expected} 项，收到 {count} 项",
    ),
    "too_long": (
        "{field} must be at most {max} characters, got {count}",
        "{field} 最多 {max} 个字符，收到 {count} 个",
    ),
    "duplicate_name": (
        "{field}: {name} is listed twice",
        "{field}：{name} 出现了两次",
    ),
    "malformed_json": ("the body is not valid JSON: {detail}", "请求内容不是有效的 JSON：{detail}"),
    "unsupported_media_type": (
        "the body must be JSON (Content-Type: application/json), got {value}",
        "请求内容必须是 JSON 格式，收到 {value}",
    ),
    # --- ruleset ----------------------------------------------------------------
    "unknown_preset": (
        "{field}: unknown ruleset preset {value}; known presets are {choices}",
        "{field}：未知的规则预设 {value}，可用预设为 {choices}",
    ),
    "unknown_parameter": (
        "{field} is not a ruleset parameter",
        "{field} 不是规则参数",
    ),
    # --- seats and dealers ------------------------------------------------------
    "invalid_seat": (
        "{field} must be a seat 0-3, got {value}",
        "{field} 必须是座位号 0–3，收到 {value}",
    ),
    "duplicate_seat": (
        "{field}: seat {seat} is listed twice",
        "{field}：{seat_zh}重复出现",
    ),
    "dealers_empty": (
        "{field} must list at least one dealer seat",
        "{field} 至少要有一个庄家座位",
    ),
    "dealer_not_in_dealers": (
        "{field} must contain the dice dealer, seat {dealer}",
        "{field} 必须包含打骰的庄家（{dealer_zh}）",
    ),
    "several_dealers_without_tongzhuang": (
        "{field} lists {count} dealers but the ruleset does not play 通庄 (tongzhuang)",
        "{field} 有 {count} 个庄家，但本规则不玩通庄",
    ),
    # --- tables of three and two, kongs (rules.md §10) ---------------------------
    "seat_out_of_range": (
        "{field}: seat {value} is not at this table of {players} players (seats 0-{last})",
        "{field}：本桌只有 {players} 人，没有{seat_zh}",
    ),
    "quyimen_needs_two_players": (
        "{field}: quyimen (缺一门) is played by two players only; players is {players}",
        "{field}：缺一门只用于二人麻将，本规则是 {players} 人",
    ),
    "tile_not_in_play": (
        "{field}: {value} is a 条 tile, which is not in play under quyimen (缺一门)",
        "{field}：缺一门不用条子，{value} 不在牌里",
    ),
    "kong_from_self": (
        "{field}: a 放杠 (ming) comes from another seat's discard, not from seat {seat} itself",
        "{field}：放杠要来自别家打出的牌，不能是{seat_zh}自己",
    ),
    "kong_from_not_ming": (
        "{field}: only a 放杠 (ming) names the seat it came from; a {value} kong has no from",
        "{field}：只有放杠要写放杠的人，{kind_name_zh}不写",
    ),
    "too_many_kongs": (
        "{field}: seat {seat} has {count} kongs; a seat makes at most 4",
        "{field}：{seat_zh}有 {count} 个杠，一家最多 4 个",
    ),
    # --- table options (rules.md §9.9) -------------------------------------------
    "hand_not_in_ruleset": (
        "{field}: {value} ({name_zh}) is not played under this ruleset; turn on the "
        "ruleset option {option}{option_value} to record it",
        "{field}：本规则不玩{name_zh}，要记录它请在规则中打开「{option_zh}」",
    ),
    "hands_exclude_each_other": (
        "{field}: {value} cannot be listed together with {other}",
        "{field}：{name_zh}不能与{other_zh}同时报",
    ),
    "midgame_hand_in_opening": (
        "{field}: {value} is a mid-game win; record it in midgame, not in openings",
        "{field}：{name_zh}是中途胡，请记在中途胡里，不要记在起手胡里",
    ),
    "not_midgame_hand": (
        "{field}: {value} is not a mid-game hand ({midgame_codes})",
        "{field}：{name_zh}不是中途胡（中途胡只有{midgame_zh}）",
    ),
    "opening_birds_off": (
        "{field}: this ruleset counts no birds on opening and mid-game wins "
        "(opening_birds is false); give none",
        "{field}：本规则起手胡和中途胡不扎鸟，不要填鸟",
    ),
    "piao_not_in_ruleset": (
        "{field}: this ruleset plays no 飘分 (piao is off); leave piao out",
        "{field}：本规则不飘分，请不要填写飘分",
    ),
    "piao_required": (
        "{field}: under 自由飘 (piao free) every seat's stake is required (four integers)",
        "{field}：自由飘需要填写四个座位各自的飘分",
    ),
    "piao_not_fixed": (
        "{field}: under 坐飘 (piao fixed) every stake is {expected}, got {value}",
        "{field}：坐飘时每家都飘 {expected}，收到 {value}",
    ),
    "duplicate_opening_seat": (
        "{field}: seat {seat} already has an opening entry; list all of a seat's opening "
        "hands in one entry",
        "{field}：{seat_zh}已有一条起手胡记录，同一座位的起手胡请写在同一条里",
    ),
    "hands_required": (
        "{field}: give the hand codes (hands) or the tiles",
        "{field}：请给出牌型或手牌",
    ),
    "no_hands": ("{field} must list at least one hand code", "{field} 至少要有一个牌型"),
    "unknown_hand": ("{field}: unknown hand code {value}", "{field}：未知的牌型代码 {value}"),
    "final_hand_in_opening": (
        "{field}: {value} is a final hand, not an opening hand (起手胡)",
        "{field}：{name_zh}是胡牌牌型，不是起手胡",
    ),
    "opening_hand_in_final": (
        "{field}: {value} is an opening hand (起手胡), not a final hand",
        "{field}：{name_zh}是起手胡牌型，不能用于最终胡牌",
    ),
    "repeated_hand": (
        "{field}: hand code {value} is repeated",
        "{field}：牌型{name_zh}重复",
    ),
    "too_many_sixi": (
        "{field}: sixi (四喜) is listed {count} times; a dealt hand holds at most 3 quads",
        "{field}：四喜写了 {count} 次，起手最多只有 3 个四张",
    ),
    "pinghu_with_big": (
        "{field}: pinghu (平胡) cannot be listed with a big hand",
        "{field}：平胡不能与大胡同时列出",
    ),
    "wrong_win_kind": (
        "{field}: {value} cannot be won by {kind}",
        "{field}：{name_zh}不能以{kind_zh}方式胡牌",
    ),
    "tianhu_not_dealer": (
        "{field}: tianhu (天胡) can only be won by the dice dealer, seat {dealer}, not seat {seat}",
        "{field}：天胡只能由打骰的庄家（{dealer_zh}）胡，{seat_zh}不行",
    ),
    "dihu_by_dealer": (
        "{field}: dihu (地胡) can only be won by an idle seat; seat {seat} is a dealer",
        "{field}：地胡只能由闲家胡，{seat_zh}是庄家",
    ),
    "dihu_discarder_not_dealer": (
        "{field}: dihu (地胡) is won on the dealer's first discard; the discarder must be seat "
        "{dealer}, not seat {discarder}",
        "{field}：地胡必须胡庄家打出的第一张牌，放炮者应为{dealer_zh}，而不是{discarder_zh}",
    ),
    # --- result -----------------------------------------------------------------
    "winners_on_draw": (
        "{field}: a draw has no winners, got {count}",
        "{field}：流局不能有胡牌者，收到 {count} 个",
    ),
    "wrong_winner_count": (
        "{field}: a {kind} win needs {expected} winner(s), got {count}",
        "{field}：{kind_zh}需要 {expected} 个胡牌者，收到 {count} 个",
    ),
    "duplicate_winner": (
        "{field}: seat {seat} wins twice",
        "{field}：{seat_zh}重复胡牌",
    ),
    "missing_discarder": (
        "{field} is required for a discard win",
        "点炮必须给出放炮者 {field}",
    ),
    "discarder_on_self_draw": (
        "{field}: a self-draw has no discarder, got {value}",
        "{field}：自摸没有放炮者，收到 {value}",
    ),
    "discarder_on_draw": (
        "{field}: a draw has no discarder, got {value}",
        "{field}：流局没有放炮者，收到 {value}",
    ),
    "discarder_is_winner": (
        "seat {seat} cannot both win and discard",
        "{seat_zh}不能既胡牌又放炮",
    ),
    "birds_on_draw": ("{field}: a draw has no birds", "{field}：流局不扎鸟"),
    "forfeit_on_draw": (
        "{field}: a draw has no birds to forfeit",
        "{field}：流局没有鸟可以作废",
    ),
    "birds_with_forfeit": (
        "{field}: birds are given although birds_forfeited is true",
        "{field}：已标记忘记扎鸟，却又给出了鸟",
    ),
    "wrong_bird_count": (
        "{field}: the ruleset needs {expected} bird(s), got {count}",
        "{field}：本规则需要 {expected} 个鸟，收到 {count} 个",
    ),
    "bird_out_of_range": (
        "{field} must be a bird value 1-9, got {value}",
        "{field} 必须是 1–9 的鸟数，收到 {value}",
    ),
    "haidi_bird_mismatch": (
        "{field}: every bird of a 海底 win is the 海底 tile's rank {rank}, got {value}",
        "{field}：海底胡的鸟都是海底牌的点数 {rank}，收到 {value}",
    ),
    "haidi_missing": (
        "{field}: {value} needs the 海底 information (result.haidi)",
        "{field}：{name_zh}需要海底信息（谁要了海底、海底牌是哪张）",
    ),
    "haidilaoyue_not_taker": (
        "{field}: haidilaoyue (海底捞月) is won by the seat that took the 海底 ({taker}), "
        "not seat {seat}",
        "{field}：海底捞月必须由要海底的那家胡（{taker_zh}），{seat_zh}不行",
    ),
    "haidipao_not_taker": (
        "{field}: haidipao (海底炮) is paid by the seat that took the 海底 ({taker}), "
        "not seat {discarder}",
        "{field}：海底炮由要海底的那家付（{taker_zh}），而不是{discarder_zh}",
    ),
    "haidi_birds_needed": (
        "{field}: give the birds, or the 海底 tile they come from",
        "{field}：请给出鸟，或给出海底牌",
    ),
    "invalid_tile": (
        '{field} must be one tile such as "5m" (1-9 and m, s or p), got {value}',
        '{field} 必须是一张牌，如 "5m"（1–9 加 m、s 或 p），收到 {value}',
    ),
    "haidi_taken_and_replaced": (
        "{field}: the 海底 cannot be both taken (taker {taker}) and used as a replacement "
        "(replaced_by {replaced_by})",
        "{field}：海底不能既被{taker_seat_zh}要走，又被{replaced_by_zh}用来补张",
    ),
    "draw_needs_haidi": (
        "{field}: a draw needs the 海底 information (taker, replaced_by or first_offered) "
        "to name the next dealer",
        "{field}：流局需要海底信息（谁要了海底、谁用海底补张或海底先问的是谁）来确定下一盘庄家",
    ),
    # --- penalties --------------------------------------------------------------
    "duplicate_penalty": (
        "{field}: seat {seat} already has an {value} penalty",
        "{field}：{seat_zh}已有一条{name_zh}罚分",
    ),
}


# The one-line entry's codes (``sentence.py``): a sentence it could not place.
MESSAGES.update(
    {
        "sentence_empty": ("{field}: the sentence is empty", "{field}：这句话是空的"),
        "sentence_not_understood": (
            "{field}: could not place {value}",
            "没听懂：{value}",
        ),
        "sentence_hand_not_played": (
            "{field}: {value} is not played under this ruleset",
            "{value}：本规则不算这个牌型",
        ),
    }
)


# Every code's templates: this module's, and the tile side's (which builds its own errors).
ALL_MESSAGES: dict[str, tuple[str, str]] = {**TILE_MESSAGES, **MESSAGES}
MESSAGES_EN: dict[str, str] = {code: en for code, (en, _zh) in ALL_MESSAGES.items()}
MESSAGES_ZH: dict[str, str] = {code: zh for code, (_en, zh) in ALL_MESSAGES.items()}

EXPECTED_ZH: dict[str, str] = {
    "an integer": "整数",
    "a string": "字符串",
    "a list": "列表",
    "an object": "对象",
    "a boolean": "是或否",
    "a string or an object": "字符串或对象",
    "a string or null": "字符串或空值",
    "a seat number or null": "座位号或空值",
    "an object or null": "对象或空值",
    "a list or null": "列表或空值",
    "a list of names": "名字列表",
    "a list of lists of names": "名字列表的列表",
    "at most 50 names of 1–60 characters": "最多 50 个名字，每个 1–60 字",
}

# How a round ends, in the catalogue's words (自摸, 点炮, 流局).
KIND_ZH: dict[str, str] = {kind: word.zh for kind, word in OUTCOMES.items()}

PENALTY_ZH: dict[str, str] = {"escape": "逃跑"}

# Codes whose ``value`` is a hand code (or a penalty kind) the Chinese names by its
# Chinese name (``name_zh``), never by the code.
NAMES_A_CODE = frozenset(
    {
        "midgame_hand_in_opening",
        "not_midgame_hand",
        "final_hand_in_opening",
        "opening_hand_in_final",
        "repeated_hand",
        "wrong_win_kind",
        "haidi_missing",
        "duplicate_penalty",
    }
)


def code_name_zh(value: object) -> str:
    """The Chinese name of a hand code or a penalty kind, given as itself or as
    :func:`show_value` shows it (``"haidilaoyue"`` with its quotes); else the value."""
    code = value
    if isinstance(value, str) and len(value) > 1 and value[0] == value[-1] == '"':
        code = value[1:-1]  # a code is plain ASCII: its JSON is itself in quotes
    if isinstance(code, str):
        hand = HAND_TYPES.get(code)
        if hand is not None:
            return hand.name_zh
        if code in PENALTY_ZH:
            return PENALTY_ZH[code]
    return str(value)


def show_value(value: object) -> str:
    """A short JSON rendering of ``value`` for a message; never raises."""
    if isinstance(value, int) and value.bit_length() > 40:
        return "a very large integer"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


# The params that hold a seat index (0-3); the Chinese names it as the pages do.
SEAT_PARAMS = ("seat", "dealer", "discarder", "replaced_by")


def seat_name_zh(seat: object) -> str:
    """A seat index as the pages name the seat: 0 -> 1号位 … 3 -> 4号位 (anything else,
    as it came)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(SEATS):
        return SEATS[seat].zh
    return f"座位 {seat}"


def seat_number(seat: object) -> object:
    """A seat index as an English page numbers the seat: 0 -> 1 … 3 -> 4 (anything else,
    as it came). The API's English keeps the index."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(SEATS):
        return seat + 1
    return seat


def make_error(field: str, code: str, **params: Any) -> FieldError:
    """A FieldError whose English message comes from the template for ``code``."""
    params["field"] = field or "the round"
    if "where" in MESSAGES[code][0]:
        params.setdefault("where", field or "the round")
        params.setdefault("where_zh", field or "整盘记录")
    if "expected" in params and "expected_zh" not in params:
        params["expected_zh"] = EXPECTED_ZH.get(str(params["expected"]), str(params["expected"]))
    if "kind" in params and "kind_zh" not in params:
        params["kind_zh"] = KIND_ZH.get(str(params["kind"]), str(params["kind"]))
    if code in NAMES_A_CODE and "name_zh" not in params:
        params["name_zh"] = code_name_zh(params.get("value"))
    for key in SEAT_PARAMS:  # a seat as the pages name it (3号位), never its index (2)
        if key in params and f"{key}_zh" not in params:
            params[f"{key}_zh"] = seat_name_zh(params[key])
        if key in params:  # and as an English page does (seat 3): ServiceError.localised
            params.setdefault(f"{key}_page", seat_number(params[key]))
    if "taker" in params and "taker_zh" not in params:
        taker = params["taker"]
        params.setdefault("taker_page", seat_number(taker))
        params["taker_seat_zh"] = seat_name_zh(taker)
        params["taker_zh"] = (
            "这盘无人要海底" if taker in (None, "null") else f"要海底的是{seat_name_zh(taker)}"
        )
    return FieldError(field, code, MESSAGES[code][0].format(**params), params)


def wrong_type(errors: list[FieldError], field: str, expected: str, value: object) -> None:
    """Append the ``wrong_type`` error: ``field`` must be ``expected`` (e.g. "a list")."""
    errors.append(make_error(field, "wrong_type", expected=expected, value=show_value(value)))


def error_message_zh(error: FieldError) -> str:
    """The Chinese message for ``error`` (its English message when the code has none)."""
    template = MESSAGES_ZH.get(error.code)
    if template is None:
        return error.message
    try:
        return template.format(**error.params)
    except (KeyError, IndexError, ValueError):
        return error.message
