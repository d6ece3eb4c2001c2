"""The timer button says its round, and a running countdown is put back only when the
organiser confirms (issue 28, item 4)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from csmj_site.errors import ServiceErrors
from scoring.events import services
from scoring.events.models import SeatingRound
from tests.api_helpers import club_url, codes
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(season, roster, organiser):
    """A night with a 30-minute timer, round 1 drawn and its table started (so its
    countdown runs)."""
    event = services.event_create(
        season=season, name="夜", date=season.start_date, timer_minutes=30, actor=organiser
    )
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    services.table_start(table=rnd.tables.get(), actor=organiser)
    return event


def ends(event, number=1):
    return SeatingRound.objects.get(event=event, number=number).timer_ends_at


def test_a_running_countdown_is_restarted_only_when_confirmed(timed, organiser):
    rnd = SeatingRound.objects.get(event=timed, number=1)
    before = ends(timed)
    with pytest.raises(ServiceErrors) as excinfo:
        services.timer_start(round=rnd, actor=organiser)
    assert [(e.field, e.code) for e in excinfo.value.errors] == [("restart", "timer_running")]
    assert ends(timed) == before

    services.timer_start(round=rnd, actor=organiser, minutes=20, restart=True)
    assert ends(timed) < before


def test_a_countdown_that_ran_out_starts_again_without_asking(timed, organiser):
    SeatingRound.objects.filter(event=timed).update(
        timer_ends_at=timezone.now() - datetime.timedelta(minutes=1)
    )
    services.timer_start(round=SeatingRound.objects.get(event=timed), actor=organiser)
    assert ends(timed) > timezone.now()


def test_the_timer_button_names_its_round_and_asks_before_a_restart(client, club, timed, organiser):
    client.force_login(organiser)
    url = reverse("event", args=[club.slug, timed.pk])
    page = client.get(url).content.decode()
    button = re.search(r'<button[^>]*data-role="timer-start"[^>]*>([^<]*)</button>', page)
    assert button and button.group(1) == "重新开始第 1 轮计时（30 分钟）"
    assert 'data-confirm="第 1 轮的计时还在走。重新从 30 分钟开始？"' in button.group(0)
    assert 'name="restart" value="1"' in page

    # a post without the confirmation (a stale page, a double tap) changes nothing
    before = ends(timed)
    refused = client.post(
        reverse("event-timer", args=[club.slug, timed.pk]), {"round": "1"}, follow=True
    )
    assert "第 1 轮的计时还在走" in refused.content.decode()
    assert ends(timed) == before

    SeatingRound.objects.filter(event=timed).update(timer_ends_at=None, timer_started_at=None)
    page = client.get(url).content.decode()
    button = re.search(r'<button[^>]*data-role="timer-start"[^>]*>([^<]*)</button>', page)
    assert button and button.group(1) == "开始第 1 轮计时（30 分钟）"
    assert "data-confirm" not in button.group(0)


def test_the_api_asks_for_restart_true_to_put_back_a_running_countdown(api_as, club, timed):
    org = api_as("organiser")
    url = club_url(club, f"events/{timed.pk}/timer/")
    refused = org.post(url, {"round": 1}, format="json")
    assert refused.status_code == 400 and codes(refused) == [("restart", "timer_running")]
    assert org.post(url, {"round": 1, "restart": True}, format="json").status_code == 200
