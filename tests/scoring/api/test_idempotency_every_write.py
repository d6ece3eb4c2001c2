"""Idempotency-Key on every POST that changes something, not only on rounds: a retry of
a session start, a paper session, a void or a night's table start with the same key
gives the first answer again (marked) and changes nothing more; and the schema declares
the key, its 422 and Idempotent-Replayed on every such operation."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scoring.events.models import Event
from scoring.models import Round, Session
from tests.api_helpers import club_url, codes, rounds_url
from tests.factories import round_self_draw
from tests.scoring.events.conftest import enter

pytestmark = pytest.mark.django_db

SCHEMA = yaml.safe_load(
    (Path(__file__).resolve().parents[3] / "docs" / "openapi.yaml").read_text(encoding="utf-8")
)
# POSTs that store nothing, so a retry is safe without a key.
STATELESS = {
    "score_round",
    "analyse_hand",
    "parse_sentence",
    "round_preview",
    "table_round_preview",
}


def twice(client, url, body, key="retry-1"):
    first = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert first.status_code in (200, 201), first.content
    assert (again.status_code, again.json()) == (first.status_code, first.json())
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    return first


def test_a_session_started_twice_with_one_key_is_one_session(api_as, club, season, players):
    body = {"season": season.pk, "players": [p.pk for p in players[:4]]}
    twice(api_as("recorder"), club_url(club, "sessions/"), body)
    assert Session.objects.count() == 1


def test_a_paper_session_sent_twice_with_one_key_counts_once(api_as, club, season, players):
    body = {"players": [p.pk for p in players[:4]], "nets": [30, -10, -5, -15]}
    twice(api_as("recorder"), club_url(club, f"seasons/{season.pk}/paper-sessions/"), body)

    assert Session.objects.count() == 1
    standings = api_as("member").get(club_url(club, f"seasons/{season.pk}/standings/")).json()
    assert standings["results"][0]["net"] == 30 and standings["results"][0]["sessions"] == 1


def test_a_void_retried_with_its_key_gives_the_first_answer_not_a_400(api_as, club, session):
    client = api_as("recorder")
    client.post(rounds_url(club, session), round_self_draw(0), format="json")
    first = twice(client, rounds_url(club, session, "1/void/"), {"reason": "录错了"})

    assert first.json()["is_void"] is True
    assert Round.objects.get().void_reason == "录错了"
    plain = client.post(rounds_url(club, session, "1/void/"), {"reason": "录错了"}, format="json")
    assert plain.status_code == 400  # without a key a second void is still refused


def test_a_table_start_retried_with_its_key_gives_the_first_answer(
    api_as, club, season, players, organiser
):
    import datetime

    from scoring.events.services import event_create

    event = event_create(
        season=season, name="周五", date=datetime.date(2025, 3, 7), actor=organiser
    )
    enter(event, players[:4], organiser)
    api_as("organiser").post(club_url(club, f"events/{event.pk}/draw/"), {}, format="json")
    url = club_url(club, f"events/{event.pk}/start-table/")
    twice(api_as("recorder"), url, {"round": 1, "table": 1})
    assert Session.objects.count() == 1


def test_a_club_created_twice_with_one_key_is_one_club(api_as, club):
    from leagues.models import Club

    before = Club.objects.count()
    twice(api_as("member"), "/api/v1/clubs/", {"slug": "retry-club", "name": "重试"})
    assert Club.objects.count() == before + 1


def test_the_same_key_with_another_session_body_is_refused(api_as, club, season, players):
    client = api_as("recorder")
    url = club_url(club, "sessions/")
    client.post(
        url,
        {"season": season.pk, "players": [p.pk for p in players[:4]]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k",
    )
    other = client.post(
        url,
        {"season": season.pk, "players": [p.pk for p in players[4:8]]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k",
    )
    assert other.status_code == 422
    assert codes(other) == [("", "idempotency_key_reused")]
    assert Session.objects.count() == 1
    assert not Event.objects.exists()


def _posts():
    for item in SCHEMA["paths"].values():
        if "post" in item:
            yield item["post"]


@pytest.mark.parametrize(
    "operation",
    [op for op in _posts() if op["operationId"] not in STATELESS],
    ids=lambda op: op["operationId"],
)
def test_every_post_that_changes_something_declares_the_key(operation):
    [key] = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert key["in"] == "header" and key["schema"]["maxLength"] == 255
    assert "422" in operation["responses"]
    success = next(c for c in operation["responses"] if c.startswith("2"))
    assert "Idempotent-Replayed" in operation["responses"][success]["headers"]
