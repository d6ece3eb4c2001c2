"""Season standings and the club leaderboard, over rows stored without the engine."""

import datetime

import pytest
from django.utils import timezone

from scoring.standings.selectors import (
    STANDINGS_CSV_HEADER,
    club_leaderboard,
    season_standings,
    standings_csv_rows,
)
from tests.factories import (
    make_season,
    make_session,
    round_discard,
    round_draw,
    round_self_draw,
    self_draw_transfers,
    store_correction,
    store_round,
)

pytestmark = pytest.mark.django_db


def by_name(rows):
    return {r.player.display_name: r for r in rows}


@pytest.fixture
def played(session, recorder):
    """张三 self-draws (+6), 李四 wins a big hand on 王五 (6), a void round, a draw."""
    store_round(session, round_self_draw(0), self_draw_transfers(0, 2), actor=recorder)
    store_round(session, round_discard({1: ["qingyise"]}, 2), [(2, 1, 6, "result")], actor=recorder)
    void = store_round(session, round_self_draw(3), self_draw_transfers(3, 50), actor=recorder)
    void.is_void = True
    void.save()
    store_round(session, round_draw(), [], actor=recorder)
    return session


def test_standings_sum_each_players_counted_rounds(played, season):
    rows = by_name(season_standings(season=season))

    assert rows["张三"].net == 6
    assert rows["李四"].net == -2 + 6
    assert rows["王五"].net == -2 - 6
    assert rows["赵六"].net == -2
    assert sum(r.net for r in rows.values()) == 0
    assert {r.rounds for r in rows.values()} == {3}  # the void round does not count
    assert {r.sessions for r in rows.values()} == {1}


def test_standings_count_wins_self_draws_deal_ins_and_big_hands(played, season):
    rows = by_name(season_standings(season=season))

    assert (rows["张三"].wins, rows["张三"].self_draws, rows["张三"].big_hands) == (1, 1, 0)
    assert (rows["李四"].wins, rows["李四"].self_draws, rows["李四"].big_hands) == (1, 0, 1)
    assert rows["王五"].deal_ins == 1
    assert rows["赵六"].wins == rows["赵六"].deal_ins == 0
    assert rows["张三"].win_rate == pytest.approx(1 / 3)
    assert rows["王五"].avg_per_round == pytest.approx(-8 / 3)


def test_standings_rank_by_net_best_first(played, season):
    rows = season_standings(season=season)

    assert [r.player.display_name for r in rows] == ["张三", "李四", "赵六", "王五"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_a_correction_replaces_the_old_version_in_standings(session, season, recorder):
    first = store_round(session, round_self_draw(0), self_draw_transfers(0, 2), actor=recorder)
    store_correction(first, round_self_draw(1), self_draw_transfers(1, 3), actor=recorder)

    rows = by_name(season_standings(season=season))

    assert rows["李四"].net == 9
    assert rows["张三"].net == -3
    assert rows["张三"].wins == 0
    assert {r.rounds for r in rows.values()} == {1}


def test_equal_net_is_broken_by_average_per_round(season, players, recorder):
    # 张三 and 钱七 both end on +6, but 钱七 needed one round where 张三 needed two.
    a, b, c, d, e, f, g, _ = players
    one = make_session(season, [a, b, c, d], actor=recorder)
    store_round(one, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    store_round(one, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    two = make_session(season, [e, f, g, b], actor=recorder)
    store_round(two, round_self_draw(0), self_draw_transfers(0, 2), actor=recorder)

    rows = season_standings(season=season)

    assert [r.player.display_name for r in rows[:2]] == ["钱七", "张三"]
    assert rows[0].net == rows[1].net == 6
    assert [r.rank for r in rows[:2]] == [1, 2]


def test_equal_net_and_average_is_broken_by_wins(season, players, recorder):
    # Over two rounds each: 张三 wins +3 then loses 0 … 钱七 wins twice for the same +3.
    a, b, c, d, e, f, g, h = players
    one = make_session(season, [a, b, c, d], actor=recorder)
    store_round(one, round_discard(0, 1), [(1, 0, 3, "result")], actor=recorder)
    store_round(one, round_draw(), [], actor=recorder)
    two = make_session(season, [e, f, g, h], actor=recorder)
    store_round(two, round_discard(0, 1), [(1, 0, 1, "result")], actor=recorder)
    store_round(two, round_discard(0, 2), [(2, 0, 2, "result")], actor=recorder)

    rows = season_standings(season=season)

    assert [r.player.display_name for r in rows[:2]] == ["钱七", "张三"]
    assert (rows[0].wins, rows[1].wins) == (2, 1)
    assert rows[0].net == rows[1].net and rows[0].avg_per_round == rows[1].avg_per_round


def test_full_ties_share_a_rank_and_list_by_name_as_a_phones_contacts_do(season, players, recorder):
    one = make_session(season, players[:4], actor=recorder)
    store_round(one, round_draw(), [], actor=recorder)

    rows = season_standings(season=season)

    assert [r.rank for r in rows] == [1, 1, 1, 1]
    # by pinyin (li, wang, zhang, zhao), not by character code (张 李 王 赵)
    assert [r.player.display_name for r in rows] == ["李四", "王五", "张三", "赵六"]


def test_order_sorts_by_a_column_and_keeps_the_official_rank(played, season):
    rows = season_standings(season=season, order="deal_ins")

    assert rows[0].player.display_name == "王五"
    assert rows[0].rank == 4
    reverse = season_standings(season=season, order="-net")
    assert [r.player.display_name for r in reverse] == ["王五", "赵六", "李四", "张三"]
    by_player = season_standings(season=season, order="player")
    assert [r.player.display_name for r in by_player] == ["李四", "王五", "张三", "赵六"]


def test_unknown_order_falls_back_to_net(played, season):
    assert season_standings(season=season, order="password") == season_standings(season=season)


def test_date_range_keeps_sessions_started_on_those_local_days(season, players, recorder):
    tz = timezone.get_current_timezone()
    # 23:30 in Shanghai on 1 March is still 1 March locally (15:30 UTC).
    march_1 = datetime.datetime(2025, 3, 1, 23, 30, tzinfo=tz)
    march_2 = datetime.datetime(2025, 3, 2, 10, 0, tzinfo=tz)
    early = make_session(season, players[:4], actor=recorder, started_at=march_1)
    late = make_session(season, players[:4], actor=recorder, started_at=march_2)
    store_round(early, round_self_draw(0), self_draw_transfers(0, 1), actor=recorder)
    store_round(late, round_self_draw(1), self_draw_transfers(1, 5), actor=recorder)

    day_1 = by_name(
        season_standings(
            season=season,
            date_from=datetime.date(2025, 3, 1),
            date_to=datetime.date(2025, 3, 1),
        )
    )
    from_day_2 = by_name(season_standings(season=season, date_from=datetime.date(2025, 3, 2)))
    everything = by_name(season_standings(season=season))

    assert day_1["张三"].net == 3 and day_1["张三"].rounds == 1
    assert from_day_2["李四"].net == 15 and from_day_2["张三"].net == -5
    assert everything["张三"].sessions == 2 and everything["张三"].net == -2


def test_standings_only_cover_their_own_season(played, club, players, recorder):
    other_season = make_season(club, name="秋季赛")
    other = make_session(other_season, players[4:], actor=recorder)
    store_round(other, round_self_draw(0), self_draw_transfers(0, 10), actor=recorder)

    assert "钱七" not in by_name(season_standings(season=played.season))
    assert set(by_name(season_standings(season=other_season))) == {"钱七", "孙八", "周九", "吴十"}


def test_club_leaderboard_adds_up_every_season_of_the_club_only(
    played, club, players, recorder, other_club, outsider
):
    autumn = make_season(club, name="秋季赛")
    store_round(
        make_session(autumn, players[:4], actor=recorder),
        round_self_draw(3),
        self_draw_transfers(3, 4),
        actor=recorder,
    )
    strangers = list(other_club.players.all())
    elsewhere = make_session(other_club.seasons.get(), strangers, actor=outsider)
    store_round(elsewhere, round_self_draw(0), self_draw_transfers(0, 99), actor=outsider)

    rows = by_name(club_leaderboard(club=club))

    assert set(rows) == {"张三", "李四", "王五", "赵六"}
    assert rows["赵六"].net == -2 + 12
    assert rows["赵六"].sessions == 2
    assert rows["张三"].rounds == 4


def test_csv_rows_start_with_the_header_and_follow_the_standings(played, season):
    rows = season_standings(season=season)

    csv_rows = standings_csv_rows(rows=rows)

    assert csv_rows[0] == STANDINGS_CSV_HEADER
    assert [r[1] for r in csv_rows[1:]] == [r.player.display_name for r in rows]
    assert csv_rows[1][2] == rows[0].net


def test_empty_season_has_empty_standings(season):
    assert season_standings(season=season) == []


@pytest.mark.parametrize("sessions", [1, 6])
def test_standings_queries_do_not_grow_with_rounds(
    season, club, players, recorder, sessions, django_assert_max_num_queries
):
    for i in range(sessions):
        table = make_session(season, players[i % 2 * 4 : i % 2 * 4 + 4], actor=recorder)
        for seat in range(4):
            store_round(table, round_self_draw(seat), self_draw_transfers(seat, 1), actor=recorder)

    with django_assert_max_num_queries(3):  # the sums, the players, the penalties
        rows = season_standings(season=season, date_from=datetime.date(2000, 1, 1))
    with django_assert_max_num_queries(2):
        board = club_leaderboard(club=club)

    assert sum(r.rounds for r in rows) == sessions * 4 * 4
    assert len(board) == (8 if sessions > 1 else 4)
