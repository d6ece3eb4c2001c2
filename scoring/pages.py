"""What the recording pages are built on: a session or round looked up in its club, and
one stored round in words for the session page (``round_summary``), which the round
save's answer and the follow view show too.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404

from leagues.audit_text import hand_label, tile_label
from leagues.models import Club
from leagues.payment_words import kong_rows
from scoring import selectors
from scoring.engine import MIDGAME_CODES
from scoring.models import Round, Session, outcome_label

# ---------------------------------------------------------------- lookups


def get_session(club: Club, session_id: int) -> Session:
    session = selectors.session_get(pk=session_id)
    if session is None or session.season.club_id != club.pk:
        raise Http404
    return session


def get_round(session: Session, number: int) -> Round:
    """The current version of round ``number``; its ``.session`` is ``session`` itself
    (season and club loaded), so the services fetch nothing more for it."""
    rnd: Round = get_object_or_404(session.rounds.current(), number=number)
    return rnd


def round_summary(
    rnd: Round,
    names: list[str],
    found: dict[tuple[int, int, bool], list[str]],
) -> dict[str, Any]:
    """What the session page shows for one round: who won what and how. ``found``: the
    codes of entries given by tiles alone (``selectors.round_found_codes``), read once
    for all the rounds shown."""
    data, result = rnd.data or {}, rnd.result or {}
    final = data.get("result") or {}
    kind = final.get("kind")
    dealer = data.get("dealer", 0)

    def codes(entry: dict[str, Any], opening: bool) -> list[str]:
        """The entry's codes; for one given by its tiles alone, those the engine found."""
        if "hands" in entry:
            return list(entry["hands"])
        stored = found.get((rnd.pk, entry["seat"], opening), [])
        return [c for c in stored if c not in MIDGAME_CODES]

    winners = [
        {"name": names[w["seat"]], "hands": [hand_label(c) for c in codes(w, False)]}
        for w in final.get("winners") or []
    ]
    # each bird with the seat it landed on and who sat there (or 空)
    birds = selectors.round_birds(
        data=data, counted=list(rnd.birds), ruleset_config=rnd.ruleset_config, names=names
    )
    openings = [
        {
            "name": names[o["seat"]],
            "hands": [hand_label(c) for c in codes(o, True)],
            "birds": birds["openings"][i],
        }
        for i, o in enumerate(data.get("openings") or [])
    ]
    discarder = final.get("discarder")
    haidi = final.get("haidi") or {}
    return {
        "round": rnd,
        "dealer": names[dealer] if 0 <= dealer < len(names) else "?",
        "dealers": [names[s] for s in data.get("dealers") or [dealer] if s != dealer],
        "kind": kind,
        "kind_label": outcome_label(kind),
        "tongpao": kind == "discard" and len(winners) > 1,
        "winners": winners,
        "openings": openings,
        "discarder": names[discarder] if isinstance(discarder, int) else "",
        "birds": list(rnd.birds),  # as the engine counted them when the round was stored
        # each with the player it landed on (or 空): [{"bird": 3, "on": "李四", "seat": 1}]
        "birds_landed": birds["final"],
        "birds_forfeited": bool(final.get("birds_forfeited")),
        "haidi_tile": tile_label(haidi.get("tile") or ""),
        # a draw's 海底: who took it (the next dealer), or nobody ("" with haidi_said)
        "haidi_said": kind == "draw" and bool(haidi),
        "haidi_taker": names[haidi["taker"]] if isinstance(haidi.get("taker"), int) else "",
        "escapes": [names[p["seat"]] for p in data.get("penalties") or []],
        # 钓鱼 stakes (each seat that put one up, and how much), said beside the payments
        "fish": [
            {"name": names[seat], "stake": stake}
            for seat, stake in enumerate(data.get("fish") or [])
            if isinstance(stake, int) and stake and seat < len(names)
        ],
        # 杠分, apart from the win: one line a kong (暗杠 2 × 2 家 = 4)
        "kongs": round_kongs(result, names),
        "net": result.get("net") or [0] * len(names),
        "net_named": list(zip(names, result.get("net") or [0] * len(names), strict=False)),
        "burned": result.get("burned", 0),
    }


def round_kongs(result: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """A stored round's kong payments (rules.md §10.4), one row a kong, in the engine's
    words (``payment_words.kong_rows``); none for a round without kongs."""
    if not any(t.get("event") == "kong" for t in result.get("transfers") or []):
        return []
    return kong_rows(result, names, {"kong_kinds": selectors.kong_kinds()})
