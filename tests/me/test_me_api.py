"""GET /api/v1/me/stats/: the figures of 我的, for the caller only."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring.me import selectors
from scoring.standings import selectors as standings
from tests.me.history import two_club_history

pytestmark = pytest.mark.django_db
URL = "/api/v1/me/stats/"


@pytest.fixture
def history():
    return two_club_history(sessions_per_club=2, rounds=4)


@pytest.fixture
def caller(history):
    client = APIClient()
    client.force_authenticate(history.user)
    return client


def test_the_stats_are_the_sum_of_the_callers_player_pages(caller, history):
    body = caller.get(URL).json()
    pages = [standings.player_stats(player=p) for p in history.mine]
    for name in ("net", "sessions", "rounds", "wins", "self_draws", "deal_ins", "big_hands"):
        assert body["totals"][name] == sum(getattr(s, name) for s in pages), name
    assert sorted(c["club"] for c in body["clubs"]) == sorted(c.slug for c in history.clubs)
    assert {p["id"] for p in body["players"]} == {p.pk for p in history.mine}
    assert body["year"] is None and body["club"] is None


def test_the_filters_match_the_page(caller, history):
    club = history.clubs[0].slug
    year = selectors.me_report(user=history.user, filters=selectors.MeFilters()).years[0]
    body = caller.get(URL, {"club": club, "year": year}).json()
    report = selectors.me_report(
        user=history.user, filters=selectors.MeFilters(year=year, club=club)
    )
    assert body["totals"]["net"] == report.totals.net
    assert body["totals"]["rounds"] == report.totals.rounds
    assert [c["club"] for c in body["clubs"]] == [club]


def test_a_year_that_is_not_a_year_is_refused_naming_the_field(caller):
    answer = caller.get(URL, {"year": "soon"})
    assert answer.status_code == 400
    assert [e["field"] for e in answer.json()["errors"]] == ["year"]


def test_a_club_without_the_callers_player_is_refused_naming_the_field(caller, other_club):
    answer = caller.get(URL, {"club": other_club.slug})
    assert answer.status_code == 400
    assert [e["field"] for e in answer.json()["errors"]] == ["club"]


def test_an_anonymous_caller_is_refused(history):
    answer = APIClient().get(URL)
    assert answer.status_code in (401, 403)
    assert "errors" in answer.json()


def test_a_caller_with_no_linked_player_gets_zeros(member):
    client = APIClient()
    client.force_authenticate(member)
    body = client.get(URL).json()
    assert body["totals"]["rounds"] == 0 and body["clubs"] == [] and body["biggest_win"] is None
