"""What the round form's script is given and asks (the session's round form and the
calculator alike): a ruleset's parameters, hand types, bird and dealer tables and words
(``form_rules_context``), the seats, and the tile picker's analysis (``analyse_for_form``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from csmj_site.errors import ServiceErrors, field_errors
from csmj_site.language import as_label, clause_sep, in_page_language, list_sep, page_is_english
from leagues.audit_text import hand_label
from scoring import selectors
from scoring.engine import (
    ALL_MESSAGES,
    BIRD_ON_NOBODY,
    HAND_CLASSES,
    HAND_TYPES,
    MELDS,
    OUTCOMES,
    SITUATIONS,
    WINDS,
    RoundInvalid,
    Rules,
    ValueLabel,
    analyse,
    analyse_opening,
    bird_form_tables,
    claim_form_table,
    dealer_form_table,
    parse_ruleset,
    win_kinds_under,
)
from scoring.models import seat_label


def hand_types_json(rules: Rules | None) -> list[dict[str, Any]]:
    """The registry, as the page's JSON: the only source of hand types for the form.

    The types behind a table option that ``rules`` leaves off (or every such type, for
    an invalid ruleset: None) are left out (rules.md §9: the form offers what the
    ruleset allows)."""
    return [
        {
            "code": h.code,
            "name_zh": h.name_zh,
            "name_en": h.name_en,
            "class": h.hand_class.value,
            "weight": h.weight,
            "win_kinds": sorted(k.value for k in win_kinds_under(h, rules)),
            "claimant": h.claimant.value,
            "needs_haidi": h.needs_haidi,
            "shape": h.shape,
        }
        for h in HAND_TYPES.values()
        if h.option is None or (rules is not None and rules.allows(h.code))
    ]


def form_rules_context(rules_config: Any) -> dict[str, Any]:
    """What the round form's script needs of a ruleset (a session's or the calculator's):
    the resolved parameters, the hand types it allows and the engine's bird answers.
    The ruleset is parsed once."""
    parsed, _errors = parse_ruleset(rules_config)
    # An invalid saved ruleset: the engine will say so on preview; keep the page usable.
    resolved = (
        parsed.to_dict()
        if parsed is not None
        else {"bird_count": 0, "tongzhuang": False, "escape_penalty": 0}
    )
    return {
        "rules": resolved,
        "hand_types": hand_types_json(parsed),
        # 扎鸟: how many birds, counted from which seat, landing where, for every
        # situation of the form (the engine's answers; the page holds no formula).
        "birds": bird_form_tables(parsed),
        # who deals next, for every situation (the engine's rule, looked up): the form
        # pre-selects the next dealer after a round it could not preview (offline).
        "dealers": dealer_form_table(parsed),
        # who may be a winner or the discarder, claim a hand type, take the 海底, and
        # how many tiles a hand holds (the engine's rules, looked up)
        "claims": claim_form_table(parsed),
        # the round's words the pads show, from the engine's one catalogue
        "words": form_words(),
    }


def form_words() -> dict[str, Any]:
    """The engine's words for the round form's pads, in the page's language: each kind
    of kong (暗杠 …), a bird that lands on nobody (空), the 杠分 row's title, and as
    labels how a round ends (自摸, 点炮, 流局), the classes of hand (起手胡 …) and the
    melds (吃, 碰 …), and the language's separators of a list and of clauses:
    round-form-strings.js reads them from here."""
    return {
        "kong_kinds": selectors.kong_kinds(),
        "bird_on_nobody": in_page_language(BIRD_ON_NOBODY),
        "kong_pay": selectors.kong_title(),
        "outcomes": labels(OUTCOMES),
        "hand_classes": labels(HAND_CLASSES),
        "melds": labels(MELDS),
        # between items of a list (birds 3、7) and between clauses (…；…), as the page's
        "list_sep": list_sep(),
        "clause_sep": clause_sep(),
    }


def labels(words: Mapping[str, ValueLabel]) -> dict[str, str]:
    """Each of the engine's words, in the page's language, as a label (capitalised)."""
    return {key: as_label(word) for key, word in words.items()}


def form_seats(
    names: list[str], *, winds: bool = False, aliases: list[list[str]] | None = None
) -> list[dict[str, Any]]:
    """The table's seats as the round form's JSON: index, player's name, their aliases
    (别名, which the one-line entry reads as the name), seat's name (a league night's table
    names its seats by wind, 东南西北, as its table card does)."""
    return [
        {
            "seat": i,
            "name": name,
            "aliases": list(aliases[i]) if aliases else [],
            "label": as_label(WINDS[i]) if winds else seat_label(i),
        }
        for i, name in enumerate(names)
    ]


# A claimed situational code tells the analysis how the hand was won (the registry's
# ``situation`` field).
SITUATION_OF: dict[str, dict[str, Any]] = {
    code: {sit.context: sit.value} for code, sit in SITUATIONS.items()
}


def analyse_for_form(body: dict[str, Any], *, ruleset_config: Any) -> dict[str, Any]:
    """Ask the engine which hand types the picked tiles make, to fill in and check the chips.

    Answers ``{"hands": [codes the tiles hold], "fill": [codes to select], "ok": bool,
    "note": text}``; ServiceErrors (the engine's) for malformed tiles.
    """
    rules, _errors = parse_ruleset(ruleset_config)
    seat = body.get("seat")
    dealer = body.get("dealer")
    dealers = body.get("dealers") or [dealer]
    try:
        if body.get("mode") == "opening":
            opening = analyse_opening(body["tiles"], dealer=seat == dealer)
            fill = list(opening.codes if rules is None else opening.codes_allowed(rules))
            names = list_sep().join(hand_label(c) for c in fill)
            note = _("手牌有：%(hands)s") % {"hands": names} if fill else _("这手牌没有起手胡")
            return {"hands": fill, "fill": fill, "ok": bool(fill), "note": note}
        situation: dict[str, Any] = {}
        for code in body.get("hands") or []:
            if code in SITUATION_OF and not situation:
                situation = SITUATION_OF[code]
        result = analyse(
            body["tiles"],
            melds=[m for m in body.get("melds") or [] if isinstance(m, dict)],
            win_tile=body.get("win_tile") or None,
            self_draw=body.get("kind") == "self_draw",
            dealer=seat in dealers,
            rules=rules,
            **situation,
        )
    except RoundInvalid as exc:
        raise ServiceErrors(field_errors(exc.errors, ALL_MESSAGES)) from None
    if not result.winning:
        reason, reason_zh = result.reasons
        return {
            "hands": list(result.shapes),
            "fill": None,
            "ok": False,
            "note": reason if page_is_english() else reason_zh,
        }
    fill = list(result.best_claim)
    note = _("按手牌：%(hands)s") % {"hands": list_sep().join(hand_label(c) for c in fill)}
    return {"hands": list(result.shapes), "fill": fill, "ok": True, "note": note}
