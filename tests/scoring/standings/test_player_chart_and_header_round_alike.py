"""The player page's rating reads the same in its header and in its chart's data: both
round through ``scoring.standings.rounding``, halves away from zero."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scoring import services
from scoring.standings.models import PlayerRating, RatingEvent
from tests.factories import round_discard

pytestmark = pytest.mark.django_db

# 2.25 is exact in binary: half to even (round) reads 2.2, half away from zero 2.3.
AT_THE_HALF = 2.25


def test_a_rating_at_a_half_reads_the_same_in_the_header_and_the_chart(
    reader, season, session, players, recorder
):
    services.round_record(session=session, data=round_discard(1, 2), actor=recorder)
    services.session_finish(session=session, actor=recorder)
    player = session.seats.get(seat=1).player
    PlayerRating.objects.filter(player=player).update(ordinal=AT_THE_HALF)
    RatingEvent.objects.filter(player=player).update(ordinal=AT_THE_HALF)

    html = reader.get(reverse("player", args=[season.club.slug, player.pk])).content.decode()
    header = re.search(r'data-stat="rating">([^<]*)<', html).group(1)
    chart = json.loads(re.search(r'id="chips-data"[^>]*>(.*?)</script>', html, re.S).group(1))

    assert header == "2.3"
    assert chart["ratings"][-1] == float(header)
