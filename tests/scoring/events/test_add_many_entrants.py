"""Adding entrants: the organiser ticks many names in the picker, then adds them in one
go, all or none (issue 28, item 2)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from scoring.events import services
from scoring.events.models import Entrant
from tests.factories import make_club, make_players
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def test_many_players_join_at_once_or_none_does(event, roster, organiser):
    services.entrants_add(event=event, players=roster[:5], actor=organiser)
    assert Entrant.objects.filter(event=event).count() == 5

    with pytest.raises(ServiceErrors) as excinfo:
        services.entrants_add(event=event, players=[roster[6], roster[0]], actor=organiser)
    assert [e.code for e in excinfo.value.errors] == ["entrant_twice"]
    assert not Entrant.objects.filter(event=event, player=roster[6]).exists()


def test_the_picker_is_one_form_of_ticks_and_one_post_adds_them_all(
    client, club, event, roster, organiser
):
    enter(event, roster[:1], organiser)
    client.force_login(organiser)
    url = reverse("event", args=[club.slug, event.pk])
    page = client.get(url).content.decode()
    assert page.count('data-role="add-players"') == 1
    assert page.count('type="checkbox" name="player"') == len(roster) - 1
    assert 'data-role="add-selected"' in page

    answer = client.post(
        reverse("event-entrant-add", args=[club.slug, event.pk]),
        {"player": [p.pk for p in roster[1:13]]},
        follow=True,
    )
    assert "已添加 12 名参赛者" in answer.content.decode()
    assert Entrant.objects.filter(event=event).count() == 13
    assert 'data-role="add-players"' not in answer.content.decode()  # nobody left to add


def test_a_player_of_another_club_in_the_ticks_adds_nobody(
    client, club, event, roster, organiser, owner
):
    other = make_players(make_club(name="别的", owner=owner), ["外人"])[0]
    client.force_login(organiser)
    answer = client.post(
        reverse("event-entrant-add", args=[club.slug, event.pk]),
        {"player": [roster[0].pk, other.pk]},
    )
    assert answer.status_code == 404
    assert not Entrant.objects.filter(event=event).exists()


def test_a_guest_is_still_added_by_name(client, club, event, organiser):
    client.force_login(organiser)
    client.post(reverse("event-entrant-add", args=[club.slug, event.pk]), {"guest_name": "路人"})
    assert Entrant.objects.get(event=event).player.is_guest
