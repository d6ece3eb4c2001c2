"""The demo: the demo member is linked in two clubs, so 我的 shows both at once."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from leagues.models import Player
from scoring.me import selectors

pytestmark = pytest.mark.django_db


def test_the_demo_member_sees_two_clubs_on_me(client):
    call_command("load_demo", verbosity=0)
    call_command("load_demo", verbosity=0)  # a second run adds nothing
    from django.contrib.auth import get_user_model

    member = get_user_model().objects.get(username="member")
    assert Player.objects.filter(user=member).count() == 2
    report = selectors.me_report(user=member, filters=selectors.MeFilters())
    assert len(report.clubs) == 2 and all(c.totals.rounds > 0 for c in report.clubs)
    client.force_login(member)
    body = client.get(reverse("me")).content.decode()
    assert 'data-club="changsha-demo"' in body and 'data-club="yuelu-demo"' in body
