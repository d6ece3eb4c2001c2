"""The one-line entry, over random rounds (hypothesis): every valid round said as a
sentence (``round_sentence``) parses back (``parse_sentence``) to a round that scores
the same, at tables of four, three and two, with every hand type of the registry."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    HAND_TYPES,
    parse_ruleset,
    parse_sentence,
    round_sentence,
    score_round,
    validate_round,
)
from scoring.engine.hands import HandClass, WinKind
from scoring.engine.sentence import seat_names

SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
SLOW_SETTINGS = settings(
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
PRESETS = ["changsha-67", "changsha-tongzhuang", "changsha-points", "changsha-online"]
NAMES = ["张伟", "李娜", "王芳", "刘洋", "小明", "老陈", "Amy", "阿强"]
EXTRA = ["jiejiegao", "jintongyunv", "yidianhong", "zhongtu_sixi", "zhongtu_liuliushun"]
OPENING = sorted(c for c, h in HAND_TYPES.items() if h.hand_class is HandClass.OPENING)
MIDGAME = sorted(c for c, h in HAND_TYPES.items() if h.hand_class is HandClass.MIDGAME)
FINAL = sorted(c for c, h in HAND_TYPES.items() if h.is_final)


def _final_hands(draw, kind):
    """One to three final codes that may be won this way (the validator judges the rest)."""
    win = WinKind(kind)
    pool = [c for c in FINAL if win in HAND_TYPES[c].win_kinds]
    first = draw(st.sampled_from(pool))
    if first == "pinghu" or draw(st.booleans()):
        return [first]
    more = draw(st.lists(st.sampled_from([c for c in pool if c != "pinghu"]), max_size=2))
    return list(dict.fromkeys([first, *more]))


@st.composite
def sayable_rounds(draw, players=None):
    """A valid round of what a sentence says: openings, mid-game wins, kongs, the result
    with its birds and 海底, under a ruleset with every hand type on."""
    n = players or draw(st.sampled_from([4, 3, 2]))
    bird_count = draw(st.sampled_from([0, 1, 2, 4, 6]))
    ruleset = {
        "preset": draw(st.sampled_from(PRESETS)),
        "players": n,
        "bird_count": bird_count,
        "opening_birds": draw(st.booleans()),
        "haohua": True,
        "menqing": "any",
        "extra_small_hands": EXTRA,
        "kong_pay": draw(st.booleans()),
    }
    rules, errors = parse_ruleset(ruleset)
    assume(rules is not None)
    small_birds = bird_count if ruleset["opening_birds"] else 0
    seats = st.integers(0, n - 1)
    birds = st.lists(st.integers(1, 9), min_size=bird_count, max_size=bird_count)
    small = st.lists(st.integers(1, 9), min_size=small_birds, max_size=small_birds)
    dealer = draw(seats)
    data = {"ruleset": ruleset, "dealer": dealer}
    openings = []
    for s in draw(st.lists(seats, max_size=n, unique=True)):
        hands = draw(st.lists(st.sampled_from(OPENING), min_size=1, max_size=2))
        openings.append({"seat": s, "hands": hands, "birds": draw(small)})
    if openings:
        data["openings"] = openings
    midgame = [
        {"seat": draw(seats), "hands": [draw(st.sampled_from(MIDGAME))], "birds": draw(small)}
        for _ in range(draw(st.integers(0, 2)))
    ]
    if midgame:
        data["midgame"] = midgame
    kongs = []
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(seats)
        kind = draw(st.sampled_from(["an", "jia", "ming"]))
        entry = {"seat": seat, "kind": kind}
        if kind == "ming":
            entry["from"] = draw(st.sampled_from([s for s in range(n) if s != seat]))
        kongs.append(entry)
    if kongs:
        data["kongs"] = kongs
    kind = draw(st.sampled_from(["self_draw", "discard", "discard", "draw"]))
    rank = draw(st.integers(1, 9))
    if kind == "draw":
        haidi = {"tile": f"{rank}m", "taker": None, "first_offered": None}
        who = draw(st.sampled_from(["taker", "first_offered", "both"]))
        if who in ("taker", "both"):
            haidi["taker"] = draw(seats)
        if who in ("first_offered", "both"):
            haidi["first_offered"] = draw(seats)
        data["result"] = {"kind": "draw", "haidi": haidi}
    else:
        if kind == "self_draw":
            discarder = None
            winners = [draw(seats)]
        else:
            discarder = draw(seats)
            pool = [s for s in range(n) if s != discarder]
            winners = sorted(draw(st.lists(st.sampled_from(pool), min_size=1, unique=True)))
        result = {
            "kind": kind,
            "winners": [{"seat": w, "hands": _final_hands(draw, kind)} for w in winners],
        }
        if discarder is not None:
            result["discarder"] = discarder
        codes = {c for w in result["winners"] for c in w["hands"]}
        forfeited = draw(st.integers(0, 9)) == 0
        if forfeited:
            result["birds_forfeited"] = True
        if codes & {"haidilaoyue", "haidipao"}:
            taker = winners[0] if "haidilaoyue" in codes else discarder
            result["haidi"] = {"tile": f"{rank}m", "taker": taker}
            if not forfeited and draw(st.booleans()):
                result["birds"] = [rank] * bird_count
        elif not forfeited:
            result["birds"] = draw(birds)
        data["result"] = result
    assume(validate_round(data) == [])
    names = draw(
        st.one_of(
            st.just(seat_names(n)),
            st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True),
        )
    )
    return data, list(names)


def _round_trip(data, names):
    sentence = round_sentence(data, names)
    parsed, errors = parse_sentence(
        sentence, players=names, dealer=data["dealer"], ruleset=data["ruleset"]
    )
    assert errors == [], (sentence, [e.message for e in errors])
    assert validate_round(parsed) == [], (sentence, parsed, validate_round(parsed))
    assert score_round(parsed) == score_round(data), (sentence, data, parsed)


@SETTINGS
@given(sayable_rounds())
def test_a_round_said_as_a_sentence_parses_back_to_a_round_that_scores_the_same(case):
    _round_trip(*case)


@pytest.mark.parametrize("players", [4, 3, 2])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_round_trip_holds_at_every_table_size(players, data):
    _round_trip(*data.draw(sayable_rounds(players)))


@pytest.mark.slow
@SLOW_SETTINGS
@given(sayable_rounds())
def test_ten_thousand_random_rounds_said_and_parsed_back_score_the_same(case):
    _round_trip(*case)


WORDS = [
    "张伟",
    "李娜",
    "3号位",
    "自摸",
    "胡",
    "放炮",
    "通炮",
    "流局",
    "海底",
    "要",
    "不要",
    "鸟",
    "起手",
    "中途",
]
WORDS += [
    "暗杠",
    "加杠",
    "放杠给",
    "给",
    "清一色",
    "四喜",
    "海底捞月",
    "5万",
    "3",
    "7",
    "，",
    " ",
    "、",
    "２",
]


@settings(max_examples=500, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=12).map("".join)
    ),
    players=st.lists(st.text(max_size=4), min_size=4, max_size=4),
)
def test_any_text_and_any_names_answer_a_round_or_errors_never_a_crash(text, players):
    from scoring.engine import RoundInvalid, parse_sentence_request

    body = {"text": text, "players": players, "dealer": 0, "ruleset": "changsha-67"}
    try:
        answer = parse_sentence_request(body)
    except RoundInvalid as exc:
        assert exc.errors
        assert all(e.field.split(".")[0] in ("text", "players") for e in exc.errors)
    else:
        assert set(answer) == {"round", "problems"}
