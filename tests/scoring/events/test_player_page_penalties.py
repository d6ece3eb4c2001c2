"""The player page lists the player's penalties, bonuses and warnings, cancelled ones
marked."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.events import services

pytestmark = pytest.mark.django_db


def test_the_player_page_lists_penalties_with_cancelled_ones_marked(
    reader, club, season, players, organiser
):
    services.penalty_give(season=season, player=players[0], amount=-10, reason="迟到",
                          actor=organiser)  # fmt: skip
    cancelled = services.penalty_give(season=season, player=players[0], amount=5,
                                      reason="帮忙收桌", actor=organiser)  # fmt: skip
    services.penalty_cancel(penalty=cancelled, reason="记错人", actor=organiser)
    services.penalty_give(season=season, player=players[1], amount=-99, reason="别人的",
                          actor=organiser)  # fmt: skip

    page = reader.get(reverse("player", args=[club.slug, players[0].pk])).content.decode()

    block = page.split('data-role="player-penalties"')[1]
    assert "迟到" in block and '<b class="neg">-10</b>' in block
    assert '<li class="muted">' in block and "帮忙收桌" in block and "已撤销" in block
    assert "别人的" not in block


def test_the_player_page_says_its_net_and_rating_are_the_clubs_and_leave_penalties_out(
    reader, club, season, players, organiser
):
    url = reverse("player", args=[club.slug, players[0].pk])
    page = reader.get(url).content.decode()
    assert "俱乐部等级分" in page and 'data-role="penalties-note"' not in page

    services.penalty_give(season=season, player=players[0], amount=-10, reason="迟到",
                          actor=organiser)  # fmt: skip
    page = reader.get(url).content.decode()
    note = page.split('data-role="penalties-note">')[1].split("<")[0]
    assert note == "不计入上面的总分；各赛季积分榜的合计已计入。"
    assert 'data-stat="net">0<' in page  # the penalty is not in 总分
