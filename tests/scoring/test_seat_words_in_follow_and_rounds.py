"""The seat word is written once (``scoring.models.seat_label``): the follow page's seats
and the rounds download's net columns read it, in the page's language."""

from __future__ import annotations

import csv
import io

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring.models import seat_label

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_follow_page_names_each_seat_by_its_label(client, session, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("follow", args=[session.follow_token])).content.decode()

    with translation.override(language):
        labels = [seat_label(i) for i in range(4)]
    assert all(f'<span class="seatno">{label}' in page for label in labels)


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_rounds_download_names_each_seats_net_after_its_label(reader, season, language):
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("season-rounds-csv", args=[season.club.slug, season.pk])
    header = next(csv.reader(io.StringIO(reader.get(url).content.decode("utf-8-sig"))))

    with translation.override(language):
        labels = [seat_label(i) for i in range(4)]
    assert header[19:23] == [
        f"{label}得分" if language == "zh-hans" else f"{label} net" for label in labels
    ]
