"""The round form's running scoreboard and next-dealer table: the page carries each
seat's total and the last round's change, the save's answer carries them anew, and the
engine's next-dealer table is in the page's context for the offline form."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from scoring import services
from scoring.engine.dealers import form_table
from scoring.engine.rules import parse_ruleset
from scoring.models import Round
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db


def form_context(client, session):
    url = reverse("round-new", args=[session.season.club.slug, session.pk])
    return client.get(url).context["rf_context"]


def nets(session):
    rounds = Round.objects.filter(session=session, is_current=True).order_by("number")
    return [r.result["net"] for r in rounds]


def test_a_new_session_s_board_shows_zeros_and_no_last_change(rec, session):
    board = form_context(rec, session)["scoreboard"]

    assert board == {"totals": [0, 0, 0, 0], "last": None}


def test_the_board_sums_the_counted_rounds_and_shows_the_last_one_s_change(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    services.round_record(
        session=session, data=round_discard(2, 3, dealer=1, birds=[2, 6]), actor=recorder
    )
    first, second = nets(session)

    board = form_context(rec, session)["scoreboard"]

    assert board["totals"] == [a + b for a, b in zip(first, second, strict=True)]
    assert board["last"] == second


def test_an_undone_round_leaves_the_board(rec, session, recorder):
    services.round_record(session=session, data=round_self_draw(1, birds=[5, 9]), actor=recorder)
    services.round_record(
        session=session, data=round_discard(2, 3, dealer=1, birds=[2, 6]), actor=recorder
    )
    (first, _second) = nets(session)
    services.round_undo_last(session=session, actor=recorder)

    board = form_context(rec, session)["scoreboard"]

    assert (board["totals"], board["last"]) == (first, first)


def test_the_save_s_answer_carries_the_new_board(rec, session):
    url = reverse("round-save", args=[session.season.club.slug, session.pk])
    body = {"number": 1, "data": round_self_draw(2, birds=[3, 4])}

    answer = rec.post(url, json.dumps(body), content_type="application/json").json()

    (net,) = nets(session)
    assert answer["scoreboard"] == {"totals": net, "last": net}


def test_the_page_carries_the_engine_s_next_dealer_table_for_its_ruleset(rec, session):
    session.season.ruleset.config = {"preset": "changsha-67", "tongzhuang": True}
    session.season.ruleset.save()

    dealers = form_context(rec, session)["dealers"]

    assert dealers == form_table(parse_ruleset(session.season.ruleset.config)[0])
    assert dealers["win"][0b0101][1] == {"dealer": 1, "dealers": [0, 1, 2]}  # 通庄 after 通炮
