"""Creating a night on the site, the organiser picks its ruleset among the club's (the
season's is chosen already); one of another club is refused, naming the field, and
nothing is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues import services as league_services
from scoring.events.models import Event

pytestmark = pytest.mark.django_db


def create(client, season, **extra):
    return client.post(
        reverse("event-list", args=[season.club.slug, season.pk]),
        {"name": "周五之夜", "date": "2025-03-07", **extra},
        follow=True,
    )


def test_the_form_offers_the_clubs_rulesets_with_the_seasons_chosen(client, organiser, season):
    client.force_login(organiser)

    page = client.get(reverse("event-list", args=[season.club.slug, season.pk])).content.decode()

    assert f'<option value="{season.ruleset_id}" selected>' in page


def test_a_night_takes_the_ruleset_the_organiser_picked(client, organiser, season):
    other = league_services.ruleset_create(
        club=season.club,
        name="逃跑罚十",
        config={"preset": "changsha-67", "escape_penalty": 10},
        actor=organiser,
    )
    client.force_login(organiser)

    create(client, season, ruleset=other.pk)

    assert Event.objects.get().ruleset == other


def test_a_ruleset_of_another_club_is_refused_and_nothing_stored(
    client, organiser, season, other_club
):
    foreign = other_club.rulesets.first() or league_services.ruleset_create(
        club=other_club, name="外人", config={"preset": "changsha-67"},
        actor=other_club.memberships.first().user,
    )  # fmt: skip
    client.force_login(organiser)

    page = create(client, season, ruleset=foreign.pk).content.decode()

    assert not Event.objects.exists()
    assert 'class="msg msg-error"' in page
