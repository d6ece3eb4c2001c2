"""Properties of the scoring, over generated valid rounds of every preset (hypothesis)."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.bench_engine import plain_big_codes
from scoring.engine import PRESETS, score_round, validate_round
from scoring.engine.hands import HAND_TYPES, OPENING_CODES

SETTINGS = settings(max_examples=200, deadline=None)
SEATS = st.integers(0, 3)
OPENING = sorted(c for c in OPENING_CODES if HAND_TYPES[c].option is None)
BIG_SELF = plain_big_codes("self_draw")
BIG_DISCARD = plain_big_codes("discard")


def bird_list(n):
    return st.lists(st.integers(1, 9), min_size=n, max_size=n)


@st.composite
def final_hands(draw, kind, *, big=None, extra=()):
    if big is None:
        big = draw(st.booleans())
    if not big:
        return ["pinghu"]
    pool = (BIG_SELF if kind == "self_draw" else BIG_DISCARD) + list(extra)
    return draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))


@st.composite
def rounds(
    draw,
    *,
    presets=tuple(PRESETS),
    bird_count=None,
    special=True,
    several_dealers=True,
    kinds=("self_draw", "discard", "discard", "draw", "haidilaoyue", "haidipao"),
):
    """A valid round (checked). ``bird_count`` overrides the preset's; ``special`` allows
    天胡/地胡 where the seats permit them."""
    preset = draw(st.sampled_from(presets))
    rules = PRESETS[preset]
    n = rules.bird_count if bird_count is None else bird_count
    dealer = draw(SEATS)
    round_ = {
        "ruleset": preset if bird_count is None else {"preset": preset, "bird_count": n},
        "dealer": dealer,
    }
    dealers = {dealer}
    if rules.tongzhuang and several_dealers and draw(st.booleans()):
        dealers |= set(draw(st.lists(SEATS, max_size=3)))
        round_["dealers"] = sorted(dealers)
    if draw(st.booleans()):
        round_["fish"] = draw(st.lists(st.integers(0, 20), min_size=4, max_size=4))
    opening_seats = draw(st.lists(SEATS, max_size=2, unique=True))
    if opening_seats:
        round_["openings"] = [
            {
                "seat": s,
                "hands": draw(
                    st.lists(st.sampled_from(OPENING), min_size=1, max_size=3, unique=True)
                )
                + (["sixi"] if draw(st.booleans()) else []),
                "birds": draw(bird_list(n)),
            }
            for s in opening_seats
        ]

    kind = draw(st.sampled_from(kinds))
    if kind == "draw":
        haidi = {"tile": "2s", "taker": draw(st.none() | SEATS), "first_offered": draw(SEATS)}
        result = {"kind": "draw", "winners": [], "haidi": haidi}
    elif kind == "self_draw":
        w = draw(SEATS)
        extra = ["tianhu"] if special and w == dealer else []
        result = {
            "kind": kind,
            "winners": [{"seat": w, "hands": draw(final_hands(kind, extra=extra))}],
        }
        result["birds"] = draw(bird_list(n))
    elif kind == "discard":
        d = draw(SEATS)
        winners = draw(
            st.lists(SEATS.filter(lambda s: s != d), min_size=1, max_size=3, unique=True)
        )
        result = {
            "kind": kind,
            "winners": [
                {
                    "seat": s,
                    "hands": draw(
                        final_hands(
                            kind,
                            extra=["dihu"] if special and d == dealer and s not in dealers else [],
                        )
                    ),
                }
                for s in winners
            ],
            "discarder": d,
            "birds": draw(bird_list(n)),
        }
    else:
        rank = draw(st.integers(1, 9))
        haidi_seat = draw(SEATS)
        haidi = {"tile": f"{rank}p", "taker": haidi_seat, "first_offered": haidi_seat}
        if kind == "haidilaoyue":
            result = {
                "kind": "self_draw",
                "winners": [{"seat": haidi_seat, "hands": [kind]}],
                "haidi": haidi,
            }
        else:
            w = draw(SEATS.filter(lambda s: s != haidi_seat))
            result = {
                "kind": "discard",
                "winners": [{"seat": w, "hands": [kind]}],
                "discarder": haidi_seat,
            }
            result["haidi"] = haidi
        if draw(st.booleans()):
            result["birds"] = [rank] * n
    round_["result"] = result
    penalty_seats = draw(st.lists(SEATS, max_size=2, unique=True))
    if penalty_seats:
        round_["penalties"] = [{"seat": s, "kind": "escape"} for s in penalty_seats]
    assert validate_round(round_) == [], round_
    return round_


def amounts(result):
    """Amount by (payer, payee, event, winner)."""
    out = {}
    for t in result["transfers"]:
        key = (t["from"], t["to"], t["event"], t["winner"])
        out[key] = out.get(key, 0) + t["amount"]
    return out


@SETTINGS
@given(rounds())
def test_net_and_burned_sum_to_zero(round_):
    result = score_round(round_)
    assert sum(result["net"]) + result["burned"] == 0
    assert result["burned"] >= 0


@SETTINGS
@given(rounds(), st.sampled_from([("burn", 70), ("split", 70), ("split", 100), ("split", 2)]))
def test_net_and_burned_sum_to_zero_with_every_escape_setting(round_, escape):
    distribution, penalty = escape
    preset = round_["ruleset"]
    round_["ruleset"] = {
        "preset": preset,
        "escape_distribution": distribution,
        "escape_penalty": penalty,
    }
    round_.setdefault("penalties", [{"seat": 1, "kind": "escape"}])
    result = score_round(round_)
    escapes = len(round_["penalties"])
    assert sum(result["net"]) + result["burned"] == 0
    expected_burned = penalty * escapes if distribution == "burn" else (penalty % 3) * escapes
    assert result["burned"] == expected_burned


@SETTINGS
@given(st.data(), st.sampled_from([0, 1]))
def test_adding_a_bird_never_lowers_any_payment(data, n):
    round_ = data.draw(rounds(bird_count=n))
    more = copy.deepcopy(round_)
    more["ruleset"]["bird_count"] = n + 1
    for opening in more.get("openings", []):
        opening["birds"].append(data.draw(st.integers(1, 9), label="opening bird"))
    result = more["result"]
    if "birds" in result:
        haidi = result.get("haidi")
        rank = (
            int(haidi["tile"][0])
            if haidi and haidi.get("tile") and result["kind"] != "draw"
            else None
        )
        result["birds"].append(rank or data.draw(st.integers(1, 9), label="bird"))
    before, after = amounts(score_round(round_)), amounts(score_round(more))
    assert set(before) <= set(after)
    for key, amount in before.items():
        assert after[key] >= amount, key


@SETTINGS
@given(st.data())
def test_a_big_win_never_pays_less_than_the_same_win_as_small(data):
    round_ = data.draw(rounds(special=False, kinds=("self_draw", "discard")))
    result = round_["result"]
    i = data.draw(st.integers(0, len(result["winners"]) - 1), label="winner")
    small, big = copy.deepcopy(round_), copy.deepcopy(round_)
    small["result"]["winners"][i]["hands"] = ["pinghu"]
    big["result"]["winners"][i]["hands"] = data.draw(
        final_hands(result["kind"], big=True), label="big"
    )
    winner = result["winners"][i]["seat"]
    small_amounts, big_amounts = amounts(score_round(small)), amounts(score_round(big))
    for key, amount in small_amounts.items():
        if key[2] == "result" and key[3] == winner:
            assert big_amounts[key] >= amount, key
        else:
            assert big_amounts.get(key) == amount, key  # nobody else's payments change


def _dealer_pairs(transfer, seat):
    """How many (winner, payer) pairs of this payment give ``seat`` the dealer bonus."""
    if transfer["big_in_big_out"]:
        return 3 if seat == transfer["from"] else 1
    return int(seat in (transfer["from"], transfer["to"]))


def _move_dealer(round_, new):
    """The round with ``new`` rolling the dice and birds landing on the same seats."""
    old = round_["dealer"]
    moved = copy.deepcopy(round_)
    moved["dealer"] = new

    def same_seat(v):
        return (old + v - 1 - new) % 4 + 1

    for opening in moved.get("openings", []):
        opening["birds"] = [same_seat(v) for v in opening["birds"]]
    result = moved["result"]
    if "birds" in result:
        result["birds"] = [same_seat(v) for v in result["birds"]]
    haidi = result.get("haidi")
    if haidi and haidi.get("tile") and result["kind"] != "draw":
        haidi["tile"] = f"{same_seat(int(haidi['tile'][0]))}{haidi['tile'][1]}"
    return moved


BIG_IN_BIG_OUT = {"qiangganghu", "haidipao", "gangshangpao", "shuanggangshangpao"}


@SETTINGS
@given(st.data())
def test_moving_the_dealer_moves_exactly_the_dealer_bonus(data):
    """With birds landing on the same seats, moving the (single) dealer from d to d' changes
    each payment by dealer_bonus × (units when counted per unit) × multiplier × (n_d − n_d'),
    where n_x counts the winner/payer pairs of that payment that include seat x: 1 when x
    wins or pays; for 大进大出 3 when x pays (its three would-be payers), else 1."""
    round_ = data.draw(rounds(special=False, several_dealers=False))
    new = data.draw(SEATS.filter(lambda s: s != round_["dealer"]), label="new dealer")
    moved = _move_dealer(round_, new)
    assert validate_round(moved) == []
    rules = PRESETS[round_["ruleset"]]
    bibo_winners = {
        w["seat"]
        for w in round_["result"]["winners"]
        if rules.big_in_big_out
        and round_["result"]["kind"] == "discard"
        and BIG_IN_BIG_OUT & set(w["hands"])
    }
    old_transfers = {(t["from"], t["to"], t["event"]): t for t in score_round(round_)["transfers"]}
    new_transfers = {(t["from"], t["to"], t["event"]): t for t in score_round(moved)["transfers"]}
    assert set(old_transfers) == set(new_transfers)
    d_old, d_new = round_["dealer"], new
    for key, old_t in old_transfers.items():
        new_t = new_transfers[key]
        assert old_t["detail"]["multiplier"] == new_t["detail"]["multiplier"]
        if old_t["event"] == "penalty":
            assert old_t == new_t
            continue
        units = old_t["detail"]["units"]
        per_pair = rules.dealer_bonus * (units if rules.dealer_bonus_per_unit else 1)
        marked = dict(
            old_t, big_in_big_out=old_t["event"] == "result" and old_t["to"] in bibo_winners
        )
        pairs = _dealer_pairs(marked, d_old) - _dealer_pairs(marked, d_new)
        assert (
            old_t["amount"] - new_t["amount"] == per_pair * old_t["detail"]["multiplier"] * pairs
        ), key
    assert score_round(round_)["next_dealer"] == score_round(moved)["next_dealer"]


def _rotate(round_, r):
    """Every seat of the round turned by ``r`` (birds count from the dealer, so they stay)."""
    turned = copy.deepcopy(round_)

    def seat(s):
        return None if s is None else (s + r) % 4

    turned["dealer"] = seat(round_["dealer"])
    if "dealers" in turned:
        turned["dealers"] = sorted(seat(s) for s in round_["dealers"])
    if "fish" in turned:
        turned["fish"] = [round_["fish"][(s - r) % 4] for s in range(4)]
    for entry in (
        turned.get("openings", []) + turned.get("penalties", []) + turned["result"]["winners"]
    ):
        entry["seat"] = seat(entry["seat"])
    result = turned["result"]
    if result.get("discarder") is not None:
        result["discarder"] = seat(result["discarder"])
    if result.get("haidi"):
        for key in ("taker", "first_offered", "replaced_by"):
            if key in result["haidi"]:
                result["haidi"][key] = seat(result["haidi"][key])
    return turned


@SETTINGS
@given(rounds(), st.integers(1, 3))
def test_turning_the_table_turns_the_result(round_, r):
    before, after = score_round(round_), score_round(_rotate(round_, r))
    assert after["net"] == [before["net"][(s - r) % 4] for s in range(4)]
    assert after["burned"] == before["burned"]
    assert after["next_dealer"] == (before["next_dealer"] + r) % 4
    assert after["next_dealers"] == sorted((s + r) % 4 for s in before["next_dealers"])
