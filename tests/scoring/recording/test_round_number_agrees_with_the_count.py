"""The round form's number and the session's count agree: beside 第 N 盘 the form says how
many rounds count and how many were voided (第 2 盘 · 0 盘计分 · 1 盘已作废), as the session
page's header does, and the save's answer carries the new count."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import services
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def count_line(html: str) -> str:
    part = html.split('data-role="rf-count"')[1]
    return part.split(">", 1)[1].split("</span>")[0].strip()


def test_after_an_undo_the_form_says_which_round_and_why(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1), actor=recorder)
    services.round_undo_last(session=session, actor=recorder)
    slug = session.season.club.slug

    response = rec.get(reverse("round-new", args=[slug, session.pk]))
    html = response.content.decode()

    assert response.context["rf_context"]["number"] == 2
    assert response.context["rf_context"]["counts"] == {"counted": 0, "void": 1}
    assert "第 2 盘" in html
    line = html.split('data-role="rf-count"')[1].split(">", 1)[0]
    assert "hidden" not in line
    assert count_line(html) == "0 盘计分 · 1 盘已作废"

    page = rec.get(reverse("session", args=[slug, session.pk])).content.decode()
    assert '<span data-role="voided">1 盘已作废</span>' in page


def test_after_undos_and_a_void_the_numbers_add_up(rec, session, recorder):
    for seat in (1, 2, 3, 1, 2):
        services.round_record(session=session, data=round_self_draw(seat), actor=recorder)
    for _ in range(3):
        services.round_undo_last(session=session, actor=recorder)
    second = session.rounds.current().get(number=2)
    services.round_void(round=second, reason="记错了", actor=recorder)

    response = rec.get(reverse("round-new", args=[session.season.club.slug, session.pk]))

    assert response.context["rf_context"]["number"] == 6
    assert count_line(response.content.decode()) == "1 盘计分 · 4 盘已作废"


def test_in_english_the_count_says_round_or_rounds_as_the_number_asks(rec, session, recorder):
    for seat in (1, 2, 3):
        services.round_record(session=session, data=round_self_draw(seat), actor=recorder)
    services.round_undo_last(session=session, actor=recorder)
    rec.cookies["django_language"] = "en"
    slug = session.season.club.slug

    html = rec.get(reverse("round-new", args=[slug, session.pk])).content.decode()
    page = rec.get(reverse("session", args=[slug, session.pk])).content.decode()

    assert count_line(html) == "2 rounds counted · 1 round void"
    assert "2 rounds counted" in page and '<span data-role="voided">1 round void</span>' in page


def test_without_a_void_the_count_stays_out_of_the_way(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1), actor=recorder)

    html = rec.get(reverse("round-new", args=[session.season.club.slug, session.pk])).content
    line = html.decode().split('data-role="rf-count"')[1].split(">", 1)[0]

    assert "hidden" in line


def test_the_saves_answer_carries_the_count(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1), actor=recorder)
    services.round_undo_last(session=session, actor=recorder)
    url = reverse("round-save", args=[session.season.club.slug, session.pk])

    body = {"number": 2, "data": round_discard(2, 1)}
    response = rec.post(url, json.dumps(body), content_type="application/json")

    assert response.status_code == 201
    assert response.json()["counts"] == {"counted": 1, "void": 1}
