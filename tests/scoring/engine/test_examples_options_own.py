"""The project's own worked examples of the table options (rules.md §9), as literal data,
so a clone without ../shared still tests them. Arithmetic in each comment.
Seats: 0=A (the dealer unless said otherwise), 1=B, 2=C, 3=D; preset changsha-67
(base small 1, big 6, dealer bonus 1, 自摸加 1, birds additive ×(1 + n)).
"""

import pytest

from scoring.engine import score_round, score_round_counted, validate_round
from scoring.engine.messages import error_message_zh


def rules(**options):
    return {"preset": "changsha-67", **options}


def discard(winner, discarder, hands, birds, **extra):
    return {
        "kind": "discard",
        "winners": [{"seat": winner, "hands": hands}],
        "discarder": discarder,
        "birds": birds,
        **extra,
    }


def self_draw(winner, hands, birds):
    return {"kind": "self_draw", "winners": [{"seat": winner, "hands": hands}], "birds": birds}


def rnd(ruleset, result, **extra):
    return {"ruleset": ruleset, "dealer": 0, "result": result, **extra}


def errors_of(data):
    return {(e.field, e.code) for e in validate_round(data)}


P = ["pinghu"]
HAIDI_DRAW = {
    "kind": "draw",
    "winners": [],
    "haidi": {"tile": "3s", "taker": 2, "first_offered": 2},
}

# (name, round, net)
OWN = [
    (
        # 6 birds 2,2,2,6,4,1: B hit 4, D hit 1, A hit 1. A pays (1+1) × (1+4+1) + 1 = 13,
        # C pays 1 × 5 + 1 = 6, D pays 1 × 6 + 1 = 7.
        "six birds on an idle self-draw",
        rnd(rules(bird_count=6), self_draw(1, P, [2, 2, 2, 6, 4, 1])),
        [-13, 26, -6, -7],
    ),
    (
        # points mode, 3 points a bird; B on D, birds 2,4 (B and D hit): 1 + 3 × 2 = 7.
        "points mode adds bird_points per hit",
        rnd(rules(bird_mode="points", bird_points=3), discard(1, 3, P, [2, 4])),
        [0, 7, 0, -7],
    ),
    (
        # 通炮 with birds from the winner: the discarder D is the origin; birds 1,2:
        # 1 on D, 2 on A. B (idle) collects 1 × (1 + 0 + 1) = 2, A (dealer) 2 × 3 = 6.
        "birds from the winner count from the discarder on a 通炮",
        rnd(
            rules(bird_origin="winner"),
            {
                "kind": "discard",
                "winners": [{"seat": 1, "hands": P}, {"seat": 0, "hands": P}],
                "discarder": 3,
                "birds": [1, 2],
            },
        ),
        [6, 2, 0, -8],
    ),
    (
        # an opening counted from its own seat: C's 四喜 with dice 1,5 both on C.
        # A pays 2 × 3 + 1 = 7, B and D 1 × 3 + 1 = 4 each.
        "opening birds from the winner land on the opening seat",
        rnd(
            rules(bird_origin="winner"),
            HAIDI_DRAW,
            openings=[{"seat": 2, "hands": ["sixi"], "birds": [1, 5]}],
        ),
        [-7, -4, 15, -4],
    ),
    (
        # 坐飘 1 each (field omitted): B on C, birds 5,9 on A (nobody in the pair):
        # 1 + 飘 1 + 1 = 3.
        "fixed piao adds both stakes without the field",
        rnd(rules(piao="fixed"), discard(1, 2, P, [5, 9])),
        [0, 3, -3, 0],
    ),
    (
        # 自由飘 on a 通炮: each winner gets its own stake plus the discarder's.
        # B: 1 + (2 + 3) = 6; C: 1 + (0 + 3) = 4; birds 5,9 land on A.
        "free piao adds the discarder's stake to every winner",
        rnd(
            rules(piao="free"),
            {
                "kind": "discard",
                "winners": [{"seat": 1, "hands": P}, {"seat": 2, "hands": P}],
                "discarder": 3,
                "birds": [5, 9],
            },
            piao=[4, 2, 0, 3],
        ),
        [0, 6, 4, -10],
    ),
    (
        # 封顶 10 on a dealer 清一色 self-draw, birds 1,5 on A: each pays (6 + 1) × 3 + 1
        # = 22, capped to 10.
        "the cap lowers every payment of the final win",
        rnd(rules(cap=10), self_draw(0, ["qingyise"], [1, 5])),
        [30, -10, -10, -10],
    ),
    (
        # the cap never touches an opening: B's 四喜 birds 2,2 (B twice): A (2) × 3 + 1 = 7,
        # C and D 1 × 3 + 1 = 4, above a cap of 3.
        "an opening is never capped",
        rnd(rules(cap=3), HAIDI_DRAW, openings=[{"seat": 1, "hands": ["sixi"], "birds": [2, 2]}]),
        [-7, 15, -4, -4],
    ),
    (
        # 双杠上炮 per tile with single stacking and 碰碰胡: U = 2 × max(1, 1) = 2.
        # B on C, birds 5,9 on A: 12 × 1 = 12.
        "double kong per tile under single stacking",
        rnd(
            rules(double_kong="per_tile", big_stacking="single"),
            discard(1, 2, ["shuanggangshangpao", "pengpenghu"], [5, 9]),
        ),
        [0, 12, -12, 0],
    ),
    (
        # 门清 beside 碰碰胡 under add stacking: 2 units; B self-draws, birds 5,9 on A:
        # A (12 + 1) × 3 + 1 = 40, C and D 12 + 1 = 13.
        "menqing adds a unit beside another big code",
        rnd(rules(menqing="any"), self_draw(1, ["menqing", "pengpenghu"], [5, 9])),
        [-40, 66, -13, -13],
    ),
    (
        # 三豪华七小对 weight 4: C on D, birds 5,9 on A: 24.
        "three quads in seven pairs count four big hands",
        rnd(rules(haohua=True), discard(2, 3, ["sanhaohua_qixiaodui"], [5, 9])),
        [0, 0, 24, -24],
    ),
    (
        # two 中途 entries by C (one with a repeated code, stacking single: 1 unit each),
        # no birds: each entry A 2 + 1, B and D 1 + 1.
        "each mid-game entry is one win",
        rnd(
            rules(extra_small_hands=["zhongtu_sixi", "zhongtu_liuliushun"], opening_birds=False),
            HAIDI_DRAW,
            midgame=[
                {"seat": 2, "hands": ["zhongtu_sixi", "zhongtu_sixi"]},
                {"seat": 2, "hands": ["zhongtu_liuliushun"], "birds": []},
            ],
        ),
        [-6, -4, 14, -4],
    ),
]


@pytest.mark.parametrize(("name", "round_", "net"), OWN, ids=[o[0] for o in OWN])
def test_own_option_example_scores_as_worked_out(name, round_, net):
    result = score_round(round_)
    assert result["net"] == net
    assert sum(result["net"]) + result["burned"] == 0


def test_points_mode_detail_has_multiplier_one_and_the_points_added():
    t = score_round(OWN[1][1])["transfers"][0]
    assert t["detail"]["multiplier"] == 1
    assert t["detail"]["bird_points_added"] == 6
    assert "piao" not in t["detail"] and "uncapped" not in t["detail"]


def test_a_capped_payment_shows_the_amount_before_the_cap():
    details = [t["detail"] for t in score_round(OWN[6][1])["transfers"]]
    assert [d["uncapped"] for d in details] == [22, 22, 22]


def test_piao_shows_in_final_win_details_only():
    data = rnd(
        rules(piao="fixed", piao_value=2),
        discard(1, 2, P, [5, 9]),
        openings=[{"seat": 3, "hands": ["sixi"], "birds": [5, 9]}],
    )
    transfers = score_round(data)["transfers"]
    assert ["piao" in t["detail"] for t in transfers] == [False, False, False, True]
    assert transfers[-1]["detail"]["piao"] == 4


def test_the_counted_bird_hits_follow_the_origin():
    assert score_round_counted(OWN[2][1]).bird_hits == (1, 0, 0, 1)


def test_mid_game_transfers_carry_their_own_event():
    events = {t["event"] for t in score_round(OWN[11][1])["transfers"]}
    assert events == {"midgame"}


# --- tiles (rules.md §9.2, §9.3, §9.4, §9.8) ---------------------------------------

SEVEN_PAIRS_TWO_QUADS = "1111m2222m33m44m55m"  # 7 pairs, two quads


def test_haohua_fills_in_the_code_for_the_exact_number_of_quads():
    data = rnd(
        rules(haohua=True),
        {
            "kind": "discard",
            "winners": [{"seat": 1, "tiles": SEVEN_PAIRS_TWO_QUADS, "win_tile": "5m"}],
            "discarder": 2,
            "birds": [5, 9],
        },
    )
    # 清一色 + 双豪华七小对 = 1 + 3 = 4 units: 24.
    assert score_round(data)["net"] == [0, 24, -24, 0]


def test_without_haohua_the_same_tiles_fill_in_plain_seven_pairs():
    data = rnd(
        "changsha-67",
        {
            "kind": "discard",
            "winners": [{"seat": 1, "tiles": SEVEN_PAIRS_TWO_QUADS, "win_tile": "5m"}],
            "discarder": 2,
            "birds": [5, 9],
        },
    )
    assert score_round(data)["net"] == [0, 12, -12, 0]  # 清一色 + 七小对


def test_a_haohua_claim_with_the_wrong_number_of_quads_is_refused():
    data = rnd(
        rules(haohua=True),
        {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["haohua_qixiaodui"], "tiles": SEVEN_PAIRS_TWO_QUADS}],
            "discarder": 2,
            "birds": [5, 9],
        },
    )
    assert errors_of(data) == {("result.winners.0.hands.0", "haohua_wrong_quads")}


def test_plain_seven_pairs_may_be_claimed_on_a_hand_with_quads():
    data = rnd(
        rules(haohua=True),
        discard(1, 2, ["qixiaodui"], [5, 9]),
    )
    data["result"]["winners"][0]["tiles"] = SEVEN_PAIRS_TWO_QUADS
    assert validate_round(data) == []


def test_menqing_with_an_exposed_meld_is_refused():
    data = rnd(rules(menqing="any"), discard(1, 2, ["menqing"], [5, 9]))
    data["result"]["winners"][0].update(
        tiles="234m567s22p345p", melds=[{"kind": "chi", "tiles": "789m"}], win_tile="2p"
    )
    assert errors_of(data) == {("result.winners.0.hands.0", "menqing_exposed")}


def test_menqing_alone_needs_a_258_pair():
    data = rnd(rules(menqing="any"), discard(1, 2, ["menqing"], [5, 9]))
    data["result"]["winners"][0].update(tiles="234m567s789m345p33p", win_tile="3p")
    assert errors_of(data) == {("result.winners.0.hands.0", "hand_not_held")}


def test_menqing_is_filled_in_on_a_concealed_hand_with_a_kong():
    data = rnd(rules(menqing="self_draw"), self_draw(1, None, [5, 9]))
    del data["result"]["winners"][0]["hands"]
    data["result"]["winners"][0].update(
        tiles="234m567s345p22p", melds=[{"kind": "angang", "tiles": "9999m"}], win_tile="2p"
    )
    # 门清 1 unit, self-draw: A (6 + 1) × 3 + 1 = 22, C and D 6 + 1 = 7.
    assert score_round(data)["net"] == [-22, 36, -7, -7]


def test_an_extra_opening_is_checked_against_the_dealt_tiles():
    opening = {"seat": 1, "hands": ["jintongyunv"], "birds": [5, 9], "tiles": "22p22s13m579m13s46p"}
    data = rnd(rules(extra_small_hands=["jintongyunv"]), HAIDI_DRAW, openings=[opening])
    assert validate_round(data) == []
    opening["tiles"] = "22p23s13m579m13s46p"
    assert errors_of(data) == {("openings.0.hands.0", "opening_not_held")}


def test_the_258_quanqiuren_pair_does_not_apply_beside_another_big_hand():
    data = rnd(
        rules(quanqiuren_pair="258"),
        discard(1, 2, ["quanqiuren", "pengpenghu"], [5, 9]),
    )
    data["result"]["winners"][0].update(
        tiles="33m",
        win_tile="3m",
        melds=[{"kind": "peng", "tiles": t} for t in ("111m", "444p", "999s", "666m")],
    )
    assert validate_round(data) == []


# --- errors (rules.md §9.9) -------------------------------------------------------


def test_hand_not_in_ruleset_names_the_option_in_both_languages():
    data = rnd("changsha-67", discard(1, 2, ["menqing"], [5, 9]))
    (error,) = validate_round(data)
    assert (error.field, error.code) == ("result.winners.0.hands.0", "hand_not_in_ruleset")
    assert 'menqing: "any"' in error.message
    assert "门清" in error_message_zh(error) and "打开" in error_message_zh(error)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            rnd(
                rules(extra_small_hands=["zhongtu_sixi"]),
                HAIDI_DRAW,
                openings=[{"seat": 1, "hands": ["zhongtu_sixi"], "birds": [1, 2]}],
            ),
            {("openings.0.hands.0", "midgame_hand_in_opening")},
        ),
        (
            rnd(rules(), HAIDI_DRAW, midgame=[{"seat": 1, "hands": ["sixi"], "birds": [1, 2]}]),
            {("midgame.0.hands.0", "not_midgame_hand")},
        ),
        (
            rnd(rules(), HAIDI_DRAW, midgame=[{"seat": 1, "hands": [], "birds": [1, 2]}]),
            {("midgame.0.hands", "no_hands")},
        ),
        (
            rnd(
                rules(extra_small_hands=["zhongtu_sixi"]),
                HAIDI_DRAW,
                midgame=[{"seat": 1, "hands": ["zhongtu_sixi"], "birds": [1, 2], "tiles": "1111m"}],
            ),
            {("midgame.0.tiles", "unknown_field")},
        ),
        (
            rnd(rules(piao="fixed", piao_value=2), self_draw(0, P, [1, 2]), piao=[2, 2, 1, 2]),
            {("piao.2", "piao_not_fixed")},
        ),
        (
            rnd(rules(piao="free"), self_draw(0, P, [1, 2]), piao=[1, 1, 1]),
            {("piao", "wrong_length")},
        ),
        (
            rnd(rules(menqing="any"), self_draw(1, ["menqing", "quanqiuren"], [1, 2])),
            {
                ("result.winners.0.hands.1", "wrong_win_kind"),
                ("result.winners.0.hands.1", "hands_exclude_each_other"),
            },
        ),
        (
            rnd(rules(extra_small_hands=["jiejiegao", "jiejiegao"]), HAIDI_DRAW),
            {("ruleset.extra_small_hands.1", "repeated_hand")},
        ),
        (
            rnd(rules(bird_origin="seat"), HAIDI_DRAW),
            {("ruleset.bird_origin", "invalid_choice")},
        ),
        (
            rnd(rules(cap=100001), HAIDI_DRAW),
            {("ruleset.cap", "out_of_range")},
        ),
    ],
)
def test_a_table_option_error_names_its_field(data, expected):
    errors = validate_round(data)
    assert {(e.field, e.code) for e in errors} == expected
    assert all(e.message and error_message_zh(e) for e in errors)
