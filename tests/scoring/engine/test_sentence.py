"""The one-line entry (scoring/engine/sentence.py, docs/one-line-entry.md): each word of
the grammar, in sentences at tables of four, three and two, read into rounds."""

import pytest

from scoring.engine import (
    HAND_TYPES,
    RoundInvalid,
    parse_sentence,
    parse_sentence_request,
    validate_round,
)
from scoring.engine.hands import HandClass, WinKind

FOUR = ["张伟", "李娜", "王芳", "刘洋"]
THREE = FOUR[:3]
TWO = FOUR[:2]
ALL_ON = {
    "preset": "changsha-67",
    "haohua": True,
    "menqing": "any",
    "extra_small_hands": [
        "jiejiegao",
        "jintongyunv",
        "yidianhong",
        "zhongtu_sixi",
        "zhongtu_liuliushun",
    ],
}


def ruleset(players: int) -> dict:
    return {**ALL_ON, "players": players}


def read(text, players=FOUR, dealer=0, rules="changsha-67"):
    data, errors = parse_sentence(text, players=players, dealer=dealer, ruleset=rules)
    assert errors == [], [e.message for e in errors]
    return data


def not_understood(text, players=FOUR):
    data, errors = parse_sentence(text, players=players, dealer=0, ruleset="changsha-67")
    assert data is None
    return [e.params["value"] for e in errors if e.code == "sentence_not_understood"]


# --- the examples -------------------------------------------------------------


def test_a_self_draw_with_its_hand_and_birds():
    assert read("王芳自摸清一色 鸟3 7")["result"] == {
        "kind": "self_draw",
        "winners": [{"seat": 2, "hands": ["qingyise"]}],
        "birds": [3, 7],
    }


def test_a_win_on_a_discard_names_the_discarder_after_the_winner():
    assert read("刘洋胡碰碰胡 李娜放炮 鸟2 5")["result"] == {
        "kind": "discard",
        "winners": [{"seat": 3, "hands": ["pengpenghu"]}],
        "discarder": 1,
        "birds": [2, 5],
    }


def test_tongpao_gives_each_winner_their_own_hands():
    data = read("通炮 张伟放炮 李娜平胡 王芳七小对 鸟1 1")
    assert data["result"] == {
        "kind": "discard",
        "winners": [{"seat": 1, "hands": ["pinghu"]}, {"seat": 2, "hands": ["qixiaodui"]}],
        "discarder": 0,
        "birds": [1, 1],
    }
    assert validate_round(data) == []


def test_a_seat_number_and_an_opening_with_its_birds():
    assert read("3号位起手六六顺 鸟4 6")["openings"] == [
        {"seat": 2, "hands": ["liuliushun"], "birds": [4, 6]}
    ]


def test_kongs_an_added_kong_and_a_kong_on_a_discard():
    assert read("张伟加杠，刘洋放杠给王芳")["kongs"] == [
        {"seat": 0, "kind": "jia"},
        {"seat": 2, "kind": "ming", "from": 3},
    ]


def test_the_discarder_may_name_the_winner_after_gei():
    data = read("李娜放炮给刘洋 碰碰胡 鸟2 5")
    assert data["result"] == read("刘洋胡碰碰胡 李娜放炮 鸟2 5")["result"]
    assert validate_round(data) == []


def test_gei_after_a_discard_names_one_winner_and_a_second_name_is_a_seat_again():
    data = read("李娜放炮给刘洋平胡 王芳七小对 鸟1 1")
    assert data["result"]["winners"] == [
        {"seat": 2, "hands": ["qixiaodui"]},
        {"seat": 3, "hands": ["pinghu"]},
    ]


@pytest.mark.parametrize(
    "text",
    ["刘洋胡李娜的碰碰胡 鸟2 5", "刘洋胡了李娜的炮 碰碰胡 鸟2 5", "刘洋胡李娜的 碰碰胡 鸟2、5"],
)
def test_a_seat_between_hu_and_de_is_the_discarder_and_the_hand_the_winners(text):
    data = read(text)
    assert data["result"] == read("刘洋胡碰碰胡 李娜放炮 鸟2 5")["result"]
    assert validate_round(data) == []


def test_two_winners_off_one_discard_each_said_with_de():
    assert read("刘洋胡李娜的炮 王芳胡李娜的七小对")["result"] == {
        "kind": "discard",
        "winners": [{"seat": 2, "hands": ["qixiaodui"]}, {"seat": 3, "hands": ["pinghu"]}],
        "discarder": 1,
    }


@pytest.mark.parametrize(
    "text",
    [
        "李娜的炮",  # no win before it
        "刘洋自摸 李娜的炮",  # a self-draw has no discarder
        "刘洋胡刘洋的炮",  # the winner's own discard
        "刘洋胡李娜的炮 王芳胡刘洋的炮",  # a second discarder
    ],
)
def test_pao_anywhere_else_is_said_back_not_guessed(text):
    assert "炮" in not_understood(text)


@pytest.mark.parametrize(
    ("text", "seat", "what"),
    [
        ("刘洋胡了王芳的暗杠", 2, "kongs"),  # 王芳's kong, not a discard
        ("刘洋胡了李娜的起手四喜", 1, "openings"),  # 李娜's opening win
    ],
)
def test_after_hu_a_seats_own_word_after_de_stays_that_seats(text, seat, what):
    data = read(text)
    assert [entry["seat"] for entry in data[what]] == [seat]
    assert data["result"]["discarder"] is None


@pytest.mark.parametrize(
    ("text", "said_back"),
    [
        ("李娜放炮 张伟放炮 刘洋胡", "张伟放炮"),  # two discarders
        ("刘洋胡李娜的炮 张伟放炮", "张伟放炮"),
        ("刘洋胡张伟的七小对 黄勇点炮", "黄勇点炮"),  # 张伟 fed it, or won too?
        ("李娜放炮 刘洋自摸", "刘洋自摸"),  # a discard, or a self-draw?
        ("刘洋自摸 李娜放炮", "李娜放炮"),
        ("刘洋胡黄勇的炮自摸", "自摸"),
    ],
)
def test_a_second_discarder_or_a_discard_and_a_self_draw_is_said_back(text, said_back):
    assert said_back in not_understood(text, players=["张伟", "李娜", "刘洋", "黄勇"])


def test_gei_without_a_discard_or_a_kong_before_it_is_named():
    assert not_understood("给刘洋 碰碰胡") == ["给"]


# --- words -----------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["点炮", "放炮", "放的炮", "放了炮"])
def test_either_word_names_the_discarder(word):
    assert read(f"李娜{word} 刘洋胡 鸟1 2")["result"]["discarder"] == 1


ALIASES = [["老张", "张哥"], [], ["芳芳"], []]


def test_a_players_alias_names_their_seat():
    data, errors = parse_sentence(
        "老张自摸 鸟1 5", players=FOUR, dealer=0, ruleset="changsha-67", aliases=ALIASES
    )

    assert errors == []
    assert data["result"]["winners"] == [{"seat": 0, "hands": ["pinghu"]}]


def test_an_alias_and_a_name_in_one_sentence_with_voice_inputs_words():
    data, errors = parse_sentence(
        "李娜放的炮 芳芳清一色 鸟2 6",
        players=FOUR,
        dealer=0,
        ruleset="changsha-67",
        aliases=ALIASES,
    )

    assert errors == []
    assert (data["result"]["discarder"], data["result"]["winners"]) == (
        1,
        [{"seat": 2, "hands": ["qingyise"]}],
    )


def test_an_alias_two_seats_hold_names_neither():
    data, errors = parse_sentence(
        "老王自摸 鸟1 5",
        players=FOUR,
        dealer=0,
        ruleset="changsha-67",
        aliases=[["老王"], ["老王"], [], []],
    )

    assert data is None
    assert [e.params["value"] for e in errors] == ["老王"]


def test_a_seats_name_comes_before_another_seats_alias():
    data, errors = parse_sentence(
        "王芳自摸 鸟1 5",
        players=FOUR,
        dealer=0,
        ruleset="changsha-67",
        aliases=[["王芳"], [], [], []],
    )

    assert errors == []
    assert data["result"]["winners"][0]["seat"] == 2


@pytest.mark.parametrize("alias", ["胡", "清一", "海", "二号", "三"])
def test_an_alias_that_is_or_begins_a_game_word_names_no_one(alias):
    data, errors = parse_sentence(
        "刘洋胡清一色 李娜放炮 鸟三七",
        players=FOUR,
        dealer=0,
        ruleset="changsha-67",
        aliases=[[alias], [], [], []],
    )

    assert errors == []
    assert data["result"] == {
        "kind": "discard",
        "winners": [{"seat": 3, "hands": ["qingyise"]}],
        "discarder": 1,
        "birds": [3, 7],
    }


def test_an_alias_beside_a_game_word_still_names_its_seat():
    data, _errors = parse_sentence(
        "胡子自摸 鸟1 5",
        players=FOUR,
        dealer=0,
        ruleset="changsha-67",
        aliases=[["胡子"], [], [], []],
    )

    assert data["result"]["winners"][0]["seat"] == 0


@pytest.mark.parametrize(
    ("field", "body"),
    [
        ("aliases.0", {"aliases": [["老张"] * 51, [], [], []]}),
        ("aliases.1", {"aliases": [[], [""], [], []]}),
        ("aliases.2", {"aliases": [[], [], ["长" * 61], []]}),
        ("text", {"text": "张伟自摸" * 126}),
    ],
)
def test_the_request_bounds_the_sentence_and_the_aliases(field, body):
    with pytest.raises(RoundInvalid) as info:
        parse_sentence_request({"text": "张伟自摸", "players": FOUR, **body})

    assert [e.field for e in info.value.errors] == [field]


def test_the_request_reads_aliases_and_refuses_them_in_another_shape():
    body = {"text": "老张自摸 鸟1 5", "players": FOUR, "aliases": ALIASES}
    assert parse_sentence_request(body)["round"]["result"]["winners"][0]["seat"] == 0

    for wrong in ("老张", [["老张"]], ["老张", [], [], []]):
        with pytest.raises(RoundInvalid) as info:
            parse_sentence_request({**body, "aliases": wrong})
        assert [e.field for e in info.value.errors] == ["aliases"]


def test_hu_alone_is_a_plain_win():
    assert read("李娜放炮 刘洋胡 鸟1 2")["result"]["winners"] == [{"seat": 3, "hands": ["pinghu"]}]


def test_hands_before_zimo_are_the_winners_too():
    assert read("王芳清一色碰碰胡自摸 鸟1 2")["result"]["winners"] == [
        {"seat": 2, "hands": ["qingyise", "pengpenghu"]}
    ]


@pytest.mark.parametrize("word", ["流局", "黄庄"])
def test_a_draw_with_the_haidi_taker(word):
    assert read(f"{word} 海底5万 张伟要")["result"] == {
        "kind": "draw",
        "haidi": {"tile": "5m", "taker": 0, "first_offered": None, "replaced_by": None},
    }


def test_a_draw_where_the_haidi_was_declined_names_who_was_offered_it():
    data = read("流局，海底 李娜不要")
    assert data["result"]["haidi"]["first_offered"] == 1
    assert data["result"]["haidi"]["taker"] is None
    assert validate_round(data) == []


def test_the_taker_may_come_before_the_word_haidi():
    assert read("流局 王芳要海底")["result"]["haidi"]["taker"] == 2


def test_a_haidi_win_takes_its_taker_from_the_hand_and_its_birds_from_the_tile():
    data = read("王芳自摸海底捞月 海底7筒")
    assert data["result"]["haidi"] == {
        "tile": "7p",
        "taker": 2,
        "first_offered": None,
        "replaced_by": None,
    }
    assert validate_round(data) == []


def test_haidipao_is_taken_by_the_discarder():
    data = read("李娜放炮 王芳胡海底炮 海底5m 鸟5 5")
    assert data["result"]["haidi"]["taker"] == 1
    assert validate_round(data) == []


@pytest.mark.parametrize(
    "birds",
    [
        "鸟3 7",
        "鸟3、7",
        "鸟3,7",
        "鸟3，7",
        "扎鸟37",
        "鸟 3 7",
        "鸟三七",
        "扎鸟：3、7",
        "鸟是3和7",
        "鸟三跟七",
    ],
)
def test_birds_in_every_way_they_are_said(birds):
    assert read(f"王芳自摸 {birds}")["result"]["birds"] == [3, 7]


def test_full_width_punctuation_and_digits_anywhere():
    assert read("，王芳。自摸！清一色；鸟３　７。")["result"] == {
        "kind": "self_draw",
        "winners": [{"seat": 2, "hands": ["qingyise"]}],
        "birds": [3, 7],
    }


def test_forgotten_birds():
    assert read("王芳自摸 忘记扎鸟")["result"]["birds_forfeited"] is True


def test_two_midgame_wins_of_one_seat_are_two_entries():
    data = read("王芳中途四喜 鸟1 2 王芳中途 六六顺 鸟3 4 王芳自摸 鸟5 6", rules=ruleset(4))
    assert data["midgame"] == [
        {"seat": 2, "hands": ["zhongtu_sixi"], "birds": [1, 2]},
        {"seat": 2, "hands": ["zhongtu_liuliushun"], "birds": [3, 4]},
    ]
    assert data["result"]["birds"] == [5, 6]
    assert validate_round(data) == []


def test_two_sixi_in_one_opening():
    assert read("张伟起手四喜四喜 鸟1 2")["openings"][0]["hands"] == ["sixi", "sixi"]


def test_a_concealed_kong():
    assert read("李娜暗杠")["kongs"] == [{"seat": 1, "kind": "an"}]


# --- every hand name, at four, three and two seats ---------------------------------------


def _sentence_for(code: str, players: list[str]) -> str:
    h = HAND_TYPES[code]
    last = players[-1]
    if h.hand_class is HandClass.OPENING:
        return f"{last}起手{h.name_zh}"
    if h.hand_class is HandClass.MIDGAME:
        return f"{last}{h.name_zh}"
    if WinKind.SELF_DRAW in h.win_kinds:
        return f"{last}自摸{h.name_zh}"
    return f"{players[0]}放炮 {last}胡{h.name_zh}"


@pytest.mark.parametrize("players", [FOUR, THREE, TWO], ids=["four", "three", "two"])
@pytest.mark.parametrize("code", sorted(HAND_TYPES))
def test_every_hand_name_is_read_at_every_table_size(code, players):
    data = read(_sentence_for(code, players), players=players, rules=ruleset(len(players)))
    seat = len(players) - 1
    h = HAND_TYPES[code]
    if h.hand_class is HandClass.OPENING:
        assert data["openings"] == [{"seat": seat, "hands": [code], "birds": []}]
    elif h.hand_class is HandClass.MIDGAME:
        assert data["midgame"] == [{"seat": seat, "hands": [code], "birds": []}]
    else:
        assert data["result"]["winners"] == [{"seat": seat, "hands": [code]}]


@pytest.mark.parametrize("players", [FOUR, THREE, TWO], ids=["four", "three", "two"])
def test_seat_numbers_at_every_table_size(players):
    n = len(players)
    data = read(f"{n}号位自摸 鸟1 2", players=players, rules=ruleset(n))
    assert data["result"]["winners"][0]["seat"] == n - 1
    assert not_understood(f"{n + 1}号位自摸", players=players) if n < 4 else True


def test_a_seat_number_in_chinese():
    assert read("三号位自摸 鸟1 2")["result"]["winners"][0]["seat"] == 2


# --- what it cannot place ----------------------------------------------------------------


def test_an_unknown_name_is_named():
    assert not_understood("赵六自摸清一色 鸟3 7") == ["赵六"]


def test_a_hand_without_a_seat_is_named():
    # the birds then belong to no win either
    assert not_understood("清一色 鸟3 7") == ["清一色", "鸟"]


def test_birds_without_numbers_are_named():
    assert not_understood("王芳自摸 鸟") == ["鸟"]


def test_a_number_outside_the_birds_is_named():
    assert not_understood("王芳自摸 5") == ["5"]


def test_the_message_says_what_it_did_not_understand_in_chinese():
    from scoring.engine.messages import error_message_zh

    _, errors = parse_sentence("王芳哈哈自摸", players=FOUR, dealer=0, ruleset="changsha-67")
    assert [error_message_zh(e) for e in errors] == ["没听懂：哈哈"]


def test_an_empty_sentence_is_refused():
    _, errors = parse_sentence("  ", players=FOUR, dealer=0, ruleset="changsha-67")
    assert [e.code for e in errors] == ["sentence_empty"]


# --- the request ------------------------------------------------------------------------


def test_the_request_answers_the_round_and_what_it_still_lacks():
    answer = parse_sentence_request(
        {"text": "3号位起手六六顺 鸟4 6", "players": FOUR, "dealer": 1, "ruleset": "changsha-67"}
    )
    assert answer["round"]["dealer"] == 1
    assert [p["field"] for p in answer["problems"]] == ["result"]


def test_the_request_needs_one_name_per_seat_and_a_dealer_at_the_table():
    with pytest.raises(RoundInvalid) as caught:
        parse_sentence_request(
            {"text": "王芳自摸", "players": THREE, "dealer": 4, "ruleset": "changsha-67"}
        )
    assert [e.field for e in caught.value.errors] == ["players", "dealer"]


def test_the_request_names_a_missing_text():
    with pytest.raises(RoundInvalid) as caught:
        parse_sentence_request({"players": FOUR})
    assert [e.field for e in caught.value.errors] == ["text"]


# --- docs/one-line-entry.md ----------------------------------------------------------------


def _doc_examples() -> list[str]:
    import re
    from pathlib import Path

    text = Path(__file__).resolve().parents[3].joinpath("docs", "one-line-entry.md").read_text()
    section = text.split("## Examples", 1)[1].split("Not placed", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", section, flags=re.M)


def test_the_doc_has_its_examples():
    assert len(_doc_examples()) == 10


@pytest.mark.parametrize("sentence", _doc_examples())
def test_every_example_of_the_doc_is_read_and_each_complete_round_is_valid(sentence):
    data = read(sentence)
    if "result" in data:
        assert validate_round(data) == []


def test_a_hand_the_ruleset_does_not_play_is_named():
    _, errors = parse_sentence("王芳自摸豪华七小对", players=FOUR, dealer=0, ruleset="changsha-67")
    assert [(e.code, e.params["value"]) for e in errors] == [
        ("sentence_hand_not_played", "豪华七小对")
    ]
    assert read("王芳自摸豪华七小对", rules=ruleset(4))["result"]["winners"][0]["hands"] == [
        "haohua_qixiaodui"
    ]


# --- seats that share their word, and wins by self-draw only --------------------------


@pytest.mark.parametrize("joined", ["刘洋、王芳胡", "刘洋和王芳胡", "刘洋 王芳 胡了"])
def test_seats_named_one_after_another_share_the_win_after_them(joined):
    assert read(f"李娜点炮 {joined} 鸟2 8")["result"] == {
        "kind": "discard",
        "winners": [{"seat": 2, "hands": ["pinghu"]}, {"seat": 3, "hands": ["pinghu"]}],
        "discarder": 1,
        "birds": [2, 8],
    }


def test_seats_named_together_share_their_hands():
    result = read("刘洋、王芳清一色 李娜放炮 鸟1 2")["result"]
    assert result["winners"] == [
        {"seat": 2, "hands": ["qingyise"]},
        {"seat": 3, "hands": ["qingyise"]},
    ]


def test_a_seat_named_beside_one_that_can_have_one_word_is_said_back_not_dropped():
    assert not_understood("刘洋、王芳点炮 张伟胡") == ["刘洋"]


@pytest.mark.parametrize(
    ("sentence", "seat", "code"),
    [("刘洋杠上开花 鸟6 9", 3, "gangshangkaihua"), ("张伟天胡 鸟1 5", 0, "tianhu")],
)
def test_a_win_whose_hand_comes_by_self_draw_only_is_a_self_draw(sentence, seat, code):
    assert HAND_TYPES[code].win_kinds == frozenset({WinKind.SELF_DRAW})
    result = read(sentence)["result"]
    assert result["kind"] == "self_draw"
    assert result["winners"] == [{"seat": seat, "hands": [code]}]


def test_a_hand_said_after_the_discarder_is_the_one_winners():
    result = read("刘洋胡 王芳放炮 清一色 鸟3 4")["result"]
    assert result["winners"] == [{"seat": 3, "hands": ["qingyise"]}]
    assert result["discarder"] == 2


@pytest.mark.parametrize("sentence", ["二号位 李娜自摸 鸟3 7", "李娜 李娜自摸 鸟3 7"])
def test_one_seat_named_twice_in_a_row_is_one_seat(sentence):
    assert read(sentence)["result"]["winners"] == [{"seat": 1, "hands": ["pinghu"]}]
