"""The audit log of sessions and rounds: recording, correcting, voiding, undoing,
finishing, reopening and paper sessions each leave one entry with before/after."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from leagues.audit import AuditEntry
from scoring import services
from scoring.services import paper_session_record, session_finish, session_reopen
from tests.factories import round_discard, round_self_draw


def actions(club) -> list[str]:
    return [e.action for e in AuditEntry.objects.filter(club=club).order_by("at", "id")]


def test_round_writes_are_logged_with_before_and_after(recorder, club, session):
    first = services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    fixed = services.round_correct(round=first, data=round_discard(1, 2), actor=recorder)
    services.round_void(round=fixed, reason="记错了", actor=recorder)
    assert actions(club) == ["round.record", "round.correct", "round.void"]
    record, correct, void = AuditEntry.objects.filter(club=club).order_by("at", "id")
    assert record.actor == recorder and record.before is None
    assert record.after["result"]["net"] == first.result["net"]
    assert correct.before["id"] == first.pk and correct.after["id"] == fixed.pk
    assert void.before["is_void"] is False and void.after["is_void"] is True
    assert void.after["void_reason"] == "记错了"


def test_undo_is_logged_as_a_void(recorder, club, session):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    services.round_undo_last(session=session, actor=recorder)
    assert actions(club)[-1] == "round.void"


def test_sessions_are_logged_when_started_updated_finished_and_reopened(
    recorder, club, season, players
):
    session = services.session_start(
        season=season, players=players[:4], first_dealer=0, actor=recorder
    )
    services.session_update(session=session, actor=recorder, table_label="二号桌")
    session_finish(session=session, actor=recorder)
    session_reopen(session=session, actor=recorder)
    assert actions(club) == [
        "session.start",
        "session.update",
        "session.finish",
        "session.reopen",
    ]
    start, update = AuditEntry.objects.filter(club=club).order_by("at", "id")[:2]
    assert start.after["players"] == [p.display_name for p in players[:4]]
    assert update.changes() == [("table_label", "", "二号桌")]


def test_a_paper_session_is_logged(recorder, club, season, players):
    paper_session_record(season=season, players=players[:4], nets=[5, -5, 10, -10], actor=recorder)
    assert actions(club) == ["session.start", "session.paper"]
    paper = AuditEntry.objects.get(club=club, action="session.paper")
    assert paper.after["paper_nets"] == [5, -5, 10, -10]


def test_a_refused_round_leaves_no_entry(member, club, session):
    with pytest.raises(PermissionDenied):
        services.round_record(session=session, data=round_self_draw(0), actor=member)
    assert actions(club) == []


def test_the_log_page_shows_round_writes_to_organisers(client, organiser, recorder, club, session):
    services.round_record(session=session, data=round_self_draw(0), actor=recorder)
    client.force_login(organiser)
    text = client.get(f"/c/{club.slug}/audit/").content.decode()
    assert "recorder 记录了第 1 盘" in text
