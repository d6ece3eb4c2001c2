"""Parse and validate one round (round-format.md) into immutable typed structures.

Long (~1,400 lines) because it is one job, one function per part of a round, compiled
as one unit by ``make native``, where calls between modules would cost in the hot path.

``parse_round(data)`` never raises on bad input: it returns ``(None, errors)`` with
every problem it found (rules.md §8), each a ``FieldError`` naming the field by its
dotted path ("result.winners.0.hands.1"), with a stable code and an English message
(Chinese templates: ``MESSAGES_ZH``). On a valid round it returns ``(Round, [])``.

The happy path is a flat run of cheap checks (``x.__class__ is int``, set look-ups,
``frozenset.issuperset`` for unknown keys); messages and field paths are only built
when something is wrong. The benchmark (bench/bench_engine.py) depends on that.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from scoring.engine.birds import haidi_birds, small_win_bird_count
from scoring.engine.claim_checks import check_final_claim, check_opening_claim
from scoring.engine.errors import FieldError
from scoring.engine.hands import (
    EXCLUDES,
    HAIDI_CODES,
    HAND_TYPES,
    MIDGAME_CODES,
    OPENING_CODES,
    Claimant,
    WinKind,
)
from scoring.engine.messages import (
    MESSAGES_EN,
    MESSAGES_ZH,
    make_error,
    seat_name_zh,
    show_value,
    wrong_type,
)
from scoring.engine.options import KONG_KINDS, PARAMETER_INFO
from scoring.engine.rules import PRESETS, Rules, enabling_value, parse_ruleset, win_kinds_under
from scoring.engine.tiles import read_hand_parts

__all__ = [
    "MESSAGES_EN",
    "MESSAGES_ZH",
    "Haidi",
    "Kong",
    "Opening",
    "Penalty",
    "Result",
    "Round",
    "Winner",
    "parse_round",
]


class Opening(NamedTuple):
    seat: int
    codes: tuple[str, ...]
    units: int  # 1, or the number of opening occurrences under opening_stacking "add"
    birds: tuple[int, ...]


class Winner(NamedTuple):
    seat: int
    codes: tuple[str, ...]
    big: bool
    units: int  # weights summed ("add") or the largest ("single"); 1 for a small win
    big_in_big_out: bool  # a code that 大进大出 applies to (when the ruleset has it on)


class Haidi(NamedTuple):
    tile: str | None
    taker: int | None
    first_offered: int | None
    replaced_by: int | None


class Penalty(NamedTuple):
    seat: int
    kind: str


class Kong(NamedTuple):
    """A kong that stood (rules.md §10.4): its seat, kind (an 暗杠, jia 加杠, ming 放杠)
    and, for ming, the seat whose discard it took."""

    seat: int
    kind: str
    from_seat: int | None


class Result(NamedTuple):
    kind: str  # "self_draw", "discard" or "draw"
    winners: tuple[Winner, ...]
    discarder: int | None
    birds: tuple[int, ...]  # the birds that count (海底 birds filled in; () when forfeited)
    birds_forfeited: bool
    haidi: Haidi | None


class Round(NamedTuple):
    rules: Rules
    dealer: int  # the dice-rolling dealer
    dealers: tuple[int, ...]  # every dealer seat, ascending, the dice dealer included
    fish: tuple[int, ...]  # four stakes, by seat
    openings: tuple[Opening, ...]
    result: Result
    penalties: tuple[Penalty, ...]
    midgame: tuple[Opening, ...] = ()  # 中途胡 (rules.md §9.4), scored like openings
    piao: tuple[int, ...] | None = None  # 飘分 stakes by seat; None when piao is off
    kongs: tuple[Kong, ...] = ()  # the kongs that stood (rules.md §10.4)


# The records of a valid round (Round, Result, Winner, Opening, Haidi) are built with
# ``_new(Cls, (fields...))``: a NamedTuple's own ``__new__`` is a Python-level function
# and costs more than twice as much (bench/bench_engine.py). Fields in declaration order.
_new = tuple.__new__

# --- tables --------------------------------------------------------------------

# The most winners of one discard (一炮三响, rules.md §5); a smaller table allows n − 1.
MOST_DISCARD_WINNERS: Final = 3

_ROUND_KEYS = frozenset(
    {
        "ruleset",
        "dealer",
        "dealers",
        "fish",
        "openings",
        "result",
        "penalties",
        "midgame",
        "piao",
        "kongs",
    }
)
_OPENING_KEYS = frozenset({"seat", "hands", "birds", "tiles"})
_MIDGAME_KEYS = frozenset({"seat", "hands", "birds"})
_RESULT_KEYS = frozenset({"kind", "winners", "discarder", "birds", "birds_forfeited", "haidi"})
_WINNER_KEYS = frozenset({"seat", "hands", "tiles", "melds", "win_tile"})
_HAIDI_KEYS = frozenset({"tile", "taker", "first_offered", "replaced_by"})
_PENALTY_KEYS = frozenset({"seat", "kind"})
_KONG_KEYS = frozenset({"seat", "kind", "from"})
_KONG_KINDS = tuple(KONG_KINDS)
_KONG_NAMES_ZH = {kind: words.name.zh for kind, words in KONG_KINDS.items()}
_MAX_KONGS = 4  # a seat holds at most four kongs
_RESULT_KINDS = ("self_draw", "discard", "draw")
_PENALTY_KINDS = ("escape",)
# The presets by code, as a plain dict: PRESETS is a read-only mappingproxy, whose
# look-up is a method call on the dict inside (read once per round).
_PRESETS: dict[str, Rules] = dict(PRESETS)
_TILES = frozenset(f"{rank}{suit}" for rank in "123456789" for suit in "msp")
_NO_FISH = (0, 0, 0, 0)
_FISH_MAX = 10000
_MAX_SIXI = 3  # a dealt hand of 13/14 tiles holds at most three quads
_SELF = WinKind.SELF_DRAW.value
_DISCARD = WinKind.DISCARD.value
_SIXI = "sixi"
_TIANHU = "tianhu"
_DIHU = "dihu"
_HAIDILAOYUE = "haidilaoyue"
_HAIDIPAO = "haidipao"


# Claims that need checks against other fields (dealer, discarder, 海底): 天胡, 地胡 and
# the 海底 types.
_SPECIAL = frozenset(
    h.code for h in HAND_TYPES.values() if h.needs_haidi or h.claimant is not Claimant.ANY
)


class _Final(NamedTuple):
    big: bool
    weight: int
    self_draw: bool
    discard: bool
    special: bool
    big_in_big_out: bool
    option: str | None  # the ruleset option it sits behind (rules.md §9)
    double_kong: bool
    self_draw_limited: bool  # a ruleset may allow it by self-draw only (win_kinds_under)


_FINAL: dict[str, _Final] = {
    h.code: _Final(
        h.is_big,
        h.weight,
        WinKind.SELF_DRAW in h.win_kinds,
        WinKind.DISCARD in h.win_kinds,
        h.code in _SPECIAL,
        h.big_in_big_out,
        h.option,
        h.double_kong,
        h.self_draw_only_when is not None,
    )
    for h in HAND_TYPES.values()
    if h.is_final
}
_OPTIONAL = frozenset(h.code for h in HAND_TYPES.values() if h.option is not None)
_MIDGAME_ORDER = tuple(code for code in HAND_TYPES if code in MIDGAME_CODES)
# Opening codes that every ruleset allows: a single one needs none of check_opening_codes' checks.
PLAIN_OPENING_CODES = OPENING_CODES - _OPTIONAL
_EXCLUDES: dict[str, frozenset[str]] = dict(EXCLUDES)
_EXCLUSIVE = frozenset(_EXCLUDES)


class ClaimShape(NamedTuple):
    """What ``check_final_codes`` learns from a final claim's codes."""

    big: bool  # a big code is listed (大胡)
    weight_sum: int  # Σ weight of the big codes (番上番)
    weight_max: int  # the largest big weight
    special: bool  # 天胡, 地胡 or a 海底 code: needs checks against other fields
    big_in_big_out: bool  # a code 大进大出 applies to
    double_kong: bool = False  # 双杠上花 / 双杠上炮 is listed


# SINGLE_CODE_SHAPES[kind][code]: the shape of a one-code claim that is fine for that win kind under
# every ruleset (codes behind an option take the full path, which checks the option).
SINGLE_CODE_SHAPES: dict[str | None, dict[str, ClaimShape]] = {
    kind: {
        code: ClaimShape(
            f.big,
            f.weight if f.big else 0,
            f.weight if f.big else 0,
            f.special,
            f.big_in_big_out,
            f.double_kong,
        )
        for code, f in _FINAL.items()
        if (kind != _SELF or f.self_draw) and (kind != _DISCARD or f.discard) and not f.option
    }
    for kind in (_SELF, _DISCARD, None)
}

# --- small helpers (called on the error path, or once per field) ----------------


def _unknown_keys(
    errors: list[FieldError], obj: dict[Any, Any], known: frozenset[str], prefix: str
) -> None:
    for key in obj:
        if key not in known:
            errors.append(make_error(f"{prefix}{key}", "unknown_field"))


def _bad_seat(
    errors: list[FieldError], field: str, value: object, expected: str = "an integer"
) -> None:
    if value.__class__ is not int:
        wrong_type(errors, field, expected, value)
    else:
        errors.append(make_error(field, "invalid_seat", value=show_value(value)))


def _seat_of(errors: list[FieldError], obj: dict[Any, Any], key: str, field: str) -> int | None:
    """The required seat ``obj[key]``, or None (the problem reported under ``field``)."""
    seat = obj.get(key)
    if seat.__class__ is int and 0 <= seat <= 3:
        return seat
    if key not in obj:
        errors.append(make_error(field, "required"))
    else:
        _bad_seat(errors, field, seat)
    return None


def _choice_of(
    errors: list[FieldError], obj: dict[Any, Any], key: str, field: str, choices: tuple[str, ...]
) -> str | None:
    """The required string ``obj[key]`` among ``choices``, or None (problem reported)."""
    value = obj.get(key)
    if value.__class__ is str and value in choices:
        return value
    if key not in obj:
        errors.append(make_error(field, "required"))
    elif value.__class__ is not str:
        wrong_type(errors, field, "a string", value)
    else:
        errors.append(
            make_error(field, "invalid_choice", choices=", ".join(choices), value=show_value(value))
        )
    return None


def _opt_seat(errors: list[FieldError], field: str, value: object) -> tuple[int | None, bool]:
    """An optional seat: (seat or None, ok)."""
    if value is None:
        return None, True
    if value.__class__ is int and 0 <= value <= 3:
        return value, True
    _bad_seat(errors, field, value, "a seat number or null")
    return None, False


def check_birds(
    errors: list[FieldError], field: str, raw: object, count: int | None
) -> tuple[int, ...] | None:
    """A list of birds 1-9, ``count`` long when the count is known."""
    if raw.__class__ is not list:
        wrong_type(errors, field, "a list", raw)
        return None
    birds = raw
    ok = True
    for j, b in enumerate(birds):
        if b.__class__ is not int:
            wrong_type(errors, f"{field}.{j}", "an integer", b)
            ok = False
        elif not 1 <= b <= 9:
            errors.append(make_error(f"{field}.{j}", "bird_out_of_range", value=show_value(b)))
            ok = False
    if count is not None and len(birds) != count:
        errors.append(make_error(field, "wrong_bird_count", expected=count, count=len(birds)))
        ok = False
    return tuple(birds) if ok else None


def plain_birds(raw: Any, count: int | None) -> tuple[int, ...] | None:
    """``raw`` when it is a list of ``count`` birds 1-9, as a tuple (the common case);
    else None, and the caller takes its full path, which reports what is wrong."""
    if raw.__class__ is not list or len(raw) != count:
        return None
    for b in raw:
        if b.__class__ is not int or not 0 < b < 10:
            return None
    return tuple(raw)


def _option_off(field: str, code: str) -> FieldError:
    """``hand_not_in_ruleset`` for ``code``, naming the option that turns it on."""
    h = HAND_TYPES[code]
    option = h.option or ""
    value = ": " + show_value(enabling_value(option, code))
    return make_error(
        field,
        "hand_not_in_ruleset",
        value=show_value(code),
        name_zh=h.name_zh,
        option=option,
        option_value=value,
        option_zh=PARAMETER_INFO[option].name_zh if option in PARAMETER_INFO else option,
    )


def _refused(field: str, code: str, rules: Rules) -> FieldError:
    """``hand_not_in_ruleset`` for a code a §10 option refuses (缺一门, haohua_levels 2),
    naming the option to change and the value that allows the code."""
    h = HAND_TYPES[code]
    refusal = rules.refusal(code)
    assert refusal is not None
    option, allowing = refusal
    info = PARAMETER_INFO[option]
    label = info.values.get(allowing)
    return make_error(
        field,
        "hand_not_in_ruleset",
        value=show_value(code),
        name_zh=h.name_zh,
        option=option,
        option_value=": " + show_value(allowing),
        option_zh=f"{info.name_zh}：{label.zh}" if label is not None else info.name_zh,
    )


_MENQING = "menqing"
_QUANQIUREN = "quanqiuren"


def _concealed_menqing(rules: Rules | None, code: str, other: str) -> bool:
    """Under ``menqing_scope: "concealed"`` (rules.md §10.5) 门清 goes with seven pairs,
    天胡 and 地胡 (never with 全求人)."""
    if rules is None or rules.menqing_scope != "concealed":
        return False
    pair = (code, other)
    return _MENQING in pair and _QUANQIUREN not in pair


def check_opening_codes(
    errors: list[FieldError], field: str, hands: list[Any], rules: Rules | None = None
) -> bool:
    """Check an opening's code list; True when it is fine."""
    ok = True
    sixi = 0
    for j, code in enumerate(hands):
        if code.__class__ is not str:
            wrong_type(errors, f"{field}.{j}", "a string", code)
            ok = False
        elif code not in OPENING_CODES:
            if code in _FINAL:
                kind = "final_hand_in_opening"
            elif code in MIDGAME_CODES:
                kind = "midgame_hand_in_opening"
            else:
                kind = "unknown_hand"
            errors.append(make_error(f"{field}.{j}", kind, value=show_value(code)))
            ok = False
        elif code == _SIXI:
            sixi += 1
        elif (
            code in _OPTIONAL
            and rules is not None
            and not rules.enables(HAND_TYPES[code].option or "", code)
        ):
            errors.append(_option_off(f"{field}.{j}", code))
            ok = False
    if ok and len(set(hands)) + max(sixi - 1, 0) != len(hands):
        seen: set[str] = set()
        for j, code in enumerate(hands):
            if code in seen and code != _SIXI:
                errors.append(make_error(f"{field}.{j}", "repeated_hand", value=show_value(code)))
            seen.add(code)
        ok = False
    if sixi > _MAX_SIXI:
        errors.append(make_error(field, "too_many_sixi", count=sixi))
        ok = False
    return ok


def check_final_codes(
    errors: list[FieldError],
    field: str,
    hands: list[Any],
    kind: str | None,
    rules: Rules | None = None,
) -> ClaimShape | None:
    """Check a final win's codes; their ``ClaimShape``, or None."""
    ok = kind_ok = True
    big = pinghu = special = bibo = double = False
    total = top = 0
    for j, code in enumerate(hands):
        info = _FINAL.get(code) if code.__class__ is str else None
        if info is None:
            if code.__class__ is not str:
                wrong_type(errors, f"{field}.{j}", "a string", code)
            elif code in OPENING_CODES:
                errors.append(
                    make_error(f"{field}.{j}", "opening_hand_in_final", value=show_value(code))
                )
            else:
                errors.append(make_error(f"{field}.{j}", "unknown_hand", value=show_value(code)))
            ok = False
            continue
        if info.big:
            big = True
            total += info.weight
            if info.weight > top:
                top = info.weight
        else:
            pinghu = True
        special = special or info.special
        bibo = bibo or info.big_in_big_out
        double = double or info.double_kong
        if info.option is not None and rules is not None:
            if not rules.enables(info.option, code):
                errors.append(_option_off(f"{field}.{j}", code))
                ok = False
                continue
            # The one final code a §10 option refuses (三豪华) sits behind an option too.
            if code in rules.refused:
                errors.append(_refused(f"{field}.{j}", code, rules))
                ok = False
                continue
        if (
            (kind == _SELF and not info.self_draw)
            or (kind == _DISCARD and not info.discard)
            or (
                kind == _DISCARD
                and info.self_draw_limited
                and WinKind.DISCARD not in win_kinds_under(HAND_TYPES[code], rules)
            )
        ):
            errors.append(
                make_error(f"{field}.{j}", "wrong_win_kind", value=show_value(code), kind=kind)
            )
            kind_ok = False
    if not ok:  # unknown codes: the list cannot be judged further
        return None
    if len(set(hands)) != len(hands):
        seen: set[str] = set()
        for j, code in enumerate(hands):
            if code in seen:
                errors.append(make_error(f"{field}.{j}", "repeated_hand", value=show_value(code)))
            seen.add(code)
        ok = False
    if big and pinghu:
        errors.append(make_error(field, "pinghu_with_big"))
        ok = False
    for j, code in enumerate(hands if not _EXCLUSIVE.isdisjoint(hands) else ()):
        clash = _EXCLUDES.get(code)
        if clash is None:
            continue
        for other in hands[:j]:
            if other in clash and not _concealed_menqing(rules, code, other):
                errors.append(
                    make_error(
                        f"{field}.{j}",
                        "hands_exclude_each_other",
                        value=show_value(code),
                        other=show_value(other),
                        name_zh=HAND_TYPES[code].name_zh,
                        other_zh=HAND_TYPES[other].name_zh,
                    )
                )
                ok = False
    return ClaimShape(big, total, top, special, bibo, double) if ok and kind_ok else None


# --- the round -----------------------------------------------------------------


def parse_round(
    data: object, *, rules: Rules | None = None
) -> tuple[Round | None, list[FieldError]]:
    """Validate ``data`` (decoded JSON); (Round, []) when valid, else (None, every error).

    ``rules``: already parsed rules to score under; ``data["ruleset"]`` is then not read
    (a caller that fixes the rules, such as a bulk import, refuses it itself)."""
    errors: list[FieldError] = []
    if not isinstance(data, dict):
        errors.append(make_error("", "not_an_object", value=show_value(data)))
        return None, errors
    if not _ROUND_KEYS.issuperset(data):
        _unknown_keys(errors, data, _ROUND_KEYS, "")

    # ruleset
    raw: Any = data.get("ruleset")
    # players: the table size (rules.md §10); a preset is always a table of four, so
    # only rules given or parsed here are asked (one attribute read costs the hot path).
    players = 4
    if rules is None:
        rules = _PRESETS.get(raw) if raw.__class__ is str else None
        if rules is None:
            if "ruleset" not in data:
                errors.append(make_error("ruleset", "required"))
            else:
                rules, more = parse_ruleset(raw)
                errors += more
                if rules is not None:
                    players = rules.players
    else:
        players = rules.players

    # dealer, dealers
    dealer = data.get("dealer")
    if dealer.__class__ is not int or not 0 <= dealer <= 3:  # (checked inline: the common case)
        dealer = _seat_of(errors, data, "dealer", "dealer")
    dealers: tuple[int, ...] | None = None if dealer is None else (dealer,)
    fish: tuple[int, ...] = _NO_FISH
    openings: tuple[Opening, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    midgame: tuple[Opening, ...] = ()
    piao: tuple[int, ...] | None = None
    kongs: tuple[Kong, ...] = ()
    # Anything beyond ruleset, dealer and result? (Skips four look-ups on plain rounds.)
    optional = (
        len(data) > 3 or "result" not in data or "dealer" not in data or "ruleset" not in data
    )
    if optional:
        raw = data.get("dealers")
        if raw is not None:
            dealers = _dealers(errors, raw, dealer, rules)
        raw = data.get("fish")
        if raw is not None:
            fish = _fish(errors, raw, players)
        raw = data.get("openings")
        if raw is not None:
            if raw.__class__ is not list:
                wrong_type(errors, "openings", "a list", raw)
            elif raw:
                openings = _openings(errors, raw, rules, dealer)
        raw = data.get("midgame")
        if raw is not None:
            midgame = _midgame(errors, raw, rules)
        raw = data.get("kongs")
        if raw is not None:
            kongs = _kongs(errors, raw)
    if rules is not None and (rules.piao != "off" or "piao" in data):
        piao = _piao(errors, data.get("piao"), rules, players)

    # result
    raw = data.get("result")
    result: Result | None = None
    if raw.__class__ is dict:
        result = _result(errors, raw, rules, dealer, dealers)
    elif "result" not in data:
        errors.append(make_error("result", "required"))
    else:
        wrong_type(errors, "result", "an object", raw)

    if optional:
        raw = data.get("penalties")
        if raw is not None:
            if raw.__class__ is not list:
                wrong_type(errors, "penalties", "a list", raw)
            elif raw:
                penalties = _penalties(errors, raw)

    if players != 4 and rules is not None:  # a table of three or two (§10)
        _table_checks(errors, data, rules)
        if len(fish) != players:  # no fish given: n stakes of 0
            fish = (0,) * players
    if errors:
        return None, errors
    assert rules is not None and dealer is not None and dealers is not None and result is not None
    return (
        _new(
            Round,
            (rules, dealer, dealers, fish, openings, result, penalties, midgame, piao, kongs),
        ),
        errors,
    )


# Where a round holds seats, for the table checks of rules.md §10.1: (path, key) pairs;
# a path ending in "*" is a list whose entries hold the key.
_SEAT_FIELDS: tuple[tuple[str, ...], ...] = (
    ("dealer",),
    ("dealers", "*"),
    ("openings", "*", "seat"),
    ("midgame", "*", "seat"),
    ("result", "winners", "*", "seat"),
    ("result", "discarder"),
    ("result", "haidi", "taker"),
    ("result", "haidi", "first_offered"),
    ("result", "haidi", "replaced_by"),
    ("penalties", "*", "seat"),
    ("kongs", "*", "seat"),
    ("kongs", "*", "from"),
)


def _seat_values(node: Any, path: tuple[str, ...], where: str) -> list[tuple[str, Any]]:
    """(field, value) of every seat at ``path`` inside ``node``."""
    if not path:
        return [(where, node)]
    key, rest = path[0], path[1:]
    if key == "*":
        if node.__class__ is not list:
            return []
        return [v for i, item in enumerate(node) for v in _seat_values(item, rest, f"{where}.{i}")]
    if node.__class__ is not dict or key not in node:
        return []
    return _seat_values(node[key], rest, f"{where}.{key}" if where else key)


def _table_checks(errors: list[FieldError], data: dict[Any, Any], rules: Rules) -> None:
    """rules.md §10.1 and §10.3, at a table of n < 4 players: no seat beyond the table,
    at most n − 1 winners on a discard; under 缺一门 no 条 海底 tile (the hands' tiles
    are the analysis' to check) and none of the opening codes it refuses."""
    n = rules.players
    res = data.get("result")
    if res.__class__ is dict and res.get("kind") == _DISCARD:
        winners = res.get("winners")
        if (
            winners.__class__ is list and n - 1 < len(winners) <= MOST_DISCARD_WINNERS
        ):  # (>: _result's)
            errors.append(
                make_error(
                    "result.winners",
                    "wrong_winner_count",
                    kind=_DISCARD,
                    expected="1" if n == 2 else f"1-{n - 1}",
                    count=len(winners),
                )
            )
    for field, seat in (v for path in _SEAT_FIELDS for v in _seat_values(data, path, "")):
        if seat.__class__ is int and n <= seat <= 3:
            errors.append(
                make_error(
                    field,
                    "seat_out_of_range",
                    value=seat,
                    seat_zh=seat_name_zh(seat),
                    players=n,
                    last=n - 1,
                )
            )
    if rules.quyimen:
        openings = data.get("openings")
        for i, entry in enumerate(openings if openings.__class__ is list else ()):
            hands = entry.get("hands") if entry.__class__ is dict else None
            for j, code in enumerate(hands if hands.__class__ is list else ()):
                if code.__class__ is str and code in rules.refused:
                    errors.append(_refused(f"openings.{i}.hands.{j}", code, rules))
        haidi = res.get("haidi") if res.__class__ is dict else None
        tile = haidi.get("tile") if haidi.__class__ is dict else None
        if tile.__class__ is str and tile in _TILES and tile[1] == "s":
            errors.append(make_error("result.haidi.tile", "tile_not_in_play", value=tile))


def _kongs(errors: list[FieldError], raw: Any) -> tuple[Kong, ...]:
    """The round's kongs (rules.md §10.4), checked under every ruleset."""
    if raw.__class__ is not list:
        wrong_type(errors, "kongs", "a list", raw)
        return ()
    out: list[Kong] = []
    per_seat: dict[int, int] = {}
    for i, entry in enumerate(raw):
        field = f"kongs.{i}"
        if entry.__class__ is not dict:
            wrong_type(errors, field, "an object", entry)
            continue
        if not _KONG_KEYS.issuperset(entry):
            _unknown_keys(errors, entry, _KONG_KEYS, f"{field}.")
        seat = _seat_of(errors, entry, "seat", f"{field}.seat")
        kind = _choice_of(errors, entry, "kind", f"{field}.kind", _KONG_KINDS)
        source, ok = _opt_seat(errors, f"{field}.from", entry.get("from"))
        if kind == "ming":
            if source is None and ok:
                errors.append(make_error(f"{field}.from", "required"))
                ok = False
            elif source is not None and source == seat:
                errors.append(make_error(f"{field}.from", "kong_from_self", seat=seat))
                ok = False
        elif kind is not None and source is not None:
            errors.append(
                make_error(
                    f"{field}.from",
                    "kong_from_not_ming",
                    value=show_value(kind),
                    kind_name_zh=_KONG_NAMES_ZH[kind],
                )
            )
            ok = False
        if seat is None or kind is None or not ok:
            continue
        per_seat[seat] = per_seat.get(seat, 0) + 1
        if per_seat[seat] == _MAX_KONGS + 1:
            errors.append(
                make_error(
                    "kongs",
                    "too_many_kongs",
                    seat=seat,
                    count=sum(1 for e in raw if e.__class__ is dict and e.get("seat") == seat),
                )
            )
        out.append(_new(Kong, (seat, kind, source)))
    return tuple(out)


def _dealers(
    errors: list[FieldError], raw: Any, dealer: int | None, rules: Rules | None
) -> tuple[int, ...] | None:
    if raw.__class__ is not list:
        wrong_type(errors, "dealers", "a list", raw)
        return None
    seats: list[int] = []
    ok = True
    for i, seat in enumerate(raw):
        if seat.__class__ is not int or not 0 <= seat <= 3:
            _bad_seat(errors, f"dealers.{i}", seat)
            ok = False
        elif seat in seats:
            errors.append(make_error(f"dealers.{i}", "duplicate_seat", seat=seat))
            ok = False
        else:
            seats.append(seat)
    if not raw:
        errors.append(make_error("dealers", "dealers_empty"))
        return None
    if ok and dealer is not None and dealer not in seats:
        errors.append(make_error("dealers", "dealer_not_in_dealers", dealer=dealer))
        ok = False
    if rules is not None and len(seats) > 1 and not rules.tongzhuang:
        errors.append(make_error("dealers", "several_dealers_without_tongzhuang", count=len(seats)))
        ok = False
    return tuple(sorted(seats)) if ok else None


def _fish(errors: list[FieldError], raw: Any, players: int) -> tuple[int, ...]:
    if raw.__class__ is not list:
        wrong_type(errors, "fish", "a list", raw)
        return _NO_FISH
    if len(raw) != players:
        errors.append(make_error("fish", "wrong_length", expected=players, count=len(raw)))
    for i, stake in enumerate(raw):
        if stake.__class__ is not int:
            wrong_type(errors, f"fish.{i}", "an integer", stake)
        elif not 0 <= stake <= _FISH_MAX:
            errors.append(
                make_error(
                    f"fish.{i}", "out_of_range", min=0, max=_FISH_MAX, value=show_value(stake)
                )
            )
    return tuple(raw)


def _openings(
    errors: list[FieldError], raw: list[Any], rules: Rules | None, dealer: int | None
) -> tuple[Opening, ...]:
    out: list[Opening] = []
    seen: list[int] = []
    count = _small_win_birds(rules)
    stack = rules is not None and rules.opening_stacking == "add"
    for i, entry in enumerate(raw):
        if entry.__class__ is not dict:
            wrong_type(errors, f"openings.{i}", "an object", entry)
            continue
        if not _OPENING_KEYS.issuperset(entry):
            _unknown_keys(errors, entry, _OPENING_KEYS, f"openings.{i}.")
        start = len(errors)
        seat = entry.get("seat")
        if seat.__class__ is not int or not 0 <= seat <= 3:  # (checked inline: the common case)
            seat = _seat_of(errors, entry, "seat", f"openings.{i}.seat")
        ok = seat is not None
        if seat is None:
            pass
        elif seat in seen:
            errors.append(make_error(f"openings.{i}.seat", "duplicate_opening_seat", seat=seat))
            ok = False
        else:
            seen.append(seat)

        hands = entry.get("hands")
        tiles = entry.get("tiles")
        codes: tuple[str, ...] | None = None
        if hands is None:
            if tiles is None:
                errors.append(make_error(f"openings.{i}", "hands_required"))
                ok = False
        elif hands.__class__ is not list:
            wrong_type(errors, f"openings.{i}.hands", "a list", hands)
            ok = False
        elif not hands:
            errors.append(make_error(f"openings.{i}.hands", "no_hands"))
            ok = False
        elif (
            len(hands) == 1 and hands[0].__class__ is str and hands[0] in PLAIN_OPENING_CODES
        ) or check_opening_codes(errors, f"openings.{i}.hands", hands, rules):
            codes = tuple(hands)
        else:
            ok = False

        if tiles is not None:
            if tiles.__class__ is not str:
                wrong_type(errors, f"openings.{i}.tiles", "a string", tiles)
                ok = False
            elif ok and dealer is not None:
                claimed = _check_opening_tiles(
                    errors, f"openings.{i}", tiles, hands, seat == dealer, rules
                )
                if codes is None:
                    codes = claimed
            else:
                ok = False

        raw_birds = entry.get("birds")
        bird_values = plain_birds(raw_birds, count)
        if bird_values is None:
            bird_values = _small_birds(errors, f"openings.{i}.birds", raw_birds, count)
        if ok and codes and bird_values is not None and seat is not None:
            out.append(_new(Opening, (seat, codes, len(codes) if stack else 1, bird_values)))
        elif len(errors) == start:  # never drop an opening silently
            errors.append(make_error(f"openings.{i}", "hands_required"))
    return tuple(out)


def _small_win_birds(rules: Rules | None) -> int | None:
    """How many birds an opening or mid-game win carries (None: the ruleset is bad)."""
    return None if rules is None else small_win_bird_count(rules)


def _small_birds(
    errors: list[FieldError], field: str, birds: Any, count: int | None
) -> tuple[int, ...] | None:
    """The birds of an opening or mid-game win; none at all when ``count`` is 0 because
    the ruleset's ``opening_birds`` is false."""
    if birds is None:
        birds = []
    if count == 0 and birds.__class__ is list and birds:
        errors.append(make_error(field, "opening_birds_off"))
        return None
    return check_birds(errors, field, birds, count)


def _midgame(errors: list[FieldError], raw: Any, rules: Rules | None) -> tuple[Opening, ...]:
    """The round's mid-game wins (中途胡, rules.md §9.4): each entry is one win."""
    if raw.__class__ is not list:
        wrong_type(errors, "midgame", "a list", raw)
        return ()
    out: list[Opening] = []
    count = _small_win_birds(rules)
    stack = rules is not None and rules.opening_stacking == "add"
    for i, entry in enumerate(raw):
        field = f"midgame.{i}"
        if entry.__class__ is not dict:
            wrong_type(errors, field, "an object", entry)
            continue
        start = len(errors)
        if not _MIDGAME_KEYS.issuperset(entry):
            _unknown_keys(errors, entry, _MIDGAME_KEYS, f"{field}.")
        seat = _seat_of(errors, entry, "seat", f"{field}.seat")
        hands = entry.get("hands")
        if hands is None:
            errors.append(make_error(f"{field}.hands", "required"))
        elif hands.__class__ is not list:
            wrong_type(errors, f"{field}.hands", "a list", hands)
        elif not hands:
            errors.append(make_error(f"{field}.hands", "no_hands"))
        else:
            for j, code in enumerate(hands):
                where = f"{field}.hands.{j}"
                if code.__class__ is not str:
                    wrong_type(errors, where, "a string", code)
                elif code not in MIDGAME_CODES:
                    known = code in HAND_TYPES
                    if known:  # the registry's mid-game types, named
                        errors.append(
                            make_error(
                                where,
                                "not_midgame_hand",
                                value=show_value(code),
                                midgame_codes=", ".join(_MIDGAME_ORDER),
                                midgame_zh="、".join(HAND_TYPES[c].name_zh for c in _MIDGAME_ORDER),
                            )
                        )
                    else:
                        errors.append(make_error(where, "unknown_hand", value=show_value(code)))
                elif rules is not None and not rules.allows(code):
                    errors.append(_option_off(where, code))
        birds = _small_birds(errors, f"{field}.birds", entry.get("birds"), count)
        if len(errors) == start and seat is not None and birds is not None and hands:
            codes = tuple(hands)
            out.append(_new(Opening, (seat, codes, len(codes) if stack else 1, birds)))
    return tuple(out)


def _piao(
    errors: list[FieldError], raw: Any, rules: Rules | None, players: int = 4
) -> tuple[int, ...] | None:
    """The round's 飘分 stakes (rules.md §9.5), by seat; None when the ruleset has none."""
    if rules is None:
        return None
    mode = rules.piao
    if mode == "off":
        if raw is not None:
            errors.append(make_error("piao", "piao_not_in_ruleset"))
        return None
    if raw is None:
        if mode == "free":
            errors.append(make_error("piao", "piao_required"))
            return None
        return (rules.piao_value,) * players
    if raw.__class__ is not list:
        wrong_type(errors, "piao", "a list", raw)
        return None
    start = len(errors)
    if len(raw) != players:
        errors.append(make_error("piao", "wrong_length", expected=players, count=len(raw)))
    hi = rules.piao_max if mode == "free" else 100
    for i, stake in enumerate(raw):
        if stake.__class__ is not int:
            wrong_type(errors, f"piao.{i}", "an integer", stake)
        elif not 0 <= stake <= hi:
            errors.append(
                make_error(f"piao.{i}", "out_of_range", min=0, max=hi, value=show_value(stake))
            )
        elif mode == "fixed" and stake != rules.piao_value:
            errors.append(
                make_error(f"piao.{i}", "piao_not_fixed", expected=rules.piao_value, value=stake)
            )
    return tuple(raw) if len(errors) == start else None


def _check_opening_tiles(
    errors: list[FieldError],
    field: str,
    tiles: str,
    hands: list[Any] | None,
    seat_is_dealer: bool,
    rules: Rules | None = None,
) -> tuple[str, ...] | None:
    codes, more = check_opening_claim(
        tiles=tiles,
        hands=None if hands is None else list(hands),
        seat_is_dealer=seat_is_dealer,
        field=field,
        rules=rules,
    )
    errors += more
    if more:
        return None
    if hands is None:
        codes = tuple(c for c in codes if rules.allows(c)) if rules is not None else codes
        if not check_opening_codes(errors, f"{field}.tiles", list(codes), rules):
            return None
    return tuple(codes) or None


def _haidi(errors: list[FieldError], raw: Any) -> Haidi | None:
    """The 海底 record, or None when it is malformed (errors reported)."""
    if raw.__class__ is not dict:
        wrong_type(errors, "result.haidi", "an object or null", raw)
        return None
    if not _HAIDI_KEYS.issuperset(raw):
        _unknown_keys(errors, raw, _HAIDI_KEYS, "result.haidi.")
    ok = True
    tile = raw.get("tile")
    if tile is not None and (tile.__class__ is not str or tile not in _TILES):
        if tile.__class__ is not str:
            wrong_type(errors, "result.haidi.tile", "a string or null", tile)
        else:
            errors.append(make_error("result.haidi.tile", "invalid_tile", value=show_value(tile)))
        ok = False
    taker, ok1 = _opt_seat(errors, "result.haidi.taker", raw.get("taker"))
    first, ok2 = _opt_seat(errors, "result.haidi.first_offered", raw.get("first_offered"))
    replaced, ok3 = _opt_seat(errors, "result.haidi.replaced_by", raw.get("replaced_by"))
    if taker is not None and replaced is not None:
        errors.append(
            make_error(
                "result.haidi", "haidi_taken_and_replaced", taker=taker, replaced_by=replaced
            )
        )
        ok = False
    if ok and ok1 and ok2 and ok3:
        return _new(Haidi, (tile, taker, first, replaced))
    return None


def _result(
    errors: list[FieldError],
    res: dict[Any, Any],
    rules: Rules | None,
    dealer: int | None,
    dealers: tuple[int, ...] | None,
) -> Result | None:
    if not _RESULT_KEYS.issuperset(res):
        _unknown_keys(errors, res, _RESULT_KEYS, "result.")
    start = len(errors)

    kind = res.get("kind")
    if kind.__class__ is not str or kind not in _RESULT_KINDS:  # (checked inline: the common case)
        kind = _choice_of(errors, res, "kind", "result.kind", _RESULT_KINDS)
    if kind == "draw":
        return _draw(errors, start, res)

    haidi: Haidi | None = None
    haidi_ok = True
    raw = res.get("haidi")
    if raw is not None:
        haidi = _haidi(errors, raw)
        haidi_ok = haidi is not None
    discarder: Any = res.get("discarder")
    if discarder is not None and (discarder.__class__ is not int or not 0 <= discarder <= 3):
        _bad_seat(errors, "result.discarder", discarder)
        discarder = None
    forfeited: Any = res.get("birds_forfeited")
    if forfeited is None:
        forfeited = False
    elif forfeited.__class__ is not bool:
        wrong_type(errors, "result.birds_forfeited", "a boolean", forfeited)
        forfeited = False

    raw_winners: Any = res.get("winners")
    if raw_winners is None:
        raw_winners = []
    elif raw_winners.__class__ is not list:
        wrong_type(errors, "result.winners", "a list", raw_winners)
        raw_winners = None
    if kind == _SELF:
        if discarder is not None:
            errors.append(
                make_error(
                    "result.discarder", "discarder_on_self_draw", value=show_value(discarder)
                )
            )
        if raw_winners is not None and len(raw_winners) != 1:
            errors.append(
                make_error(
                    "result.winners",
                    "wrong_winner_count",
                    kind=kind,
                    expected="1",
                    count=len(raw_winners),
                )
            )
    elif kind == _DISCARD:
        if discarder is None and "result.discarder" not in (e.field for e in errors[start:]):
            errors.append(make_error("result.discarder", "missing_discarder"))
        if raw_winners is not None and not 1 <= len(raw_winners) <= MOST_DISCARD_WINNERS:
            errors.append(
                make_error(
                    "result.winners",
                    "wrong_winner_count",
                    kind=kind,
                    expected=f"1-{MOST_DISCARD_WINNERS}",
                    count=len(raw_winners),
                )
            )

    winners: list[Winner] = []
    if raw_winners:
        seats: list[int] = []
        for i, entry in enumerate(raw_winners):
            winner = _winner(
                errors, i, entry, kind, rules, dealer, dealers, discarder, haidi, haidi_ok
            )
            if winner is None:
                continue
            seat = winner.seat
            if seat in seats:
                errors.append(make_error(f"result.winners.{i}.seat", "duplicate_winner", seat=seat))
            seats.append(seat)
            if seat == discarder:
                errors.append(make_error("result.discarder", "discarder_is_winner", seat=seat))
            winners.append(winner)

    # birds: the common case (explicit, well-formed, no 海底, not forfeited) first
    raw_birds: Any = res.get("birds")
    count = None if rules is None else rules.bird_count
    birds: tuple[int, ...] | None = None
    if haidi is None and not forfeited:
        birds = plain_birds(raw_birds, count)
    if birds is None:
        haidi_win = haidi is not None and any(not HAIDI_CODES.isdisjoint(w.codes) for w in winners)
        birds = _win_birds(errors, raw_birds, forfeited, count, haidi if haidi_win else None, rules)
    if len(errors) > start or kind is None or birds is None:
        return None
    return _new(Result, (kind, tuple(winners), discarder, birds, forfeited, haidi))


def _draw(errors: list[FieldError], start: int, res: dict[Any, Any]) -> Result | None:
    raw = res.get("haidi")
    haidi = None if raw is None else _haidi(errors, raw)
    winners = res.get("winners")
    if winners is not None and winners.__class__ is not list:
        wrong_type(errors, "result.winners", "a list", winners)
    elif winners:
        errors.append(make_error("result.winners", "winners_on_draw", count=len(winners)))
    discarder = res.get("discarder")
    if discarder is not None:
        errors.append(
            make_error("result.discarder", "discarder_on_draw", value=show_value(discarder))
        )
    birds = res.get("birds")
    if birds is not None and birds != []:
        errors.append(make_error("result.birds", "birds_on_draw"))
    forfeited = res.get("birds_forfeited")
    if forfeited is not None and forfeited is not False:
        if forfeited is True:
            errors.append(make_error("result.birds_forfeited", "forfeit_on_draw"))
        else:
            wrong_type(errors, "result.birds_forfeited", "a boolean", forfeited)
    if raw is None or (
        haidi is not None
        and haidi.taker is None
        and haidi.replaced_by is None
        and haidi.first_offered is None
    ):
        errors.append(make_error("result.haidi", "draw_needs_haidi"))
    if len(errors) > start:
        return None
    return Result("draw", (), None, (), False, haidi)


def _winner(
    errors: list[FieldError],
    i: int,
    entry: Any,
    kind: str | None,
    rules: Rules | None,
    dealer: int | None,
    dealers: tuple[int, ...] | None,
    discarder: int | None,
    haidi: Haidi | None,
    haidi_ok: bool,
) -> Winner | None:
    if entry.__class__ is not dict:
        wrong_type(errors, f"result.winners.{i}", "an object", entry)
        return None
    if not _WINNER_KEYS.issuperset(entry):
        _unknown_keys(errors, entry, _WINNER_KEYS, f"result.winners.{i}.")
    start = len(errors)
    seat = entry.get("seat")
    if seat.__class__ is not int or not 0 <= seat <= 3:  # (checked inline: the common case)
        seat = _seat_of(errors, entry, "seat", f"result.winners.{i}.seat")

    hands = entry.get("hands")
    codes: tuple[str, ...] | None = None
    shape: ClaimShape | None = None
    if hands.__class__ is list and hands:
        # A single code that is fine for this win kind under every ruleset needs none of
        # check_final_codes' checks (SINGLE_CODE_SHAPES holds its shape).
        if len(hands) == 1 and hands[0].__class__ is str:
            shape = SINGLE_CODE_SHAPES[kind].get(hands[0])
        if shape is None:
            shape = check_final_codes(errors, f"result.winners.{i}.hands", hands, kind, rules)
        if shape is not None:
            codes = tuple(hands)
    elif hands is not None:
        if hands.__class__ is not list:
            wrong_type(errors, f"result.winners.{i}.hands", "a list", hands)
        else:
            errors.append(make_error(f"result.winners.{i}.hands", "no_hands"))
    elif entry.get("tiles") is None:
        errors.append(make_error(f"result.winners.{i}", "hands_required"))

    if len(entry) > 2 or hands is None:  # tiles, melds or win_tile may be given
        claimed = _winner_tiles(
            errors, i, entry, hands, kind, rules, dealer, seat, len(errors) == start
        )
        if hands is None and claimed is not None:
            shape = check_final_codes(
                errors, f"result.winners.{i}.tiles", list(claimed), kind, rules
            )
            if shape is not None:
                codes = claimed

    if codes is None or shape is None or seat is None:
        if len(errors) == start:  # e.g. tiles that name no hand: never drop a winner silently
            errors.append(make_error(f"result.winners.{i}", "hands_required"))
        return None

    big, total, top, special, bibo, double = shape
    if special:
        _special_claims(errors, i, codes, seat, dealer, dealers, discarder, haidi, haidi_ok)
    if not big:
        units = 1
    elif double and rules is not None and rules.double_kong == "per_tile":
        # §9.7: each kong tile wins with the other big codes O; the two wins add up.
        others = [
            HAND_TYPES[c].weight
            for c in codes
            if HAND_TYPES[c].is_big and not HAND_TYPES[c].double_kong
        ]
        if rules.big_stacking == "single":
            units = 2 * max(1, *others) if others else 2
        else:
            units = 2 * (1 + sum(others))
    elif rules is not None and rules.big_stacking == "single":
        units = top
    else:
        units = total
    if bibo:  # a code 大进大出 applies to: does it here?
        bibo = big and kind == _DISCARD and rules is not None and rules.big_in_big_out
    return _new(Winner, (seat, codes, big, units, bibo))


def _special_claims(
    errors: list[FieldError],
    i: int,
    codes: tuple[str, ...],
    seat: int,
    dealer: int | None,
    dealers: tuple[int, ...] | None,
    discarder: int | None,
    haidi: Haidi | None,
    haidi_ok: bool,
) -> None:
    """Who may claim 天胡 / 地胡, and the 海底 wins' seats."""
    field = f"result.winners.{i}.hands"
    if _TIANHU in codes and dealer is not None and seat != dealer:
        errors.append(make_error(field, "tianhu_not_dealer", dealer=dealer, seat=seat))
    if _DIHU in codes:
        if dealers is not None and seat in dealers:
            errors.append(make_error(field, "dihu_by_dealer", seat=seat))
        if dealer is not None and discarder is not None and discarder != dealer:
            errors.append(
                make_error(
                    "result.discarder",
                    "dihu_discarder_not_dealer",
                    dealer=dealer,
                    discarder=discarder,
                )
            )
    if HAIDI_CODES.isdisjoint(codes):
        return
    if haidi is None:
        if haidi_ok:  # absent, not merely malformed
            code = _HAIDILAOYUE if _HAIDILAOYUE in codes else _HAIDIPAO
            errors.append(make_error(field, "haidi_missing", value=show_value(code)))
        return
    taker = "null" if haidi.taker is None else haidi.taker
    if _HAIDILAOYUE in codes and haidi.taker != seat:
        errors.append(make_error(field, "haidilaoyue_not_taker", taker=taker, seat=seat))
    # rules.md §6: when the 海底 was used as a replacement, the discard after it may be
    # recorded as haidipao (001 §七.4); then there is no taker and the discarder is the seat
    # that used it.
    replaced = haidi.taker is None and haidi.replaced_by == discarder
    if _HAIDIPAO in codes and discarder is not None and haidi.taker != discarder and not replaced:
        errors.append(make_error(field, "haidipao_not_taker", taker=taker, discarder=discarder))


def _winner_tiles(
    errors: list[FieldError],
    i: int,
    entry: dict[Any, Any],
    hands: Any,
    kind: str | None,
    rules: Rules | None,
    dealer: int | None,
    seat: int | None,
    codes_ok: bool,
) -> tuple[str, ...] | None:
    """Check a winner's tiles against the claim (scoring.engine.analysis); the codes."""
    field = f"result.winners.{i}"
    tiles, melds, win_tile = entry.get("tiles"), entry.get("melds"), entry.get("win_tile")
    ok = codes_ok
    if tiles is not None and tiles.__class__ is not str:
        wrong_type(errors, f"{field}.tiles", "a string", tiles)
        ok = False
    if melds is not None and melds.__class__ is not list:
        wrong_type(errors, f"{field}.melds", "a list or null", melds)
        ok = False
    if win_tile is not None and win_tile.__class__ is not str:
        wrong_type(errors, f"{field}.win_tile", "a string or null", win_tile)
        ok = False
    if tiles is None and ok:  # melds or a winning tile alone: checked, not scored
        errors += read_hand_parts(melds=melds, win_tile=win_tile, field=field)
    if tiles is None or not ok or kind is None or rules is None or dealer is None or seat is None:
        return None
    codes, more = check_final_claim(
        tiles=tiles,
        melds=melds,
        win_tile=win_tile,
        hands=None if hands is None else list(hands),
        kind=kind,
        seat_is_dealer=seat == dealer,
        rules=rules,
        field=field,
    )
    errors += more
    return None if more or not codes else tuple(codes)


def _win_birds(
    errors: list[FieldError],
    raw: Any,
    forfeited: bool,
    count: int | None,
    haidi: Haidi | None,
    rules: Rules | None,
) -> tuple[int, ...] | None:
    """The birds that count for a win; ``haidi`` is given for a 海底 win."""
    if forfeited:
        if raw is not None and raw != []:
            errors.append(make_error("result.birds", "birds_with_forfeit"))
            return None
        return ()
    # The 海底 tile is every bird when it was taken (not when it served as a replacement).
    rank = None
    if haidi is not None and haidi.tile is not None and haidi.taker is not None:
        rank = int(haidi.tile[0])
    if raw is None:
        if count is None:
            return None
        if rank is not None and rules is not None:
            return haidi_birds(rules, rank)
        if count == 0:
            return ()
        if haidi is not None:
            errors.append(make_error("result.birds", "haidi_birds_needed"))
        else:
            errors.append(make_error("result.birds", "wrong_bird_count", expected=count, count=0))
        return None
    if haidi is None and rules is not None and rules.short_wall_birds == "as_drawn" and count:
        # §10.5: from a short wall, only the birds drawn (at least one); a 海底 win keeps
        # every bird, each the 海底 tile's rank.
        birds = check_birds(errors, "result.birds", raw, None)
        if birds is not None and not 1 <= len(birds) <= count:
            errors.append(
                make_error(
                    "result.birds", "wrong_bird_count", expected=f"1-{count}", count=len(birds)
                )
            )
            birds = None
        return birds
    birds = check_birds(errors, "result.birds", raw, count)
    if birds is not None and rank is not None:
        for j, b in enumerate(birds):
            if b != rank:
                errors.append(
                    make_error(f"result.birds.{j}", "haidi_bird_mismatch", rank=rank, value=b)
                )
                birds = None
    return birds


def _penalties(errors: list[FieldError], raw: list[Any]) -> tuple[Penalty, ...]:
    out: list[Penalty] = []
    for i, entry in enumerate(raw):
        if entry.__class__ is not dict:
            wrong_type(errors, f"penalties.{i}", "an object", entry)
            continue
        if not _PENALTY_KEYS.issuperset(entry):
            _unknown_keys(errors, entry, _PENALTY_KEYS, f"penalties.{i}.")
        seat = _seat_of(errors, entry, "seat", f"penalties.{i}.seat")
        kind = _choice_of(errors, entry, "kind", f"penalties.{i}.kind", _PENALTY_KINDS)
        if seat is not None and kind is not None:
            penalty = Penalty(seat, kind)
            if penalty in out:
                errors.append(
                    make_error(
                        f"penalties.{i}", "duplicate_penalty", seat=seat, value=show_value(kind)
                    )
                )
            out.append(penalty)
    return tuple(out)
