"""A season whose ruleset went from four players to three keeps one table of standings:
every round counts once for each player at its table, whatever the table's size. The
average is net / rounds and the win rate wins / rounds over all of them (docs/data-model.md,
Standings), and the materialised tables agree with the live sums."""

from __future__ import annotations

import pytest

from leagues.services import season_update
from scoring.models import RoundPlayer
from scoring.services import round_record, session_start
from scoring.standings.selectors import season_standings
from tests.factories import make_ruleset, round_discard, round_self_draw
from tests.scoring.standings.live import live_standings
from tests.scoring.tables.rounds import KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


@pytest.fixture
def mixed(club, season, players, recorder, organiser):
    """Players 0-3 play two rounds at four; the season turns to three players; players 0,
    1 and 4 play two rounds at three (B, then B and C win)."""
    four = session_start(season=season, players=players[:4], first_dealer=0, actor=recorder)
    round_record(session=four, data=round_self_draw(0, birds=[5, 9]), actor=recorder)
    round_record(session=four, data=round_discard(1, 2), actor=recorder)
    three_rules = make_ruleset(club, {"preset": "changsha-67", "players": 3, "kong_pay": True})
    season_update(season=season, ruleset=three_rules, actor=organiser)
    three = session_start(
        season=season, players=[players[0], players[1], players[4]], first_dealer=0, actor=recorder
    )
    for data in (KONG_WIN, TONGPAO):
        round_record(session=three, data=data, actor=recorder)
    return season


def test_each_round_counts_once_for_each_player_at_its_table(mixed, players):
    rows = {r.player: r for r in season_standings(season=mixed)}

    # 张三 and 李四 sat at both tables: 2 rounds at four, 2 at three
    for player in players[:2]:
        own = RoundPlayer.objects.filter(player=player)
        assert rows[player].rounds == 4 == own.count()
        assert rows[player].net == sum(r.net for r in own)
        assert rows[player].wins == own.filter(won=True).count()
        assert rows[player].avg_per_round == pytest.approx(rows[player].net / 4)
        assert rows[player].win_rate == pytest.approx(rows[player].wins / 4)
        assert rows[player].sessions == 2
    assert rows[players[4]].rounds == 2 and rows[players[3]].rounds == 2  # one table each
    assert sum(r.net for r in rows.values()) == 0


def test_the_materialised_standings_match_the_live_sums(mixed):
    stored = [(r.player, r.net, r.rounds, r.wins) for r in season_standings(season=mixed)]
    live = [(r.player, r.net, r.rounds, r.wins) for r in live_standings(season=mixed)]

    assert sorted(stored, key=lambda r: r[0].pk) == sorted(live, key=lambda r: r[0].pk)
