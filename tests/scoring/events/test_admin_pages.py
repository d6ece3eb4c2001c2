"""The night's models have admin pages that render, read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.events import services
from scoring.events.models import Entrant, Event, SeatingRound, Table
from scoring.standings.models import Penalty
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, django_user_model, event, roster, organiser):
    enter(event, roster[:4], organiser)
    services.table_start(
        table=services.round_draw(event=event, actor=organiser, seed=1).tables.get(),
        actor=organiser,
    )
    services.penalty_give(season=event.season, player=roster[0], amount=-5, reason="迟到",
                          actor=organiser)  # fmt: skip
    client.force_login(django_user_model.objects.create_superuser("boss", "b@example.com", "pw"))
    return client


@pytest.mark.parametrize("model", [Event, Entrant, SeatingRound, Table, Penalty])
def test_each_model_has_a_changelist_and_a_read_only_change_page(boss, model):
    opts = model._meta
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    change = reverse(
        f"admin:{opts.app_label}_{opts.model_name}_change", args=[model.objects.first().pk]
    )

    assert boss.get(changelist).status_code == 200
    page = boss.get(change)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert boss.get(reverse(f"admin:{opts.app_label}_{opts.model_name}_add")).status_code == 403
