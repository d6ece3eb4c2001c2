"""The demo league's rounds are dealt as the engine says: each round's dealer is the
next dealer the engine scored for the round before it (a drawn round included)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from scoring.models import Round, Session

pytestmark = pytest.mark.django_db


def test_every_demo_round_is_dealt_by_the_engines_next_dealer_of_the_round_before():
    call_command(
        "generate_demo_league",
        players=8,
        sessions=12,
        slug="demo-dealers",
        workers=1,
        verbosity=0,
        stdout=io.StringIO(),
    )
    sessions = Session.objects.filter(season__club__slug="demo-dealers")
    rounds = Round.objects.filter(session__in=sessions).order_by("session_id", "number")
    by_session: dict[int, list[Round]] = {}
    for r in rounds:
        by_session.setdefault(r.session_id, []).append(r)

    drawn = [r for r in rounds if r.data["result"]["kind"] == "draw"]
    wrong = [
        (later.session_id, later.number, later.data["dealer"], earlier.result["next_dealer"])
        for played in by_session.values()
        for earlier, later in zip(played, played[1:], strict=False)
        if later.data["dealer"] != earlier.result["next_dealer"]
    ]

    assert len(by_session) == 12
    assert drawn  # the seed makes drawn rounds, where the two once disagreed
    assert wrong == []
    assert all(s.first_dealer == by_session[s.pk][0].data["dealer"] for s in sessions)


def test_a_demo_league_at_a_scale_has_that_multiple_of_fifty_thousand_sessions():
    out = io.StringIO()
    call_command(
        "generate_demo_league",
        players=8,
        scale=0.0003,
        slug="demo-scale",
        workers=1,
        verbosity=0,
        stdout=out,
    )

    assert Session.objects.filter(season__club__slug="demo-scale").count() == 15
    assert "demo-scale: 15 sessions" in out.getvalue()
