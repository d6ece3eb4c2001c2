"""The night's card (card.png) is bounded in size whatever the number of entrants (the
first CARD_ROWS by rank, then one line for the rest) and is drawn once per version of
the night: a group chat's taps on it, on the page or through the API, cost one drawing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.urls import reverse
from PIL import Image

from scoring.events import cards, services
from scoring.events.models import Entrant
from tests.api_helpers import club_url
from tests.factories import make_players

pytestmark = pytest.mark.django_db

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture
def crowd(event, club):
    """A night of sixty entrants (stored at once: the services would audit each)."""
    players = make_players(club, [f"选手{i:02d}" for i in range(60)])
    Entrant.objects.bulk_create(Entrant(event=event, player=p, checked_in=True) for p in players)
    return event


@pytest.fixture
def draws(monkeypatch):
    """How many times a night's card was drawn."""
    count = {"n": 0}
    real = cards.card_png

    def counted(card):
        count["n"] += 1
        return real(card)

    monkeypatch.setattr(cards, "card_png", counted)
    return count


def test_a_crowded_nights_card_draws_its_first_rows_and_says_how_many_more(crowd):
    card = cards.event_card(event=crowd)

    assert len(card.rows) == cards.CARD_ROWS
    assert card.more == f"还有 {60 - cards.CARD_ROWS} 人，见本夜排名页"


def test_a_crowded_nights_image_is_no_taller_than_its_rows_allow(client, organiser, crowd):
    client.force_login(organiser)

    response = client.get(reverse("event-card", args=[crowd.season.club.slug, crowd.pk]))

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "night-card-sixty-entrants.png").write_bytes(response.content)
    image = Image.open(io.BytesIO(response.content))
    assert image.width == 1080
    assert image.height <= 150 * cards.CARD_ROWS + 600


def test_a_small_nights_card_has_no_more_line(event, club, organiser):
    players = make_players(club, ["甲", "乙", "丙", "丁"])
    for p in players:
        services.entrant_add(event=event, player=p, actor=organiser)

    assert cards.event_card(event=event).more == ""


def test_the_nights_card_is_drawn_once_per_version(
    client, api_as, organiser, crowd, draws, settings
):
    settings.FOLLOW_VERSION_SECONDS = 0
    client.force_login(organiser)
    page = reverse("event-card", args=[crowd.season.club.slug, crowd.pk])
    api = club_url(crowd.season.club, f"events/{crowd.pk}/card.png")

    first = client.get(page).content
    assert client.get(page).content == first
    assert draws["n"] == 1
    english = api_as("organiser").get(api).content  # the API's words are English
    assert api_as("organiser").get(api).content == english != first
    assert draws["n"] == 2

    entrant = Entrant.objects.filter(event=crowd).first()
    services.penalty_give(
        season=crowd.season, event=crowd, player=entrant.player, amount=-5, reason="迟到",
        actor=organiser,
    )  # fmt: skip
    client.get(page)

    assert draws["n"] == 3
