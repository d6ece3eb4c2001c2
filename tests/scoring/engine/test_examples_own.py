"""The project's own worked examples, as literal data, so a clone without ../shared still
tests the rules. The first group is copied from examples.json (numbers from the seeds);
the second covers what examples.json does not, with the arithmetic in each comment.
Seats: 0=A, 1=B (A's 下家), 2=C, 3=D; the dealer is A unless said otherwise.
"""

import pytest

from scoring.engine import parse_ruleset, score_round


def win(kind, winners, birds=None, discarder=None, **extra):
    result = {"kind": kind, "winners": [{"seat": s, "hands": h} for s, h in winners]}
    if birds is not None:
        result["birds"] = birds
    if discarder is not None:
        result["discarder"] = discarder
    result.update(extra)
    return result


def draw(taker=None, first_offered=None, replaced_by=None, tile="9p"):
    haidi = {"tile": tile, "taker": taker, "first_offered": first_offered}
    if replaced_by is not None:
        haidi["replaced_by"] = replaced_by
    return {"kind": "draw", "winners": [], "haidi": haidi}


def rnd(ruleset, result, dealer=0, **extra):
    return {"ruleset": ruleset, "dealer": dealer, "result": result, **extra}


P = ["pinghu"]

# (name, round, net, burned, next_dealer, next_dealers)
FROM_SEEDS = [
    (
        "67 dealer self-draw birds 5,9: everyone pays 3x plus 1",
        rnd("changsha-67", win("self_draw", [(0, P)], [5, 9])),
        [21, -7, -7, -7],
        0,
        0,
        [0],
    ),
    (
        "67 dealer self-draw birds 5,6: B 3x, others 2x",
        rnd("changsha-67", win("self_draw", [(0, P)], [5, 6])),
        [17, -7, -5, -5],
        0,
        0,
        [0],
    ),
    (
        "67 A and B both win on C, birds 1,3: C deals next",
        rnd("changsha-67", win("discard", [(0, P), (1, P)], [1, 3], discarder=2)),
        [6, 2, -8, 0],
        0,
        2,
        [2],
    ),
    (
        "67 dealer qingyise self-draw birds 3,4",
        rnd("changsha-67", win("self_draw", [(0, ["qingyise"])], [3, 4])),
        [38, -8, -15, -15],
        0,
        0,
        [0],
    ),
    (
        "67 B haidilaoyue, the 海底 5m is both birds, on A",
        rnd(
            "changsha-67",
            win(
                "self_draw",
                [(1, ["haidilaoyue"])],
                haidi={"tile": "5m", "taker": 1, "first_offered": 1},
            ),
        ),
        [-22, 36, -7, -7],
        0,
        1,
        [1],
    ),
    (
        "67 B opening 四喜+缺一色 (single), dice 2,6, then a draw",
        rnd(
            "changsha-67",
            draw(first_offered=3, tile="3s"),
            openings=[{"seat": 1, "hands": ["sixi", "queyise"], "birds": [2, 6]}],
        ),
        [-7, 15, -4, -4],
        0,
        3,
        [3],
    ),
    (
        "tz dealer self-draw bird 5: all pay double",
        rnd("changsha-tongzhuang", win("self_draw", [(0, P)], [5])),
        [12, -4, -4, -4],
        0,
        0,
        [0],
    ),
    (
        "tz dealers A,B: B wins on A, bird 1: A pays 5 with 庄对庄",
        rnd("changsha-tongzhuang", win("discard", [(1, P)], [1], discarder=0), dealers=[0, 1]),
        [-5, 5, 0, 0],
        0,
        1,
        [1],
    ),
    (
        "tz dealers A,B,C: A self-draws, bird 2: B 5, C 3, D 2",
        rnd("changsha-tongzhuang", win("self_draw", [(0, P)], [2]), dealers=[0, 1, 2]),
        [10, -5, -3, -2],
        0,
        0,
        [0],
    ),
    (
        "tz 通炮 A discards, B and C win: next dealers A,B,C",
        rnd("changsha-tongzhuang", win("discard", [(1, P), (2, P)], [3], discarder=0)),
        [-6, 2, 4, 0],
        0,
        0,
        [0, 1, 2],
    ),
    (
        "tz big dealer self-draw bird 3 (底3 庄1)",
        rnd("changsha-tongzhuang", win("self_draw", [(0, ["qingyise"])], [3])),
        [16, -4, -8, -4],
        0,
        0,
        [0],
    ),
    (
        "tz 大进大出: C robs idle B's kong, bird 2: B pays 20",
        rnd("changsha-tongzhuang", win("discard", [(2, ["qiangganghu"])], [2], discarder=1)),
        [0, -20, 20, 0],
        0,
        2,
        [2],
    ),
    (
        "tz 大进大出: B robs dealer A's 海底, bird 8: A pays 12",
        rnd(
            "changsha-tongzhuang",
            win(
                "discard",
                [(1, ["haidipao"])],
                [8],
                discarder=0,
                haidi={"tile": "8s", "taker": 0, "first_offered": 0},
            ),
        ),
        [-12, 12, 0, 0],
        0,
        1,
        [1],
    ),
    (
        "tz 大进大出 under 通庄: dealers A,B; C robs B's kong: 4+4+4+1",
        rnd(
            "changsha-tongzhuang",
            win("discard", [(2, ["qiangganghu"])], [4], discarder=1),
            dealers=[0, 1],
        ),
        [0, -13, 13, 0],
        0,
        2,
        [2],
    ),
    (
        "pts dealer small self-draw bird 2",
        rnd("changsha-points", win("self_draw", [(0, P)], [2])),
        [80, -40, -20, -20],
        0,
        0,
        [0],
    ),
    (
        "pts big A on B bird 1 (A hit)",
        rnd("changsha-points", win("discard", [(0, ["qingyise"])], [1], discarder=1)),
        [140, -140, 0, 0],
        0,
        0,
        [0],
    ),
    (
        "pts 小七对+天胡 stacked, dealer self-draw bird 6",
        rnd("changsha-points", win("self_draw", [(0, ["qixiaodui", "tianhu"])], [6])),
        [320, -160, -80, -80],
        0,
        0,
        [0],
    ),
    (
        "pts opening 四喜+六六顺 added, bird 7; D escapes (burned)",
        rnd(
            "changsha-points",
            draw(taker=2, first_offered=1, tile="1m"),
            openings=[{"seat": 1, "hands": ["sixi", "liuliushun"], "birds": [7]}],
            penalties=[{"seat": 3, "kind": "escape"}],
        ),
        [-40, 100, -40, -90],
        70,
        2,
        [2],
    ),
    (
        "online dealer small self-draw, both birds on the dealer: 2*2*2+1",
        rnd("changsha-online", win("self_draw", [(0, P)], [5, 9])),
        [27, -9, -9, -9],
        0,
        0,
        [0],
    ),
    (
        "online 双杠上炮: dealer A pays B 6*2+1",
        rnd("changsha-online", win("discard", [(1, ["shuanggangshangpao"])], [3, 4], discarder=0)),
        [-13, 13, 0, 0],
        0,
        1,
        [1],
    ),
    (
        "online 双杠上花 idle B, birds 3,3 (C hit twice)",
        rnd("changsha-online", win("self_draw", [(1, ["shuanggangshanghua"])], [3, 3])),
        [-13, 73, -48, -12],
        0,
        1,
        [1],
    ),
    (
        "draw: 海底 used as a replacement by D although B was offered it first",
        rnd("changsha-67", draw(first_offered=1, replaced_by=3, tile=None)),
        [0, 0, 0, 0],
        0,
        3,
        [3],
    ),
    (
        "67 birds forgotten: B small self-draw, no birds",
        rnd("changsha-67", win("self_draw", [(1, P)], birds_forfeited=True)),
        [-3, 7, -2, -2],
        0,
        1,
        [1],
    ),
    (
        "67 override big self-draw base 4 (nested merge)",
        rnd(
            {"preset": "changsha-67", "base": {"big": {"self_draw": 4}}},
            win("self_draw", [(0, ["qingyise"])], [3, 4]),
        ),
        [28, -6, -11, -11],
        0,
        0,
        [0],
    ),
]

NEW = [
    (
        # 70 // 3 = 23 to each other seat, 70 - 69 = 1 burned
        "pts split escape: D's 70 gives 23 to each other seat and burns 1",
        rnd(
            {"preset": "changsha-points", "escape_distribution": "split"},
            draw(taker=2, first_offered=1),
            penalties=[{"seat": 3, "kind": "escape"}],
        ),
        [23, 23, 23, -70],
        1,
        2,
        [2],
    ),
    (
        # birds 1,4 land on A and D. A: (1+1)*(1+0+1) + 1 + fish 5+0 = 10;
        # C: 1*1 + 1 + fish 5+10 = 17; D: 1*2 + 1 + fish 5+0 = 8.
        "67 fish: B self-draws with stakes 0,5,10,0",
        rnd("changsha-67", win("self_draw", [(1, P)], [1, 4]), fish=[0, 5, 10, 0]),
        [-10, 35, -17, -8],
        0,
        1,
        [1],
    ),
    (
        # birds 2,6 land on B (neither side): (1+1)*1 + fish 2+3
        "67 fish on a discard: C wins on dealer A, stakes 3,0,2,0",
        rnd("changsha-67", win("discard", [(2, P)], [2, 6], discarder=0), fish=[3, 0, 2, 0]),
        [-7, 0, 7, 0],
        0,
        2,
        [2],
    ),
    (
        # opening birds 3,4 on C and D; fish never applies to an opening win.
        # A: (1+1)*1 + 1 = 3; C: 1*2 + 1 = 3; D: 1*2 + 1 = 3
        "67 fish does not touch an opening win",
        rnd(
            "changsha-67",
            draw(first_offered=2),
            openings=[{"seat": 1, "hands": ["sixi"], "birds": [3, 4]}],
            fish=[5, 5, 5, 5],
        ),
        [-3, 9, -3, -3],
        0,
        2,
        [2],
    ),
    (
        # birds 2,4 on B and D. B: 1 * 2**(1+1) = 4; C big: 6 * 2**(0+1) = 12
        "online multiplicative two birds with 通炮: D pays B 4 and C 12",
        rnd("changsha-online", win("discard", [(1, P), (2, ["qingyise"])], [2, 4], discarder=3)),
        [0, 4, 12, -16],
        0,
        3,
        [3],
    ),
    (
        # U = 2 (two quads), dealer bonus per unit: A pays 2*(10+10) doubled by bird 1 = 80,
        # B and D pay 2*10 = 20
        "pts opening_stacking add with two 四喜, bird on the dealer",
        rnd(
            "changsha-points",
            draw(first_offered=1),
            openings=[{"seat": 2, "hands": ["sixi", "sixi"], "birds": [1]}],
        ),
        [-80, -20, 120, -20],
        0,
        1,
        [1],
    ),
    (
        # birds given and the 海底 tile 5m agree: both on A
        "67 haidilaoyue with the 海底 tile and agreeing birds 5,5",
        rnd(
            "changsha-67",
            win(
                "self_draw",
                [(1, ["haidilaoyue"])],
                [5, 5],
                haidi={"tile": "5m", "taker": 1, "first_offered": 1},
            ),
        ),
        [-22, 36, -7, -7],
        0,
        1,
        [1],
    ),
    (
        # single: U = max weight = 2 (双杠上花). Birds 6,7 on B and C.
        # A: (12+1)*2 + 1 = 27; C: 12*3 + 1 = 37; D: 12*2 + 1 = 25
        "67 big_stacking single: 清一色+双杠上花 counts the weight 2 only",
        rnd(
            {"preset": "changsha-67", "big_stacking": "single"},
            win("self_draw", [(1, ["qingyise", "shuanggangshanghua"])], [6, 7]),
        ),
        [-27, 89, -37, -25],
        0,
        1,
        [1],
    ),
    (
        # U = 2, per unit: 2*(6+1) = 14. Birds 3,4 on C and D. B: 14+1; C, D: 28+1
        "67 dealer_bonus_per_unit: dealer 清一色+碰碰胡 self-draw",
        rnd(
            {"preset": "changsha-67", "dealer_bonus_per_unit": True},
            win("self_draw", [(0, ["qingyise", "pengpenghu"])], [3, 4]),
        ),
        [73, -15, -29, -29],
        0,
        0,
        [0],
    ),
    (
        # no birds at all: A pays 1+1, B and D pay 1
        "tz bird_count 0: C self-draws with no birds",
        rnd({"preset": "changsha-tongzhuang", "bird_count": 0}, win("self_draw", [(2, P)])),
        [-2, -1, 4, -1],
        0,
        2,
        [2],
    ),
    (
        # every seat a dealer: each pays (1+1)*2 for bird 4 on D, plus 庄对庄 1
        "tz four dealers: D self-draws, bird 4 on D",
        rnd("changsha-tongzhuang", win("self_draw", [(3, P)], [4]), dealers=[0, 1, 2, 3]),
        [-5, -5, -5, 15],
        0,
        3,
        [3],
    ),
    (
        # D used the 海底 as a replacement and discarded; B wins it as haidipao (001 §七.4).
        # 大进大出 for idle D: 4+3+3 = 10, doubled by bird 4 on D
        "tz haidipao after the 海底 served as D's replacement, explicit bird",
        rnd(
            "changsha-tongzhuang",
            win(
                "discard",
                [(1, ["haidipao"])],
                [4],
                discarder=3,
                haidi={"tile": "7p", "taker": None, "first_offered": 2, "replaced_by": 3},
            ),
        ),
        [0, 20, 0, -20],
        0,
        1,
        [1],
    ),
    (
        # bird 1 on dealer A, the discarder: each winner gets (1+1)*2
        "tz 一炮三响 on the dealer: next round all four are dealers, A rolls",
        rnd("changsha-tongzhuang", win("discard", [(1, P), (2, P), (3, P)], [1], discarder=0)),
        [-12, 4, 4, 4],
        0,
        0,
        [0, 1, 2, 3],
    ),
    (
        "tz a draw under 通庄 leaves a single dealer",
        rnd("changsha-tongzhuang", draw(taker=2, first_offered=1), dealers=[0, 1, 2]),
        [0, 0, 0, 0],
        0,
        2,
        [2],
    ),
    (
        # birds 1,5 both on A (the winner): (1+1) * 2**2 + 1 = 9 from each
        "online dealer opening 缺一色, both dice on the dealer",
        rnd(
            "changsha-online",
            draw(first_offered=2),
            openings=[{"seat": 0, "hands": ["queyise"], "birds": [1, 5]}],
        ),
        [27, -9, -9, -9],
        0,
        2,
        [2],
    ),
    (
        # forfeited: the 海底 tile gives no birds either. A: 6+1+1; C, D: 6+1
        "67 haidilaoyue with birds forfeited",
        rnd(
            "changsha-67",
            win(
                "self_draw",
                [(1, ["haidilaoyue"])],
                birds_forfeited=True,
                haidi={"tile": "5m", "taker": 1, "first_offered": 1},
            ),
        ),
        [-8, 22, -7, -7],
        0,
        1,
        [1],
    ),
    (
        # birds 2,3 on B and C: (6+1) * (1+1+0)
        "67 地胡: B wins on the dealer's first discard",
        rnd("changsha-67", win("discard", [(1, ["dihu"])], [2, 3], discarder=0)),
        [-14, 14, 0, 0],
        0,
        1,
        [1],
    ),
    (
        "67 an escape costs nothing when escape_penalty is 0",
        rnd(
            "changsha-67",
            win("discard", [(1, P)], [1, 4], discarder=2),
            penalties=[{"seat": 3, "kind": "escape"}],
        ),
        [0, 1, -1, 0],
        0,
        1,
        [1],
    ),
]


def check_transfers_add_up(result):
    """Each win transfer's detail reproduces its amount; the transfers make up net."""
    flows = [0, 0, 0, 0]
    for t in result["transfers"]:
        assert t["amount"] > 0
        flows[t["from"]] -= t["amount"]
        flows[t["to"]] += t["amount"]
        d = t["detail"]
        if t["event"] == "penalty":
            assert t["amount"] == d["share"] == d["penalty"] // 3
        else:
            expected = (
                d["pair_base"] * d["multiplier"]
                + d["zimo_bonus"]
                + d["dealer_vs_dealer"]
                + d["fish"]
            )
            assert t["amount"] == expected
    # what the transfers do not explain is burned, paid by the escaping seats
    assert sum(flows) == 0
    assert sum(n - f for n, f in zip(result["net"], flows, strict=True)) == -result["burned"]


@pytest.mark.parametrize(
    ("name", "round_", "net", "burned", "next_dealer", "next_dealers"),
    FROM_SEEDS + NEW,
    ids=[case[0] for case in FROM_SEEDS + NEW],
)
def test_own_example_scores_as_worked_out(name, round_, net, burned, next_dealer, next_dealers):
    result = score_round(round_)
    assert result["net"] == net
    assert result["burned"] == burned
    assert result["next_dealer"] == next_dealer
    assert result["next_dealers"] == next_dealers
    assert sum(result["net"]) + result["burned"] == 0
    check_transfers_add_up(result)


def test_split_escape_pays_each_other_seat_with_a_penalty_detail():
    result = score_round(NEW[0][1])
    assert result["transfers"] == [
        {
            "from": 3,
            "to": to,
            "amount": 23,
            "event": "penalty",
            "winner": None,
            "detail": {
                "kind": "escape",
                "penalty": 70,
                "distribution": "split",
                "share": 23,
                "burned": 1,
            },
        }
        for to in (0, 1, 2)
    ]


def test_burned_escape_has_no_transfer():
    round_ = rnd("changsha-points", draw(taker=2), penalties=[{"seat": 3, "kind": "escape"}])
    result = score_round(round_)
    assert result["transfers"] == []
    assert result["net"] == [0, 0, 0, -70]
    assert result["burned"] == 70


def test_round_format_worked_output_is_reproduced_transfer_by_transfer():
    round_ = {
        "ruleset": "changsha-67",
        "dealer": 0,
        "dealers": [0],
        "fish": [0, 0, 0, 0],
        "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5]}],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 2, "hands": ["qingyise", "pengpenghu"]}],
            "discarder": 3,
            "birds": [3, 7],
            "haidi": None,
        },
        "penalties": [],
    }

    def detail(units, cls, pair_base, multiplier, zimo_bonus):
        return {
            "units": units,
            "class": cls,
            "pair_base": pair_base,
            "multiplier": multiplier,
            "zimo_bonus": zimo_bonus,
            "dealer_vs_dealer": 0,
            "fish": 0,
        }

    assert score_round(round_) == {
        "transfers": [
            {
                "from": 0,
                "to": 1,
                "amount": 7,
                "event": "opening",
                "winner": 1,
                "detail": detail(1, "small", 2, 3, 1),
            },
            {
                "from": 2,
                "to": 1,
                "amount": 3,
                "event": "opening",
                "winner": 1,
                "detail": detail(1, "small", 1, 2, 1),
            },
            {
                "from": 3,
                "to": 1,
                "amount": 3,
                "event": "opening",
                "winner": 1,
                "detail": detail(1, "small", 1, 2, 1),
            },
            {
                "from": 3,
                "to": 2,
                "amount": 36,
                "event": "result",
                "winner": 2,
                "detail": detail(2, "big", 12, 3, 0),
            },
        ],
        "net": [-7, 13, 33, -39],
        "burned": 0,
        "next_dealer": 2,
        "next_dealers": [2],
    }


def test_big_in_big_out_detail_sums_what_the_payer_would_have_collected():
    # idle B robbed by C, bird 2 on B: pair bases 4 (from dealer A) + 3 + 3, doubled
    result = score_round(
        rnd("changsha-tongzhuang", win("discard", [(2, ["qiangganghu"])], [2], discarder=1))
    )
    [transfer] = result["transfers"]
    assert transfer["detail"] == {
        "units": 1,
        "class": "big",
        "pair_base": 10,
        "multiplier": 2,
        "zimo_bonus": 0,
        "dealer_vs_dealer": 0,
        "fish": 0,
    }


def test_big_in_big_out_is_off_outside_its_preset():
    # the same robbed kong under changsha-67: an ordinary big discard, 6 * (1 + 0 + 2)
    result = score_round(
        rnd("changsha-67", win("discard", [(2, ["qiangganghu"])], [2, 6], discarder=1))
    )
    assert result["net"] == [0, -18, 18, 0]


def test_score_round_does_not_change_its_input():
    import copy

    round_ = NEW[1][1]
    before = copy.deepcopy(round_)
    score_round(round_)
    assert round_ == before


@pytest.mark.parametrize(
    "name, round_",
    [(c[0], c[1]) for c in FROM_SEEDS + NEW],
    ids=[c[0] for c in FROM_SEEDS + NEW],
)
def test_rules_parsed_once_score_like_the_rounds_own_ruleset(name, round_):
    rules, errors = parse_ruleset(round_["ruleset"])
    assert not errors
    without = {k: v for k, v in round_.items() if k != "ruleset"}

    assert score_round(without, rules=rules) == score_round(round_)


def test_given_rules_win_over_a_ruleset_in_the_round():
    round_ = rnd("changsha-67", win("self_draw", [(0, P)], [5, 9]))
    rules, _ = parse_ruleset("changsha-online")
    assert score_round(round_, rules=rules) == score_round({**round_, "ruleset": "changsha-online"})
    assert score_round(round_, rules=rules) != score_round(round_)
