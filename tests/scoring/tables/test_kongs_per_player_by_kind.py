"""Kongs per player, over the counted rounds: 暗杠, 加杠 and 放杠 the player made (a 放杠
counts for the seat that made it) and 点杠, the 放杠 others made on the player's
discard; a voided round's kongs do not count; on the player page and in the API."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.services import round_record, round_void
from scoring.standings.selectors import player_stats
from tests.api_helpers import club_url
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import DRAW_KONGS, KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(club, players, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)
    # KONG_WIN: 李四 暗杠, 王五 放杠 on 张三; TONGPAO: 王五 加杠; DRAW_KONGS (voided):
    # 张三 暗杠, 李四 放杠 on 王五.
    round_record(session=session, data=KONG_WIN, actor=recorder)
    round_record(session=session, data=TONGPAO, actor=recorder)
    draw = round_record(session=session, data=DRAW_KONGS, actor=recorder)
    round_void(round=draw, reason="录错", actor=recorder)
    return season


def counts(player, season=None):
    return {k.kind: k.count for k in player_stats(player=player, season=season).kong_counts}


def test_each_player_counts_the_kongs_they_made_and_fed(played, players):
    assert counts(players[0]) == {"an": 0, "jia": 0, "ming": 0, "fed": 1}
    assert counts(players[1]) == {"an": 1, "jia": 0, "ming": 0, "fed": 0}
    assert counts(players[2], played) == {"an": 0, "jia": 1, "ming": 1, "fed": 0}


def test_a_restored_round_counts_again(played, players, recorder):
    session = played.sessions.get()
    round_record(session=session, data=DRAW_KONGS, actor=recorder)

    assert counts(players[0])["an"] == 1
    assert counts(players[2])["fed"] == 1
    assert counts(players[1])["ming"] == 1


def test_the_player_page_shows_the_kongs_in_the_engines_words(reader, played, players):
    response = reader.get(reverse("player", args=[played.club.slug, players[2].pk]))

    kongs = {k.name: k.count for k in response.context["stats"].kong_counts}
    assert kongs == {"暗杠": 0, "加杠": 1, "放杠": 1, "点杠": 0}
    assert 'data-role="player-kongs"' in response.content.decode()


def test_the_api_player_stats_list_the_kongs_by_kind(api_as, played, players):
    url = club_url(played.club, f"players/{players[2].pk}/stats/")

    body = api_as("member").get(url).json()

    assert body["kong_counts"] == [
        {"kind": "an", "count": 0},
        {"kind": "jia", "count": 1},
        {"kind": "ming", "count": 1},
        {"kind": "fed", "count": 0},
    ]


def test_a_player_who_made_and_fed_no_kong_has_no_kongs_card(reader, played, players):
    response = reader.get(reverse("player", args=[played.club.slug, players[3].pk]))

    assert [k.count for k in response.context["stats"].kong_counts] == [0, 0, 0, 0]
    assert 'data-role="player-kongs"' not in response.content.decode()
