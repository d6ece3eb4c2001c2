"""The engine's payments in words a player reads (the preview, the calculator, the rules
page): one wording of the engine's ``detail``, in the reader's language. It imports
neither app, so both can use it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _


def transfer_rows(result: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Each transfer with the arithmetic that produced it, in words a player reads.

    The words follow the engine's ``detail`` part by part (a win's detail always adds up
    to its amount, 大进大出 included); nothing is recomputed here."""
    rows = []
    for t in result.get("transfers", []):
        d = t.get("detail") or {}
        parts: list[str] = []
        if "pair_base" in d and "multiplier" in d:
            if d["multiplier"] == 1 and "bird_points_added" in d:
                parts.append(str(d["pair_base"]))
            else:
                parts.append(f"{d['pair_base']} × {d['multiplier']}")
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
                parts.append(f"= {d['uncapped']}, " + _("封顶 %(cap)s") % {"cap": t["amount"]})
        arith = " ".join(parts) if parts else penalty_words(d)
        payee = t.get("to")
        rows.append(
            {
                "payer": names[t["from"]] if t.get("from") is not None else "",
                "payee": names[payee] if payee is not None else _("（烧掉）"),
                "amount": t["amount"],
                "event": {
                    "opening": _("起手胡"),
                    "midgame": _("中途胡"),
                    "result": _("胡牌"),
                    "penalty": _("罚分"),
                }.get(t.get("event", ""), t.get("event", "")),
                "arith": arith,
                "units": d.get("units"),
                "hand_class": {"big": _("大胡"), "small": _("小胡")}.get(d.get("class", ""), ""),
            }
        )
    return rows


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
