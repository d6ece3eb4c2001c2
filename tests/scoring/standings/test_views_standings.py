"""Standings, club, player and session pages: content, sorting, filters, CSV, query counts."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring import services
from scoring.engine import score_round
from tests.factories import make_session

pytestmark = pytest.mark.django_db

# Most queries any of these pages may make, whatever the number of rounds.
PAGE_QUERY_LIMIT = 16


def rounds_cycle(n):
    """n rounds that rotate winners and kinds (self-draws, discards, a big hand)."""
    out = []
    for i in range(n):
        seat = i % 4
        if i % 3 == 0:
            result = {
                "kind": "self_draw",
                "winners": [{"seat": seat, "hands": ["pinghu"]}],
                "birds": [1 + i % 9, 2],
            }
        elif i % 3 == 1:
            result = {
                "kind": "discard",
                "winners": [{"seat": seat, "hands": ["qingyise"]}],
                "discarder": (seat + 1) % 4,
                "birds": [3, 4],
            }
        else:
            result = {
                "kind": "discard",
                "winners": [{"seat": seat, "hands": ["pinghu"]}],
                "discarder": (seat + 2) % 4,
                "birds": [5, 6],
            }
        out.append({"dealer": 0, "result": result})
    return out


def play(session, actor, rounds):
    for data in rounds:
        services.round_record(session=session, data=data, actor=actor)


def expected_net(rounds, preset="changsha-67"):
    net = [0, 0, 0, 0]
    for data in rounds:
        for seat, n in enumerate(score_round({**data, "ruleset": preset})["net"]):
            net[seat] += n
    return net


def test_season_standings_equal_the_engines_sums(reader, session, recorder, season, players):
    rounds = rounds_cycle(7)
    play(session, recorder, rounds)

    response = reader.get(reverse("season", args=[season.club.slug, season.pk]))

    nets = {r.player.display_name: r.net for r in response.context["rows"]}
    want = dict(zip([p.display_name for p in players[:4]], expected_net(rounds), strict=True))
    assert nets == want
    page = response.content.decode()
    assert "先比总分，再比每盘平均，再比胡牌次数" in page  # tie-breaks on the page


def test_standings_sort_by_a_column_and_reverse_on_a_second_click(
    reader, session, recorder, season
):
    play(session, recorder, rounds_cycle(6))
    base = reverse("season", args=[season.club.slug, season.pk])

    by_wins = reader.get(base, {"order": "wins"}).context["rows"]
    reversed_wins = reader.get(base, {"order": "-wins"}).context["rows"]

    wins = [r.wins for r in by_wins]
    assert wins == sorted(wins, reverse=True)
    assert [r.wins for r in reversed_wins] == sorted(wins)
    header = {c["key"]: c for c in reader.get(base, {"order": "wins"}).context["columns"]}
    assert header["wins"]["sorted"] and "order=-wins" in header["wins"]["url"]


def test_standings_filter_by_date_range(reader, season, players, recorder):
    early = make_session(
        season,
        players[:4],
        actor=recorder,
        started_at=timezone.make_aware(datetime.datetime(2025, 3, 1, 20)),
    )
    late = make_session(
        season,
        players[4:],
        actor=recorder,
        started_at=timezone.make_aware(datetime.datetime(2025, 5, 1, 20)),
    )
    play(early, recorder, rounds_cycle(2))
    play(late, recorder, rounds_cycle(2))
    base = reverse("season", args=[season.club.slug, season.pk])

    rows = reader.get(base, {"date_from": "2025-04-01", "date_to": "2025-06-30"}).context["rows"]

    assert {r.player.display_name for r in rows} == {p.display_name for p in players[4:]}


def test_standings_export_as_csv_with_the_same_filters(reader, season, session, recorder):
    rounds = rounds_cycle(5)
    play(session, recorder, rounds)

    response = reader.get(
        reverse("season-csv", args=[season.club.slug, season.pk]), {"order": "player"}
    )

    assert response["Content-Type"].startswith("text/csv")
    text = response.content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(text)))
    assert table[0][:3] == ["#", "选手", "总分"]
    assert [row[1] for row in table[1:]] == ["李四", "王五", "张三", "赵六"]  # by pinyin
    assert sorted(int(row[2]) for row in table[1:]) == sorted(expected_net(rounds))


def test_club_page_lists_seasons_and_the_all_time_leaderboard(reader, season, session, recorder):
    play(session, recorder, rounds_cycle(3))

    response = reader.get(reverse("club", args=[season.club.slug]))

    page = response.content.decode()
    assert season.name in page
    assert "历史总排名" in page
    assert sum(r.net for r in response.context["rows"]) == 0
    assert len(response.context["rows"]) == 4


def test_player_page_has_the_chart_data_hand_counts_birds_and_sessions(
    reader, season, session, recorder, players
):
    rounds = rounds_cycle(5)
    play(session, recorder, rounds)
    zhang = players[0]

    response = reader.get(reverse("player", args=[season.club.slug, zhang.pk]))

    chart = response.context["chart"]
    assert chart["values"] == [0, expected_net(rounds)[0]]  # from 0, then after the session
    page = response.content.decode()
    assert 'id="chips-data"' in page and "chart.umd.min.js" in page
    counts = {h.code: h.count for h in response.context["stats"].hand_counts}
    assert counts == {"pinghu": 1, "qingyise": 1}  # rounds 0 (self-draw) and 4 (qingyise)
    assert response.context["stats"].birds_hit >= 0
    assert [ps.session.pk for ps, _paper in response.context["sessions"]] == [session.pk]


def test_session_page_lists_who_won_what_and_how(reader, session, recorder):
    play(session, recorder, rounds_cycle(3))

    response = reader.get(reverse("session", args=[session.season.club.slug, session.pk]))

    rows = response.context["rounds"]
    assert [r["kind"] for r in rows] == ["self_draw", "discard", "discard"]
    assert rows[1]["winners"] == [{"name": "李四", "hands": ["清一色"]}]
    assert rows[1]["discarder"] == "王五"
    assert "window.print()" in response.content.decode()


def seed(session, season, players, recorder, n_sessions, n_rounds):
    sessions = [session] + [
        make_session(season, players[i % 2 * 4 : i % 2 * 4 + 4], actor=recorder)
        for i in range(n_sessions - 1)
    ]
    for s in sessions:
        play(s, recorder, rounds_cycle(n_rounds))


def count_queries(client, url):
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize(
    "page",
    [
        "season",
        "season-csv",
        "season-rounds-csv",
        pytest.param("season-xlsx", marks=pytest.mark.slow),
        "season-print",
        "club",
        "session",
        "player",
        "round-new",
    ],
)
def test_pages_make_the_same_number_of_queries_for_few_and_many_rounds(
    client, recorder, session, season, players, page, django_assert_max_num_queries
):
    client.force_login(recorder)
    slug = season.club.slug
    urls = {
        "season": reverse("season", args=[slug, season.pk]),
        "season-csv": reverse("season-csv", args=[slug, season.pk]),
        "season-rounds-csv": reverse("season-rounds-csv", args=[slug, season.pk]),
        "season-xlsx": reverse("season-xlsx", args=[slug, season.pk]),
        "season-print": reverse("season-print", args=[slug, season.pk]),
        "club": reverse("club", args=[slug]),
        "session": reverse("session", args=[slug, session.pk]),
        "player": reverse("player", args=[slug, players[0].pk]),
        "round-new": reverse("round-new", args=[slug, session.pk]),
    }
    seed(session, season, players, recorder, n_sessions=1, n_rounds=2)
    with django_assert_max_num_queries(PAGE_QUERY_LIMIT):
        small = count_queries(client, urls[page])

    seed(session, season, players, recorder, n_sessions=3, n_rounds=12)
    with django_assert_max_num_queries(PAGE_QUERY_LIMIT):
        large = count_queries(client, urls[page])

    assert large == small


def test_the_season_page_pages_its_sessions(reader, season, players, recorder, monkeypatch):
    from scoring.standings import views

    monkeypatch.setattr(views, "SESSIONS_PER_PAGE", 2)
    made = [make_session(season, players[:4], actor=recorder) for _ in range(3)]
    url = reverse("season", args=[season.club.slug, season.pk])

    first = reader.get(url).context
    second = reader.get(url, {"p": 2}).context

    assert first["sessions_pages"] == 2
    shown = [s.pk for s in first["sessions"]] + [s.pk for s in second["sessions"]]
    assert sorted(shown) == sorted(s.pk for s in made)
