"""What the rules page of one ruleset shows, computed by the engine (no number by hand):
every option in words, the hand types the ruleset allows with their chips, and a few
example payments."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from csmj_site.language import in_page_language, page_is_english
from csmj_site.payment_words import transfer_rows
from leagues.ruleset_words import value_words

SEATS = ("A", "B", "C", "D")  # A is the dealer in every example
DEALER, IDLE, IDLE2, IDLE3 = 0, 1, 2, 3


def _engine() -> Any:
    from scoring import engine  # late: see scoring.services._engine

    return engine


def _rules(config: dict[str, Any], **changes: Any) -> Any:
    rules, errors = _engine().parse_ruleset({**config, **changes}, field="config")
    if errors or rules is None:
        raise ValueError(errors)
    return rules


def _birds(count: int, seat: int, origin: int) -> list[int]:
    """``count`` bird tiles that all land on ``seat`` when counted from ``origin`` (the
    engine's bird-to-seat table)."""
    values = [v for v in range(1, 10) if _engine().BIRD_SEAT[origin][v] == seat]
    return [values[i % 2] for i in range(count)]


def _score(data: dict[str, Any], rules: Any) -> dict[str, Any] | None:
    engine = _engine()
    try:
        return dict(engine.score_round({"ruleset": "changsha-67", **data}, rules=rules))
    except engine.RoundInvalid:
        return None


def _final(hand: str, kind: str, winner: int, *, birds: list[int] | None = None) -> dict:
    result: dict[str, Any] = {"kind": kind, "winners": [{"seat": winner, "hands": [hand]}]}
    if kind == "discard":
        # 地胡 is won on the dealer's first discard; any other discard win from an idle seat.
        situation = _engine().HAND_TYPES[hand].situation
        first = situation is not None and situation.context == "first_discard"
        result["discarder"] = DEALER if first else (IDLE2 if winner != IDLE2 else IDLE3)
    if _engine().HAND_TYPES[hand].needs_haidi:
        # 海底: the last tile, taken by the self-drawer or by the seat that discards it.
        taker = winner if kind == "self_draw" else result["discarder"]
        result["haidi"] = {"tile": "3s", "taker": taker, "first_offered": taker}
    if birds:
        result["birds"] = birds
    return {"dealer": DEALER, "result": result}


def _side(hand: str, cls: str, winner: int, birds: list[int] | None = None) -> dict:
    entry: dict[str, Any] = {"seat": winner, "hands": [hand]}
    if birds:
        entry["birds"] = birds
    return {
        "dealer": DEALER,
        ("openings" if cls == "opening" else "midgame"): [entry],
        "result": {
            "kind": "draw",
            "winners": [],
            "haidi": {"tile": "3s", "taker": IDLE2, "first_offered": IDLE2},
        },
    }


def hand_catalogue(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Each hand type the ruleset allows, with the chips its winner takes in all, alone,
    without birds, 飘 or 封顶: by self-draw and discard, as dealer and as idle seat."""
    engine = _engine()
    rules = _rules(config, bird_count=0, piao="off", cap=0)
    english = page_is_english()
    out = []
    for code, hand in engine.HAND_TYPES.items():
        if not rules.allows(code):
            continue
        cls = str(hand.hand_class)
        chips: dict[str, int | None] = {}
        for who, seat in (("dealer", DEALER), ("idle", IDLE)):
            for kind in ("self_draw", "discard"):
                if cls in ("opening", "midgame"):
                    data = _side(code, cls, seat) if kind == "self_draw" else None
                else:
                    data = _final(code, kind, seat)
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


def payment_terms(*, data: Any, config: Any) -> dict[str, Any]:
    """What ``payment_words.transfer_rows`` needs besides the engine's result to word a
    round's payments: each win's hands by (event, seat), in the reader's language; the
    dealer seats; the ruleset's dealer bonus (庄分, per unit or once); the winners paid
    大进大出; the kinds of kong in words. Empty when the round or the ruleset cannot be read."""
    from leagues.audit_text import hand_label

    engine = _engine()
    if not isinstance(data, dict):
        return {}
    rules = config
    if not isinstance(config, engine.Rules):  # a ruleset's config, or a preset's code
        rules, errors = engine.parse_ruleset(config, field="config")
        if errors or rules is None:
            return {}
    hands: dict[tuple[str, int], list[str]] = {}
    bibo: set[int] = set()
    final = data.get("result") if isinstance(data.get("result"), dict) else {}
    entries = [("result", w) for w in final.get("winners") or []]
    entries += [("opening", o) for o in data.get("openings") or []]
    entries += [("midgame", m) for m in data.get("midgame") or []]
    for event, entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
            continue  # given by its tiles: the class names it
        codes = [c for c in entry["hands"] if isinstance(c, str)]
        hands[(event, entry.get("seat"))] = [hand_label(c) for c in codes]
        if event == "result" and final.get("kind") == "discard" and rules.big_in_big_out:
            found = [engine.HAND_TYPES.get(c) for c in codes]
            if any(h is not None and h.big_in_big_out for h in found):
                bibo.add(entry.get("seat"))
    dealers = data.get("dealers") or [data.get("dealer")]
    from scoring.engine.rules import KONG_KINDS

    return {
        "hands": hands,
        # a kong's kind (暗杠 …): the engine's word, in the reader's language
        "kong_kinds": {kind: in_page_language(label) for kind, label in KONG_KINDS.items()},
        "dealers": [s for s in dealers if isinstance(s, int)],
        "dealer_bonus": rules.dealer_bonus,
        "per_unit": rules.dealer_bonus_per_unit,
        "bibo": bibo,
    }


def _example(title: str, data: dict[str, Any], rules: Any) -> dict[str, Any] | None:
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
        "net": [(SEATS[i], n) for i, n in enumerate(scored["net"])],
    }


def example_payments(config: dict[str, Any]) -> list[dict[str, Any]]:
    """A small discard win, a big self-draw with birds, an opening win, and a 飘 or 封顶
    case when the ruleset has them, each scored by the engine under this ruleset."""
    rules = _rules(config)
    count = rules.bird_count
    big = "haohua_qixiaodui" if rules.haohua else "qixiaodui"
    piao: dict[str, Any] = {}
    if rules.piao == "free":
        top = rules.piao_max
        piao = {"piao": [min(1, top), 0, min(2, top), min(3, top)]}
    elif rules.piao == "fixed":
        piao = {"piao": [rules.piao_value] * 4}

    from scoring.engine.birds import final_bird_origin, small_win_bird_count, small_win_origin

    origin = final_bird_origin(rules, DEALER, [IDLE], None)  # the dealer's or B's (§9.1)
    assert origin is not None
    small = {**_final("pinghu", "discard", IDLE, birds=_birds(count, IDLE3, origin)), **piao}
    big_win = {**_final(big, "self_draw", IDLE, birds=_birds(count, IDLE, origin)), **piao}
    opening_origin = small_win_origin(rules, DEALER, IDLE2)
    assert opening_origin is not None
    opening_birds = _birds(small_win_bird_count(rules), IDLE2, opening_origin)
    opening = {**_side("sixi", "opening", IDLE2, opening_birds), **piao}
    examples = [
        _example(gettext("小胡点炮：B 平胡，C 放炮"), small, rules),
        _example(
            gettext("大胡自摸带鸟：B %(hand)s自摸，鸟全中 B") % {"hand": _hand_name(big)},
            big_win,
            rules,
        ),
        _example(
            gettext("起手胡：C 四喜，开骰定鸟，鸟全中 C")
            if opening_birds
            else gettext("起手胡：C 四喜，不算鸟"),
            opening,
            rules,
        ),
    ]
    if rules.cap:
        dealer_origin = final_bird_origin(rules, DEALER, [DEALER], None)
        assert dealer_origin is not None
        birds = _birds(count, DEALER, dealer_origin)
        capped = {**_final("qingyise", "self_draw", DEALER, birds=birds), **piao}
        capped["result"]["winners"][0]["hands"] = ["qingyise", big]
        hands = capped["result"]["winners"][0]["hands"]
        title = gettext("封顶 %(cap)s：庄家 A 自摸%(hands)s（共 %(units)s 番），鸟全中 A") % {
            "cap": rules.cap,
            "hands": " + ".join(_hand_name(h) for h in hands),
            "units": "%(units)s",  # the engine's count, filled in by _example
        }
        examples.append(_example(title, capped, rules))
    return [e for e in examples if e is not None]


def _hand_name(code: str) -> str:
    h = _engine().HAND_TYPES[code]
    return h.name_en if page_is_english() else h.name_zh


def option_words(config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every parameter of the ruleset: its name, value, meaning, and whether it differs
    from the preset."""
    from scoring.engine.rules import PARAMETER_INFO, PRESETS

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
    """One line in words: the preset, then each option that differs from it
    (六七片（双杠双鸟） · 扎鸟数 四鸟 · 飘分 自由飘)."""
    from scoring.engine.rules import PRESET_INFO

    info = PRESET_INFO[config["preset"]]
    english = page_is_english()
    parts = [info.name_en if english else info.name_zh]
    parts += [f"{o['name']} {o['words']}" for o in option_words(config) if o["changed"]]
    return " · ".join(parts)


def ruleset_explain(config: dict[str, Any]) -> dict[str, Any]:
    from scoring.engine.rules import PRESET_INFO

    info = PRESET_INFO[config["preset"]]
    english = page_is_english()
    return {
        "preset": config["preset"],
        "preset_name": info.name_en if english else info.name_zh,
        "options": option_words(config),
        "hands": hand_catalogue(config),
        "examples": example_payments(config),
    }
