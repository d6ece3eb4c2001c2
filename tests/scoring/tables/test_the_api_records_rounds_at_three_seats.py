"""The API records rounds at a table of three, kongs and 通炮 included: the answer is
the engine's, the session's totals have a value a seat and sum to zero."""

from __future__ import annotations

import pytest

from scoring.engine import score_round
from scoring.models import Transfer
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import make_session, make_table_season
from tests.scoring.tables.rounds import KONG_WIN, TONGPAO

pytestmark = pytest.mark.django_db


def test_rounds_with_kongs_and_tongpao_are_recorded_and_balance(api_as, club, players, recorder):
    season = make_table_season(club, 3)
    session = make_session(season, players[:3], actor=recorder)
    client = api_as("recorder")

    answers = [
        client.post(rounds_url(club, session), r, format="json") for r in (KONG_WIN, TONGPAO)
    ]

    for answer, data in zip(answers, (KONG_WIN, TONGPAO), strict=True):
        assert answer.status_code == 201, answer.content
        assert answer.json()["result"] == score_round({**data, "ruleset": season.ruleset.config})
    # B's 暗杠 (A, C pay), C's 放杠 (A pays alone); C's 加杠 (A, B pay)
    assert Transfer.objects.filter(round__session=session, event="kong").count() == 5
    detail = client.get(club_url(club, f"sessions/{session.pk}/")).json()
    nets = [a.json()["result"]["net"] for a in answers]
    assert detail["totals"] == [sum(n[s] for n in nets) for s in range(3)]
    assert sum(detail["totals"]) == 0
    assert {p["payer"] for p in detail["settle"]["payments"]} <= {0, 1, 2}


def test_a_fourth_seat_at_a_table_of_three_is_refused_naming_the_field(
    api_as, club, players, recorder
):
    session = make_session(make_table_season(club, 3), players[:3], actor=recorder)
    bad = {
        **KONG_WIN,
        "result": {**KONG_WIN["result"], "winners": [{"seat": 3, "hands": ["pinghu"]}]},
    }

    response = api_as("recorder").post(rounds_url(club, session), bad, format="json")

    assert response.status_code == 400
    assert codes(response) == [("result.winners.0.seat", "seat_out_of_range")]
    assert not session.rounds.exists()
