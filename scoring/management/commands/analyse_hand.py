"""``python manage.py analyse_hand TILES``: what a hand really is, from its tiles.

Prints a Chinese/English summary (hand types with their names, the decomposition,
the best claim; or 不是和牌 / not a winning hand and why), or with ``--json`` the
same JSON as ``POST /api/v1/analyse/``. Bad input: exit 2 with every problem and no
traceback (with ``--json`` the ``{"errors": [...]}`` goes to stdout).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from csmj_site.errors import ServiceError
from csmj_site.jsonio import json_parse
from scoring.engine import (
    GANG_CONTEXTS,
    HAND_CLASSES,
    HAND_TYPES,
    OUTCOMES,
    HandAnalysis,
    OpeningAnalysis,
    RoundInvalid,
    ValueLabel,
    analyse_request,
    melds_from_text,
    tile_text,
)


def _both(word: ValueLabel) -> str:
    """One of the engine's words in both languages: 自摸 self-draw."""
    return f"{word.zh} {word.en}"


def _name(code: str) -> str:
    h = HAND_TYPES[code]
    return f"{h.name_zh} {code}"


def _names(codes: Any) -> str:
    return ", ".join(_name(c) for c in codes) or "无 none"


def final_summary(a: HandAnalysis) -> list[str]:
    hand = a.hand
    head = f"手牌 hand: {hand.notation()}"
    if hand.win_tile is not None:
        head += f"   胡 win tile: {tile_text(hand.win_tile)}"
    how = _both(OUTCOMES["self_draw" if a.self_draw else "discard"])
    seat = "庄家 dealer" if a.dealer else "闲家 idle seat"
    rules = f"规则 ruleset {a.rules.preset} (情景将 situational pair: {a.rules.situational_pair})"
    lines = [head, f"方式 win: {how} · {seat} · {rules}"]
    if a.context:
        lines.append(f"情景 situation: {_names(a.context)}")
    if a.winning:
        cls = _both(HAND_CLASSES["big" if a.big else "small"])
        lines.append(f"和牌 winning hand: {_names(a.best_claim)}")
        lines.append(
            f"  最佳报法 best claim: {_names(a.best_claim)} — {cls}, "
            f"{a.units} 番 unit(s), {a.chips} 片 chips"
        )
    else:
        reason, reason_zh = a.reasons
        lines.append(f"不是和牌 / not a winning hand: {reason_zh} / {reason}")
    lines.append(f"  牌型 shapes: {_names(a.shapes)}")
    if a.winning:  # otherwise the reason above already says it
        for code, reason, reason_zh in a.dropped:
            lines.append(f"  不计 not counted: {_name(code)} — {reason_zh} / {reason}")
    used = a.decomposition
    if used is not None:
        lines.append(f"  拆法 decomposition: {used.notation()}")
        others = [d.notation() for d in a.decompositions if d != used]
        if others:
            lines.append(f"  其他拆法 other readings: {' | '.join(others)}")
    ok = [code for code, valid in a.situational_valid().items() if valid]
    lines.append(f"  将规则允许的情景胡 situational types the pair rule allows: {_names(ok)}")
    return lines


def opening_summary(a: OpeningAnalysis) -> list[str]:
    seat = "庄家 dealer, 14" if a.dealer else "闲家 idle seat, 13"
    lines = [f"起手牌 dealt tiles: {a.as_dict()['tiles']} ({seat})"]
    if not a.winning:
        return [*lines, "没有起手胡 / no opening hand"]
    details = a.details()
    held = [
        f"{_name(code)}{f' ×{n}' if n > 1 else ''} ({details[code]})"
        for code, n in a.occurrences
        if n
    ]
    lines.append(f"起手胡 opening hands: {', '.join(held)}")
    lines.append(f"  报法 claim: {', '.join(a.codes)}")
    return lines


class Command(BaseCommand):
    help = "Analyse a hand from its tiles: every hand type it holds, or why it does not win."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tiles", help="e.g. 123m456s789p123p55m, or 一万二万三万…")
        parser.add_argument("--melds", default="", help='e.g. "peng:555m,chi:345s" (碰:555m)')
        parser.add_argument("--win-tile", dest="win_tile", default=None, help="e.g. 5m")
        parser.add_argument("--self-draw", dest="self_draw", action="store_true")
        parser.add_argument("--dealer", action="store_true")
        parser.add_argument("--haidi", action="store_true", help="won on the 海底")
        parser.add_argument("--gang", choices=GANG_CONTEXTS, default=None)
        parser.add_argument(
            "--first-discard",
            dest="first_discard",
            action="store_true",
            help="the dealt hand wins (天胡 / 地胡)",
        )
        parser.add_argument("--opening", action="store_true", help="a dealt hand (起手胡)")
        parser.add_argument("--ruleset", default=None, help='preset code or JSON {"preset": …}')
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        request: dict[str, Any] = {"tiles": options["tiles"]}
        for key in ("self_draw", "dealer", "haidi", "first_discard", "opening"):
            if options[key]:
                request[key] = True
        if options["melds"]:
            request["melds"] = melds_from_text(options["melds"])
        for key in ("win_tile", "gang"):
            if options[key] is not None:
                request[key] = options[key]
        if options["ruleset"] is not None:
            request["ruleset"] = _ruleset(options["ruleset"])
        try:
            result = analyse_request(request)
        except RoundInvalid as exc:
            if options["json"]:
                self.stdout.write(json.dumps(exc.as_json(), ensure_ascii=False, indent=2))
                raise CommandError(
                    f"invalid input ({len(exc.errors)} errors)", returncode=2
                ) from None
            problems = "\n".join(f"  {e.message}" for e in exc.errors)
            raise CommandError(f"输入有误 / invalid input:\n{problems}", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
            return
        if isinstance(result, OpeningAnalysis):
            lines = opening_summary(result)
        else:
            lines = final_summary(result)
        self.stdout.write("\n".join(lines))


def _ruleset(text: str) -> Any:
    if not text.lstrip().startswith("{"):
        return text
    try:
        return json_parse(text, field="--ruleset")
    except ServiceError as exc:
        raise CommandError(exc.message, returncode=2) from None
