"""The engine's payments in words a player reads (the preview, the calculator, the rules
page): one wording of the engine's ``detail``, in the reader's language. It sits at the
base of ``leagues`` (beside ``option_values``), so the rules page and every page of
``scoring`` use the one wording."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from csmj_site.language import list_sep


def transfer_rows(
    result: dict[str, Any], names: list[str], terms: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Each transfer with the arithmetic that produced it, in words a player reads.

    The words follow the engine's ``detail`` part by part (a win's detail always adds up
    to its amount, 大进大出 included); nothing is recomputed here. ``terms``
    (``ruleset_explain.payment_terms``: what the round and its ruleset say beyond the
    result) names each win's hands (碰碰胡, not 大胡) and shows the dealer bonus as a
    term of its own: (6 + 1 庄分) × 2, not 7 × 2. Without them, the class and the base
    with the bonus in it. The hands' classes (起手胡, 大胡) are the engine's words, which
    ``terms`` brings (``hand_classes``): this module imports neither app."""
    terms = terms or {}
    hands: Mapping[tuple[str, int], list[str]] = terms.get("hands", {})
    classes: Mapping[str, str] = terms.get("hand_classes", {})
    events = {**classes, "result": _("胡牌"), "penalty": _("罚分"), "kong": _("杠分")}
    rows = []
    for t in result.get("transfers", []):
        d = t.get("detail") or {}
        arith = win_words(t, d, terms) if "pair_base" in d and "multiplier" in d else ""
        if t.get("event") == "kong":
            arith = f"{kong_word(d, terms)} {d.get('kong_points')}"
        payee = t.get("to")
        named = hands.get((t.get("event", ""), t.get("winner", -1)))
        rows.append(
            {
                "payer": names[t["from"]] if t.get("from") is not None else "",
                "payee": names[payee] if payee is not None else _("（烧掉）"),
                "amount": t["amount"],
                "event": events.get(t.get("event", ""), t.get("event", "")),
                "arith": arith or penalty_words(d),
                "units": d.get("units"),
                "hand": list_sep().join(named) if named else classes.get(d.get("class", ""), ""),
            }
        )
    return rows


def kong_word(detail: Mapping[str, Any], terms: Mapping[str, Any]) -> str:
    """A kong's kind in words (暗杠), from ``terms`` (the engine's word); its code else."""
    kind = str(detail.get("kind", ""))
    return str(terms.get("kong_kinds", {}).get(kind, kind))


def kong_rows(
    result: dict[str, Any], names: list[str], terms: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The kong payments (rules.md §10.4), one row per kong, apart from the wins: who
    paid whom, and its arithmetic, 暗杠 2 × 2 家 = 4 (the kind's points × the seats it
    is paid for: each other seat, or the discarder alone for all of them, 放杠).

    The engine lists each kong's transfers together, one per payer: a kong's row ends
    when the seat, the kind or the points change, or a payer comes again."""
    terms = terms or {}
    groups: list[list[dict[str, Any]]] = []
    for t in result.get("transfers", []):
        if t.get("event") != "kong":
            continue
        d = t.get("detail") or {}
        last = groups[-1] if groups else None
        same = (
            last is not None
            and d.get("kind") != "ming"
            and (last[0]["winner"], last[0]["detail"]) == (t.get("winner"), d)
            and t.get("from") not in {x.get("from") for x in last}
        )
        if same and last is not None:
            last.append(t)
        else:
            groups.append([t])
    rows = []
    for group in groups:
        d = group[0].get("detail") or {}
        total = sum(int(t["amount"]) for t in group)
        points = int(d.get("kong_points") or 0)
        rows.append(
            {
                "payer": list_sep().join(names[t["from"]] for t in group),
                "payee": names[group[0]["to"]],
                "kind": kong_word(d, terms),
                "amount": total,
                "arith": _("%(kind)s %(points)s × %(n)s 家 = %(total)s")
                % {
                    "kind": kong_word(d, terms),
                    "points": points,
                    "n": total // points if points else 0,
                    "total": total,
                },
            }
        )
    return rows


def preview_rows(
    result: dict[str, Any], names: list[str], terms: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """What the preview (the round form's, the calculator's) shows of a scored round:
    the wins' and penalties' transfers (``rows``), the kongs apart (``kongs``), each
    seat's net, what is burned and who deals next."""
    rows = [
        row
        for row, t in zip(
            transfer_rows(result, names, terms), result.get("transfers", []), strict=True
        )
        if t.get("event") != "kong"
    ]
    return {
        "rows": rows,
        "kongs": kong_rows(result, names, terms),
        "net": list(zip(names, result["net"], strict=True)),
        "burned": result.get("burned", 0),
        "next_dealers": [names[s] for s in result.get("next_dealers", [])],
    }


def dealer_bonus_in(t: Mapping[str, Any], d: Mapping[str, Any], terms: Mapping[str, Any]) -> int:
    """The dealer bonus (庄分) inside the payment's ``pair_base``: rules.md §4.3 adds it
    when the winner or the payer is a dealer (once, or once per unit); 0 under 大进大出,
    whose base is a sum over three seats."""
    bonus = int(terms.get("dealer_bonus") or 0)
    dealers = terms.get("dealers") or ()
    if not bonus or t.get("winner") in terms.get("bibo", ()):
        return 0
    if t.get("to") not in dealers and t.get("from") not in dealers:
        return 0
    if terms.get("per_unit"):
        bonus *= int(d.get("units") or 1)
    return bonus if 0 < bonus < d["pair_base"] else 0


def win_words(t: Mapping[str, Any], d: Mapping[str, Any], terms: Mapping[str, Any]) -> str:
    """A win's payment, term by term: (base + 庄分) × birds + the bonuses, = the total
    and the cap when the cap lowered it."""
    parts: list[str] = []
    bonus = dealer_bonus_in(t, d, terms)
    base = str(d["pair_base"] - bonus)
    if bonus:
        base = f"{base} + {bonus} {_('庄分')}"
    if d["multiplier"] == 1 and "bird_points_added" in d:
        parts.append(base)
    else:
        parts.append(f"({base}) × {d['multiplier']}" if bonus else f"{base} × {d['multiplier']}")
    for key, label in (
        ("bird_points_added", _("中鸟加分")),
        ("zimo_bonus", _("自摸加")),
        ("dealer_vs_dealer", _("庄对庄")),
        ("fish", _("钓鱼")),
    ):
        if d.get(key):
            parts.append(f"+ {d[key]} {label}")
    if d.get("piao"):
        parts.append("+ " + _("飘 %(n)s") % {"n": d["piao"]})
    if "uncapped" in d:
        parts.append(f"= {d['uncapped']}" + _("，封顶 %(cap)s") % {"cap": t["amount"]})
    return " ".join(parts)


def penalty_words(detail: dict[str, Any]) -> str:
    """A penalty's detail in words a player reads, like a win's arithmetic:
    逃跑罚分 12，三家平分，每家 4 (and what is left over, burned)."""
    if "penalty" not in detail:
        return ""
    values = {k: detail.get(k) for k in ("penalty", "share", "burned")}
    if detail.get("kind") == "escape":
        words = _("逃跑罚分 %(penalty)s") % values
    else:
        words = _("罚分 %(penalty)s") % values
    if detail.get("distribution") == "split":
        words += _("，三家平分，每家 %(share)s") % values
    if detail.get("burned"):
        words += _("，余下 %(burned)s 分烧掉") % values
    return words
