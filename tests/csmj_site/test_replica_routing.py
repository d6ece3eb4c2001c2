"""The database router and its middleware (csmj_site/replica.py) in the normal suite.

There is one SQLite database here, so the router under test is wrapped: it records the
alias the real router chose for each read and then reads ``default``. The request tests
run outside a test transaction (``transaction=True``): inside one, the router rightly
keeps every read on the primary. The same pages
against a real primary and streaming replica: tests/replica (``make test-replica``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import types
from typing import Any

import pytest
from django.core import signing
from django.db import DEFAULT_DB_ALIAS, OperationalError, transaction
from django.urls import reverse
from django.urls.exceptions import NoReverseMatch

from csmj_site import replica
from leagues.models import Club
from tests.api_helpers import club_url, rounds_url
from tests.factories import round_self_draw

MIDDLEWARE_PATH = "csmj_site.replica.ReplicaReadsMiddleware"


class RecordingRouter(replica.PrimaryReplicaRouter):
    """The real router's choices, recorded; every read then goes to the one test database.
    With ``fail_replica`` set, the first read it sends to the replica raises as a replica
    that is down would."""

    def __init__(self) -> None:
        self.reads: list[str] = []
        self.fail_replica = False

    def db_for_read(self, model: type[Any], **hints: Any) -> str:
        chosen = super().db_for_read(model, **hints)
        self.reads.append(chosen)
        if chosen == replica.REPLICA_ALIAS and self.fail_replica:
            self.fail_replica = False
            raise OperationalError("connection to the replica refused")
        return DEFAULT_DB_ALIAS

    def clear(self) -> None:
        """Forget the reads of the fixtures' set-up (outside any request: the primary)."""
        self.reads = []

    def take(self) -> set[str]:
        reads, self.reads = set(self.reads), []
        return reads


@pytest.fixture
def routing(settings) -> RecordingRouter:
    router = RecordingRouter()
    settings.DATABASE_ROUTERS = [router]
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, MIDDLEWARE_PATH]
    settings.REPLICA_STICKY_SECONDS = 5
    return router


def season_url(club: Club, season: Any) -> str:
    return reverse("season", args=[club.slug, season.pk])


@pytest.mark.django_db(transaction=True)
def test_a_member_reading_the_season_standings_reads_the_replica(routing, reader, club, season):
    routing.clear()
    answer = reader.get(season_url(club, season))

    assert answer.status_code == 200
    assert routing.take() == {replica.REPLICA_ALIAS}
    assert replica.STICKY_COOKIE not in answer.cookies


@pytest.mark.django_db(transaction=True)
def test_a_page_not_in_the_list_reads_the_primary(routing, reader, club, session):
    routing.clear()
    answer = reader.get(reverse("session", args=[club.slug, session.pk]))

    assert answer.status_code == 200
    assert routing.take() == {DEFAULT_DB_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_the_standings_api_reads_the_replica_for_a_caller_who_has_not_written(
    routing, reader, club, season
):
    routing.clear()
    answer = reader.get(club_url(club, f"seasons/{season.pk}/standings/"))

    assert answer.status_code == 200
    assert routing.take() == {replica.REPLICA_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_the_recorders_next_request_after_saving_a_round_reads_the_primary(
    routing, api_as, reader, club, season, session
):
    recorder = api_as("recorder")
    routing.clear()
    saved = recorder.post(rounds_url(club, session), round_self_draw(0), format="json")
    assert saved.status_code == 201
    assert routing.take() == {DEFAULT_DB_ALIAS}

    standings_url = club_url(club, f"seasons/{season.pk}/standings/")
    # An app keeps no cookie: its Authorization header is remembered instead.
    recorder.cookies.clear()
    answer = recorder.get(standings_url)
    assert answer.status_code == 200
    assert routing.take() == {DEFAULT_DB_ALIAS}
    # A member who wrote nothing reads the same standings from the replica.
    assert reader.get(standings_url).status_code == 200
    assert routing.take() == {replica.REPLICA_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_a_browser_that_wrote_reads_the_primary_through_its_signed_cookie(
    routing, rec, club, season, session
):
    saved = rec.post(rounds_url(club, session), round_self_draw(0), content_type="application/json")
    assert saved.status_code == 201
    cookie = saved.cookies[replica.STICKY_COOKIE]
    assert cookie["max-age"] == 5 and cookie["httponly"]
    routing.take()

    assert rec.get(season_url(club, season)).status_code == 200
    assert routing.take() == {DEFAULT_DB_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_a_marker_older_than_the_sticky_seconds_lets_the_caller_read_the_replica_again(
    routing, reader, club, season, monkeypatch
):
    # A cookie signed ten seconds ago, with the sticky window at five.
    past = types.SimpleNamespace(time=lambda: time.time() - 10)
    monkeypatch.setattr(signing, "time", past)
    old = signing.get_cookie_signer(salt=replica.STICKY_COOKIE + replica.STICKY_SALT).sign("1")
    monkeypatch.undo()
    reader.cookies[replica.STICKY_COOKIE] = old
    routing.clear()

    assert reader.get(season_url(club, season)).status_code == 200
    assert routing.take() == {replica.REPLICA_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_a_forged_marker_is_ignored(routing, reader, club, season):
    reader.cookies[replica.STICKY_COOKIE] = "1:forged:signature"
    routing.clear()

    assert reader.get(season_url(club, season)).status_code == 200
    assert routing.take() == {replica.REPLICA_ALIAS}


@pytest.mark.django_db(transaction=True)
def test_a_replica_that_fails_is_read_again_from_the_primary(routing, reader, club, season):
    routing.clear()
    routing.fail_replica = True

    answer = reader.get(season_url(club, season))

    assert answer.status_code == 200
    assert season.name in answer.content.decode()
    reads = routing.reads
    assert reads[0] == replica.REPLICA_ALIAS and set(reads[1:]) == {DEFAULT_DB_ALIAS}


def test_reads_go_to_the_replica_only_inside_a_marked_request_and_outside_a_transaction():
    router = replica.PrimaryReplicaRouter()
    assert router.db_for_read(Club) == DEFAULT_DB_ALIAS  # no request: a task, a command

    with replica.request_routing(replica=True):
        assert router.db_for_read(Club) == replica.REPLICA_ALIAS
        with replica.primary_reads():
            assert router.db_for_read(Club) == DEFAULT_DB_ALIAS
        assert router.db_for_write(Club) == DEFAULT_DB_ALIAS
        # Once the request wrote, it reads what it wrote.
        assert router.db_for_read(Club) == DEFAULT_DB_ALIAS


@pytest.mark.django_db
def test_a_read_inside_a_transaction_on_the_primary_stays_on_the_primary():
    router = replica.PrimaryReplicaRouter()
    with replica.request_routing(replica=True), transaction.atomic():
        assert router.db_for_read(Club) == DEFAULT_DB_ALIAS


def test_migrations_run_on_the_primary_only():
    router = replica.PrimaryReplicaRouter()
    assert router.allow_migrate(DEFAULT_DB_ALIAS, "scoring")
    assert not router.allow_migrate(replica.REPLICA_ALIAS, "scoring")


def test_celery_tasks_read_the_primary_even_inside_a_request_marked_for_the_replica():
    from csmj_site.celery import PrimaryTask, app
    from scoring.standings.tasks import ratings_rebuild_task

    assert isinstance(ratings_rebuild_task._get_current_object(), PrimaryTask)
    router = replica.PrimaryReplicaRouter()

    @app.task(name="tests.replica_probe")
    def probe() -> str:
        return router.db_for_read(Club)

    with replica.request_routing(replica=True):
        assert probe.apply().get() == DEFAULT_DB_ALIAS


def test_every_view_listed_for_the_replica_is_a_url_of_the_site():
    from django.urls import get_resolver

    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    missing = sorted(replica.REPLICA_READ_VIEWS - names)
    assert not missing, f"REPLICA_READ_VIEWS names no URL: {missing}"
    with pytest.raises(NoReverseMatch):
        reverse("no-such-view")


def _settings_with(env: dict[str, str]) -> str:
    code = (
        "import django.conf, csmj_site.settings as s;"
        "m = s.MIDDLEWARE; k = m.index('csmj_site.etags.PolledReadETagMiddleware');"
        "print(sorted(s.DATABASES), s.DATABASE_ROUTERS, m[k - 1])"
    )
    clean = {k: v for k, v in os.environ.items() if k != "DATABASE_REPLICA_URL"}
    return subprocess.run(
        [sys.executable, "-c", code], env={**clean, **env}, capture_output=True, text=True
    ).stdout


def test_without_a_replica_url_there_is_one_database_and_no_router():
    assert _settings_with({}).split(" [")[0] == "['default']"
    assert "Replica" not in _settings_with({})
    with_replica = _settings_with({"DATABASE_REPLICA_URL": "postgres://u@replica:5432/csmj"})
    assert "['default', 'replica']" in with_replica
    assert "csmj_site.replica.PrimaryReplicaRouter" in with_replica
    # just before the kept reads, whose version must be read where the content is
    assert with_replica.strip().endswith(MIDDLEWARE_PATH)


def test_a_follow_version_read_on_the_primary_is_never_served_to_a_replica_reader(settings):
    """A recorder's poll (the primary) keeps the new version; a follower on the replica,
    still behind, must not pair that version with the older content it reads."""
    from django.core.cache import cache

    from scoring.follow.poll import recent

    settings.FOLLOW_VERSION_SECONDS = 1
    cache.clear()
    assert recent("session-follow:1", lambda: "v2 on the primary") == "v2 on the primary"
    with replica.request_routing(replica=True):
        assert recent("session-follow:1", lambda: "v1 on the replica") == "v1 on the replica"
        assert recent("session-follow:1", lambda: "read again") == "v1 on the replica"
    assert recent("session-follow:1", lambda: "read again") == "v2 on the primary"
