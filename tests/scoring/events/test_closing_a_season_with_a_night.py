"""Closing a season waits for a second tap while a league night is drawn and not ended:
its tables could not record afterwards (leagues.views.season_close)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_closing_a_season_with_a_night_drawn_and_not_ended_warns_and_names_it(
    org, club, season, drawn
):
    url = reverse("season-close", args=[club.slug, season.pk])

    page = org.post(url, follow=True).content.decode()

    season.refresh_from_db()
    assert not season.is_closed
    assert "比赛之夜还没有结束：周五之夜" in page and "仍然结束赛季" in page
    org.post(url, {"despite_open": "1"})
    season.refresh_from_db()
    assert season.is_closed


def test_a_night_not_drawn_yet_does_not_hold_up_closing_the_season(org, club, season, event):
    org.post(reverse("season-close", args=[club.slug, season.pk]))

    season.refresh_from_db()
    assert season.is_closed
