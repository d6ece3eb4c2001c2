"""A drawn round whose tables have not started can be cancelled (audited), and finishing
the night cancels the tables that never started, saying so (issue 28, item 1)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues.models import AuditEntry
from scoring import services as scoring_services
from scoring.events import services
from scoring.events.models import SeatingRound, Table
from tests.api_helpers import club_url, codes
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def play(rnd, actor):
    for table in rnd.tables.order_by("number"):
        session = services.table_start(table=table, actor=actor)
        scoring_services.round_record(session=session, data=round_self_draw(0), actor=actor)
        scoring_services.session_finish(session=session, actor=actor)


@pytest.fixture
def night(event, roster, organiser):
    """Round 1 played and finished at two tables, round 2 drawn and not started."""
    enter(event, roster[:8], organiser)
    play(services.round_draw(event=event, actor=organiser, seed=1), organiser)
    services.round_draw(event=event, actor=organiser, seed=2)
    return event


def test_a_drawn_round_that_has_not_started_can_be_cancelled_and_the_log_keeps_it(night, organiser):
    services.round_cancel(event=night, number=2, actor=organiser)

    assert list(SeatingRound.objects.filter(event=night).values_list("number", flat=True)) == [1]
    entry = AuditEntry.objects.get(action="seating.cancel")
    assert entry.before["number"] == 2 and len(entry.before["tables"]) == 2
    # the next draw is round 2 again
    assert services.round_draw(event=night, actor=organiser, seed=3).number == 2


def test_a_round_with_a_started_table_or_an_earlier_round_is_not_cancelled(night, organiser):
    with pytest.raises(ServiceErrors) as excinfo:
        services.round_cancel(event=night, number=1, actor=organiser)
    assert [(e.field, e.code) for e in excinfo.value.errors] == [("round", "round_not_latest")]
    services.table_start(table=Table.objects.get(round__number=2, number=1), actor=organiser)
    with pytest.raises(ServiceErrors) as excinfo:
        services.round_cancel(event=night, number=2, actor=organiser)
    assert [(e.field, e.code) for e in excinfo.value.errors] == [("round", "round_started")]
    with pytest.raises(ServiceErrors) as excinfo:
        services.round_cancel(event=night, number=9, actor=organiser)
    assert [e.code for e in excinfo.value.errors] == ["round_unknown"]
    assert SeatingRound.objects.filter(event=night).count() == 2


def test_finishing_cancels_a_drawn_round_that_never_started_and_says_so(night, organiser):
    done = services.event_finish(event=night, actor=organiser)

    assert done.event.is_finished
    assert (done.cancelled_tables, done.cancelled_rounds) == (2, [2])
    assert list(SeatingRound.objects.filter(event=night).values_list("number", flat=True)) == [1]
    entry = AuditEntry.objects.get(action="event.finish")
    assert entry.after["cancelled"] == [{"round": 2, "table": 1}, {"round": 2, "table": 2}]


def test_finishing_cancels_the_unstarted_tables_of_a_round_that_started(night, organiser):
    table = Table.objects.get(round__number=2, number=1)
    session = services.table_start(table=table, actor=organiser)
    scoring_services.session_finish(session=session, actor=organiser)

    done = services.event_finish(event=night, actor=organiser)

    assert (done.cancelled_tables, done.cancelled_rounds) == (1, [])
    assert list(Table.objects.filter(round__number=2).values_list("number", flat=True)) == [1]


def test_finishing_is_still_refused_while_a_started_table_plays(night, organiser):
    services.table_start(table=Table.objects.get(round__number=2, number=1), actor=organiser)

    with pytest.raises(ServiceErrors) as excinfo:
        services.event_finish(event=night, actor=organiser)

    assert [(e.code, e.params["count"]) for e in excinfo.value.errors] == [("event_unfinished", 1)]
    assert Table.objects.filter(round__number=2).count() == 2


def test_the_event_page_cancels_a_round_and_finishing_says_what_it_cancelled(
    client, club, night, organiser
):
    client.force_login(organiser)
    page = client.get(reverse("event", args=[club.slug, night.pk])).content.decode()
    assert 'data-role="round-cancel"' in page and "取消第 2 轮排座" in page

    answer = client.post(
        reverse("event-round-cancel", args=[club.slug, night.pk]), {"round": "2"}, follow=True
    )
    assert "已取消第 2 轮的排座" in answer.content.decode()
    assert not SeatingRound.objects.filter(event=night, number=2).exists()

    services.round_draw(event=night, actor=organiser, seed=4)
    answer = client.post(reverse("event-finish", args=[club.slug, night.pk]), follow=True)
    assert "比赛之夜已结束；2 桌没有开始，已取消。" in answer.content.decode()


def test_the_api_cancels_the_latest_round_and_refuses_an_earlier_one(api_as, club, night):
    org = api_as("organiser")
    url = club_url(club, f"events/{night.pk}/")
    refused = org.post(f"{url}cancel-round/", {"round": 1}, format="json")
    assert refused.status_code == 400 and codes(refused) == [("round", "round_not_latest")]

    answer = org.post(f"{url}cancel-round/", {"round": 2}, format="json")
    assert answer.status_code == 200, answer.json()
    assert [r["number"] for r in answer.json()["rounds"]] == [1]
    assert AuditEntry.objects.filter(action="seating.cancel").count() == 1


def test_a_nights_table_started_by_mistake_can_be_finished_empty_so_the_night_can_finish(
    client, club, night, organiser
):
    table = Table.objects.get(round__number=2, number=1)
    session = services.table_start(table=table, actor=organiser)
    client.force_login(organiser)
    page = client.get(reverse("session", args=[club.slug, session.pk])).content.decode()
    assert 'data-role="finish"' in page

    client.post(reverse("session-finish", args=[club.slug, session.pk]))
    done = services.event_finish(event=night, actor=organiser)
    assert done.event.is_finished and done.cancelled_tables == 1
