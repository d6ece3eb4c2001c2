"""The standings' Celery tasks are named for the app that holds them, and the nightly
beat entries (and the outbox's flush) call tasks the Celery app has registered."""

from __future__ import annotations

from csmj_site.celery import app
from scoring.standings import tasks


def test_the_standings_tasks_are_named_for_their_app():
    assert tasks.ratings_rebuild_task.name == "standings.ratings_rebuild"
    assert tasks.standings_rebuild_task.name == "standings.standings_rebuild"
    assert tasks.outbox_flush_task.name == "standings.outbox_flush"


def test_the_beat_schedule_calls_registered_tasks():
    app.loader.import_default_modules()  # what a worker imports at its start
    called = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert called == {
        "standings.standings_rebuild",
        "standings.outbox_flush",
        "quick.tables_expire",
    }
    assert called <= set(app.tasks)


def test_a_worker_knows_the_webhooks_delivery_task():
    app.loader.import_default_modules()
    assert any(name.startswith("webhooks.") for name in app.tasks), sorted(app.tasks)
