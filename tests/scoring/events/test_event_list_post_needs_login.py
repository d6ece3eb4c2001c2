"""Creating a night on a public club's nights page needs an organiser: a logged-out
post goes to the login page and a member's is refused (403), and neither stores a
night."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.events.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def url(club, season):
    club.is_public = True
    club.save(update_fields=["is_public"])
    return reverse("event-list", args=[club.slug, season.pk])


def test_a_logged_out_post_goes_to_the_login_page_and_creates_nothing(client, url):
    response = client.post(url, {"name": "周五之夜", "date": "2025-03-07"})

    assert response.status_code == 302
    assert response["Location"].startswith(reverse(settings.LOGIN_URL))
    assert not Event.objects.exists()


def test_a_members_post_is_refused_and_creates_nothing(client, member, url):
    client.force_login(member)

    response = client.post(url, {"name": "周五之夜", "date": "2025-03-07"})

    assert response.status_code == 403
    assert not Event.objects.exists()
