"""The night's writes read as sentences in the audit log."""

from __future__ import annotations

import pytest
from django.utils import translation

from leagues.audit import AuditEntry
from leagues.audit_text import audit_lines
from scoring.events import services
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db


def test_a_draw_a_swap_and_a_penalty_read_as_sentences(event, roster, organiser):
    enter(event, roster[:8], organiser)
    rnd = services.round_draw(event=event, actor=organiser, seed=2)
    first, second = rnd.tables.order_by("number")
    services.table_swap(round=rnd, player_a=first.seats[0], player_b=second.seats[0],
                        actor=organiser)  # fmt: skip
    services.penalty_give(season=event.season, event=event, player=roster[0], amount=-10,
                          reason="迟到", actor=organiser)  # fmt: skip

    with translation.override("zh-hans"):
        sentences = [line.sentence for line in audit_lines(AuditEntry.objects.all())]

    assert "organiser 为第 1 轮排座" in sentences
    assert "organiser 在第 1 轮换座" in sentences
    assert "organiser 记录了罚分 -10 迟到" in sentences
