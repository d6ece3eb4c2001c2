"""Against a real primary and its streaming replica (``make test-replica``).

The Makefile target starts the replica (``make replica-up``, loadtest/replica.py) and runs
this module with DATABASE_URL on the primary and DATABASE_REPLICA_URL on the replica, both
naming a throw-away database that the module creates on the primary, migrates, and drops;
the replica receives all of it by streaming. Replay on the replica is paused while a
round is saved, so the replica is provably behind: the recorder's next request still
reads the round (the primary, read-your-writes), a follower's read of the same
standings comes from the replica (``pg_is_in_recovery()``) without it, and with it once
replay resumes. Without DATABASE_REPLICA_URL (the normal ``make test``) it is skipped
with a notice; under CI, ``make test-replica`` runs it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

pytestmark = [
    pytest.mark.replica,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_REPLICA_URL"),
        reason="NOTICE: no DATABASE_REPLICA_URL; run `make test-replica` for the replica test",
    ),
]


def conninfo(alias: str, dbname: str | None = None) -> str:
    from django.conf import settings

    db = settings.DATABASES[alias]
    return (
        f"host={db['HOST']} port={db['PORT'] or 5432} user={db['USER']}"
        f" dbname={dbname or db['NAME']}"
    )


def wait_replayed(seconds: float = 30.0) -> None:
    """Until the replica has replayed everything the primary has written so far."""
    with psycopg.connect(conninfo("default", "postgres"), autocommit=True) as primary:
        target = primary.execute("SELECT pg_current_wal_lsn()").fetchone()[0]
    deadline = time.monotonic() + seconds
    with psycopg.connect(conninfo("replica", "postgres"), autocommit=True) as replica:
        while time.monotonic() < deadline:
            behind = replica.execute(
                "SELECT pg_wal_lsn_diff(%s::pg_lsn, pg_last_wal_replay_lsn()) > 0", (target,)
            ).fetchone()[0]
            if not behind:
                return
            time.sleep(0.1)
    raise AssertionError(f"the replica did not replay up to {target} in {seconds} s")


@pytest.fixture(scope="module")
def replicated_database(django_db_blocker: Any) -> Iterator[None]:
    """A fresh database on the primary, migrated, and visible on the replica."""
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    name = settings.DATABASES["default"]["NAME"]
    assert settings.DATABASES["replica"]["NAME"] == name
    with psycopg.connect(conninfo("default", "postgres"), autocommit=True) as primary:
        primary.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        primary.execute(f'CREATE DATABASE "{name}"')
    with django_db_blocker.unblock():
        call_command("migrate", verbosity=0, interactive=False)
        wait_replayed()
        yield
        connections.close_all()
    with psycopg.connect(conninfo("default", "postgres"), autocommit=True) as primary:
        primary.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def replica_replay() -> Iterator[psycopg.Connection]:
    """A connection to the replica that may pause its replay (resumed whatever happens)."""
    with psycopg.connect(conninfo("replica", "postgres"), autocommit=True) as replica:
        try:
            yield replica
        finally:
            replica.execute("SELECT pg_wal_replay_resume()")


def pause_replay(replica: psycopg.Connection) -> None:
    replica.execute("SELECT pg_wal_replay_pause()")
    for _ in range(100):
        if replica.execute("SELECT pg_get_wal_replay_pause_state()").fetchone()[0] == "paused":
            return
        time.sleep(0.05)
    raise AssertionError("the replica's replay did not pause")


def rounds_in(answer: Any) -> int:
    assert answer.status_code == 200, answer.content[:500]
    return sum(row["rounds"] for row in answer.json()["results"])


def totals(answer: Any) -> list[int]:
    assert answer.status_code == 200, answer.content[:500]
    return list(answer.json()["totals"])


def test_the_recorder_reads_back_a_saved_round_at_once_while_a_follower_reads_the_replica(
    replicated_database: None, replica_replay: psycopg.Connection, django_db_blocker: Any
) -> None:
    from django.db import connections
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from scoring.services import session_start
    from tests.api_helpers import token_client
    from tests.factories import make_club, make_players, make_season, make_user, round_self_draw

    with django_db_blocker.unblock():
        recorder = make_user("alice")
        club = make_club(is_public=True, owner=recorder)
        season = make_season(club)
        players = make_players(club, ["甲", "乙", "丙", "丁"])
        session = session_start(season=season, players=players, first_dealer=0, actor=recorder)
        alice = token_client(recorder)
        follower = APIClient()  # bob, logged out: the club is public
        standings = f"/api/v1/clubs/{club.slug}/seasons/{season.pk}/standings/"
        connections.close_all()
        wait_replayed()
        # From here the replica has the club and the session, and not the round.
        pause_replay(replica_replay)
        saved = alice.post(
            f"/api/v1/clubs/{club.slug}/sessions/{session.pk}/rounds/",
            round_self_draw(0),
            format="json",
        )
        assert saved.status_code == 201, saved.content[:500]

        with (
            CaptureQueriesContext(connections["default"]) as on_primary,
            CaptureQueriesContext(connections["replica"]) as on_replica,
        ):
            assert rounds_in(alice.get(standings)) == 4  # 4 players, 1 round each
        assert on_primary.captured_queries and not on_replica.captured_queries

        with (
            CaptureQueriesContext(connections["default"]) as on_primary,
            CaptureQueriesContext(connections["replica"]) as on_replica,
        ):
            assert rounds_in(follower.get(standings)) == 0  # the replica, behind
        assert on_replica.captured_queries and not on_primary.captured_queries
        # The table's follow poll, as a phone sends it: the same two doors.
        follow = f"/c/{club.slug}/sessions/{session.pk}/follow/"
        with (
            CaptureQueriesContext(connections["default"]) as on_primary,
            CaptureQueriesContext(connections["replica"]) as on_replica,
        ):
            assert not any(totals(follower.get(follow, HTTP_ACCEPT="application/json")))
        assert on_replica.captured_queries and not on_primary.captured_queries
        with CaptureQueriesContext(connections["replica"]) as on_replica:
            assert any(totals(alice.get(follow, HTTP_ACCEPT="application/json")))
        assert not on_replica.captured_queries
        with connections["replica"].cursor() as cursor:
            cursor.execute("SELECT pg_is_in_recovery()")
            assert cursor.fetchone()[0] is True

        replica_replay.execute("SELECT pg_wal_replay_resume()")
        wait_replayed()
        with CaptureQueriesContext(connections["replica"]) as on_replica:
            assert rounds_in(follower.get(standings)) == 4
        assert on_replica.captured_queries
        connections.close_all()
