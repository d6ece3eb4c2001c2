"""Concurrent requests against a live server and PostgreSQL: the round-number conflict
and Idempotency-Key rules hold under real concurrency (threads, separate connections).

Skipped unless DATABASE_URL is PostgreSQL (.ci/run runs the suite again on it).
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest
from django.db import connection

from scoring.idempotency import IdempotencyKey
from scoring.models import Round
from tests.factories import round_discard, round_self_draw

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]

CLIENTS = 6  # concurrent requests per test
TIMEOUT = 30  # seconds, per request and per join


def post_all(
    url: str, requests: list[tuple[dict[str, Any], dict[str, str]]]
) -> list[tuple[int, Any]]:
    """POST every (body, headers) at once from its own thread; [(status, json)] in order."""
    barrier = threading.Barrier(len(requests))
    results: list[Any] = [None] * len(requests)

    def run(i: int, body: dict[str, Any], headers: dict[str, str]) -> None:
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", **headers},
            method="POST",
        )
        barrier.wait(timeout=TIMEOUT)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                results[i] = (response.status, json.loads(response.read()))
        except urllib.error.HTTPError as error:
            results[i] = (error.code, json.loads(error.read() or b"null"))
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            results[i] = ("exception", repr(error))

    threads = [
        threading.Thread(target=run, args=(i, body, headers), daemon=True)
        for i, (body, headers) in enumerate(requests)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(TIMEOUT)
    assert not any(t.is_alive() for t in threads), "a request did not finish in time"
    assert all(isinstance(r[0], int) for r in results), results
    return results


@pytest.fixture
def setup(live_server, club, session, recorder, organiser):
    from leagues.tokens import apitoken_create

    tokens = [apitoken_create(user=u, name="t")[1] for u in (recorder, organiser)]
    url = f"{live_server.url}/api/v1/clubs/{club.slug}/sessions/{session.pk}/rounds/"
    return url, [{"Authorization": f"Bearer {t}"} for t in tokens]


def test_clients_recording_the_same_round_number_at_once_store_exactly_one(setup, session):
    url, auth = setup
    body = {**round_self_draw(0, birds=[5, 9]), "number": 1}
    results = post_all(url, [(body, auth[i % 2]) for i in range(CLIENTS)])

    statuses = sorted(status for status, _ in results)
    assert statuses == [201] + [409] * (CLIENTS - 1), results
    for status, payload in results:
        if status == 409:
            assert payload["round_count"] == 1
            assert payload["errors"][0]["field"] == "number"
    assert Round.objects.filter(session=session).count() == 1


def test_after_a_conflict_the_next_number_is_free(setup, session):
    url, auth = setup
    first = post_all(url, [({**round_self_draw(0), "number": 1}, auth[i % 2]) for i in range(2)])
    assert sorted(s for s, _ in first) == [201, 409]
    second = post_all(url, [({**round_discard(2, 3), "number": 2}, auth[0])])
    assert second[0][0] == 201 and second[0][1]["number"] == 2


def test_retries_with_one_idempotency_key_at_once_store_one_round_and_share_the_response(
    setup, session
):
    url, auth = setup
    headers = {**auth[0], "Idempotency-Key": "same-key"}
    body = round_self_draw(0, birds=[5, 9])
    results = post_all(url, [(body, headers)] * CLIENTS)

    assert [status for status, _ in results] == [201] * CLIENTS, results
    assert len({json.dumps(payload, sort_keys=True) for _, payload in results}) == 1
    assert Round.objects.filter(session=session).count() == 1
    assert IdempotencyKey.objects.count() == 1


def test_one_key_with_different_bodies_at_once_stores_one_round_and_refuses_the_others(
    setup, session
):
    url, auth = setup
    headers = {**auth[0], "Idempotency-Key": "k"}
    bodies = [round_self_draw(0, birds=[5, 9]), round_discard(2, 3, birds=[1, 4])]
    results = post_all(url, [(bodies[i % 2], headers) for i in range(CLIENTS)])

    stored = Round.objects.get(session=session)
    winners = [(s, p) for s, p in results if s == 201]
    assert winners and all(p["id"] == stored.pk for _, p in winners)
    refused = [p for s, p in results if s == 422]
    assert len(winners) + len(refused) == CLIENTS
    assert len(refused) == CLIENTS // 2  # every request with the other body
    assert all(p["errors"][0]["code"] == "idempotency_key_reused" for p in refused)
