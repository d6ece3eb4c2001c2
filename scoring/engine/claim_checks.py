"""The round validator's claim hooks: a claim's codes checked against its tiles, or filled
in from them (rules.md §2, §9, §10).

- :func:`check_final_claim`: a winner's hands against the final tiles (shapes held,
  situational codes the tiles can win as, 缺一门's tiles out of play).
- :func:`check_opening_claim`: an opening win's hands against the dealt tiles.

Both read the hand's facts and analysis from ``analysis``; each error names its field
(``result.winners.0.hands.1``) with the reason in English and Chinese.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scoring.engine import hand_checks as hc
from scoring.engine.analysis import (
    HAOHUA_CODES,
    MENQING,
    NOT_A_HAND,
    QUANQIUREN,
    SHUANGHAOHUA,
    SITUATIONAL_CODES,
    analyse_hand,
    analyse_opening_counts,
    final_facts,
    situational_miss,
)
from scoring.engine.errors import FieldError
from scoring.engine.hands import HAND_TYPES, WinKind
from scoring.engine.messages import code_name_zh, make_error
from scoring.engine.rules import Rules
from scoring.engine.tile_messages import tile_error
from scoring.engine.tiles import (
    FinalHand,
    counts_tiles,
    join_field,
    read_final_hand,
    read_opening_hand,
    tiles_text,
)

# The dealt-hand situational codes (天胡, 地胡), whose pair rule is ``tianhu_pair``.
_DEALT_CODES = frozenset({"tianhu", "dihu"})

# Why a claimed shape fails, by code (English, Chinese).
_SHAPE_MISSES: dict[str, tuple[str, str]] = {
    "pinghu": ("not 4 sets and a 2/5/8 pair", "不是四句话加一对 2、5、8 将"),
    "pengpenghu": (
        "not 4 triplets or kongs and a pair (no 吃)",
        "不是四副刻子或杠加一对将（不能吃）",
    ),
    "jiangjianghu": ("not every tile is a 2, 5 or 8", "不是每张牌都是 2、5、8"),
    "qingyise": (
        "not all one suit with 4 sets and a pair, or seven pairs",
        "不是同一花色的四句话加一对将或七小对",
    ),
    "qixiaodui": (
        "not seven pairs of concealed tiles (no melds; a quad is two pairs)",
        "不是七对手牌（不能有副露，四张算两对）",
    ),
    "quanqiuren": (
        "not four exposed melds (吃/碰/明杠/补张) and a pair completed by a discard",
        "不是四组明副露（吃/碰/明杠/补张）加一张单钓，捉炮胡",
    ),
}
for _code in HAOHUA_CODES:
    _SHAPE_MISSES[_code] = (
        f"not seven pairs with exactly {HAND_TYPES[_code].weight - 1} quad(s)",
        f"不是恰好有 {HAND_TYPES[_code].weight - 1} 个四张的七小对",
    )
_SHAPE_MISSES[MENQING] = (
    "not a concealed standard hand with a 2/5/8 pair (or 碰碰胡/将将胡/清一色)",
    "不是门清的四句话加 2、5、8 将（或碰碰胡、将将胡、清一色）",
)


def check_final_claim(
    *,
    tiles: str,
    melds: list[Any] | None,
    win_tile: str | None,
    hands: list[str] | None,
    kind: str,
    seat_is_dealer: bool,
    rules: Rules,
    field: str,
) -> tuple[tuple[str, ...], list[FieldError]]:
    """Check a final claim against its tiles, or fill it in when ``hands`` is None.

    Returns the codes to score (``hands`` itself when given) and the errors, whose
    fields start with ``field`` (e.g. ``result.winners.0.tiles``,
    ``result.winners.0.hands.1``):

    - the tile and meld errors of ``tiles.read_final_hand``;
    - ``not_a_winning_hand`` (on ``.tiles``) when the tiles are no standard hand,
      no seven pairs and not all 2/5/8 — then no per-code error is added;
    - ``hand_not_held`` (on ``.hands.N``) for a claimed shape the tiles lack;
    - ``situational_pair_rule`` / ``situational_needs_dealt_hand`` /
      ``situational_needs_kong`` for a situational code the tiles cannot win as;
    - with ``hands`` None: the best claim from the shapes alone (the tiles cannot
      tell how the hand was won), ``no_hand_in_tiles`` when there is none.

    Leaving a held hand type out of the claim is not an error: rules.md §2.2 forbids
    ``pinghu`` beside a big code, so a situational win on a plain 2/5/8 hand lists
    only the situational code (the pair rule is what the tiles must satisfy), and an
    unclaimed big shape is the claimant's loss. Codes that are unknown, in the wrong
    class or forbidden for ``kind`` are the validator's to report and are skipped.
    """
    claimed = tuple(hands) if hands is not None else ()
    hand, errors = read_final_hand(tiles, melds=melds, win_tile=win_tile, field=field)
    if hand is None:
        return claimed, errors
    self_draw = kind == WinKind.SELF_DRAW
    facts = final_facts(
        hand,
        self_draw=self_draw,
        any_pair=rules.situational_pair == "any",
        dealt_pair_rule=rules.tianhu_pair == "situational",
    )
    tiles_field = join_field(field, "tiles")
    if rules.quyimen:
        out_of_play = _out_of_play(hand, field)
        if out_of_play:
            return claimed, out_of_play
    shown = hand.notation()
    wins = hc.is_standard(facts) or hc.big_shape(facts)
    if hands is None:
        if not wins:
            return (), [_not_winning(tiles_field, shown, ())]
        analysis = analyse_hand(hand, self_draw=self_draw, dealer=seat_is_dealer, rules=rules)
        if not analysis.best_claim:
            en, zh = analysis.reasons
            error = tile_error(
                join_field(field, "hands"), "no_hand_in_tiles", tiles=shown, reason=en, reason_zh=zh
            )
            return (), [error]
        return analysis.best_claim, []
    if not wins:
        return claimed, [_not_winning(tiles_field, shown, claimed)]
    win_kind = WinKind.SELF_DRAW if self_draw else WinKind.DISCARD
    for j, code in enumerate(claimed):
        h = HAND_TYPES.get(code) if isinstance(code, str) else None
        if h is None or not h.is_final or win_kind not in h.win_kinds or h.check is None:
            continue
        where = join_field(field, f"hands.{j}")
        names = {"code": code, "name_zh": h.name_zh, "tiles": shown}
        if code == QUANQIUREN and h.check(facts):
            others = any(HAND_TYPES[c].is_big and c != code for c in claimed if c in HAND_TYPES)
            if rules.quanqiuren_pair == "258" and not others and not hc.pinghu(facts):
                errors.append(tile_error(where, "quanqiuren_pair_not_258", **names))
            continue
        if h.check(facts):
            continue
        two_or_more = rules.haohua_levels == 2 and facts.n_quads >= 2
        if code == SHUANGHAOHUA and two_or_more and hc.qixiaodui(facts):
            continue  # §10.5: seven pairs with two quads or more are 双豪华
        if code in HAOHUA_CODES and hc.qixiaodui(facts):
            errors.append(
                tile_error(
                    where, "haohua_wrong_quads", needed=h.weight - 1, held=facts.n_quads, **names
                )
            )
            continue
        if code == MENQING:
            if facts.n_exposed:
                errors.append(tile_error(where, "menqing_exposed", **names))
                continue
            if rules.menqing_scope == "concealed" and any(
                c in HAND_TYPES and HAND_TYPES[c].shape and HAND_TYPES[c].is_big and c != MENQING
                for c in claimed
            ):
                continue  # §10.5: with any concealed win; its big shape is checked itself
            situational = [c for c in claimed if c in SITUATIONAL_CODES]
            any_pair = facts.any_pair or (
                rules.tianhu_pair == "any" and any(c in _DEALT_CODES for c in situational)
            )
            if situational and any_pair and hc.is_standard(facts):
                continue  # §9.3: beside a situational code, its pair rule decides
        if h.shape:
            en, zh = _SHAPE_MISSES[code]
            errors.append(tile_error(where, "hand_not_held", reason=en, reason_zh=zh, **names))
        else:
            error_code, params = situational_miss(code, facts, rules)
            errors.append(tile_error(where, error_code, **params, **names))
    return claimed, errors


def _out_of_play(hand: FinalHand, field: str) -> list[FieldError]:
    """``tile_not_in_play`` for each 条 tile of a hand under 缺一门 (rules.md §10.3)."""
    errors: list[FieldError] = []
    bamboo = [t for t in hand.concealed if t // 9 == 1]
    if bamboo:
        shown = tiles_text(sorted(set(bamboo)))
        errors.append(make_error(join_field(field, "tiles"), "tile_not_in_play", value=shown))
    for i, meld in enumerate(hand.melds):
        if meld.suit == 1:
            errors.append(
                make_error(join_field(field, f"melds.{i}"), "tile_not_in_play", value=str(meld))
            )
    return errors


def _not_winning(field: str, shown: str, claimed: Sequence[object]) -> FieldError:
    """``not_a_winning_hand``, naming the hands claimed (their codes, and their Chinese
    names for the Chinese template)."""
    en, zh = NOT_A_HAND
    return tile_error(
        field,
        "not_a_winning_hand",
        tiles=shown,
        reason=en,
        reason_zh=zh,
        claimed=", ".join(map(str, claimed)) or "(none)",
        claimed_zh="、".join(code_name_zh(c) for c in claimed) or "无",
    )


def check_opening_claim(
    *,
    tiles: str,
    hands: list[str] | None,
    seat_is_dealer: bool,
    field: str,
    rules: Rules | None = None,
) -> tuple[tuple[str, ...], list[FieldError]]:
    """Check an opening claim against the dealt tiles, or fill it in when ``hands`` is None.

    ``seat_is_dealer``: the seat was dealt 14 tiles (else 13). Each code may be
    claimed at most as often as the tiles hold it (四喜 once per quad); an excess
    claim is ``opening_not_held`` on ``field.hands.N``. Filling in lists every
    occurrence; ``no_opening_hand`` on ``field.tiles`` when there is none. Codes that
    are not opening codes are the validator's to report and are skipped.
    """
    claimed = tuple(hands) if hands is not None else ()
    counts, errors = read_opening_hand(tiles, dealer=seat_is_dealer, field=field)
    if counts is None:
        return claimed, errors
    if rules is not None and rules.quyimen and any(counts[9:18]):  # §10.3: no 条
        shown = tiles_text(t for t in counts_tiles(counts) if t // 9 == 1)
        return claimed, [make_error(join_field(field, "tiles"), "tile_not_in_play", value=shown)]
    analysis = analyse_opening_counts(counts, dealer=seat_is_dealer, rules=rules)
    shown = tiles_text(counts_tiles(counts))
    if hands is None:
        if not analysis.winning:
            return (), [tile_error(join_field(field, "tiles"), "no_opening_hand", tiles=shown)]
        return analysis.codes, []
    held = dict(analysis.occurrences)
    seen: dict[str, int] = {}
    for j, code in enumerate(claimed):
        if not isinstance(code, str) or code not in held:
            continue
        seen[code] = seen.get(code, 0) + 1
        if seen[code] > held[code]:
            errors.append(
                tile_error(
                    join_field(field, f"hands.{j}"),
                    "opening_not_held",
                    code=code,
                    name_zh=HAND_TYPES[code].name_zh,
                    claimed=claimed.count(code),
                    held=held[code],
                    tiles=shown,
                )
            )
    return claimed, errors


__all__ = ["check_final_claim", "check_opening_claim"]
