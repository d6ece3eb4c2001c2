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

from typing import Final, Literal, NamedTuple, NotRequired, TypedDict

from scoring.engine.birds import BIRD_SEAT, HIT_SEAT, final_bird_origin, small_win_origin
from scoring.engine.dealers import draw_next_dealer, win_next_dealers
from scoring.engine.rules import OTHERS, PayRules, Rules
from scoring.engine.validate import Kong, Opening, Round

# _OTHERS[s]: the other three seats of a four-seat table, ascending.
# (Final: compiled, a final module name is a C static, not a look-up per round.)
_OTHERS: Final = OTHERS[4]
_BIRD_SEAT: Final = BIRD_SEAT
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

# --- the output (round-format.md) -----------------------------------------------

WinDetail = TypedDict(
    "WinDetail",
    {
        "units": int,
        "class": Literal["small", "big"],
        "pair_base": int,
        "multiplier": int,
        "bird_points_added": NotRequired[int],  # bird_mode "points" only
        "zimo_bonus": int,
        "dealer_vs_dealer": int,
        "fish": int,
        "piao": NotRequired[int],  # final wins, when the ruleset plays 飘分
        "uncapped": NotRequired[int],  # the amount before 封顶, when the cap lowered it
    },
)


class KongDetail(TypedDict):
    kind: str  # "an" 暗杠, "jia" 加杠, "ming" 放杠
    kong_points: int  # the ruleset's kong_points for that kind


class PenaltyDetail(TypedDict):
    kind: str
    penalty: int
    distribution: Literal["split"]
    share: int
    burned: int


Transfer = TypedDict(
    "Transfer",
    {
        "from": int,
        "to": int,
        "amount": int,
        "event": Literal["opening", "midgame", "result", "kong", "penalty"],
        "winner": int | None,
        "detail": WinDetail | KongDetail | PenaltyDetail,
    },
)


class RoundResult(TypedDict):
    """The scored round, exactly the JSON of round-format.md."""

    transfers: list[Transfer]
    net: list[int]
    burned: int
    next_dealer: int
    next_dealers: list[int]


class SeatWins(NamedTuple):
    """One seat's wins in a round, with the hand codes the engine scored: those given
    as ``hands``, or those it found in ``tiles``."""

    final: tuple[str, ...]  # the result's win; () when the seat did not win the result
    big: bool  # that win is big (大胡)
    opening: tuple[str, ...]  # its opening win (起手胡); () for none
    midgame: tuple[str, ...]  # its mid-game wins (中途胡), one after another


class Scored(NamedTuple):
    """A scored round: the public result, the birds that counted for its final win and
    every seat's wins as scored.

    ``birds``: the result's birds (海底 birds filled in); () for a draw or forfeited
    birds. ``bird_hits``: how many of them land on each seat (扎鸟 hits; opening birds
    are not counted here). ``wins``: by seat, the codes of each win the engine scored
    (the services store these, never the input's ``hands``)."""

    result: RoundResult
    birds: tuple[int, ...]
    bird_hits: tuple[int, ...]  # one entry per seat (n at a table of n players)
    wins: tuple[SeatWins, ...]  # one entry per seat


def seat_wins(rnd: Round) -> tuple[SeatWins, ...]:
    """Every seat's wins in a round that ``parse_round`` accepted (``Scored.wins``),
    one per seat of the table."""
    final: list[tuple[str, ...]] = [(), (), (), ()]
    big = [False, False, False, False]
    for winner in rnd.result.winners:
        final[winner.seat] = winner.codes
        big[winner.seat] = winner.big
    opening: list[tuple[str, ...]] = [(), (), (), ()]
    for o in rnd.openings:
        opening[o.seat] = opening[o.seat] + o.codes
    midgame: list[tuple[str, ...]] = [(), (), (), ()]
    for m in rnd.midgame:
        midgame[m.seat] = midgame[m.seat] + m.codes
    # tuple.__new__: a NamedTuple's own __new__ is a Python-level call (as in validate)
    wins = [tuple.__new__(SeatWins, (final[s], big[s], opening[s], midgame[s])) for s in range(4)]
    if rnd.rules.players != 4:
        return tuple(wins[: rnd.rules.players])
    return (wins[0], wins[1], wins[2], wins[3])


# --- one payment ------------------------------------------------------------------


# One win to be paid (rules.md §4.1-§4.2), a plain tuple (built per win on the hot path):
# (event, winner, payers, units, class, unit_base: base[class][kind] or the big self-draw
# base under 大进大出, zimo_bonus: 自摸加分 or 0, hits: birds landed by seat, fish: 钓鱼
# stakes by seat, big_in_big_out: 大进大出, final: the result's win, where 飘分 and 封顶 apply).
Win = tuple[
    Literal["opening", "midgame", "result"],
    int,
    tuple[int, ...],
    int,
    Literal["small", "big"],
    int,
    int,
    tuple[int, ...] | list[int],
    tuple[int, ...],
    bool,
    bool,
]


def _hits(bird_seat: tuple[int, ...], birds: tuple[int, ...]) -> tuple[int, ...] | list[int]:
    """How many birds land on each seat."""
    if not birds:
        return _NO_HITS
    hits = [0, 0, 0, 0]
    for b in birds:
        hits[bird_seat[b]] += 1
    return hits


def _pay(
    transfers: list[Transfer],
    net: list[int],
    rules: PayRules,
    dealer_flags: tuple[bool, ...],
    piao: tuple[int, ...] | None,
    win: Win,
) -> None:
    """§4.3: what each payer pays the winner, under the ruleset's payment ``rules``, the
    round's dealer flags by seat (庄) and 飘分 stakes (None: no 飘).

    Under 大进大出 (§4.4; the win carries the big self-draw base and no zimo bonus) a
    payer pays the pair bases and 庄对庄 it would have collected from each of the other
    three seats on a big self-draw of the same units.
    """
    # Unpacked once (one step, not a look-up per field): the names are the fields'.
    (
        dealer_bonus,
        dealer_bonus_per_unit,
        dealer_vs_dealer_bonus,
        birds_multiply,
        bird_points,
        cap,
        others,
    ) = rules
    flags = dealer_flags
    event, winner, payers, units, cls, unit_base, zimo, hits, fish, bibo, final = win
    w_dealer = flags[winner]
    w_hits = hits[winner]
    w_fish = fish[winner]
    plain = units * unit_base
    with_bonus = (
        units * (unit_base + dealer_bonus) if dealer_bonus_per_unit else plain + dealer_bonus
    )
    if not final:  # 飘分 and 封顶 apply to the result's payments only
        piao = None
        cap = 0
    plain_detail = bird_points is None and piao is None and not cap
    for p in payers:
        p_dealer = flags[p]
        if bibo:
            pair_base = d = 0
            for q in others[p]:
                q_dealer = flags[q]
                pair_base += with_bonus if p_dealer or q_dealer else plain
                if p_dealer and q_dealer:
                    d += dealer_vs_dealer_bonus
        else:
            pair_base = with_bonus if w_dealer or p_dealer else plain
            d = dealer_vs_dealer_bonus if w_dealer and p_dealer else 0
        h = w_hits + hits[p]
        f = w_fish + fish[p]
        if bird_points is None:
            mult = 1 << h if birds_multiply else 1 + h
            added = 0
            amount = pair_base * mult + zimo + d + f
        else:  # 中鸟加分 (rules.md §9): each hit adds points, nothing multiplies
            mult = 1
            added = bird_points * h
            amount = pair_base + added + zimo + d + f
        detail: WinDetail = {
            "units": units,
            "class": cls,
            "pair_base": pair_base,
            "multiplier": mult,
            "zimo_bonus": zimo,
            "dealer_vs_dealer": d,
            "fish": f,
        }
        if not plain_detail:  # table options (rules.md §9): birds adding points, 飘分, 封顶
            if bird_points is not None:
                detail["bird_points_added"] = added
            if piao is not None:
                stake = piao[winner] + piao[p]
                detail["piao"] = stake
                amount += stake
            if cap and amount > cap:
                detail["uncapped"] = amount
                amount = cap
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
                    "detail": detail,
                }
            )


def score_counted(
    rnd: Round,
) -> tuple[RoundResult, tuple[int, ...], tuple[int, ...] | list[int]]:
    """The result of a round that ``parse_round`` accepted, its counted birds and their
    hits by seat (``Scored``'s fields, as a plain tuple: built on every round). At a
    table of n < 4 seats the hits have four slots; only the first n are seats.

    The round, its result and winners are unpacked whole: one step, where each field
    read from a NamedTuple is a descriptor call."""
    rules, dealer, dealers, fish, openings, res, penalties, midgame, piao, kongs = rnd
    pay = rules.payment
    flags = _DEALER_FLAGS[dealers]
    base = rules.base
    transfers: list[Transfer] = []
    n = len(fish)  # the table size: parse_round gives n stakes (rules.md §10)
    if n != 4:  # n < 4 seats; a bird on nobody counts in a slot no seat reads
        net = [0] * n  # (Scored.bird_hits leaves it out)
        bird_seat = HIT_SEAT[n, rules.empty_birds]
        others = OTHERS[n]
    else:
        net = [0, 0, 0, 0]
        bird_seat = _BIRD_SEAT
        others = _OTHERS

    if openings or midgame:
        unit_base = base.small.self_draw
        zimo = rules.zimo_bonus.small
        small_wins: tuple[tuple[Literal["opening", "midgame"], tuple[Opening, ...]], ...] = (
            ("opening", openings),
            ("midgame", midgame),
        )
        for event, wins in small_wins:
            for seat, _codes, units, op_birds in wins:
                origin = small_win_origin(rules, dealer, seat)
                assert origin is not None
                win: Win = (
                    event,
                    seat,
                    others[seat],
                    units,
                    "small",
                    unit_base,
                    zimo,
                    _hits(bird_seat[origin], op_birds),
                    _NO_FISH,
                    False,
                    False,
                )
                _pay(transfers, net, pay, flags, piao, win)

    kind, winners, discarder, birds, _forfeited, haidi = res
    hits: tuple[int, ...] | list[int] = _NO_HITS
    if kind == "draw":
        assert haidi is not None
        drawn = draw_next_dealer(haidi.taker, haidi.replaced_by, haidi.first_offered)
        assert drawn is not None
        nxt = drawn
        next_dealers = [nxt]
    else:
        origin = final_bird_origin(rules, dealer, [w[0] for w in winners], discarder)
        assert origin is not None
        hits = _hits(bird_seat[origin], birds)
        self_draw = kind == "self_draw"
        for seat, _codes, big, units, bibo in winners:
            table = base.big if big else base.small
            payers: tuple[int, ...]
            if bibo:
                assert discarder is not None
                payers = (discarder,)
                unit_base = base.big.self_draw
                zimo = 0
            elif self_draw:
                payers = others[seat]
                unit_base = table.self_draw
                zimo = rules.zimo_bonus.big if big else rules.zimo_bonus.small
            else:
                assert discarder is not None
                payers = (discarder,)
                unit_base = table.discard
                zimo = 0
            win = (
                "result",
                seat,
                payers,
                units,
                "big" if big else "small",
                unit_base,
                zimo,
                hits,
                fish,
                bibo,
                True,
            )
            _pay(transfers, net, pay, flags, piao, win)
        won, next_dealers = win_next_dealers(rules.tongzhuang, [w.seat for w in winners], discarder)
        assert won is not None
        nxt = won

    if kongs and rules.kong_pay:
        _kongs(rules, kongs, transfers, net)

    burned = 0
    if penalties and rules.escape_penalty:
        burned = _penalties(rnd, transfers, net)

    result: RoundResult = {
        "transfers": transfers,
        "net": net,
        "burned": burned,
        "next_dealer": nxt,
        "next_dealers": next_dealers,
    }
    return result, birds, hits


def _kongs(
    rules: Rules, kongs: tuple[Kong, ...], transfers: list[Transfer], net: list[int]
) -> None:
    """rules.md §10.4 杠分: each kong that stood, paid apart from every win (no birds,
    bonuses, fish, 飘 or cap): 暗杠 / 加杠 by each other seat, 放杠 by its discarder
    alone, n − 1 times over."""
    points = rules.kong_points
    others = rules.payment.others
    for seat, kind, source in kongs:
        each = points.an if kind == "an" else points.jia if kind == "jia" else points.ming
        if not each:
            continue
        if source is not None:  # 放杠 (ming): the discarder pays for every other seat
            payments: list[tuple[int, int]] = [(source, each * len(others[seat]))]
        else:
            payments = [(p, each) for p in others[seat]]
        for payer, amount in payments:
            net[payer] -= amount
            net[seat] += amount
            transfers.append(
                {
                    "from": payer,
                    "to": seat,
                    "amount": amount,
                    "event": "kong",
                    "winner": seat,
                    "detail": {"kind": kind, "kong_points": each},
                }
            )


def _penalties(rnd: Round, transfers: list[Transfer], net: list[int]) -> int:
    """§5.3 escape penalties (§10.1: shared among the other n − 1 seats); returns what
    is burned."""
    rules = rnd.rules
    penalty = rules.escape_penalty
    split = rules.escape_distribution == "split"
    others = OTHERS[len(net)]
    shares = len(net) - 1
    share = penalty // shares if split else 0
    rest = penalty - shares * share
    burned = 0
    for pen in rnd.penalties:
        seat = pen.seat
        net[seat] -= penalty
        burned += rest
        if not share:
            continue
        for to in others[seat]:
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
