"""Tiles and melds (rules.md §1): parsing, validation, notation.

A tile is an int 0–26: ``suit * 9 + rank - 1`` with suits in the order m (万),
s (索/条), p (筒/饼). A hand is kept as 27 counts, so that each suit's nine counts
are the slice ``counts[9 * suit : 9 * suit + 9]`` (the key of the per-suit tables).

Accepted notation (whitespace, commas and 、 between groups are ignored):

- ``123m456s789p55m``: ranks, then the suit letter (m/s/p, either case);
- Chinese: ``一万二万三万``, ``1万2万``, ``123万``, ``五筒``, ``5饼``, ``九条``, ``三索``;
  suit characters 万/萬, 条/條/索, 筒/饼/餅/砣; numerals 一…九 (and 幺 for 1).

Every problem is reported (never only the first) as a :class:`FieldError` with a
stable code; the ``read_*`` functions return the value (or None) with the list.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.engine.errors import FieldError
from scoring.engine.tile_messages import tile_error
from scoring.engine.words import MELDS

Tile = int
Counts = tuple[int, ...]  # 27 counts, indexed by Tile

SUIT_LETTERS = "msp"
SUIT_NAMES_ZH = ("万", "条", "筒")
JIANG_RANKS = frozenset({2, 5, 8})
FINAL_TILE_COUNT = 14  # concealed tiles + 3 per meld (a kong counts as 3)
MELD_TILE_COUNT = 3  # what a meld counts toward the 14, a kong too
TILE_COPIES = 4  # copies of each tile in the wall
MAX_MELDS = 4
MAX_ERRORS_PER_FIELD = 8  # a garbage string should not produce a wall of errors

_SUITS: dict[str, int] = {
    "m": 0,
    "万": 0,
    "萬": 0,
    "s": 1,
    "条": 1,
    "條": 1,
    "索": 1,
    "p": 2,
    "筒": 2,
    "饼": 2,
    "餅": 2,
    "砣": 2,
}
_CHINESE_RANKS = {c: i + 1 for i, c in enumerate("一二三四五六七八九")} | {"幺": 1, "两": 2}
_ZEROS = frozenset("0〇零")
_SEPARATORS = frozenset(",，、;；")


class MeldKind(StrEnum):
    CHI = "chi"  # 吃: a sequence taken from the 上家's discard
    PENG = "peng"  # 碰: a triplet
    GANG = "gang"  # 明杠: an exposed kong (开杠 with the dice)
    ANGANG = "angang"  # 暗杠: a concealed kong (shown, but not exposed for 全求人)
    BUZHANG = "buzhang"  # 补张: a kong-like exposed set, replaced without the dice


_MELD_KINDS = {k.value: k for k in MeldKind}
DICE_KONG_KINDS = frozenset({MeldKind.GANG, MeldKind.ANGANG})  # 开杠 (杠上开花 needs one)
_MELD_SIZES = {
    MeldKind.CHI: 3,
    MeldKind.PENG: 3,
    MeldKind.GANG: 4,
    MeldKind.ANGANG: 4,
    MeldKind.BUZHANG: 4,
}


def tile_text(tile: Tile) -> str:
    """``5m`` for the five of 万."""
    return f"{tile % 9 + 1}{SUIT_LETTERS[tile // 9]}"


def tile_text_zh(tile: Tile) -> str:
    """``五万`` for the five of 万."""
    return "一二三四五六七八九"[tile % 9] + SUIT_NAMES_ZH[tile // 9]


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Compact notation, grouped by suit in m, s, p order: ``123m55s``."""
    by_suit: list[list[int]] = [[], [], []]
    for t in tiles:
        by_suit[t // 9].append(t % 9 + 1)
    return "".join(
        "".join(str(r) for r in sorted(ranks)) + SUIT_LETTERS[s]
        for s, ranks in enumerate(by_suit)
        if ranks
    )


def counts_tiles(counts: Sequence[int]) -> list[Tile]:
    """The tiles of a 27-count vector, in id order."""
    return [t for t, n in enumerate(counts) for _ in range(n)]


def tiles_counts(tiles: Iterable[Tile]) -> Counts:
    counts = [0] * 27
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def _show(value: object) -> str:
    text = repr(value) if isinstance(value, str) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def join_field(field: str, name: str) -> str:
    """The dotted path of ``name`` under ``field`` (just ``name`` at the top level)."""
    return f"{field}.{name}" if field else name


_SEP, _RANK, _SUIT = 0, 1, 2


def _char_table() -> dict[str, tuple[int, int]]:
    """Every character the notation knows: (separator | rank | suit, value)."""
    table = dict.fromkeys(" \t\r\n\u3000" + "".join(_SEPARATORS), (_SEP, 0))
    table |= {str(d): (_RANK, d) for d in range(10)}
    table |= dict.fromkeys(_ZEROS, (_RANK, 0))
    table |= {ch: (_RANK, r) for ch, r in _CHINESE_RANKS.items()}
    for ch, suit in _SUITS.items():
        table[ch] = table[ch.upper()] = (_SUIT, suit)
    return table


_CHARS = _char_table()


def _classify(ch: str) -> tuple[int, int] | None:
    """Characters outside the table: other whitespace and other decimal digits (５)."""
    if ch.isspace():
        return _SEP, 0
    if ch.isdecimal():
        return _RANK, unicodedata.decimal(ch)
    return None


def read_tiles(text: object, *, field: str) -> tuple[list[Tile], list[FieldError]]:
    """Parse tile notation; returns the tiles in input order and every problem found.

    Fifth copies and tile counts are not checked here (they depend on the melds).
    """
    if not isinstance(text, str):
        return [], [tile_error(field, "tiles_not_text", value=_show(text))]
    tiles: list[Tile] = []
    errors: list[FieldError] = []
    pending: list[int] = []  # ranks waiting for their suit
    start = 0  # position of the first of them

    def error(code: str, **params: Any) -> None:
        if len(errors) < MAX_ERRORS_PER_FIELD:
            errors.append(tile_error(field, code, text=_show(text), **params))

    for pos, ch in enumerate(text):
        found = _CHARS.get(ch) or _classify(ch)
        if found is None:
            code = "tile_unknown_suit" if pending else "tile_unknown_character"
            error(code, position=pos + 1, char=repr(ch))
            pending = []
            continue
        kind, value = found
        if kind == _RANK:
            if not value:
                error("tile_zero", position=pos + 1)
            if not pending:
                start = pos
            pending.append(value)
        elif kind == _SUIT:
            if not pending:
                error("tile_suit_without_rank", position=pos + 1, char=repr(ch))
                continue
            base = value * 9 - 1
            tiles += [base + r for r in pending if r]
            pending = []
    if pending:
        error("tile_missing_suit", position=start + 1)
    if not tiles and not errors:
        error("tiles_empty")
    return tiles, errors


def _read_one_tile(text: object, *, field: str) -> tuple[Tile | None, list[FieldError]]:
    tiles, errors = read_tiles(text, field=field)
    if errors:
        return None, errors
    if len(tiles) != 1:
        return None, [tile_error(field, "not_one_tile", text=_show(text))]
    return tiles[0], []


@dataclass(frozen=True, slots=True)
class Meld:
    kind: MeldKind
    tiles: tuple[Tile, ...]  # sorted; 3 tiles, or 4 for a kong

    @property
    def exposed(self) -> bool:
        """吃, 碰, 明杠 and 补张 are exposed; 暗杠 is not (rules.md §2.2 全求人)."""
        return self.kind is not MeldKind.ANGANG

    @property
    def suit(self) -> int:
        return self.tiles[0] // 9

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind.value, "tiles": tiles_text(self.tiles)}

    def __str__(self) -> str:
        return f"{self.kind.value}:{tiles_text(self.tiles)}"


def _meld_shape_ok(kind: MeldKind, tiles: list[Tile]) -> bool:
    if len(tiles) != _MELD_SIZES[kind]:
        return False
    first = tiles[0]
    if kind is MeldKind.CHI:
        return (
            tiles[1] == first + 1
            and tiles[2] == first + 2
            and first // 9 == tiles[2] // 9  # same suit
        )
    return all(t == first for t in tiles)


_FOUR = ("4 identical tiles, e.g. 5555m", "4 张相同的牌（如 5555m）")
_MELD_RULES = {
    MeldKind.CHI: ("3 consecutive tiles of one suit, e.g. 345s", "同一花色的 3 张顺牌（如 345s）"),
    MeldKind.PENG: ("3 identical tiles, e.g. 555m", "3 张相同的牌（如 555m）"),
    MeldKind.GANG: _FOUR,
    MeldKind.ANGANG: _FOUR,
    MeldKind.BUZHANG: _FOUR,
}
MELD_NAMES_ZH = {MeldKind(kind): word.zh for kind, word in MELDS.items()}


def read_meld(obj: object, *, field: str) -> tuple[Meld | None, list[FieldError]]:
    """One meld ``{"kind": ..., "tiles": ...}`` (a :class:`Meld` passes through)."""
    if isinstance(obj, Meld):
        return obj, []
    if not isinstance(obj, Mapping):
        return None, [tile_error(field, "meld_not_object")]
    errors: list[FieldError] = []
    unknown = sorted(str(k) for k in obj if k not in ("kind", "tiles"))
    errors += [tile_error(join_field(field, k), "meld_unknown_key") for k in unknown]
    raw_kind = obj.get("kind")
    kind = _MELD_KINDS.get(raw_kind) if isinstance(raw_kind, str) else None
    if kind is None:
        errors.append(
            tile_error(join_field(field, "kind"), "meld_kind_unknown", value=_show(raw_kind))
        )
    tiles, tile_errors = read_tiles(obj.get("tiles"), field=join_field(field, "tiles"))
    errors += tile_errors
    if errors or kind is None:
        return None, errors
    tiles.sort()
    if not _meld_shape_ok(kind, tiles):
        rule, rule_zh = _MELD_RULES[kind]
        return None, [
            tile_error(
                join_field(field, "tiles"),
                "meld_malformed",
                kind=kind.value,
                kind_zh=MELD_NAMES_ZH[kind],
                text=_show(obj.get("tiles")),
                rule=rule,
                rule_zh=rule_zh,
            )
        ]
    return Meld(kind, tuple(tiles)), []


def read_melds(melds: object, *, field: str) -> tuple[tuple[Meld, ...], list[FieldError]]:
    if melds is None:
        return (), []
    if not isinstance(melds, Sequence) or isinstance(melds, str | bytes):
        return (), [tile_error(field, "melds_not_list")]
    out: list[Meld] = []
    errors: list[FieldError] = []
    for i, obj in enumerate(melds):
        meld, meld_errors = read_meld(obj, field=join_field(field, str(i)))
        errors += meld_errors
        if meld is not None:
            out.append(meld)
    if len(melds) > MAX_MELDS:
        errors.append(tile_error(field, "melds_too_many", count=len(melds)))
    return tuple(out), errors


def _fifth_copy_errors(all_tiles: Iterable[Tile], *, field: str) -> list[FieldError]:
    counts = tiles_counts(all_tiles)
    return [
        tile_error(field, "tile_fifth_copy", tile=tile_text(t), tile_zh=tile_text_zh(t), count=n)
        for t, n in enumerate(counts)
        if n > TILE_COPIES
    ]


def _count_errors(field: str, count: int, expected: int, why: str, why_zh: str) -> list[FieldError]:
    if count == expected:
        return []
    return [tile_error(field, "tile_count", count=count, expected=expected, why=why, why_zh=why_zh)]


@dataclass(frozen=True, slots=True)
class FinalHand:
    """A parsed final hand: concealed counts (winning tile included), melds, win tile.

    The meld facts the predicates need are summarised by ``analysis._meld_summary``
    (cached per meld tuple), not stored here.
    """

    counts: Counts
    melds: tuple[Meld, ...] = ()
    win_tile: Tile | None = None

    @property
    def concealed(self) -> list[Tile]:
        return counts_tiles(self.counts)

    def all_tiles(self) -> list[Tile]:
        """The 14 tiles of the hand, each kong counted as 3 (rules.md: "the 14 tiles")."""
        out = counts_tiles(self.counts)
        for m in self.melds:
            out += m.tiles[:3]
        return sorted(out)

    def notation(self) -> str:
        text = tiles_text(self.concealed)
        if self.melds:
            text += " " + " ".join(f"[{m}]" for m in self.melds)
        return text


def read_final_hand(
    tiles: object,
    *,
    melds: object = None,
    win_tile: object = None,
    field: str = "",
) -> tuple[FinalHand | None, list[FieldError]]:
    """Parse and check a final hand; ``field`` prefixes every error path.

    Errors: the tile and meld parse errors, ``melds_too_many``, ``tile_fifth_copy``
    (counting melds), ``tile_count`` (concealed + 3 per meld must be 14) and
    ``win_tile_not_in_hand``.
    """
    tiles_field = join_field(field, "tiles")
    concealed, errors = read_tiles(tiles, field=tiles_field)
    parsed_melds, meld_errors = read_melds(melds, field=join_field(field, "melds"))
    errors += meld_errors
    win: Tile | None = None
    if win_tile is not None:
        win, win_errors = _read_one_tile(win_tile, field=join_field(field, "win_tile"))
        errors += win_errors
    if errors:
        return None, errors
    physical = list(concealed)
    for m in parsed_melds:
        physical += m.tiles
    errors += _fifth_copy_errors(physical, field=tiles_field)
    n = len(parsed_melds)
    errors += _count_errors(
        tiles_field,
        len(concealed),
        FINAL_TILE_COUNT - MELD_TILE_COUNT * n,
        f"14 = concealed + 3 per meld, a kong counted as 3; {n} meld(s)",
        f"14 = 手牌 + 每组副露 3 张（杠也算 3 张）；{n} 组副露",
    )
    if win is not None and win not in concealed:
        errors.append(
            tile_error(
                join_field(field, "win_tile"),
                "win_tile_not_in_hand",
                tile=tile_text(win),
                tile_zh=tile_text_zh(win),
                tiles=tiles_text(concealed),
            )
        )
    if errors:
        return None, errors
    return FinalHand(tiles_counts(concealed), parsed_melds, win), []


def read_hand_parts(*, melds: object, win_tile: object, field: str) -> list[FieldError]:
    """The errors of a claim's melds and winning tile given without its concealed tiles:
    each read as ``read_final_hand`` reads it (a meld's kind, keys and shape, a real tile),
    nothing counted, since the hand they belong to is not given."""
    _parsed, errors = read_melds(melds, field=join_field(field, "melds"))
    if win_tile is not None:
        errors += _read_one_tile(win_tile, field=join_field(field, "win_tile"))[1]
    return errors


def opening_tile_count(*, dealer: bool) -> int:
    return 14 if dealer else 13


def read_opening_hand(
    tiles: object, *, dealer: bool, field: str = ""
) -> tuple[Counts | None, list[FieldError]]:
    """A dealt hand: 14 tiles for the dealer, 13 for an idle seat; no fifth copies."""
    tiles_field = join_field(field, "tiles")
    parsed, errors = read_tiles(tiles, field=tiles_field)
    if errors:
        return None, errors
    errors += _fifth_copy_errors(parsed, field=tiles_field)
    errors += _count_errors(
        tiles_field,
        len(parsed),
        opening_tile_count(dealer=dealer),
        f"the dealt hand of {'the dealer' if dealer else 'an idle seat'}",
        f"{'庄家' if dealer else '闲家'}起手牌",
    )
    if errors:
        return None, errors
    return tiles_counts(parsed), []


# A meld's kind as written in Chinese: the catalogue's words, 杠 and 补 for short.
_MELD_KIND_ALIASES = {
    **{word.zh: MeldKind(kind) for kind, word in MELDS.items()},
    "杠": MeldKind.GANG,
    "补": MeldKind.BUZHANG,
}


def melds_from_text(text: str) -> list[dict[str, str]]:
    """``"peng:555m, chi:345s"`` (or ``碰:555m，吃:345s``) as meld objects for the parser.

    Kinds are passed through unchecked (the parser reports unknown ones); a part
    without ``:`` becomes a meld with an empty kind, reported the same way.
    """
    out = []
    for part in text.replace("，", ",").split(","):
        part = part.strip()
        if not part:
            continue
        kind, _, tiles = part.replace("：", ":").partition(":")
        kind = kind.strip()
        alias = _MELD_KIND_ALIASES.get(kind)
        out.append({"kind": alias.value if alias else kind.lower(), "tiles": tiles.strip()})
    return out
