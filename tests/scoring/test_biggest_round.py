"""最大一盘, a player's biggest round, is one rule read alike by the session's result
image, a night's cards and 我的 (``scoring.selectors.biggest_rounds``): of the counted
rounds the player won a hand in or gained in, the one with the player's largest net
(the earliest among equals), named by the hand types that paid the player there (a
起手胡 as well as a final win) with that round's net. A round won by someone else's
final hand can be a player's biggest, when the player's 起手胡 paid more than that win
cost them."""

from __future__ import annotations

import pytest

from leagues import player_links
from scoring import selectors, services
from scoring.me import selectors as me_selectors
from scoring.views import session_card
from tests.factories import make_players, make_session, make_table_season, make_user

pytestmark = pytest.mark.django_db

WANG = 2  # 王五's seat


def opening_then_someone_elses_win(dealer: int) -> dict:
    """王五 opens with 四喜 and 赵六 wins on 张三's discard: 王五 [-7, -7, +17, -3]."""
    return {
        "dealer": dealer,
        "openings": [{"seat": WANG, "hands": ["sixi"], "birds": [1, 4]}],
        "result": {
            "kind": "discard",
            "winners": [{"seat": 3, "hands": ["pinghu"]}],
            "discarder": 0,
            "birds": [1, 2],
        },
    }


def wang_wins_small() -> dict:
    """王五 wins 平胡 on 张三's discard: [-6, 0, +6, 0]; 王五 deals next."""
    return {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": WANG, "hands": ["pinghu"]}],
            "discarder": 0,
            "birds": [1, 3],
        },
    }


@pytest.fixture
def played(session, recorder):
    """Round 1: 王五's 平胡 (+6). Round 2: 王五's 起手胡 四喜, 赵六's 平胡 (王五 +17)."""
    services.round_record(session=session, data=wang_wins_small(), actor=recorder)
    services.round_record(session=session, data=opening_then_someone_elses_win(2), actor=recorder)
    nets = [list(r.result["net"]) for r in session.rounds.order_by("number")]
    assert nets == [[-6, 0, 6, 0], [-7, -7, 17, -3]]
    return session


def test_a_seats_biggest_round_is_its_largest_net_named_by_its_opening_win(played):
    best = selectors.session_best_wins(session=played)

    assert best[WANG] == {"number": 2, "net": 17, "codes": ["sixi"]}


def test_the_result_image_names_the_opening_win_that_paid_and_the_rounds_net(played):
    rows = {r.name: r.best for r in session_card(played).rows}

    assert rows["王五"] == "最大一盘：第 2 盘 四喜 +17"
    # 赵六 won round 2 and gained in no round: the round he won, at its net
    assert rows["赵六"] == "最大一盘：第 2 盘 平胡 -3"
    assert rows["张三"] == rows["李四"] == "本场没有胡牌"


def test_me_reads_the_same_biggest_round(played, club, owner):
    user = make_user("wangwu")
    wang = played.seats.get(seat=WANG).player
    player_links.player_link(player=wang, user=user, actor=owner)

    best = me_selectors.me_report(user=user, filters=me_selectors.MeFilters()).biggest_win

    assert best is not None
    assert (best.session_id, best.number, best.net, best.codes) == (played.pk, 2, 17, ["sixi"])


def test_an_opening_and_a_final_win_in_one_round_are_both_named(session, recorder):
    data = {
        "dealer": 0,
        "openings": [{"seat": 1, "hands": ["sixi"], "birds": [1, 4]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["qingyise"]}],
            "birds": [5, 9],
        },
    }
    services.round_record(session=session, data=data, actor=recorder)

    rows = {r.name: r.best for r in session_card(session).rows}

    assert rows["李四"] == "最大一盘：第 1 盘 四喜、清一色 +46"


def test_a_gain_without_a_hand_is_the_round_and_its_net(club, recorder):
    """Kongs pay (杠分): 乙's 暗杠 gains him 6 in a round 丙 wins on 甲's discard, more
    than his own 平胡 gains him later; the round names no hand."""
    season = make_table_season(club, 4)
    session = make_session(season, make_players(club, ["甲", "乙", "丙", "丁"]), actor=recorder)
    first = {
        **wang_wins_small(),
        "kongs": [{"seat": 1, "kind": "an"}],
    }
    second = {
        "dealer": 2,
        "result": {
            "kind": "discard",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "discarder": 0,
            "birds": [1, 3],
        },
    }
    for data in (first, second):
        services.round_record(session=session, data=data, actor=recorder)
    assert [r.result["net"][1] for r in session.rounds.order_by("number")] == [6, 2]

    rows = {r.name: r.best for r in session_card(session).rows}

    assert selectors.session_best_wins(session=session)[1] == {
        "number": 1,
        "net": 6,
        "codes": [],
    }
    assert rows["乙"] == "最大一盘：第 1 盘 +6"


def test_among_equal_nets_the_earliest_round_is_the_biggest(session, recorder):
    """王五 gains 11 by his 起手胡 in round 1 (李四 self-draws), then 11 by his own 平胡."""
    opening = {
        "dealer": 0,
        "openings": [{"seat": WANG, "hands": ["sixi"], "birds": [1, 3]}],
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": 1, "hands": ["pinghu"]}],
            "birds": [5, 9],
        },
    }
    own_win = {
        "dealer": 1,
        "result": {
            "kind": "self_draw",
            "winners": [{"seat": WANG, "hands": ["pinghu"]}],
            "birds": [1, 1],
        },
    }
    for data in (opening, own_win):
        services.round_record(session=session, data=data, actor=recorder)
    assert [r.result["net"][WANG] for r in session.rounds.order_by("number")] == [11, 11]

    best = selectors.session_best_wins(session=session)[WANG]

    assert best == {"number": 1, "net": 11, "codes": ["sixi"]}
