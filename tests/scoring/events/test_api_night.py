"""A whole night through the REST API alone: an organiser and a recorder, each with a
token, from creating the event to finishing it."""

from __future__ import annotations

import pytest

from scoring.standings.models import Penalty
from tests.api_helpers import club_url, codes
from tests.factories import round_self_draw

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_a_score_app_runs_a_whole_night_through_the_api(api_as, club, season, roster):
    org, rec = api_as("organiser"), api_as("recorder")
    events = club_url(club, "events/")

    created = org.post(
        events,
        {"season": season.pk, "name": "周五之夜", "date": "2025-03-07", "rounds_planned": 2,
         "timer_minutes": 45},
        format="json", HTTP_IDEMPOTENCY_KEY="night-1",
    )  # fmt: skip
    assert created.status_code == 201, created.json()
    event = created.json()
    assert event["ruleset"] == season.ruleset_id
    again = org.post(
        events,
        {"season": season.pk, "name": "周五之夜", "date": "2025-03-07", "rounds_planned": 2,
         "timer_minutes": 45},
        format="json", HTTP_IDEMPOTENCY_KEY="night-1",
    )  # fmt: skip
    assert again.json()["id"] == event["id"]
    url = f"{events}{event['id']}/"

    for p in roster[:12]:
        assert org.post(f"{url}entrants/", {"player": p.pk}, format="json").status_code == 201
    board = org.post(f"{url}entrants/", {"guest_name": "路人甲"}, format="json").json()
    assert len(board["entrants"]) == 13
    assert board["entrants"][-1]["is_guest"] is True

    absent = org.post(f"{url}check-in/", {"player": roster[0].pk, "present": False}, format="json")
    assert [e["checked_in"] for e in absent.json()["entrants"]].count(False) == 1
    org.post(f"{url}check-in/", {"player": roster[0].pk}, format="json")

    first = org.post(f"{url}draw/", {"seed": 42}, format="json").json()
    redrawn = org.post(f"{url}draw/", {"seed": 42, "number": 1}, format="json").json()
    seating = [t["seats"] for t in first["current"]["tables"]]
    assert [t["seats"] for t in redrawn["current"]["tables"]] == seating
    assert len(seating) == 3 and len(first["current"]["sitting_out"]) == 1
    seated = [p for t in seating for p in t] + first["current"]["sitting_out"]
    assert sorted(seated) == sorted(e["player"] for e in first["entrants"])

    given = {"season": season.pk, "event": event["id"], "player": roster[1].pk,
             "amount": -10, "reason": "迟到"}  # fmt: skip
    for _ in range(2):
        org.post(club_url(club, "penalties/"), given, format="json", HTTP_IDEMPOTENCY_KEY="p-1")
    assert Penalty.objects.count() == 1

    for night_round in (1, 2):
        if night_round == 2:
            org.post(f"{url}draw/", {"seed": 7}, format="json")
        for table in (1, 2, 3):
            started = rec.post(
                f"{url}start-table/", {"round": night_round, "table": table}, format="json"
            )
            assert started.status_code == 201, started.json()
            session = started.json()["session"]
            rounds = club_url(club, f"sessions/{session}/rounds/")
            recorded = rec.post(
                rounds, {**round_self_draw(0), "number": 1}, format="json",
                HTTP_IDEMPOTENCY_KEY=f"r-{session}",
            )  # fmt: skip
            assert recorded.status_code == 201, recorded.json()
            board = org.get(f"{url}board/").json()
            live = next(t for t in board["current"]["tables"] if t["session"] == session)
            assert live["totals"][0] > 0 and sum(live["totals"]) == 0
            assert rec.post(club_url(club, f"sessions/{session}/finish/")).status_code == 200
        if night_round == 1:
            unfinished_refused = org.post(f"{url}draw/", {"number": 1}, format="json")
            assert codes(unfinished_refused) == [("number", "round_started")]

    finished = org.post(f"{url}finish/")
    assert finished.status_code == 200, finished.json()
    assert finished.json()["event"]["is_finished"] is True
    standings = org.get(f"{url}standings/").json()
    late = next(r for r in standings if r["player"] == roster[1].pk)
    assert late["penalties"] == -10 and late["total"] == late["net"] - 10
    # equal totals and wins share a rank (1, 2, 2, 4): a rank is one more than the rows ahead
    assert [r["rank"] for r in standings] == [
        1 + sum((o["total"], o["wins"]) > (r["total"], r["wins"]) for o in standings)
        for r in standings
    ]
    assert sum(r["net"] for r in standings) == 0
    assert sum(r["rounds"] for r in standings) == 2 * 3 * 4


def test_the_night_is_readable_but_not_writable_by_a_member(api_as, club, season, event):
    url = club_url(club, f"events/{event.pk}/")

    assert api_as("member").get(f"{url}board/").status_code == 200
    assert api_as("member").post(f"{url}draw/", {}, format="json").status_code == 403
    assert api_as("outsider").get(f"{url}board/").status_code == 404
