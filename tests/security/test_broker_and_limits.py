"""Broker outages never fail a committed write; the API body guard leaves pages alone."""

from __future__ import annotations

import logging

import pytest
from django.test import RequestFactory
from kombu.exceptions import OperationalError as BrokerError

from csmj_site.middleware import ApiBodyGuardMiddleware
from scoring.standings import tasks
from scoring.standings.models import TaskOutbox


class DeadBrokerTask:
    name = "standings.ratings_rebuild"

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.calls = 0

    def apply_async(self, **kwargs):
        self.calls += 1
        raise self.error


@pytest.mark.parametrize(
    "error", [BrokerError("Error 111 connecting to 127.0.0.1:6379"), ConnectionRefusedError()]
)
def test_a_task_queued_while_the_broker_is_down_is_logged_kept_and_not_raised(
    db, django_capture_on_commit_callbacks, caplog, error
):
    task = DeadBrokerTask(error)
    with (
        caplog.at_level(logging.WARNING, logger="scoring.standings.tasks"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        tasks.queue_after_commit(task, club_id=1, season_id=2)
    assert task.calls == 1
    assert "broker unavailable: standings.ratings_rebuild" in caplog.text
    assert "kept in the outbox" in caplog.text
    kept = TaskOutbox.objects.get()
    assert (kept.task, kept.kwargs) == ("standings.ratings_rebuild", {"club_id": 1, "season_id": 2})


def test_an_error_of_the_task_itself_is_not_hidden(db, django_capture_on_commit_callbacks):
    task = DeadBrokerTask(ValueError("a bug"))
    with pytest.raises(ValueError), django_capture_on_commit_callbacks(execute=True):
        tasks.queue_after_commit(task, club_id=1, season_id=2)


def test_pages_are_not_touched_by_the_api_guard(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10
    request = RequestFactory().post("/c/x/players/new/", {"display_name": "x" * 50})
    sentinel = object()
    assert ApiBodyGuardMiddleware(lambda r: sentinel)(request) is sentinel
