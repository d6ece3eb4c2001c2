"""Equal totals share a rank (1, 2, 2, 4) unless the documented tie-break, more wins,
separates them: in the standings, on the event page and the board, on the night's and a
player's image, and in the API (issue 28, item 9)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring import services as scoring_services
from scoring.events import cards, services
from scoring.events.selectors import event_standings
from tests.api_helpers import club_url
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(event, roster, organiser):
    enter(event, roster[:4], organiser)
    return roster[:4]


def ranks(event):
    return [(r.player.display_name, r.rank) for r in event_standings(event=event)]


def test_players_on_equal_totals_and_wins_share_a_rank(event, four, organiser):
    assert [rank for _name, rank in ranks(event)] == [1, 1, 1, 1]

    services.penalty_give(
        season=event.season, event=event, player=four[0], amount=-10, reason="迟到",
        actor=organiser,
    )  # fmt: skip
    services.penalty_give(
        season=event.season, event=event, player=four[1], amount=5, reason="好牌",
        actor=organiser,
    )  # fmt: skip

    # 李四 +5; 王五 and 赵六 0 (tied, listed by name); 张三 -10
    assert [rank for _name, rank in ranks(event)] == [1, 2, 2, 4]


def test_more_wins_separate_equal_totals(event, four, organiser):
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    session = services.table_start(table=rnd.tables.get(), actor=organiser)
    scoring_services.round_record(session=session, data=round_self_draw(0), actor=organiser)
    winner = [r for r in event_standings(event=event) if r.wins][0]
    loser = next(r for r in event_standings(event=event) if not r.wins)
    # a bonus brings a loser level with the winner: the winner's win ranks them above
    services.penalty_give(
        season=event.season, event=event, player=loser.player,
        amount=winner.total - loser.total, reason="奖励", actor=organiser,
    )  # fmt: skip

    rows = event_standings(event=event)
    assert rows[0].player == winner.player and rows[0].total == rows[1].total
    assert [r.rank for r in rows] == [1, 2, 3, 3]


def test_the_page_the_images_and_the_api_show_the_shared_ranks(
    client, api_as, club, event, four, organiser
):
    services.penalty_give(
        season=event.season, event=event, player=four[0], amount=-10, reason="迟到",
        actor=organiser,
    )  # fmt: skip
    client.force_login(organiser)

    page = client.get(reverse("event", args=[club.slug, event.pk]))
    assert [r.rank for r in page.context["board"].standings] == [1, 1, 1, 4]
    html = page.content.decode()
    standings = html[html.index('data-role="event-standings"') :]
    assert standings.count("<tr><td>1</td>") == 3 and "<tr><td>4</td>" in standings
    board = client.get(reverse("event-board", args=[club.slug, event.pk])).content.decode()
    assert board[board.index('data-role="event-standings"') :].count("<tr><td>1</td>") == 3

    assert [row.rank for row in cards.event_card(event=event).rows] == [1, 1, 1, 4]
    card = cards.player_card(event=event, player_id=four[2].pk)
    assert card is not None and card.rank.startswith("第 1 名")

    answer = api_as("member").get(club_url(club, f"events/{event.pk}/standings/"))
    assert [row["rank"] for row in answer.json()] == [1, 1, 1, 4]


def test_players_level_on_every_count_are_listed_by_pinyin(event, four, organiser):
    # 张三 李四 王五 赵六 entered, nobody has played: all level
    assert [name for name, _rank in ranks(event)] == ["李四", "王五", "张三", "赵六"]
