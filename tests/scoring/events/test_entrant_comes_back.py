"""A player who dropped out can come back (or a wrong tap on 退出 is undone): the next
draw seats them again; check-ins, drops and returns all read in the audit log."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from csmj_site.errors import ServiceErrors
from leagues.audit import AuditEntry
from leagues.audit_text import audit_lines
from scoring.events import services
from scoring.events.models import Entrant
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def seated(rnd) -> set[int]:
    return {p for t in rnd.tables.all() for p in t.seats}


def test_a_player_who_dropped_out_is_drawn_again_after_coming_back(event, roster, organiser):
    entrants = enter(event, roster[:8], organiser)
    first = services.round_draw(event=event, actor=organiser, seed=1)
    for table in first.tables.all():
        services.table_start(table=table, actor=organiser)
    services.entrant_drop(entrant=entrants[0], actor=organiser)

    services.entrant_return(entrant=Entrant.objects.get(pk=entrants[0].pk), actor=organiser)
    second = services.round_draw(event=event, actor=organiser, seed=1)

    assert roster[0].pk in seated(second)
    assert Entrant.objects.get(pk=entrants[0].pk).dropped_after_round is None


def test_bringing_back_a_player_who_never_dropped_is_refused_and_changes_nothing(
    event, roster, organiser
):
    entrants = enter(event, roster[:4], organiser)
    event.refresh_from_db()
    version = event.version

    with pytest.raises(ServiceErrors) as refused:
        services.entrant_return(entrant=entrants[1], actor=organiser)

    assert [(e.field, e.code) for e in refused.value.errors] == [("player", "entrant_not_dropped")]
    assert not AuditEntry.objects.filter(action="entrant.return").exists()
    event.refresh_from_db()
    assert event.version == version


def test_the_event_page_brings_a_dropped_player_back(client, organiser, club, event, roster):
    entrants = enter(event, roster[:4], organiser)
    services.entrant_drop(entrant=entrants[2], actor=organiser)
    client.force_login(organiser)

    page = client.get(reverse("event", args=[club.slug, event.pk])).content.decode()
    assert 'data-role="return"' in page
    client.post(reverse("event-return", args=[club.slug, event.pk]), {"player": roster[2].pk})

    assert not Entrant.objects.get(pk=entrants[2].pk).is_dropped


def test_check_ins_drops_and_returns_read_as_sentences_in_the_audit_log(event, roster, organiser):
    entrant = enter(event, roster[:1], organiser)[0]
    services.entrant_check_in(entrant=entrant, present=False, actor=organiser)
    services.entrant_check_in(entrant=entrant, present=True, actor=organiser)
    services.entrant_drop(entrant=entrant, actor=organiser)
    services.entrant_return(entrant=Entrant.objects.get(pk=entrant.pk), actor=organiser)

    with translation.override("zh-hans"):
        zh = [line.sentence for line in audit_lines(AuditEntry.objects.order_by("id"))]
    with translation.override("en"):
        en = [line.sentence for line in audit_lines(AuditEntry.objects.order_by("id"))]

    assert "organiser 取消了一名参赛者的签到" in zh
    assert "organiser 为一名参赛者签到" in zh
    assert "organiser 让一名退出的参赛者回来" in zh
    assert "organiser brought back an entrant who had dropped out" in en
    assert "organiser checked an entrant out" in en
