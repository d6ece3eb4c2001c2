"""Nothing waits on a person after a broker outage: a ratings replay queued while the
broker is really unreachable (a closed port, eager mode off) is kept in the outbox,
written in the write's own transaction, and sent once the broker is reachable again (a
real kombu transport, in memory); run, the ratings equal a rebuild, with no command."""

from __future__ import annotations

import pytest

from csmj_site.celery import app
from scoring.models import Round
from scoring.services import round_correct, round_record, session_finish
from scoring.standings import tasks
from scoring.standings.models import PlayerRating, TaskOutbox
from scoring.standings.rebuild import standings_rebuild
from tests.factories import round_discard, round_self_draw

pytestmark = pytest.mark.django_db

CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connection refused


def use_broker(url: str, *, eager: bool = False) -> None:
    """Point the Celery app at ``url`` (its connection pools made again)."""
    app.conf.broker_url = url
    app.conf.task_always_eager = eager
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def broker():
    saved = (app.conf.broker_url, app.conf.task_always_eager)
    yield use_broker
    use_broker(saved[0] or "memory://", eager=saved[1])
    app.conf.broker_url = saved[0]


def ratings():
    return sorted(
        PlayerRating.objects.values_list("season_id", "player_id", "mu", "sigma", "sessions"),
        key=repr,
    )


def run_queued(names):
    """Take every message from the in-memory broker's queue and run its task here."""
    ran = []
    with app.connection_for_read() as conn:
        queue = conn.SimpleQueue("celery")
        while True:
            try:
                message = queue.get(block=True, timeout=0.2)
            except queue.Empty:
                break
            _args, kwargs, _embed = message.decode()
            name = message.headers["task"]
            app.tasks[name](**kwargs)
            ran.append((name, kwargs))
            message.ack()
        queue.close()
    assert {n for n, _ in ran} <= set(names)
    return ran


def test_a_replay_queued_while_the_broker_is_down_is_sent_when_it_is_back(
    broker, session, recorder, django_capture_on_commit_callbacks, caplog
):
    first = round_record(session=session, data=round_self_draw(0), actor=recorder)
    round_record(session=session, data=round_discard(1, 2), actor=recorder)
    session_finish(session=session, actor=recorder)  # rated in place: nothing queued
    assert not TaskOutbox.objects.exists()

    broker(CLOSED_PORT)
    with django_capture_on_commit_callbacks(execute=True):
        # seat 3 now wins round 1: the finished session's ranking changes
        round_correct(round=first, data=round_self_draw(3), actor=recorder)

    kept = sorted(TaskOutbox.objects.values_list("task", "kwargs"), key=repr)
    season = session.season
    assert kept == sorted(
        [
            ("standings.ratings_rebuild", {"club_id": season.club_id, "season_id": season.pk}),
            ("standings.ratings_rebuild", {"club_id": season.club_id, "season_id": None}),
        ],
        key=repr,
    )
    assert "kept in the outbox" in caplog.text
    stale = ratings()

    broker("memory://")
    assert tasks.outbox_flush() == 2
    assert not TaskOutbox.objects.exists()
    ran = run_queued({"standings.ratings_rebuild"})
    assert len(ran) == 2
    replayed = ratings()
    standings_rebuild(season=season)

    assert replayed == ratings() != stale
    assert Round.objects.filter(session=session).count() == 3


def test_a_kept_task_goes_with_the_next_successful_send(
    broker, session, recorder, django_capture_on_commit_callbacks
):
    season = session.season
    broker(CLOSED_PORT)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.queue_after_commit(tasks.ratings_rebuild_task, club_id=season.club_id, season_id=None)
    assert TaskOutbox.objects.count() == 1

    broker("memory://")
    with django_capture_on_commit_callbacks(execute=True):
        tasks.queue_after_commit(
            tasks.ratings_rebuild_task, club_id=season.club_id, season_id=season.pk
        )

    assert not TaskOutbox.objects.exists()
    assert sorted(k["season_id"] or 0 for _n, k in run_queued({"standings.ratings_rebuild"})) == [
        0,
        season.pk,
    ]
