"""`make faults` (loadtest/faults.py) runs every fault end to end and its exit status tells
the truth: a PostgreSQL restart (or the next stack dropping the database) kills the
harness's own database connection, so the harness closes its connections around every
stack and after every fault; a crashing fault is a FAIL, not the end of the run."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from loadtest import faults, stack


@pytest.fixture
def services_up(monkeypatch):
    monkeypatch.setattr(faults, "services_back", lambda: True)


def test_a_crashing_fault_fails_the_run_and_the_next_faults_still_run(monkeypatch, services_up):
    ran = []
    closed = []

    def crash():
        ran.append("pg_restart")
        raise OperationalError("terminating connection due to administrator command")

    def ok(name):
        return lambda: ran.append(name) or True

    monkeypatch.setattr(
        faults,
        "FAULTS",
        {"pg_restart": crash, "worker_kill": ok("worker_kill"), "broker_down": ok("broker_down")},
    )
    monkeypatch.setattr(faults, "close_db_connections", lambda: closed.append(len(ran)))

    assert faults.main([]) == 1
    assert ran == ["pg_restart", "worker_kill", "broker_down"]
    assert closed == [1, 2, 3]  # after every fault, the crashing one included


def test_the_run_passes_only_when_every_fault_passes_and_the_services_are_back(monkeypatch):
    monkeypatch.setattr(faults, "FAULTS", {"a": lambda: True, "b": lambda: True})
    monkeypatch.setattr(faults, "close_db_connections", lambda: None)
    monkeypatch.setattr(faults, "services_back", lambda: True)
    assert faults.main([]) == 0
    monkeypatch.setattr(faults, "services_back", lambda: False)
    assert faults.main([]) == 1
    monkeypatch.setattr(faults, "FAULTS", {"a": lambda: True, "b": lambda: False})
    monkeypatch.setattr(faults, "services_back", lambda: True)
    assert faults.main([]) == 1
    assert faults.main(["nope"]) == 2


def test_a_stack_closes_the_harness_connections_before_it_drops_the_database(monkeypatch):
    calls = []
    monkeypatch.setattr(stack, "redis_start", lambda: None)
    monkeypatch.setattr(stack, "close_db_connections", lambda: calls.append("close"))
    monkeypatch.setattr(stack, "recreate_database", lambda url: calls.append("drop"))
    monkeypatch.setattr(stack.subprocess, "run", lambda *a, **k: None)
    monkeypatch.setattr(stack, "setup_django", lambda *a: None)
    monkeypatch.setattr(stack.Stack, "start_web", lambda self: calls.append("web"))
    monkeypatch.setattr(stack.Stack, "stop_web", lambda self: None)

    with stack.Stack(worker=False):
        calls.append("fault")
    assert calls == ["close", "drop", "web", "fault", "close"]


def test_close_db_connections_closes_every_django_connection(monkeypatch):
    from django.db import connections

    closed = []
    monkeypatch.setattr(connections, "close_all", lambda: closed.append(True))
    stack.close_db_connections()
    assert closed == [True]
