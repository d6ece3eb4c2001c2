"""Properties of tables of four, three and two with kong payments (rules.md §10), over
random rounds (hypothesis): every round balances, nobody pays themselves or a fellow
winner, no transfer touches a seat beyond the table, and kong payments do not change
with birds, 飘 or the cap."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import score_round, validate_round

SETTINGS = settings(max_examples=200, deadline=None)
PRESETS = ["changsha-67", "changsha-tongzhuang", "changsha-points", "changsha-online"]
BOTH_KINDS = ["pinghu", "pengpenghu", "qingyise", "qixiaodui", "jiangjianghu"]
SELF_ONLY = ["gangshangkaihua"]
DISCARD_ONLY = ["qiangganghu", "gangshangpao"]
OPENINGS = ["sixi", "banbanhu", "liuliushun"]


def _hands(draw, kind):
    pool = BOTH_KINDS + (SELF_ONLY if kind == "self_draw" else DISCARD_ONLY)
    code = draw(st.sampled_from(pool))
    if code == "pinghu" or draw(st.booleans()):
        return [code]
    more = draw(st.sampled_from([c for c in BOTH_KINDS if c not in ("pinghu", code)]))
    return [code, more]


@st.composite
def table_rounds(draw, players=None):
    """A valid round at a table of ``players`` (2, 3 or 4 when None) with random
    options, openings, kongs, fish, 飘 and penalties."""
    n = players or draw(st.sampled_from([2, 3, 4]))
    preset = draw(st.sampled_from(PRESETS))
    bird_count = draw(st.sampled_from([0, 1, 2, 4]))
    ruleset = {
        "preset": preset,
        "players": n,
        "bird_count": bird_count,
        "empty_birds": draw(st.sampled_from(["48", "37", "none"])),
        "bird_mode": draw(st.sampled_from(["additive", "multiplicative", "points"])),
        "bird_origin": draw(st.sampled_from(["dealer", "winner"])),
        "cap": draw(st.sampled_from([0, 0, 3, 20])),
        "kong_pay": draw(st.booleans()),
        "kong_points": {"an": draw(st.integers(0, 5)), "ming": draw(st.integers(0, 5))},
        "escape_penalty": draw(st.sampled_from([0, 10, 75])),
        "escape_distribution": draw(st.sampled_from(["burn", "split"])),
        "big_in_big_out": draw(st.booleans()),
    }
    seats = st.integers(0, n - 1)
    dealer = draw(seats)
    data = {"ruleset": ruleset, "dealer": dealer}
    birds = st.lists(st.integers(1, 9), min_size=bird_count, max_size=bird_count)
    if preset == "changsha-tongzhuang":
        others = draw(st.lists(seats, max_size=n - 1, unique=True))
        data["dealers"] = sorted({dealer, *others})
    piao = draw(st.sampled_from(["off", "fixed", "free"]))
    ruleset["piao"] = piao
    if piao == "free":
        data["piao"] = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    if draw(st.booleans()):
        data["fish"] = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    opening_seats = draw(st.lists(seats, max_size=n, unique=True))
    data["openings"] = [
        {"seat": s, "hands": [draw(st.sampled_from(OPENINGS))], "birds": draw(birds)}
        for s in opening_seats
    ]
    kind = draw(st.sampled_from(["self_draw", "discard", "draw"]))
    if kind == "draw":
        result = {"kind": "draw", "haidi": {"tile": "5m", "taker": draw(seats)}}
    elif kind == "self_draw":
        winner = draw(seats)
        result = {
            "kind": kind,
            "winners": [{"seat": winner, "hands": _hands(draw, kind)}],
            "birds": draw(birds),
        }
    else:
        discarder = draw(seats)
        pool = [s for s in range(n) if s != discarder]
        winners = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=n - 1, unique=True))
        result = {
            "kind": kind,
            "winners": [{"seat": w, "hands": _hands(draw, kind)} for w in winners],
            "discarder": discarder,
            "birds": draw(birds),
        }
    data["result"] = result
    kongs = []
    for _ in range(draw(st.integers(0, 4))):
        seat = draw(seats)
        kong_kind = draw(st.sampled_from(["an", "jia", "ming"]))
        entry = {"seat": seat, "kind": kong_kind}
        if kong_kind == "ming":
            entry["from"] = draw(st.sampled_from([s for s in range(n) if s != seat]))
        kongs.append(entry)
    data["kongs"] = kongs
    data["penalties"] = [
        {"seat": s, "kind": "escape"} for s in draw(st.lists(seats, max_size=2, unique=True))
    ]
    assert validate_round(data) == [], (data, validate_round(data))
    return data


@SETTINGS
@given(table_rounds())
def test_every_round_balances_at_every_table_size(data):
    result = score_round(data)
    assert len(result["net"]) == data["ruleset"]["players"]
    assert sum(result["net"]) + result["burned"] == 0
    assert all(t["amount"] > 0 for t in result["transfers"])


@SETTINGS
@given(table_rounds())
def test_a_payer_is_never_the_winner_and_no_seat_is_beyond_the_table(data):
    n = data["ruleset"]["players"]
    result = score_round(data)
    winners = {w["seat"] for w in data["result"].get("winners", [])}
    for t in result["transfers"]:
        assert 0 <= t["from"] < n and 0 <= t["to"] < n, t
        assert t["from"] != t["to"], t
        if t["event"] != "penalty":
            assert t["to"] == t["winner"], t
        if t["event"] == "result":
            assert t["from"] not in winners, t
    assert 0 <= result["next_dealer"] < n
    assert all(0 <= s < n for s in result["next_dealers"])


def _kong_transfers(data):
    return [t for t in score_round(data)["transfers"] if t["event"] == "kong"]


@SETTINGS
@given(table_rounds(), st.integers(1, 9), st.integers(1, 4))
def test_kong_payments_are_unchanged_by_birds_piao_and_the_cap(data, bird, cap):
    data["ruleset"]["kong_pay"] = True
    kongs = _kong_transfers(data)
    other = copy.deepcopy(data)
    other["ruleset"].update(cap=cap, piao="fixed", piao_value=3)
    other.pop("piao", None)
    result = other["result"]
    if result["kind"] != "draw":
        result["birds"] = [bird] * data["ruleset"]["bird_count"]
    for o in other["openings"]:
        o["birds"] = [bird] * data["ruleset"]["bird_count"]
    assert _kong_transfers(other) == kongs
    # and each is kong_points[kind], once per other seat (a 放杠 once, n - 1 times over)
    n = data["ruleset"]["players"]
    points = {"an": 2, "jia": 1, "ming": 1, **data["ruleset"]["kong_points"]}
    expected = sum(points[k["kind"]] * (n - 1) for k in data["kongs"])
    assert sum(t["amount"] for t in kongs) == expected


@SETTINGS
@given(table_rounds(players=4))
def test_kong_payments_off_leave_a_four_player_round_as_it_was_without_kongs(data):
    data["ruleset"]["kong_pay"] = False
    without = copy.deepcopy(data)
    without.pop("kongs")
    assert score_round(data) == score_round(without)
