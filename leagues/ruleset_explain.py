"""What the rules page of one ruleset shows, computed by the engine (no number by hand):
every option in words, the hand types the ruleset allows with their chips, and a few
example payments."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy

from csmj_site.language import as_label, in_page_language, page_is_english
from leagues.audit_text import hand_label
from leagues.option_values import value_words
from leagues.payment_words import transfer_rows
from scoring.engine import (
    HAND_CLASSES,
    HAND_TYPES,
    KONG_KINDS,
    PARAMETER_INFO,
    PRESET_INFO,
    PRESETS,
    RoundInvalid,
    Rules,
    bird_seats,
    final_bird_origin,
    parse_ruleset,
    score_round,
    small_win_bird_count,
    small_win_origin,
    takes_effect,
)

SEATS = ("A", "B", "C", "D")  # A is the dealer in every example
DEALER, IDLE, IDLE2, IDLE3 = 0, 1, 2, 3
# The 海底 tile of the examples: a 万, in play at every table (缺一门 removes 条).
HAIDI_TILE = "3m"
# Where a seat sits from the seat the birds count from: the origin, its 下家, the seat
# opposite, its 上家.
POSITION_WORDS = (
    gettext_lazy("起点"),
    gettext_lazy("下家"),
    gettext_lazy("对家"),
    gettext_lazy("上家"),
)


def _rules(config: dict[str, Any], **changes: Any) -> Rules:
    rules, errors = parse_ruleset({**config, **changes}, field="config")
    if errors or rules is None:
        raise ValueError(errors)
    return rules


def _other(players: int, *taken: int) -> int:
    """The first seat of C, D, B, A at a table of ``players`` that is not ``taken``
    (a discarder who is not the winner, a 海底 taker who is no party)."""
    return next(s for s in (IDLE2, IDLE3, IDLE, DEALER) if s < players and s not in taken)


def _landing(rules: Rules, origin: int) -> tuple[int | None, ...]:
    """Where each bird 0-9 lands at this ruleset's table, counted from ``origin`` (the
    engine's table for its size; None: on nobody)."""
    return bird_seats(rules.players, rules.empty_birds)[origin]


def _birds(rules: Rules, count: int, seats: tuple[int | None, ...], origin: int) -> list[int]:
    """``count`` bird tiles that all land on the first of ``seats`` (None: on nobody)
    that any bird lands on, counted from ``origin``."""
    row = _landing(rules, origin)
    values = next(
        (found for seat in seats if (found := [v for v in range(1, 10) if row[v] == seat])), []
    )
    return [values[i % min(2, len(values))] for i in range(count)] if values else []


def _score(data: dict[str, Any], rules: Rules) -> dict[str, Any] | None:
    try:
        return dict(score_round({"ruleset": "changsha-67", **data}, rules=rules))
    except RoundInvalid:
        return None


def _final(
    hand: str, kind: str, winner: int, players: int, *, birds: list[int] | None = None
) -> dict[str, Any]:
    result: dict[str, Any] = {"kind": kind, "winners": [{"seat": winner, "hands": [hand]}]}
    if kind == "discard":
        # 地胡 is won on the dealer's first discard; any other discard win from another
        # seat (an idle one where the table has it).
        situation = HAND_TYPES[hand].situation
        first = situation is not None and situation.context == "first_discard"
        result["discarder"] = DEALER if first else _other(players, winner)
    if HAND_TYPES[hand].needs_haidi:
        # 海底: the last tile, taken by the self-drawer or by the seat that discards it.
        taker = winner if kind == "self_draw" else result["discarder"]
        result["haidi"] = {"tile": HAIDI_TILE, "taker": taker, "first_offered": taker}
    if birds:
        result["birds"] = birds
    return {"dealer": DEALER, "result": result}


def _draw(players: int) -> dict[str, Any]:
    """A round that ends in a draw, its 海底 taken by an idle seat."""
    taker = _other(players)
    return {
        "dealer": DEALER,
        "result": {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": HAIDI_TILE, "taker": taker, "first_offered": taker},
        },
    }


def _side(
    hand: str, cls: str, winner: int, players: int, birds: list[int] | None = None
) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": winner, "hands": [hand]}
    if birds:
        entry["birds"] = birds
    return {**_draw(players), ("openings" if cls == "opening" else "midgame"): [entry]}


def hand_catalogue(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Each hand type the ruleset allows, with the chips its winner takes in all, alone,
    without birds, 飘 or 封顶: by self-draw and discard, as dealer and as idle seat."""
    rules = _rules(config, bird_count=0, piao="off", cap=0)
    english = page_is_english()
    out = []
    for code, hand in HAND_TYPES.items():
        if not rules.allows(code):
            continue
        cls = str(hand.hand_class)
        chips: dict[str, int | None] = {}
        for who, seat in (("dealer", DEALER), ("idle", IDLE)):
            for kind in ("self_draw", "discard"):
                if cls in ("opening", "midgame"):
                    data = _side(code, cls, seat, rules.players) if kind == "self_draw" else None
                else:
                    data = _final(code, kind, seat, rules.players)
                scored = _score(data, rules) if data else None
                chips[f"{who}_{kind}"] = scored["net"][seat] if scored else None
        if all(v is None for v in chips.values()):
            continue
        out.append(
            {
                "code": code,
                "name": hand.name_en if english else hand.name_zh,
                "class": cls,
                "weight": hand.weight,
                **chips,
            }
        )
    return out


def payment_terms(*, data: Any, config: object) -> dict[str, Any]:
    """What ``payment_words.transfer_rows`` needs besides the engine's result to word a
    round's payments: each win's hands by (event, seat), in the reader's language; the
    dealer seats; the ruleset's dealer bonus (庄分, per unit or once); the winners paid
    大进大出; the kinds of kong in words. Empty when the round or the ruleset cannot be read."""
    if not isinstance(data, dict):
        return {}
    rules = config if isinstance(config, Rules) else None
    if rules is None:  # a ruleset's config, or a preset's code
        rules, errors = parse_ruleset(config, field="config")
        if errors or rules is None:
            return {}
    # keyed and filled by the round's own seats, as given
    hands: dict[tuple[str, Any], list[str]] = {}
    bibo: set[Any] = set()
    final: dict[str, Any] = data["result"] if isinstance(data.get("result"), dict) else {}
    entries = [("result", w) for w in final.get("winners") or []]
    entries += [("opening", o) for o in data.get("openings") or []]
    entries += [("midgame", m) for m in data.get("midgame") or []]
    for event, entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
            continue  # given by its tiles: the class names it
        codes = [c for c in entry["hands"] if isinstance(c, str)]
        hands[(event, entry.get("seat"))] = [hand_label(c) for c in codes]
        if event == "result" and final.get("kind") == "discard" and rules.big_in_big_out:
            found = [HAND_TYPES.get(c) for c in codes]
            if any(h is not None and h.big_in_big_out for h in found):
                bibo.add(entry.get("seat"))
    dealers = data.get("dealers") or [data.get("dealer")]
    return {
        "hands": hands,
        # a kong's kind (暗杠 …): the engine's word, in the reader's language
        "kong_kinds": {kind: in_page_language(words.name) for kind, words in KONG_KINDS.items()},
        # a hand's class (起手胡, 大胡 …): the engine's word, as a label
        "hand_classes": {kind: as_label(word) for kind, word in HAND_CLASSES.items()},
        "dealers": [s for s in dealers if isinstance(s, int)],
        "dealer_bonus": rules.dealer_bonus,
        "per_unit": rules.dealer_bonus_per_unit,
        "bibo": bibo,
    }


def _example(title: str, data: dict[str, Any], rules: Rules) -> dict[str, Any] | None:
    """One example scored by the engine; ``%(units)s`` in ``title`` is the units the
    engine counted for the first payment (番上番: two big hands may be three units)."""
    scored = _score(data, rules)
    if scored is None:
        return None
    if "%(units)s" in title:
        title = title % {"units": scored["transfers"][0]["detail"]["units"]}
    return {
        "title": title,
        "round": data,
        # The same words as the round form's preview (one wording of the engine's detail).
        "transfers": transfer_rows(scored, list(SEATS), payment_terms(data=data, config=rules)),
        "net": list(zip(SEATS, scored["net"], strict=False)),
    }


def example_payments(config: dict[str, Any]) -> list[dict[str, Any]]:
    """A small discard win, a big self-draw with birds, an opening win, and a 飘 or 封顶
    case when the ruleset has them, each scored by the engine under this ruleset."""
    rules = _rules(config)
    count, n = rules.bird_count, rules.players
    big = "haohua_qixiaodui" if rules.haohua else "qixiaodui"
    piao: dict[str, Any] = {}
    if rules.piao == "free":
        top = rules.piao_max
        piao = {"piao": [min(1, top), 0, min(2, top), min(3, top)][:n]}
    elif rules.piao == "fixed":
        piao = {"piao": [rules.piao_value] * n}

    origin = final_bird_origin(rules, DEALER, [IDLE], None)  # the dealer's or B's (§9.1)
    assert origin is not None
    discarder = _other(n, IDLE)
    # the small win's birds miss both: on nobody, or on a seat outside the payment
    missed = (None, *(s for s in (IDLE3, IDLE2, DEALER) if s < n and s != discarder), IDLE)
    small_birds = _birds(rules, count, missed, origin)
    small = {**_final("pinghu", "discard", IDLE, n, birds=small_birds), **piao}
    big_win = {**_final(big, "self_draw", IDLE, n, birds=_birds(rules, count, (IDLE,), origin))}
    big_win.update(piao)
    opener = _other(n, DEALER)  # C, or B at a table of two
    opening_origin = small_win_origin(rules, DEALER, opener)
    assert opening_origin is not None
    opening_birds = _birds(rules, small_win_bird_count(rules), (opener,), opening_origin)
    opening = {**_side("sixi", "opening", opener, n, opening_birds), **piao}
    examples = [
        _example(
            gettext("小胡点炮：%(winner)s 平胡，%(discarder)s 放炮")
            % {"winner": SEATS[IDLE], "discarder": SEATS[discarder]},
            small,
            rules,
        ),
        _example(
            gettext("大胡自摸带鸟：B %(hand)s自摸，鸟全中 B") % {"hand": _hand_name(big)},
            big_win,
            rules,
        ),
        _example(
            (
                gettext("起手胡：%(seat)s 四喜，开骰定鸟，鸟全中 %(seat)s")
                if opening_birds
                else gettext("起手胡：%(seat)s 四喜，不算鸟")
            )
            % {"seat": SEATS[opener]},
            opening,
            rules,
        ),
    ]
    if rules.cap:
        dealer_origin = final_bird_origin(rules, DEALER, [DEALER], None)
        assert dealer_origin is not None
        birds = _birds(rules, count, (DEALER,), dealer_origin)
        capped = {**_final("qingyise", "self_draw", DEALER, n, birds=birds), **piao}
        capped["result"]["winners"][0]["hands"] = ["qingyise", big]
        hands = capped["result"]["winners"][0]["hands"]
        title = gettext("封顶 %(cap)s：庄家 A 自摸%(hands)s（共 %(units)s 番），鸟全中 A") % {
            "cap": rules.cap,
            "hands": " + ".join(_hand_name(h) for h in hands),
            "units": "%(units)s",  # the engine's count, filled in by _example
        }
        examples.append(_example(title, capped, rules))
    return [e for e in examples if e is not None]


def bird_table(config: dict[str, Any]) -> dict[str, Any]:
    """Where birds 1-9 land at this ruleset's table, counted from seat A (the dealer, or
    the winner under 从胡家数), by the engine's table for its size (rules.md §3, §10.2):
    each bird's seat (None: on nobody), and each seat's place from A."""
    rules = _rules(config)
    n = rules.players
    row = _landing(rules, DEALER)
    origin = PARAMETER_INFO["bird_origin"].values[rules.bird_origin]
    return {
        "count": rules.bird_count,
        "origin": origin.en if page_is_english() else origin.zh,
        "birds": [(v, None if (seat := row[v]) is None else SEATS[seat]) for v in range(1, 10)],
        "seats": [(SEATS[s], _place(s - DEALER, n)) for s in range(n)],
    }


def _place(offset: int, players: int) -> Any:
    """The words for the seat ``offset`` seats after the origin, at a table of
    ``players``: 起点, 下家, 上家, and 对家 for the seat opposite (the other seat of two)."""
    if offset == 0:
        return POSITION_WORDS[0]
    if players > 2 and offset == 1:
        return POSITION_WORDS[1]
    if players > 2 and offset == players - 1:
        return POSITION_WORDS[3]
    return POSITION_WORDS[2]


def kong_payments(config: dict[str, Any]) -> dict[str, Any]:
    """What a kong of each kind costs at this ruleset's table (rules.md §10.4), scored by
    the engine: B's kong in a drawn round (放杠 on a discard of C, or of A at a table of
    two), each transfer and what B takes in all. ``on`` is false when the ruleset does
    not pay for kongs (then there are no rows)."""
    rules = _rules(config)
    english = page_is_english()
    rows = []
    for kind, words in KONG_KINDS.items() if rules.kong_pay else ():
        kong: dict[str, Any] = {"seat": IDLE, "kind": kind}
        if kind == "ming":
            kong["from"] = _other(rules.players, IDLE)
        scored = _score({**_draw(rules.players), "kongs": [kong]}, rules)
        if scored is None:
            continue
        transfers = [t for t in scored["transfers"] if t["event"] == "kong"]
        rows.append(
            {
                "kind": kind,
                "name": words.name.en if english else words.name.zh,
                "points": getattr(rules.kong_points, kind),
                "transfers": [(SEATS[t["from"]], SEATS[t["to"]], t["amount"]) for t in transfers],
                "total": scored["net"][IDLE],
            }
        )
    return {"on": rules.kong_pay, "rows": rows}


def _hand_name(code: str) -> str:
    h = HAND_TYPES[code]
    return h.name_en if page_is_english() else h.name_zh


def option_words(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every parameter of the ruleset: its name, value, meaning, and whether it differs
    from the preset."""
    rules = _rules(config).to_dict()
    preset = PRESETS[config["preset"]].to_dict()
    english = page_is_english()
    return [
        {
            "key": key,
            "name": info.name_en if english else info.name_zh,
            "value": rules[key],
            "words": value_words(key, rules[key]),
            "description": info.description if english else info.description_zh,
            "changed": rules[key] != preset[key],
        }
        for key, info in PARAMETER_INFO.items()
    ]


def ruleset_summary(config: dict[str, Any]) -> str:
    """One line in words: the preset, then each option that differs from it and changes
    something (六七片（双杠双鸟） · 扎鸟数 四鸟 · 飘分 自由飘; not a 坐飘分 left from
    before 飘分 went back to 不飘)."""
    info = PRESET_INFO[config["preset"]]
    english = page_is_english()
    values = _rules(config).to_dict()
    parts = [info.name_en if english else info.name_zh]
    parts += [
        f"{o['name']} {o['words']}"
        for o in option_words(config)
        if o["changed"] and takes_effect(o["key"], values)
    ]
    return " · ".join(parts)


def ruleset_explain(config: dict[str, Any]) -> dict[str, Any]:
    info = PRESET_INFO[config["preset"]]
    english = page_is_english()
    return {
        "preset": config["preset"],
        "preset_name": info.name_en if english else info.name_zh,
        "options": option_words(config),
        "hands": hand_catalogue(config),
        "examples": example_payments(config),
        "birds": bird_table(config),
        "kongs": kong_payments(config),
    }
