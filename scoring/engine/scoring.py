"""Score a validated round (rules.md §3-§6) into the output of round-format.md.

Every payment is one transfer ``{"from", "to", "amount", "event", "winner", "detail"}``.
For a win (events ``opening`` and ``result``) the detail holds the arithmetic:

    amount = pair_base × multiplier + zimo_bonus + dealer_vs_dealer + fish

For a 大进大出 payment (§4.4) ``pair_base`` and ``dealer_vs_dealer`` are the sums over the
three seats the payer would have collected from (``class`` "big", ``zimo_bonus`` 0), so
the same identity holds.

For an escape penalty split between the other seats (event ``penalty``, ``winner``
null) the detail is ``{"kind": "escape", "penalty": P, "distribution": "split",
"share": P // 3, "burned": P % 3}``; a burned penalty has no transfer at all (nobody
receives it): it shows in ``net`` and ``burned`` only. Transfers of 0 are left out.
"""

from __future__ import annotations

from typing import Any

from scoring.engine.validate import Round

# _BIRD_SEAT[dealer][v]: the seat a bird of value v (1-9) lands on (§3).
_BIRD_SEAT: tuple[tuple[int, ...], ...] = tuple(
    tuple((dealer + v - 1) % 4 for v in range(10)) for dealer in range(4)
)
# _OTHERS[s]: the other three seats, ascending.
_OTHERS: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in range(4) if q != s) for s in range(4))
# _DEALER_FLAGS[dealers]: is-a-dealer flags by seat, for every ascending dealer tuple.
_DEALER_FLAGS: dict[tuple[int, ...], tuple[bool, bool, bool, bool]] = {
    tuple(s for s in range(4) if mask >> s & 1): (
        bool(mask & 1),
        bool(mask & 2),
        bool(mask & 4),
        bool(mask & 8),
    )
    for mask in range(1, 16)
}
_NO_HITS = (0, 0, 0, 0)
_NO_FISH = (0, 0, 0, 0)


def _hits(bird_seat: tuple[int, ...], birds: tuple[int, ...]) -> tuple[int, ...] | list[int]:
    """How many birds land on each seat."""
    if not birds:
        return _NO_HITS
    hits = [0, 0, 0, 0]
    for b in birds:
        hits[bird_seat[b]] += 1
    return hits


def _pay(
    transfers: list[dict[str, Any]],
    net: list[int],
    event: str,
    winner: int,
    payers: tuple[int, ...],
    units: int,
    cls: str,
    unit_base: int,
    zimo: int,
    hits: tuple[int, ...] | list[int],
    dealer_flags: tuple[bool, ...],
    fish: tuple[int, ...],
    bonus: int,
    per_unit: bool,
    dvd: int,
    multiplicative: bool,
    big_in_big_out: bool = False,
) -> None:
    """§4.3: what each payer pays ``winner``.

    With ``big_in_big_out`` (§4.4; the caller passes the big self-draw base and no zimo
    bonus) a payer pays the pair bases and 庄对庄 it would have collected from each of
    the other three seats on a big self-draw of the same units.
    """
    w_dealer = dealer_flags[winner]
    w_hits = hits[winner]
    w_fish = fish[winner]
    plain = units * unit_base
    with_bonus = units * (unit_base + bonus) if per_unit else plain + bonus
    for p in payers:
        p_dealer = dealer_flags[p]
        if big_in_big_out:
            pair_base = d = 0
            for q in _OTHERS[p]:
                q_dealer = dealer_flags[q]
                pair_base += with_bonus if p_dealer or q_dealer else plain
                if p_dealer and q_dealer:
                    d += dvd
        else:
            pair_base = with_bonus if w_dealer or p_dealer else plain
            d = dvd if w_dealer and p_dealer else 0
        h = w_hits + hits[p]
        mult = 1 << h if multiplicative else 1 + h
        f = w_fish + fish[p]
        amount = pair_base * mult + zimo + d + f
        if amount:
            net[p] -= amount
            net[winner] += amount
            transfers.append(
                {
                    "from": p,
                    "to": winner,
                    "amount": amount,
                    "event": event,
                    "winner": winner,
                    "detail": {
                        "units": units,
                        "class": cls,
                        "pair_base": pair_base,
                        "multiplier": mult,
                        "zimo_bonus": zimo,
                        "dealer_vs_dealer": d,
                        "fish": f,
                    },
                }
            )


def score_validated(rnd: Round) -> dict[str, Any]:
    """The result of a round that ``parse_round`` accepted."""
    rules = rnd.rules
    bird_seat = _BIRD_SEAT[rnd.dealer]
    flags = _DEALER_FLAGS[rnd.dealers]
    bonus = rules.dealer_bonus
    per_unit = rules.dealer_bonus_per_unit
    dvd = rules.dealer_vs_dealer if rules.tongzhuang else 0
    multiplicative = rules.bird_mode == "multiplicative"
    base = rules.base
    transfers: list[dict[str, Any]] = []
    net = [0, 0, 0, 0]

    if rnd.openings:
        unit_base = base.small.self_draw
        zimo = rules.zimo_bonus.small
        for op in rnd.openings:
            _pay(
                transfers,
                net,
                "opening",
                op.seat,
                _OTHERS[op.seat],
                op.units,
                "small",
                unit_base,
                zimo,
                _hits(bird_seat, op.birds),
                flags,
                _NO_FISH,
                bonus,
                per_unit,
                dvd,
                multiplicative,
            )

    res = rnd.result
    kind = res.kind
    if kind == "draw":
        haidi = res.haidi
        assert haidi is not None
        nxt = haidi.taker
        if nxt is None:
            nxt = haidi.replaced_by
            if nxt is None:
                nxt = haidi.first_offered
        assert nxt is not None
        next_dealers = [nxt]
    else:
        hits = _hits(bird_seat, res.birds)
        fish = rnd.fish
        self_draw = kind == "self_draw"
        discarder = res.discarder
        for w in res.winners:
            cls = "big" if w.big else "small"
            table = base.big if w.big else base.small
            payers: tuple[int, ...]
            if w.big_in_big_out:
                assert discarder is not None
                payers = (discarder,)
                unit_base = base.big.self_draw
                zimo = 0
            elif self_draw:
                payers = _OTHERS[w.seat]
                unit_base = table.self_draw
                zimo = rules.zimo_bonus.big if w.big else rules.zimo_bonus.small
            else:
                assert discarder is not None
                payers = (discarder,)
                unit_base = table.discard
                zimo = 0
            _pay(
                transfers,
                net,
                "result",
                w.seat,
                payers,
                w.units,
                cls,
                unit_base,
                zimo,
                hits,
                flags,
                fish,
                bonus,
                per_unit,
                dvd,
                multiplicative,
                w.big_in_big_out,
            )
        if len(res.winners) == 1:
            nxt = res.winners[0].seat
            next_dealers = [nxt]
        else:
            assert discarder is not None
            nxt = discarder
            if rules.tongzhuang:
                next_dealers = sorted({discarder, *(w.seat for w in res.winners)})
            else:
                next_dealers = [nxt]

    burned = 0
    if rnd.penalties and rules.escape_penalty:
        burned = _penalties(rnd, transfers, net)

    return {
        "transfers": transfers,
        "net": net,
        "burned": burned,
        "next_dealer": nxt,
        "next_dealers": next_dealers,
    }


def _penalties(rnd: Round, transfers: list[dict[str, Any]], net: list[int]) -> int:
    """§5.3 escape penalties; returns what is burned."""
    rules = rnd.rules
    penalty = rules.escape_penalty
    split = rules.escape_distribution == "split"
    share = penalty // 3 if split else 0
    rest = penalty - 3 * share
    burned = 0
    for pen in rnd.penalties:
        seat = pen.seat
        net[seat] -= penalty
        burned += rest
        if not share:
            continue
        for to in _OTHERS[seat]:
            net[to] += share
            transfers.append(
                {
                    "from": seat,
                    "to": to,
                    "amount": share,
                    "event": "penalty",
                    "winner": None,
                    "detail": {
                        "kind": pen.kind,
                        "penalty": penalty,
                        "distribution": "split",
                        "share": share,
                        "burned": rest,
                    },
                }
            )
    return burned
