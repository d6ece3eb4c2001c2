"""The project's own worked examples of rules.md §10 (tables of three and two, kong
payments, the apps' readings), as literal data, so a clone without ../shared still
tests them. Arithmetic in each comment.

Seats: 0=A (the dealer unless said otherwise), 1=B, 2=C, 3=D; preset changsha-67
(base small 1, big 6, dealer bonus 1, 自摸加 1, birds additive ×(1 + n)) unless said.
"""

import pytest

from scoring.engine import score_round, score_round_counted, validate_round
from scoring.engine.messages import error_message_zh


def rules(preset="changsha-67", **options):
    return {"preset": preset, **options}


def rnd(ruleset, result, **extra):
    return {"ruleset": ruleset, "dealer": 0, "result": result, **extra}


def self_draw(winner, hands, birds, **winner_extra):
    return {
        "kind": "self_draw",
        "winners": [{"seat": winner, **({"hands": hands} if hands else {}), **winner_extra}],
        "birds": birds,
    }


def discard(winners, discarder, birds, **extra):
    return {"kind": "discard", "winners": winners, "discarder": discarder, "birds": birds, **extra}


def draw(taker):
    return {"kind": "draw", "winners": [], "haidi": {"tile": "6m", "taker": taker}}


def errors_of(data):
    return {(e.field, e.code) for e in validate_round(data)}


P = ["pinghu"]
# A 14-tile 平胡 without 条 (a 缺一门 table can hold it): 123m 456m 789p 234p 55m.
NO_BAMBOO_PINGHU = "123m456m789p234p55m"
# Seven pairs in three suits, no quads.
SEVEN_PAIRS = "1133m5577p228899s"
# 4 sets and a 33s pair: a standard hand that is no 平胡 (the pair is not 2/5/8).
THREES_PAIR = "123m456s789p123p33s"
# Seven pairs holding three quads.
THREE_QUADS = "111155m2222p3333s"
# B's dealt 13 tiles: every suit holds several tiles; the one 2/5/8 tile is the 5p.
LONE_FIVE_PIN = "1346m5779p13469s"

# (name, round, net, burned)
OWN = [
    (
        # 3 players, 四八空鸟: B self-draws, bird 4 (p3, nobody) and 5 (p0, the dealer A).
        # A pays (1+1) × (1 + 0 + 1) + 1 = 5, C pays 1 × 1 + 1 = 2.
        "three players: a bird 4 lands on nobody, a 5 on the dealer",
        rnd(rules(players=3), self_draw(1, P, [4, 5])),
        [-5, 7, -2],
        0,
    ),
    (
        # 2 players, 四八空鸟: A self-draws, bird 3 (p2, the other seat B), bird 2 (nobody).
        # B pays (1+1) × (1 + 0 + 1) + 1 = 5.
        "two players: a 3 lands on the other seat, a 2 on nobody",
        rnd(rules(players=2), self_draw(0, P, [3, 2])),
        [5, -5],
        0,
    ),
    (
        # 对家空 at two players reads as 四八空鸟 (rules.md §10.2): the same 5.
        "two players: 对家空 lands birds as 四八空鸟 does",
        rnd(rules(players=2, empty_birds="37"), self_draw(0, P, [3, 2])),
        [5, -5],
        0,
    ),
    (
        # 2 players, 鸟不落空: 3 → (0 + 2) % 2 = A, 2 → (0 + 1) % 2 = B.
        # B pays (1+1) × (1 + 1 + 1) + 1 = 7.
        "two players: with 鸟不落空 every bird lands, counted round two seats",
        rnd(rules(players=2, empty_birds="none"), self_draw(0, P, [3, 2])),
        [7, -7],
        0,
    ),
    (
        # 3 players, 通炮 without 通庄: A (dealer) discards, B and C win 平胡; bird 2 on B
        # (p1), bird 3 on C (p2, A's 上家). B: (1+1) × (1+1) = 4; C: the same 4.
        "three players: two winners on one discard, each paid apart",
        rnd(
            rules(players=3),
            discard([{"seat": 1, "hands": P}, {"seat": 2, "hands": P}], 0, [2, 3]),
        ),
        [-8, 4, 4],
        0,
    ),
    (
        # 2 players, escape split: the other seat gets 75 // 1 = 75, nothing burned.
        "two players: an escape is paid whole to the other seat",
        rnd(
            rules("changsha-points", players=2, escape_penalty=75, escape_distribution="split"),
            draw(0),
            penalties=[{"seat": 1, "kind": "escape"}],
        ),
        [75, -75],
        0,
    ),
    (
        # 2 players, 大进大出 (changsha-tongzhuang): B robs dealer A's kong, bird 1 on A.
        # A pays pair_base(A, B, big, self_draw) = 3 + 1 = 4, × (1 + 0 + 1) = 8: less than
        # an ordinary big discard (6 + 1) × 2 = 14, as rules.md §10.1 says.
        "two players: 大进大出 sums over the one other seat",
        rnd(
            rules("changsha-tongzhuang", players=2),
            discard([{"seat": 1, "hands": ["qiangganghu"]}], 0, [1]),
        ),
        [-8, 8],
        0,
    ),
    (
        # 3 players, 坐飘 1 (no piao field: every seat 1): B self-draws, birds 1, 1 on A.
        # A pays (1+1) × (1 + 0 + 2) + 1 + 2 = 9; C pays 1 + 1 + 2 = 4.
        "three players: 坐飘 fills in three stakes",
        rnd(rules(players=3, piao="fixed"), self_draw(1, P, [1, 1])),
        [-9, 13, -4],
        0,
    ),
    (
        # 2 players 缺一门, with tiles: dealer A self-draws; bird 1 on A, 3 on B.
        # B pays (1+1) × (1 + 1 + 1) + 1 = 7.
        "缺一门: a hand of 万 and 筒 scores as usual",
        rnd(
            rules(players=2, quyimen=True),
            self_draw(0, P, [1, 3], tiles=NO_BAMBOO_PINGHU, melds=[], win_tile="5m"),
        ),
        [7, -7],
        0,
    ),
    (
        # 杠分 on a draw: B's 放杠 on C's discard: C pays 1 × 3 = 3; D's 暗杠: A, B, C 2 each.
        "kongs on a draw: 放杠 paid by its discarder alone, 暗杠 by everyone",
        rnd(
            rules(kong_pay=True),
            draw(0),
            kongs=[{"seat": 1, "kind": "ming", "from": 2}, {"seat": 3, "kind": "an"}],
        ),
        [-2, 1, -5, 6],
        0,
    ),
    (
        # 2 players, an worth 3: A's 暗杠 takes 3 from B; B's 放杠 on A (1 × 1) and 加杠 (1).
        "two players: kongs are paid by the one other seat",
        rnd(
            rules(players=2, kong_pay=True, kong_points={"an": 3}),
            draw(1),
            kongs=[
                {"seat": 0, "kind": "an"},
                {"seat": 1, "kind": "ming", "from": 0},
                {"seat": 1, "kind": "jia"},
            ],
        ),
        [1, -1],
        0,
    ),
    (
        # cap 1 and 坐飘 2: A self-draws 平胡 with birds 1, 1; each payment is capped at 1.
        # B's 暗杠 still takes 2 from A, C and D: A +3 - 2, B -1 + 6, C -1 - 2, D -1 - 2.
        "kongs pay beside a capped win, untouched by the cap, 飘 and birds",
        rnd(
            rules(kong_pay=True, cap=1, piao="fixed", piao_value=2),
            self_draw(0, P, [1, 1]),
            kongs=[{"seat": 1, "kind": "an"}],
        ),
        [1, 5, -3, -3],
        0,
    ),
    (
        # changsha-points, escape 70 burned: C escapes but its 暗杠 is still paid, 2 by each.
        "an escaping seat's kong is still paid",
        rnd(
            rules("changsha-points", kong_pay=True),
            draw(0),
            kongs=[{"seat": 2, "kind": "an"}],
            penalties=[{"seat": 2, "kind": "escape"}],
        ),
        [-2, -2, -64, -2],
        70,
    ),
    (
        # 门清 with 七小对 filled in from the tiles under menqing_scope "concealed":
        # B on C, 2 units: 12 × (1 + 2) with birds 2, 2 on B = 36.
        "concealed scope: a filled-in seven pairs gets 门清 beside it",
        rnd(
            rules(menqing="any", menqing_scope="concealed"),
            discard([{"seat": 1, "tiles": SEVEN_PAIRS, "melds": [], "win_tile": "8s"}], 2, [2, 2]),
        ),
        [0, 36, -36, 0],
        0,
    ),
    (
        # The same under the default scope: 七小对 alone, 6 × 3 = 18.
        "standard scope: a filled-in seven pairs gets no 门清",
        rnd(
            rules(menqing="any"),
            discard([{"seat": 1, "tiles": SEVEN_PAIRS, "melds": [], "win_tile": "8s"}], 2, [2, 2]),
        ),
        [0, 18, -18, 0],
        0,
    ),
    (
        # concealed scope, 天胡 + 门清 on a 33s pair (tianhu_pair "any" lets 天胡 take any
        # pair): 2 units, 12 + 1 per payer; birds 2 (B), 3 (C): B and C (13 × 2) + 1 = 27,
        # D 13 + 1 = 14.
        "concealed scope: 门清 goes with 天胡 on any pair",
        rnd(
            rules(menqing="any", menqing_scope="concealed"),
            self_draw(0, ["tianhu", "menqing"], [2, 3], tiles=THREES_PAIR, melds=[], win_tile="3s"),
        ),
        [68, -27, -27, -14],
        0,
    ),
    (
        # 一支花 read "either", filled in from B's dealt tiles: birds 1 (A), 2 (B).
        # A pays (1+1) × (1 + 1 + 1) + 1 = 7, C and D 1 × 2 + 1 = 3.
        "either reading: a lone 2/5/8 tile that is a 5 is 一支花, filled in",
        rnd(
            rules(yizhihua="either"),
            draw(2),
            openings=[{"seat": 1, "birds": [1, 2], "tiles": LONE_FIVE_PIN}],
        ),
        [-7, 13, -3, -3],
        0,
    ),
    (
        # "either" with 一点红 played and openings stacking: 2 units. A pays (2 + 1) × 3 + 1
        # = 10, C and D 2 × 2 + 1 = 5.
        "either reading: 一支花 and 一点红 stack on one dealt hand",
        rnd(
            rules(yizhihua="either", extra_small_hands=["yidianhong"], opening_stacking="add"),
            draw(2),
            openings=[
                {
                    "seat": 1,
                    "hands": ["yizhihua", "yidianhong"],
                    "birds": [1, 2],
                    "tiles": LONE_FIVE_PIN,
                }
            ],
        ),
        [-10, 20, -5, -5],
        0,
    ),
    (
        # tianhu_pair "situational" under situational_pair "any" (changsha-67): the 33s
        # pair stands. 6 + 1 per payer, birds 2 (B), 3 (C): B, C 7 × 2 + 1 = 15, D 8.
        "situational 天胡 pair under situational_pair any takes a 33 pair",
        rnd(
            rules(tianhu_pair="situational"),
            self_draw(0, ["tianhu"], [2, 3], tiles=THREES_PAIR, melds=[], win_tile="3s"),
        ),
        [38, -15, -15, -8],
        0,
    ),
    (
        # haohua_levels 2, filled in: three quads are 双豪华, 3 units: 18 × (1 + 1) with
        # bird 2 on B (bird 5 on A counts for neither) = 36.
        "two haohua levels: a filled-in hand of three quads is 双豪华",
        rnd(
            rules(haohua=True, haohua_levels=2),
            discard([{"seat": 1, "tiles": THREE_QUADS, "melds": [], "win_tile": "5m"}], 2, [2, 5]),
        ),
        [0, 36, -36, 0],
        0,
    ),
    (
        # The same at three levels: 三豪华, 4 units: 24 × 2 = 48.
        "three haohua levels: a filled-in hand of three quads is 三豪华",
        rnd(
            rules(haohua=True),
            discard([{"seat": 1, "tiles": THREE_QUADS, "melds": [], "win_tile": "5m"}], 2, [2, 5]),
        ),
        [0, 48, -48, 0],
        0,
    ),
    (
        # short_wall_birds "as_drawn": one bird of two, on the winner A.
        # B, C, D each (1 + 1) × (1 + 1) + 1 = 5.
        "a short wall's one bird counts alone",
        rnd(rules(short_wall_birds="as_drawn"), self_draw(0, P, [1])),
        [15, -5, -5, -5],
        0,
    ),
]


@pytest.mark.parametrize(("name", "data", "net", "burned"), OWN, ids=[o[0] for o in OWN])
def test_own_table_example_scores_as_worked_out(name, data, net, burned):
    result = score_round(data)
    assert result["net"] == net
    assert result["burned"] == burned
    assert sum(result["net"]) + result["burned"] == 0


def test_a_kong_transfer_names_its_kind_and_points_and_comes_after_the_win():
    data = rnd(
        rules(players=3, kong_pay=True),
        self_draw(1, P, [1, 2]),
        kongs=[{"seat": 1, "kind": "an"}, {"seat": 2, "kind": "ming", "from": 0}],
    )
    transfers = score_round(data)["transfers"]
    assert [t["event"] for t in transfers] == ["result", "result", "kong", "kong", "kong"]
    assert transfers[2:] == [
        {"from": 0, "to": 1, "amount": 2, "event": "kong", "winner": 1,
         "detail": {"kind": "an", "kong_points": 2}},
        {"from": 2, "to": 1, "amount": 2, "event": "kong", "winner": 1,
         "detail": {"kind": "an", "kong_points": 2}},
        {"from": 0, "to": 2, "amount": 2, "event": "kong", "winner": 2,
         "detail": {"kind": "ming", "kong_points": 1}},
    ]  # fmt: skip


def test_kongs_without_kong_pay_are_checked_but_pay_nothing():
    paid = rnd(rules(), draw(0), kongs=[{"seat": 1, "kind": "an"}])
    assert score_round(paid)["transfers"] == []
    bad = rnd(rules(), draw(0), kongs=[{"seat": 1, "kind": "an", "from": 2}])
    assert errors_of(bad) == {("kongs.0.from", "kong_from_not_ming")}


def test_a_kong_worth_nothing_makes_no_transfer():
    data = rnd(
        rules(kong_pay=True, kong_points={"jia": 0}), draw(0), kongs=[{"seat": 1, "kind": "jia"}]
    )
    assert score_round(data)["transfers"] == []


def test_three_and_two_player_rounds_count_birds_and_wins_for_their_seats_only():
    scored = score_round_counted(rnd(rules(players=3), self_draw(1, P, [4, 5])))
    assert scored.bird_hits == (1, 0, 0)  # the 4 landed on nobody
    assert len(scored.wins) == 3
    assert scored.wins[1].final == ("pinghu",)
    two = score_round_counted(rnd(rules(players=2), self_draw(0, P, [3, 2])))
    assert two.bird_hits == (0, 1)
    assert len(two.wins) == 2


def test_concealed_scope_fills_in_menqing_beside_seven_pairs():
    data = rnd(
        rules(menqing="any", menqing_scope="concealed"),
        discard([{"seat": 1, "tiles": SEVEN_PAIRS, "melds": [], "win_tile": "8s"}], 2, [2, 2]),
    )
    assert set(score_round_counted(data).wins[1].final) == {"qixiaodui", "menqing"}


# (name, round, the (field, code) pairs expected)
ERRORS = [
    (
        "a kong seat beyond a table of three",
        rnd(rules(players=3), draw(0), kongs=[{"seat": 3, "kind": "ming", "from": 0}]),
        {("kongs.0.seat", "seat_out_of_range")},
    ),
    (
        "a 放杠 from a seat beyond a table of two",
        rnd(rules(players=2), draw(0), kongs=[{"seat": 1, "kind": "ming", "from": 2}]),
        {("kongs.0.from", "seat_out_of_range")},
    ),
    (
        "the dealer beyond a table of two",
        {"ruleset": rules(players=2), "dealer": 2, "result": draw(0)},
        {("dealer", "seat_out_of_range")},
    ),
    (
        "an opening seat and a penalty seat beyond a table of three",
        rnd(
            rules(players=3),
            draw(0),
            openings=[{"seat": 3, "hands": ["sixi"], "birds": [1, 2]}],
            penalties=[{"seat": 3, "kind": "escape"}],
        ),
        {("openings.0.seat", "seat_out_of_range"), ("penalties.0.seat", "seat_out_of_range")},
    ),
    (
        "two winners at a table of two",
        rnd(
            rules(players=2),
            discard([{"seat": 1, "hands": P}, {"seat": 0, "hands": P}], 0, [1, 2]),
        ),
        {("result.winners", "wrong_winner_count"), ("result.discarder", "discarder_is_winner")},
    ),
    (
        "four 飘 stakes at a table of three",
        rnd(rules(players=3, piao="free"), self_draw(0, P, [1, 2]), piao=[1, 1, 1, 1]),
        {("piao", "wrong_length")},
    ),
    (
        "a 条 meld under 缺一门",
        rnd(
            rules(players=2, quyimen=True),
            self_draw(
                0, P, [1, 3], tiles="123m456m55m789p", melds=[{"kind": "peng", "tiles": "777s"}]
            ),
        ),
        {("result.winners.0.melds.0", "tile_not_in_play")},
    ),
    (
        "a 条 海底 tile under 缺一门",
        {
            "ruleset": rules(players=2, quyimen=True),
            "dealer": 0,
            "result": {"kind": "draw", "haidi": {"tile": "5s", "taker": 1}},
        },
        {("result.haidi.tile", "tile_not_in_play")},
    ),
    (
        "a 条 tile in dealt tiles under 缺一门",
        rnd(
            rules(players=2, quyimen=True),
            draw(0),
            openings=[
                {"seat": 1, "hands": ["sixi"], "birds": [1, 2], "tiles": "1111m23456p789s1p"}
            ],
        ),
        {("openings.0.tiles", "tile_not_in_play")},
    ),
    (
        "三同 under 缺一门",
        rnd(
            rules(players=2, quyimen=True),
            draw(0),
            openings=[{"seat": 1, "hands": ["santong"], "birds": [1, 2]}],
        ),
        {("openings.0.hands.0", "hand_not_in_ruleset")},
    ),
    (
        "金童玉女 under 缺一门, although extra_small_hands plays it",
        rnd(
            rules(players=2, quyimen=True, extra_small_hands=["jintongyunv"]),
            draw(0),
            openings=[{"seat": 1, "hands": ["jintongyunv"], "birds": [1, 2]}],
        ),
        {("openings.0.hands.0", "hand_not_in_ruleset")},
    ),
    (
        "门清 with 全求人 under the concealed scope",
        rnd(
            rules(menqing="any", menqing_scope="concealed"),
            discard([{"seat": 1, "hands": ["quanqiuren", "menqing"]}], 2, [1, 2]),
        ),
        {("result.winners.0.hands.1", "hands_exclude_each_other")},
    ),
    (
        "门清 with 七小对 under the standard scope",
        rnd(
            rules(menqing="any"),
            discard([{"seat": 1, "hands": ["qixiaodui", "menqing"]}], 2, [1, 2]),
        ),
        {("result.winners.0.hands.1", "hands_exclude_each_other")},
    ),
    (
        "门清 alone on a 33 pair under the concealed scope",
        rnd(
            rules(menqing="any", menqing_scope="concealed"),
            discard(
                [{"seat": 1, "hands": ["menqing"], "tiles": THREES_PAIR, "win_tile": "3s"}],
                2,
                [1, 2],
            ),
        ),
        {("result.winners.0.hands.0", "hand_not_held")},
    ),
    (
        "地胡 on a 33 pair when 天胡/地胡 follow situational_pair 258",
        rnd(
            rules("changsha-online", tianhu_pair="situational"),
            discard(
                [{"seat": 1, "hands": ["dihu"], "tiles": THREES_PAIR, "win_tile": "3s"}],
                0,
                [1, 2],
            ),
        ),
        {("result.winners.0.hands.0", "situational_pair_rule")},
    ),
    (
        # the tiles hold only 一点红, which this ruleset does not play: nothing to fill in
        "一支花 on a lone 5 of 2/5/8 under the suit reading",
        rnd(rules(), draw(2), openings=[{"seat": 1, "birds": [1, 2], "tiles": LONE_FIVE_PIN}]),
        {("openings.0", "hands_required")},
    ),
    (
        "no bird from a short wall",
        rnd(rules(short_wall_birds="as_drawn"), self_draw(0, P, [])),
        {("result.birds", "wrong_bird_count")},
    ),
    (
        "one bird of two without short_wall_birds as_drawn",
        rnd(rules(), self_draw(0, P, [1])),
        {("result.birds", "wrong_bird_count")},
    ),
    (
        "a 放杠 from its own seat",
        rnd(rules(kong_pay=True), draw(0), kongs=[{"seat": 2, "kind": "ming", "from": 2}]),
        {("kongs.0.from", "kong_from_self")},
    ),
    (
        "five kongs for one seat",
        rnd(
            rules(),
            draw(0),
            kongs=[{"seat": 3, "kind": "an"}] * 3 + [{"seat": 3, "kind": "jia"}] * 2,
        ),
        {("kongs", "too_many_kongs")},
    ),
    (
        "kong_points above 100",
        rnd(rules(kong_points={"an": 101}), draw(0)),
        {("ruleset.kong_points.an", "out_of_range")},
    ),
    (
        "an unknown kind in kong_points",
        rnd(rules(kong_points={"bu": 1}), draw(0)),
        {("ruleset.kong_points.bu", "unknown_parameter")},
    ),
    (
        "haohua_levels 4",
        rnd(rules(haohua_levels=4), draw(0)),
        {("ruleset.haohua_levels", "invalid_choice")},
    ),
    (
        "empty_birds 59",
        rnd(rules(players=3, empty_birds="59"), draw(0)),
        {("ruleset.empty_birds", "invalid_choice")},
    ),
]


@pytest.mark.parametrize(("name", "data", "expected"), ERRORS, ids=[e[0] for e in ERRORS])
def test_own_table_error_is_reported_on_its_field(name, data, expected):
    assert errors_of(data) == expected


def test_a_seat_beyond_the_table_is_named_as_the_pages_name_it():
    (error,) = validate_round(rnd(rules(players=3), draw(0), kongs=[{"seat": 3, "kind": "an"}]))
    assert "table of 3 players" in error.message
    assert "本桌只有 3 人，没有4号位" in error_message_zh(error)


def test_every_table_error_reads_in_chinese_and_english():
    for _name, data, _expected in ERRORS:
        for error in validate_round(data):
            zh = error_message_zh(error)
            assert error.message and zh != error.message, error
            assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), error


def test_a_refused_code_names_the_option_to_change():
    (three,) = validate_round(
        rnd(
            rules(haohua=True, haohua_levels=2),
            discard([{"seat": 1, "hands": ["sanhaohua_qixiaodui"]}], 2, [1, 2]),
        )
    )
    assert "haohua_levels: 3" in three.message
    assert "豪华七小对等级" in error_message_zh(three)
    (queyise,) = validate_round(
        rnd(
            rules(players=2, quyimen=True),
            draw(0),
            openings=[{"seat": 1, "hands": ["queyise"], "birds": [1, 2]}],
        )
    )
    assert "quyimen: false" in queyise.message
    assert "缺一门" in error_message_zh(queyise)


def test_an_option_that_is_off_is_accepted_and_changes_nothing():
    plain = score_round(rnd(rules(), self_draw(1, P, [2, 4])))
    quiet = rnd(
        rules(
            empty_birds="none",
            haohua_levels=2,
            menqing_scope="concealed",
            kong_points={"an": 5},
            yizhihua="either",
            tianhu_pair="situational",
        ),
        self_draw(1, P, [2, 4]),
    )
    assert score_round(quiet) == plain
