"""The services' calls into the engine, storing nothing: a saved ruleset parsed (its
``Rules``, its full dict, its table size), a round scored under it, and the engine's answer
as the rows recording stores (``round_rows``: recording and the bulk import both use it).
A refusal is ``RoundRejected`` with the engine's messages."""

from __future__ import annotations

import copy
from typing import Any

from csmj_site.errors import ServiceError
from leagues.models import ruleset_rules
from scoring.engine import (
    RoundInvalid,
    RoundResult,
    Rules,
    Scored,
    parse_ruleset,
    score_round_counted,
)
from scoring.models import KONG_FED, TransferEvent
from scoring.services.errors import RoundRejected, rejected_by_engine


def ruleset_parse(config: object, *, field: str = "ruleset") -> Rules:
    """The engine's Rules for a saved config; RoundRejected if invalid."""
    rules, errors = parse_ruleset(config, field=field)
    if errors or rules is None:
        raise rejected_by_engine(errors)
    return rules


def ruleset_resolve(config: object, *, field: str = "ruleset") -> dict[str, Any]:
    """The full parameter dict (Rules.to_dict()) for a saved config; RoundRejected if invalid."""
    params: dict[str, Any] = ruleset_parse(config, field=field).to_dict()
    return params


def ruleset_players(*, config: Any) -> int:
    """How many players a saved ruleset seats (``players``, rules.md §10): read from its
    rules parsed once per config (``leagues.models.ruleset_rules``); RoundRejected with
    the engine's errors when it refuses the config."""
    rules = ruleset_rules(config)
    return (rules if rules is not None else ruleset_parse(config)).players


def round_data_problem(*, data: Any) -> ServiceError | None:
    """What makes ``data`` no round to record before the engine reads it: not an object,
    or a ruleset of its own (a recorded round is scored under its season's). Recording
    and the bulk import both ask here."""
    if not isinstance(data, dict):
        return ServiceError("", "not_an_object")
    if "ruleset" in data:
        return ServiceError("ruleset", "ruleset_fixed")
    return None


def round_score(*, data: Any, ruleset_config: object = None, rules: Rules | None = None) -> Scored:
    """Score ``data`` under ``rules`` (already parsed) or else the saved ``ruleset_config``:
    the engine's ``Scored``, or RoundRejected with recording's check and the engine's errors."""
    problem = round_data_problem(data=data)
    if problem is not None:
        raise RoundRejected([problem])
    try:
        if rules is not None:
            return score_round_counted(data, rules=rules)
        return score_round_counted({**data, "ruleset": copy.deepcopy(ruleset_config)})
    except RoundInvalid as exc:
        raise rejected_by_engine(exc.errors) from exc


def round_rows(*, data: dict[str, Any], scored: Scored) -> dict[str, list[dict[str, Any]]]:
    """The derived rows of a scored round, by seat, as plain dicts (no database):
    ``{"transfers": [...], "players": [...], "hands": [...], "kongs": [...]}`` with the
    fields of Transfer, RoundPlayer, RoundHand and RoundKong minus round and player. The one place that turns
    an engine answer into aggregation rows; bulk imports use it too. The hands, big wins
    and 扎鸟 hits are the engine's (``scored.wins``, ``scored.bird_hits``): a win given by
    its tiles alone has the codes the engine found, and the input's ``hands`` are never
    read.

    The engine lists no transfer for a burned amount (it shows in net and burned only);
    one with no payee is added, so each seat's transfers add up to its net.
    """
    result = scored.result
    transfers: list[dict[str, Any]] = [
        {
            "payer_seat": t.get("from"),
            "payee_seat": t.get("to"),
            "amount": t["amount"],
            "event": t["event"],
            "winner_seat": t.get("winner"),
        }
        for t in result["transfers"]
        if t["amount"] > 0
    ]
    for seat, shortfall in enumerate(_unlisted_payments(result)):
        if shortfall > 0:
            transfers.append(
                {
                    "payer_seat": seat,
                    "payee_seat": None,
                    "amount": shortfall,
                    "event": TransferEvent.PENALTY.value,
                    "winner_seat": None,
                }
            )
    final = data.get("result") or {}
    kind = final.get("kind")
    dealers = set(data.get("dealers") or [data["dealer"]])
    players, hands = [], []
    for seat, (final_codes, big, opening_codes, midgame_codes) in enumerate(scored.wins):
        # Mid-game wins (中途胡) are small wins outside the result, like openings: their
        # codes are stored with is_opening True, but they are not opening wins.
        small_codes = [*opening_codes, *midgame_codes]
        won = bool(final_codes)
        players.append(
            {
                "seat": seat,
                "net": result["net"][seat],
                "is_dealer": seat in dealers,
                "won": won,
                "self_draw": won and kind == "self_draw",
                "dealt_in": kind == "discard" and final.get("discarder") == seat,
                "big_win": big,
                "opening_wins": 1 if opening_codes else 0,
                "hands": [*small_codes, *final_codes],
                "birds_hit": scored.bird_hits[seat],
            }
        )
        hands += [{"seat": seat, "code": c, "is_opening": True} for c in small_codes]
        hands += [{"seat": seat, "code": c, "is_opening": False} for c in final_codes]
    return {
        "transfers": transfers,
        "players": players,
        "hands": hands,
        "kongs": kong_rows(data=data),
    }


def kong_rows(*, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The RoundKong rows of a round the engine accepted (its ``kongs`` are checked then,
    round-format.md): by kong, the seat that made it with its kind, then for a 放杠 the
    seat that fed it (``KONG_FED``). The migration that filled the table for rounds stored
    before it reads the same way."""
    rows: list[dict[str, Any]] = []
    for kong in data.get("kongs") or []:
        rows.append({"seat": kong["seat"], "kind": kong["kind"]})
        if kong["kind"] == "ming" and kong.get("from") is not None:
            rows.append({"seat": kong["from"], "kind": KONG_FED})
    return rows


def _unlisted_payments(result: RoundResult) -> list[int]:
    """By seat: what the seat lost beyond its listed transfers (burned chips)."""
    listed = [0] * len(result["net"])
    for t in result["transfers"]:
        if t.get("from") is not None:
            listed[t["from"]] -= t["amount"]
        if t.get("to") is not None:
            listed[t["to"]] += t["amount"]
    return [paid - net for paid, net in zip(listed, result["net"], strict=True)]


def round_calculate(*, data: Any, ruleset_config: Any) -> dict[str, Any]:
    """Score a round under ``ruleset_config`` and store nothing (the calculator page). The
    same engine call and refusals as the preview of a recorded round."""
    return dict(round_score(data=data, ruleset_config=ruleset_config).result)
