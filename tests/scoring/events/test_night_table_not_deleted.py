"""A league night's table session cannot be deleted (the night's table holds it): the
service and the API refuse it naming the night, nothing is deleted, and the session page
offers no 删除本场 for it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from csmj_site.errors import ServiceErrors
from leagues.audit import AuditEntry
from scoring import services as scoring_services
from scoring.events import services
from scoring.events.models import Table
from scoring.models import Session
from tests.api_helpers import club_url, codes
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_session(event, roster, organiser, recorder):
    enter(event, roster[:4], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=1)
    return services.table_start(table=rnd.tables.get(), actor=recorder)


def test_the_service_refuses_to_delete_a_nights_table_and_deletes_nothing(
    table_session, organiser, event
):
    with pytest.raises(ServiceErrors) as refused:
        scoring_services.session_delete(session=table_session, actor=organiser)

    assert [(e.field, e.code) for e in refused.value.errors] == [("session", "session_in_night")]
    assert event.name in refused.value.errors[0].message
    assert Session.objects.filter(pk=table_session.pk).exists()
    assert Table.objects.get().session_id == table_session.pk
    assert not AuditEntry.objects.filter(action="session.delete").exists()


def test_the_api_refuses_to_delete_a_nights_table(api_as, club, table_session):
    refused = api_as("organiser").delete(club_url(club, f"sessions/{table_session.pk}/"))

    assert refused.status_code == 400
    assert codes(refused) == [("session", "session_in_night")]
    assert Session.objects.filter(pk=table_session.pk).exists()


def test_the_session_page_offers_no_delete_for_a_nights_table(client, organiser, table_session):
    client.force_login(organiser)

    response = client.get(
        reverse("session", args=[table_session.season.club.slug, table_session.pk])
    )

    assert response.status_code == 200
    assert 'data-role="delete-session"' not in response.content.decode()
