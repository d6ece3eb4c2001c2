"""The standings' Celery tasks are named for the app that holds them, and the nightly
beat entry calls one the Celery app has registered."""

from __future__ import annotations

from csmj_site.celery import app
from scoring.standings import tasks


def test_the_standings_tasks_are_named_for_their_app():
    assert tasks.ratings_rebuild_task.name == "standings.ratings_rebuild"
    assert tasks.standings_rebuild_task.name == "standings.standings_rebuild"


def test_the_beat_schedule_calls_registered_tasks():
    called = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert called == {"standings.standings_rebuild"}
    assert called <= set(app.tasks)
