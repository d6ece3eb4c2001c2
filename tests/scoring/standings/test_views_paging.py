"""Paging on the big pages: season standings, the club's all-time leaderboard, the
player's sessions. Ranks stay global, links keep the sort and date filter, bad page
numbers show page 1, the CSV export has every row."""

from __future__ import annotations

import csv
import datetime
import io
import re

import pytest
from django.urls import reverse

from scoring.standings import selectors, views
from tests.factories import make_session
from tests.scoring.standings.test_views_standings import play, rounds_cycle

pytestmark = pytest.mark.django_db

BAD_PAGES = ["abc", "0", "-1", "99", "1.5", "²", "", "9" * 5000, "1e3"]


@pytest.fixture
def eight_ranked(season, players, recorder):
    """Two tables of four, so that all eight players have a standings row."""
    for four in (players[:4], players[4:]):
        play(make_session(season, four, actor=recorder), recorder, rounds_cycle(5))


@pytest.fixture
def three_a_page(monkeypatch):
    monkeypatch.setattr(views, "STANDINGS_PER_PAGE", 3)


def table_rows(response) -> list[str]:
    """The player names of the standings table's rows, in page order."""
    return re.findall(r'<tr data-player="([^"]+)">', response.content.decode())


def season_url(season) -> str:
    return reverse("season", args=[season.club.slug, season.pk])


def test_the_season_standings_show_one_page_of_rows_and_a_next_link(
    reader, season, eight_ranked, three_a_page
):
    response = reader.get(season_url(season))

    assert len(table_rows(response)) == 3
    pager = response.context["standings_pager"]
    assert (pager["number"], pager["pages"]) == (1, 3)
    assert pager["prev_url"] == "" and "page=2" in pager["next_url"]
    assert 'data-pager="standings"' in response.content.decode()
    assert f'href="{pager["next_url"]}"'.replace("&", "&amp;") in response.content.decode()


def test_the_pages_together_list_every_player_once_with_global_ranks(
    reader, season, players, eight_ranked, three_a_page
):
    url = season_url(season)
    pages = [reader.get(url, {"page": n}).context["rated"] for n in (1, 2, 3)]

    rows = [row for page in pages for row, _rating in page]
    assert [len(page) for page in pages] == [3, 3, 2]
    assert sorted(r.player.pk for r in rows) == sorted(p.pk for p in players)
    full = reader.get(url).context["rows"]
    assert [(r.rank, r.player.pk) for r in rows] == [(r.rank, r.player.pk) for r in full]
    assert rows[3].rank > 3 or rows[3].rank == rows[2].rank  # page 2 does not restart at 1


def test_page_links_keep_the_sort_order_and_the_date_filter(
    reader, season, eight_ranked, three_a_page
):
    query = {"order": "-wins", "date_from": "2000-01-01", "page": "2"}

    pager = reader.get(season_url(season), query).context["standings_pager"]

    for link in (pager["prev_url"], pager["next_url"]):
        assert "order=-wins" in link and "date_from=2000-01-01" in link
    assert "page=1" in pager["prev_url"] and "page=3" in pager["next_url"]


def test_a_new_sort_order_starts_at_the_first_page(reader, season, eight_ranked, three_a_page):
    columns = reader.get(season_url(season), {"page": "2"}).context["columns"]

    assert all("page=" not in c["url"] for c in columns)


def test_a_sorted_page_holds_the_next_rows_in_that_order(
    reader, season, eight_ranked, three_a_page
):
    url = season_url(season)
    first = reader.get(url, {"order": "player"}).context["rated"]
    second = reader.get(url, {"order": "player", "page": "2"}).context["rated"]

    names = [r.player.display_name for r, _ in first + second]
    full = [r.player.display_name for r in reader.get(url, {"order": "player"}).context["rows"]]
    assert names == full[:6]


@pytest.mark.parametrize("page", BAD_PAGES)
def test_a_bad_standings_page_number_shows_the_first_page(
    reader, season, eight_ranked, three_a_page, page
):
    response = reader.get(season_url(season), {"page": page})

    assert response.status_code == 200
    assert response.context["standings_pager"]["number"] == 1
    first = reader.get(season_url(season)).context["rated"]
    assert [r.player.pk for r, _ in response.context["rated"]] == [r.player.pk for r, _ in first]


@pytest.mark.parametrize("page", BAD_PAGES)
def test_a_bad_sessions_page_number_shows_the_first_page(reader, season, eight_ranked, page):
    response = reader.get(season_url(season), {"p": page})

    assert response.status_code == 200
    assert response.context["sessions_page"] == 1
    assert len(response.context["sessions"]) == 2


def test_the_csv_export_has_every_row_whatever_the_page(
    reader, season, players, eight_ranked, three_a_page
):
    response = reader.get(season_url(season), {"page": "2", "order": "player"})
    csv_url = response.context["csv_url"]
    assert "page=" not in csv_url and "order=player" in csv_url

    exported = reader.get(reverse("season-csv", args=[season.club.slug, season.pk]), {"page": 2})

    table = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert len(table) - 1 == len(players)


def test_the_club_leaderboard_pages_the_same_way(
    reader, season, players, eight_ranked, monkeypatch
):
    monkeypatch.setattr(views, "STANDINGS_PER_PAGE", 5)
    url = reverse("club", args=[season.club.slug])

    first, second = reader.get(url), reader.get(url, {"page": "2"})
    bad = reader.get(url, {"page": "x"})

    assert len(table_rows(first)) == 5 and len(table_rows(second)) == 3
    assert set(table_rows(first)).isdisjoint(table_rows(second))
    assert "page=2" in first.context["standings_pager"]["next_url"]
    assert bad.status_code == 200 and table_rows(bad) == table_rows(first)


def test_one_page_of_standings_has_no_pager(reader, season, eight_ranked):
    response = reader.get(season_url(season))

    assert len(table_rows(response)) == 8
    assert 'data-pager="standings"' not in response.content.decode()


# ---------------------------------------------------------------- player page


@pytest.fixture
def five_sessions(season, players, recorder):
    made = [make_session(season, players[:4], actor=recorder) for _ in range(5)]
    for s in made:
        play(s, recorder, rounds_cycle(1))
    return made


def test_the_player_page_shows_the_latest_sessions_and_pages_to_the_older_ones(
    reader, season, players, five_sessions, monkeypatch
):
    monkeypatch.setattr(views, "PLAYER_SESSIONS_PER_PAGE", 2)
    url = reverse("player", args=[season.club.slug, players[0].pk])

    pages = [reader.get(url, {"page": n}) for n in (1, 2, 3)]

    shown = [[ps.session.pk for ps, _paper in r.context["sessions"]] for r in pages]
    assert [len(ids) for ids in shown] == [2, 2, 1]
    newest_first = sorted((s.pk for s in five_sessions), reverse=True)
    assert [pk for ids in shown for pk in ids] == newest_first
    assert "page=2" in pages[0].context["sessions_pager"]["next_url"]
    assert pages[2].context["sessions_pager"]["next_url"] == ""
    assert 'data-pager="sessions"' in pages[0].content.decode()


def test_the_player_chart_and_totals_cover_every_session_not_just_the_page(
    reader, season, players, five_sessions, monkeypatch
):
    monkeypatch.setattr(views, "PLAYER_SESSIONS_PER_PAGE", 2)

    response = reader.get(reverse("player", args=[season.club.slug, players[0].pk]))

    assert len(response.context["chart"]["values"]) == 1 + len(five_sessions)
    assert response.context["stats"].sessions == len(five_sessions)


@pytest.mark.parametrize("page", BAD_PAGES)
def test_a_bad_player_page_number_shows_the_latest_sessions(
    reader, season, players, five_sessions, monkeypatch, page
):
    monkeypatch.setattr(views, "PLAYER_SESSIONS_PER_PAGE", 2)
    url = reverse("player", args=[season.club.slug, players[0].pk])

    response = reader.get(url, {"page": page})

    assert response.status_code == 200
    newest = sorted((s.pk for s in five_sessions), reverse=True)[:2]
    assert [ps.session.pk for ps, _paper in response.context["sessions"]] == newest


def test_each_standings_row_links_to_its_players_page(reader, season, players, eight_ranked):
    page = reader.get(season_url(season)).content.decode()

    links = set(re.findall(r'<td class="l"><a href="([^"]+)">', page))
    assert links == {reverse("player", args=[season.club.slug, p.pk]) for p in players}


def test_a_long_history_charts_its_latest_points_with_totals_from_the_first_session(
    reader, season, players, five_sessions, monkeypatch
):
    monkeypatch.setattr(views, "CHART_POINTS", 3)
    url = reverse("player", args=[season.club.slug, players[0].pk])
    everything = selectors.player_chip_history(player=players[0])

    response = reader.get(url)

    chart = response.context["chart"]
    assert chart["latest"] == 3
    assert chart["values"] == [p.cumulative for p in everything[-3:]]
    assert len(chart["labels"]) == len(chart["values"]) == 3
    assert "只画最近 3 场" in response.content.decode()


def test_a_short_history_charts_every_session_from_zero(reader, season, players, five_sessions):
    chart = reader.get(reverse("player", args=[season.club.slug, players[0].pk])).context["chart"]

    assert chart["latest"] is None
    assert chart["values"][0] == 0 and len(chart["values"]) == 1 + len(five_sessions)


def page_chart_and_whole_chart(reader, club, player, drawn, monkeypatch):
    """The player page's chart with ``CHART_POINTS`` = ``drawn`` (its reads cut short),
    and the chart drawn from the player's whole history."""
    monkeypatch.setattr(views, "CHART_POINTS", drawn)
    whole = views.player_chart(
        selectors.player_chip_history(player=player), selectors.rating_history(player=player)
    )
    chart = reader.get(reverse("player", args=[club.slug, player.pk])).context["chart"]
    return chart, whole


@pytest.mark.parametrize("drawn", [1, 2, 3, 5, 8])
def test_a_cut_chart_draws_what_the_whole_history_would_draw(
    reader, season, players, recorder, monkeypatch, drawn
):
    """The page reads only each series' latest points; the chart is the one drawn from
    every session: recorded sessions (chips, no rating) between paper ones (both)."""
    from django.utils import timezone

    from scoring.services import paper_session_record

    start = timezone.now() - datetime.timedelta(days=30)
    for day in range(6):
        at = start + datetime.timedelta(days=day)
        if day % 3 == 1:
            play(make_session(season, players[:4], actor=recorder, started_at=at), recorder, [])
            play(
                make_session(season, players[:4], actor=recorder, started_at=at),
                recorder,
                rounds_cycle(1 + day % 2),
            )
        else:
            nets = [10 * (day + 1), -5, -5, -10 * (day + 1) + 10]
            paper_session_record(
                season=season, players=players[:4], nets=nets, actor=recorder, started_at=at
            )
    chart, whole = page_chart_and_whole_chart(reader, season.club, players[0], drawn, monkeypatch)

    assert chart == whole
    assert len(chart["values"]) == (drawn if drawn < 6 else 1 + 6)  # 6 sessions, from 0


def test_the_latest_chip_points_carry_the_cumulative_of_every_earlier_session(
    season, players, recorder
):
    from scoring.services import paper_session_record

    for nets in ([30, -10, -5, -15], [-8, 8, 0, 0], [1, 2, -3, 0]):
        paper_session_record(season=season, players=players[:4], nets=nets, actor=recorder)
    every = selectors.player_chip_history(player=players[0])

    for latest in (1, 2, 3, 4):
        assert selectors.player_chip_history(player=players[0], latest=latest) == every[-latest:]
        in_season = selectors.player_chip_history(player=players[0], season=season, latest=latest)
        assert in_season == every[-latest:]
        ratings = selectors.rating_history(player=players[0], latest=latest)
        assert ratings == selectors.rating_history(player=players[0])[-latest:]
    assert [p.cumulative for p in every] == [30, 22, 23]


@pytest.mark.parametrize("drawn", [1, 2, 3, 4, 6])
def test_a_cut_chart_draws_the_whole_historys_values_when_sessions_share_a_start(
    reader, season, players, recorder, monkeypatch, drawn
):
    """Three rated paper sessions on each of three days (dated by the day), then four
    unrated sessions started at one time: the chart's reads count start times, not rows."""
    from django.utils import timezone

    from scoring.services import paper_session_record

    start = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
    start -= datetime.timedelta(days=30)
    for day in range(3):
        for k in range(3):
            paper_session_record(
                season=season,
                players=players[:4],
                nets=[k + day + 1, -(k + day + 1), 0, 0],
                actor=recorder,
                started_at=start + datetime.timedelta(days=day),
            )
    later = start + datetime.timedelta(days=5)
    for _ in range(4):
        session = make_session(season, players[:4], actor=recorder, started_at=later)
        play(session, recorder, rounds_cycle(1))
    chart, whole = page_chart_and_whole_chart(reader, season.club, players[0], drawn, monkeypatch)

    assert chart == whole
    assert len(chart["values"]) == (drawn if drawn < 4 else 1 + 4)  # 4 start times, from 0
    every = selectors.player_chip_history(player=players[0])
    times = sorted({p.at for p in every})
    for latest in (1, 2, 3, 5):
        kept = [p for p in every if p.at in times[-latest:]]
        assert selectors.player_chip_history(player=players[0], latest=latest) == kept
