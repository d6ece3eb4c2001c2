"""The standings sort by 等级分 too: on the season and club pages and in their exports,
highest first, a second click lowest first, players without a rating last either way."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from scoring import services
from scoring.standings.models import PlayerRating
from scoring.standings.rebuild import ratings_rebuild_club
from scoring.standings.selectors import rated_rows
from tests.factories import make_session

pytestmark = pytest.mark.django_db


def discard_win(winner, discarder):
    return {
        "dealer": 0,
        "result": {
            "kind": "discard",
            "winners": [{"seat": winner, "hands": ["pinghu"]}],
            "discarder": discarder,
            "birds": [3, 4],
        },
    }


@pytest.fixture
def rated_season(season, session, players, recorder):
    """张三..赵六 played a finished session (rated); 钱七 plays an open one (unrated)."""
    for winner, discarder in ((0, 1), (0, 2), (3, 1)):
        services.round_record(session=session, data=discard_win(winner, discarder), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    open_table = make_session(season, [players[4], *players[1:4]], actor=recorder)
    services.round_record(session=open_table, data=discard_win(0, 1), actor=recorder)
    ratings_rebuild_club(club=season.club)
    return season


def ordinals(season):
    return dict(
        PlayerRating.objects.filter(season=season).values_list("player__display_name", "ordinal")
    )


def names(rated):
    return [row.player.display_name for row, _rating in rated]


def test_the_season_page_sorts_by_rating_highest_first_and_unrated_last(reader, rated_season):
    url = reverse("season", args=[rated_season.club.slug, rated_season.pk])
    by_rating = ordinals(rated_season)
    assert len(by_rating) == 4  # the finished table's four; 钱七 has none
    # ties (李四 and 王五 here) keep the standings' own order
    official = [n for n in names(reader.get(url).context["rated"]) if n in by_rating]

    highest = reader.get(url, {"order": "rating"}).context["rated"]
    lowest = reader.get(url, {"order": "-rating"}).context["rated"]

    assert names(highest)[:4] == sorted(official, key=lambda n: -by_rating[n])
    assert names(lowest)[:4] == sorted(official, key=lambda n: by_rating[n])
    assert names(highest)[4] == names(lowest)[4] == "钱七"
    assert [r for _row, r in highest][:4] == sorted(by_rating.values(), reverse=True)


def test_the_rating_header_links_to_its_sort_and_then_to_the_reverse(reader, rated_season):
    url = reverse("season", args=[rated_season.club.slug, rated_season.pk])

    plain = reader.get(url).content.decode()
    sorted_page = reader.get(url, {"order": "rating"})

    assert 'href="?order=rating"' in plain
    assert sorted_page.context["rating_column"] == {"url": "?order=-rating", "sorted": True}
    assert not any(c["sorted"] for c in sorted_page.context["columns"])


def test_the_club_board_sorts_by_the_club_wide_rating(reader, rated_season):
    club = rated_season.club
    club_wide = dict(
        PlayerRating.objects.filter(club=club, season=None).values_list(
            "player__display_name", "ordinal"
        )
    )

    url = reverse("club", args=[club.slug])
    official = [n for n in names(reader.get(url).context["rated"]) if n in club_wide]

    rated = reader.get(url, {"order": "rating"}).context["rated"]

    assert names(rated)[:4] == sorted(official, key=lambda n: -club_wide[n])
    assert names(rated)[4] == "钱七"


def test_the_csv_export_keeps_the_rating_order(reader, rated_season):
    by_rating = ordinals(rated_season)
    season_url = reverse("season", args=[rated_season.club.slug, rated_season.pk])
    official = [n for n in names(reader.get(season_url).context["rated"]) if n in by_rating]
    response = reader.get(
        reverse("season-csv", args=[rated_season.club.slug, rated_season.pk]),
        {"order": "-rating"},
    )

    table = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert table[0][-1] == "等级分"
    assert [row[1] for row in table[1:]] == [
        *sorted(official, key=lambda n: by_rating[n]),
        "钱七",
    ]
    assert table[-1][-1] == ""  # no rating yet


def test_rating_ties_keep_the_standings_order(players):
    rows = [type("Row", (), {"player": p})() for p in players[:3]]
    ratings = {players[0].pk: 1.0, players[1].pk: 2.0, players[2].pk: 1.0}

    assert names(rated_rows(rows=rows, ratings=ratings, order="rating")) == ["李四", "张三", "王五"]
    assert names(rated_rows(rows=rows, ratings=ratings, order="-rating")) == [
        "张三",
        "王五",
        "李四",
    ]
    assert names(rated_rows(rows=rows, ratings=ratings, order="net")) == ["张三", "李四", "王五"]
