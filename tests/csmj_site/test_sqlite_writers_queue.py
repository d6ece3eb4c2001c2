"""Under SQLite (`make run`) writers posted at once queue for the lock instead of failing
with "database is locked" (which the site reports as the database being unavailable,
503): two transactions that each read, then write, begun as Django begins them with the
site's database options (``BEGIN <transaction_mode>``, the connection's ``timeout``),
both commit."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time

import pytest
from django.conf import settings

DATABASE = settings.DATABASES["default"]
pytestmark = pytest.mark.skipif(
    DATABASE["ENGINE"] != "django.db.backends.sqlite3", reason="SQLite only"
)


def _connect(path: str) -> sqlite3.Connection:
    options = DATABASE.get("OPTIONS", {})
    # Python's own default timeout when the site sets none.
    return sqlite3.connect(path, timeout=options.get("timeout", 5), isolation_level=None)


def _begin() -> str:
    mode = DATABASE.get("OPTIONS", {}).get("transaction_mode")
    return f"BEGIN {mode}" if mode else "BEGIN"


def test_two_writers_that_read_then_write_both_commit(tmp_path):
    path = str(tmp_path / "race.sqlite3")
    setup = _connect(path)
    setup.execute("CREATE TABLE rounds (n INTEGER)")
    setup.close()
    failures: list[BaseException] = []
    both_began = threading.Barrier(2, timeout=2)

    def writer(n: int) -> None:
        connection = _connect(path)
        try:
            connection.execute(_begin())
            connection.execute("SELECT count(*) FROM rounds").fetchone()
            with contextlib.suppress(threading.BrokenBarrierError):
                both_began.wait()  # under IMMEDIATE the second waits at BEGIN instead
            time.sleep(0.2)
            connection.execute("INSERT INTO rounds VALUES (?)", [n])
            connection.execute("COMMIT")
        except BaseException as exc:  # noqa: BLE001  the thread reports any failure
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    check = _connect(path)
    assert check.execute("SELECT count(*) FROM rounds").fetchone()[0] == 2
    check.close()
