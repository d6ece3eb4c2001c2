"""/api/v1/clubs/{slug}/seasons/: seasons, closing them, and their standings."""

import datetime

import pytest

from leagues.models import Season
from scoring.services import round_record
from scoring.standings.selectors import season_standings
from tests.api_helpers import club_url, codes
from tests.factories import make_ruleset, make_season, make_session, round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def test_an_organiser_creates_a_season_with_a_club_ruleset(api_as, club, ruleset):
    response = api_as("organiser").post(
        club_url(club, "seasons/"),
        {"name": "2026 春", "start_date": "2026-03-01", "ruleset": ruleset.pk},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["club"], body["is_closed"], body["sessions_count"]) == (club.slug, False, 0)
    assert Season.objects.get(pk=body["id"]).ruleset == ruleset


def test_a_ruleset_of_another_club_does_not_exist_here(api_as, club, other_club):
    foreign = make_ruleset(other_club)
    response = api_as("organiser").post(
        club_url(club, "seasons/"),
        {"name": "x", "start_date": "2026-03-01", "ruleset": foreign.pk},
        format="json",
    )
    assert response.status_code == 400
    assert codes(response) == [("ruleset", "does_not_exist")]


def test_an_end_before_the_start_is_refused(api_as, club, ruleset):
    response = api_as("organiser").post(
        club_url(club, "seasons/"),
        {"name": "x", "start_date": "2026-03-01", "end_date": "2026-02-01", "ruleset": ruleset.pk},
        format="json",
    )
    assert response.status_code == 400
    assert not Season.objects.filter(name="x").exists()


def test_closing_and_reopening_a_season_goes_through_is_closed(api_as, club, season):
    client = api_as("organiser")
    url = club_url(club, f"seasons/{season.pk}/")
    assert client.patch(url, {"is_closed": True}, format="json").json()["is_closed"] is True
    season.refresh_from_db()
    assert season.is_closed
    assert client.patch(url, {"is_closed": False}, format="json").status_code == 200
    season.refresh_from_db()
    assert not season.is_closed


def test_an_organiser_renames_a_season(api_as, club, season):
    response = api_as("organiser").patch(
        club_url(club, f"seasons/{season.pk}/"), {"name": "春季联赛"}, format="json"
    )
    assert response.status_code == 200
    season.refresh_from_db()
    assert season.name == "春季联赛"


@pytest.mark.parametrize(
    ("change", "field"),
    [({"start_date": "2025-03-08"}, "start_date"), ({"end_date": "2025-03-06"}, "end_date")],
)
def test_a_seasons_dates_cannot_leave_its_league_night_outside(
    api_as, club, season, organiser, change, field
):
    from scoring.events.services import event_create

    event_create(season=season, name="周五夜赛", date=datetime.date(2025, 3, 7), actor=organiser)

    response = api_as("organiser").patch(
        club_url(club, f"seasons/{season.pk}/"), change, format="json"
    )

    assert response.status_code == 400
    assert codes(response) == [(field, "season_dates_leave_night")]
    season.refresh_from_db()
    assert (season.start_date, season.end_date) == (datetime.date(2025, 1, 1), None)


def test_a_seasons_dates_that_still_hold_its_nights_are_taken(api_as, club, season, organiser):
    from scoring.events.services import event_create

    event_create(season=season, name="周五夜赛", date=datetime.date(2025, 3, 7), actor=organiser)
    change = {"start_date": "2025-03-07", "end_date": "2025-03-07"}

    response = api_as("organiser").patch(
        club_url(club, f"seasons/{season.pk}/"), change, format="json"
    )

    assert response.status_code == 200, response.content


@pytest.mark.parametrize(
    ("role", "status"), [("recorder", 403), ("member", 403), ("outsider", 404), ("anonymous", 401)]
)
def test_only_organisers_write_seasons(api_as, club, season, ruleset, role, status):
    client = api_as(role)
    created = client.post(
        club_url(club, "seasons/"),
        {"name": "x", "start_date": "2026-01-01", "ruleset": ruleset.pk},
        format="json",
    )
    closed = client.patch(
        club_url(club, f"seasons/{season.pk}/"), {"is_closed": True}, format="json"
    )
    assert (created.status_code, closed.status_code) == (status, status)
    season.refresh_from_db()
    assert not season.is_closed and Season.objects.filter(club=club).count() == 1


def test_seasons_filter_by_start_date_range_and_closed_flag(api_as, club, season, ruleset):
    make_season(club, ruleset, name="旧", start_date=datetime.date(2024, 1, 1), is_closed=True)
    client = api_as("member")

    def names(query):
        return sorted(
            s["name"] for s in client.get(club_url(club, f"seasons/{query}")).json()["results"]
        )

    assert names("?date_from=2025-01-01") == ["2025 春季赛"]
    assert names("?date_to=2024-12-31") == ["旧"]
    assert names("?is_closed=true") == ["旧"]
    bad = client.get(club_url(club, "seasons/?date_from=yesterday"))
    assert bad.status_code == 400 and codes(bad) == [("date_from", "invalid")]


def test_standings_have_the_same_numbers_as_the_season_page(
    api_as, club, season, session, recorder
):
    round_record(
        session=session, data=round_self_draw(1, ["qingyise"], birds=[2, 3]), actor=recorder
    )
    round_record(
        session=session, data=round_discard({0: ["pinghu"]}, 3, birds=[1, 4]), actor=recorder
    )

    body = api_as("member").get(club_url(club, f"seasons/{season.pk}/standings/")).json()

    expected = season_standings(season=season)
    fields = ["rank", "net", "sessions", "rounds", "wins", "self_draws", "deal_ins", "big_hands"]
    assert [[r[f] for f in fields] + [r["player"]["id"]] for r in body["results"]] == [
        [getattr(r, f) for f in fields] + [r.player.pk] for r in expected
    ]
    assert [r["win_rate"] for r in body["results"]] == [r.win_rate for r in expected]
    assert [r["avg_per_round"] for r in body["results"]] == [r.avg_per_round for r in expected]


def test_standings_take_a_date_range(api_as, club, season, players, recorder):
    march = make_session(
        season,
        players[4:],
        actor=recorder,
        started_at=datetime.datetime(2025, 3, 5, 20, tzinfo=datetime.UTC),
    )
    round_record(session=march, data=round_self_draw(0), actor=recorder)
    url = club_url(club, f"seasons/{season.pk}/standings/")
    client = api_as("member")

    assert client.get(f"{url}?date_from=2025-03-01&date_to=2025-03-31").json()["count"] == 4
    assert client.get(f"{url}?date_to=2025-02-28").json()["count"] == 0


def test_standings_of_a_private_club_are_hidden_from_outsiders(api_as, api_client, club, season):
    url = club_url(club, f"seasons/{season.pk}/standings/")
    assert api_as("outsider").get(url).status_code == 404
    assert api_client.get(url).status_code == 404


def test_standings_equal_the_season_pages_csv_export(
    client, api_as, club, season, session, member, recorder
):
    import csv
    import io

    from django.urls import reverse

    round_record(session=session, data=round_self_draw(2, birds=[2, 3]), actor=recorder)
    round_record(
        session=session, data=round_discard({0: ["pinghu"]}, 1, birds=[5, 9]), actor=recorder
    )
    client.force_login(member)
    page = client.get(reverse("season-csv", args=[club.slug, season.pk]))
    assert page.status_code == 200
    rows = list(csv.DictReader(io.StringIO(page.content.decode("utf-8-sig"))))

    api = api_as("member").get(club_url(club, f"seasons/{season.pk}/standings/")).json()["results"]

    assert [
        # the page's download speaks the page's language (Chinese here)
        (int(r["#"]), r["选手"], int(r["总分"]), int(r["盘数"]), int(r["胡牌"]))
        for r in rows
    ] == [(r["rank"], r["player"]["display_name"], r["net"], r["rounds"], r["wins"]) for r in api]
