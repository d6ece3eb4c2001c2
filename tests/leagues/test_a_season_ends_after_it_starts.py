"""A season ends on or after its start: the service refuses it on ``end_date`` (code
``date_range``), so the API's create and change name the field, as the page does, and
nothing is stored (the database's constraint used to answer for the API, field "")."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues import services
from leagues.models import Season
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


def test_the_service_refuses_an_end_before_the_start(club, ruleset, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        services.season_create(
            club=club, name="倒着", start_date=datetime.date(2026, 12, 1),
            end_date=datetime.date(2026, 11, 1), ruleset=ruleset, actor=organiser,
        )  # fmt: skip

    assert [(e.field, e.code) for e in excinfo.value.errors] == [("end_date", "date_range")]
    assert not Season.objects.filter(name="倒着").exists()


def test_the_api_names_end_date_when_a_new_season_would_end_before_it_starts(api_as, club, ruleset):
    response = api_as("organiser").post(
        club_url(club, "seasons/"),
        {
            "name": "倒着",
            "ruleset": ruleset.pk,
            "start_date": "2026-12-01",
            "end_date": "2026-11-01",
        },
        format="json",
    )

    assert response.status_code == 400
    assert codes(response) == [("end_date", "date_range")]
    assert "2026-12-01" in response.json()["errors"][0]["message"]
    assert not Season.objects.filter(name="倒着").exists()


def test_the_api_names_end_date_when_a_change_would_end_a_season_before_it_starts(
    api_as, club, season
):
    api = api_as("organiser")
    url = club_url(club, f"seasons/{season.pk}/")

    early_end = api.patch(url, {"end_date": "2000-01-01"}, format="json")
    both = api.patch(url, {"start_date": "2030-01-01", "end_date": "2030-06-30"}, format="json")
    late_start = api.patch(url, {"start_date": "2031-01-01"}, format="json")

    assert early_end.status_code == 400
    assert codes(early_end) == [("end_date", "date_range")]
    assert both.status_code == 200
    assert late_start.status_code == 400
    assert codes(late_start) == [("start_date", "date_range")]  # the date it moved
    season.refresh_from_db()
    assert (season.start_date, season.end_date) == (
        datetime.date(2030, 1, 1),
        datetime.date(2030, 6, 30),
    )


@pytest.mark.parametrize(
    ("start", "end", "refused"),
    [
        ("0001-01-01", None, ["start_date"]),
        ("2026-03-01", "9999-12-31", ["end_date"]),
        ("1969-12-31", "2201-01-01", ["start_date", "end_date"]),
    ],
)
def test_a_seasons_dates_fall_in_the_sites_years_through_the_api_and_the_page(
    api_as, client, club, ruleset, organiser, start, end, refused
):
    body = {"name": "打错年份", "ruleset": ruleset.pk, "start_date": start}
    if end is not None:
        body["end_date"] = end
    client.force_login(organiser)

    api = api_as("organiser").post(club_url(club, "seasons/"), body, format="json")
    page = client.post(reverse("season-new", args=[club.slug]), {"end_date": "", **body})

    assert api.status_code == 400
    assert codes(api) == [(field, "date_out_of_range") for field in refused]
    assert "1970" in api.json()["errors"][0]["message"]
    shown = {f: page.context["form"].errors.get(f) for f in refused}
    assert all(errors == ["日期应在 1970 年到 2200 年之间"] for errors in shown.values()), shown
    assert not Season.objects.filter(name="打错年份").exists()


def test_a_season_in_the_sites_years_is_taken(api_as, club, ruleset):
    body = {
        "name": "边界",
        "ruleset": ruleset.pk,
        "start_date": "1970-01-01",
        "end_date": "2200-12-31",
    }

    response = api_as("organiser").post(club_url(club, "seasons/"), body, format="json")

    assert response.status_code == 201, response.content


def test_the_new_season_form_starts_today_with_a_ruleset_chosen(client, club, ruleset, organiser):
    from django.utils import timezone

    client.force_login(organiser)

    page = client.get(reverse("season-new", args=[club.slug])).content.decode()

    assert "---------" not in page
    assert f'<option value="{ruleset.pk}" selected>' in page
    assert f'value="{timezone.localdate().isoformat()}"' in page


def test_the_new_season_form_chooses_the_rules_of_the_clubs_newest_season(
    client, club, ruleset, organiser
):
    from tests.factories import make_ruleset, make_season

    three = make_ruleset(club, {"preset": "changsha-67", "players": 3}, name="三人杠分")
    assert str(three.name) < str(ruleset.name)  # first by name, so not chosen for that
    make_season(club, ruleset, name="2026 秋季赛", start_date=datetime.date(2026, 9, 1))
    client.force_login(organiser)

    page = client.get(reverse("season-new", args=[club.slug])).content.decode()

    assert f'<option value="{ruleset.pk}" selected>' in page
    assert f'<option value="{three.pk}">' in page
