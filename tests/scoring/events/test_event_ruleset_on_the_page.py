"""A league night plays its season's ruleset (its tables are sessions of the season,
scored under the season's ruleset): the page shows that ruleset without a choice, and
another one, sent through the API or the service, is refused naming ``ruleset`` with
nothing stored."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues import services as league_services
from scoring.events import services
from scoring.events.models import Event
from tests.api_helpers import club_url, codes

pytestmark = pytest.mark.django_db


@pytest.fixture
def other(season, organiser):
    return league_services.ruleset_create(
        club=season.club,
        name="逃跑罚十",
        config={"preset": "changsha-67", "escape_penalty": 10},
        actor=organiser,
    )


def create(client, season, **extra):
    return client.post(
        reverse("event-list", args=[season.club.slug, season.pk]),
        {"name": "周五之夜", "date": "2025-03-07", **extra},
        follow=True,
    )


def test_the_form_shows_the_seasons_ruleset_and_offers_no_other(client, organiser, season, other):
    client.force_login(organiser)

    page = client.get(reverse("event-list", args=[season.club.slug, season.pk])).content.decode()

    assert season.ruleset.name in page
    assert 'name="ruleset"' not in page
    assert other.name not in page


def test_a_night_created_on_the_page_plays_the_seasons_ruleset(client, organiser, season, other):
    client.force_login(organiser)

    create(client, season, ruleset=other.pk)

    assert Event.objects.get().ruleset == season.ruleset


def test_the_service_refuses_another_ruleset_of_the_club_and_stores_nothing(
    season, organiser, other
):
    with pytest.raises(ServiceErrors) as refused:
        services.event_create(
            season=season,
            name="周五之夜",
            date=datetime.date(2025, 3, 7),
            ruleset=other,
            actor=organiser,
        )

    assert [(e.field, e.code) for e in refused.value.errors] == [("ruleset", "ruleset_not_season")]
    assert season.ruleset.name in refused.value.errors[0].message
    assert not Event.objects.exists()


def test_the_api_refuses_another_ruleset_and_takes_the_seasons(api_as, club, season, other):
    events = club_url(club, "events/")
    body = {"season": season.pk, "name": "周五之夜", "date": "2025-03-07"}

    refused = api_as("organiser").post(events, {**body, "ruleset": other.pk}, format="json")
    assert refused.status_code == 400
    assert codes(refused) == [("ruleset", "ruleset_not_season")]
    assert not Event.objects.exists()

    same = api_as("organiser").post(events, {**body, "ruleset": season.ruleset_id}, format="json")
    assert same.status_code == 201 and same.json()["ruleset"] == season.ruleset_id
