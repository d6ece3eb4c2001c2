"""The room's phones of ``make loadtest-night``, in processes of their own.

A phone is an asyncio task, not a thread: a few hundred of them fit in one event loop,
and the time a phone measures is the server's answer, not the wait for a busy client's
GIL (a thread per phone beside the recorders inflated the tail several times over).
Each phone keeps one HTTP/1.1 connection open, as a browser does, and follows the board
and its own table as ``static/js/follow.js`` does: every 2.7 to 3 s the follow URL with
``If-None-Match`` and ``Accept: text/html``; an answer in JSON instead makes it fetch the
page itself.

``phones_run`` runs phones ``first … first + count - 1`` until ``stop_at``
(``time.monotonic()``, the same clock in every process on Linux) and returns what they
measured as plain data: latencies by kind, statuses, failures and, for each phone, when
its board showed which last round.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

EVERY = 3.0  # follow.js's poll interval (each wait drawn from 0.9 to 1 times it)


@dataclass
class PhonesResult:
    kind_latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    boards: dict[int, list[tuple[float, int]]] = field(default_factory=dict)  # phone -> seen


def last_round_id(version: str) -> int:
    """The last round id in the board's version: ``event_version``'s
    "event-rows-last-voids-o|f-finished" (the middle is ``follow_version``)."""
    parts = version.strip('"').split("-")
    return int(parts[2]) if len(parts) >= 4 else 0


class Connection:
    """One keep-alive HTTP/1.1 connection to the server, GET only."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def get(self, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        got: dict[str, str] = {}
        for line in header_lines:
            if ":" in line:
                name, value = line.split(":", 1)
                got[name.strip().lower()] = value.strip()
        body = b""
        if got.get("transfer-encoding", "").lower() == "chunked":
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                body += await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        elif "content-length" in got:
            body = await self.reader.readexactly(int(got["content-length"]))
        if got.get("connection", "").lower() == "close":
            self.close()
        return status, got, body


class Phone:
    """A phone in the room, logged out: the board and its own table, or one of them."""

    def __init__(self, n: int, ports: tuple[int, int], fixture: dict[str, Any], pages: str,
                 result: PhonesResult, stop_at: float) -> None:  # fmt: skip
        slug, event = fixture["slug"], fixture["event"]
        session = fixture["sessions"][n % len(fixture["sessions"])]
        self.n, self.rng, self.result, self.stop_at = n, random.Random(1000 + n), result, stop_at
        # the follow polls' server and the pages' (the same port without a follow pool)
        self.polls, self.pages = Connection(ports[0]), Connection(ports[1])
        self.board = (f"/c/{slug}/events/{event}/follow/", f"/c/{slug}/events/{event}/board/")
        self.table = (f"/c/{slug}/sessions/{session}/follow/", f"/c/{slug}/sessions/{session}/")
        one = pages == "one"
        self.follows_board, self.follows_table = (n % 2 == 0, n % 2 == 1) if one else (True, True)
        self.seen = result.boards.setdefault(n, [])

    async def request(self, kind: str, conn: Connection, path: str,
                      **headers: str) -> tuple[int, dict[str, str]]:  # fmt: skip
        for attempt in range(2):
            start = time.perf_counter()
            try:
                status, got, _body = await conn.get(path, headers)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
                conn.close()  # the server closed an idle connection: once more
                if attempt == 1:
                    self.result.statuses["connection error"] += 1
                    self.result.failures.append(f"GET {path}: {exc!r}")
                continue
            self.result.kind_latencies.setdefault(kind, []).append(time.perf_counter() - start)
            self.result.statuses[status] += 1
            if status >= 500:
                self.result.failures.append(f"GET {path}: {status}")
            return status, got
        return 0, {}

    async def follow(self, kind: str, urls: tuple[str, str], etag: str) -> str:
        poll, page = urls
        status, got = await self.request(f"{kind} poll", self.polls, poll, **{"If-None-Match": etag,
                                                                  "Accept": "text/html"})  # fmt: skip
        if status != 200:
            return etag
        etag = got.get("etag", etag)
        if not got.get("content-type", "").startswith("text/html"):
            status, _got = await self.request(f"{kind} page", self.pages, page)
        if kind == "board" and status == 200:
            self.seen.append((time.monotonic(), last_round_id(etag)))
        return etag

    async def run(self) -> None:
        board_etag = table_etag = '""'  # the first poll fetches the page
        await asyncio.sleep(self.rng.uniform(0, EVERY))
        while time.monotonic() < self.stop_at:
            await asyncio.sleep(self.rng.uniform(0.9 * EVERY, EVERY))
            if self.follows_board:
                board_etag = await self.follow("board", self.board, board_etag)
            if self.follows_table:
                table_etag = await self.follow("table", self.table, table_etag)
        self.polls.close()
        self.pages.close()


def phones_run(first: int, count: int, ports: tuple[int, int], fixture: dict[str, Any],
               pages: str, stop_at: float) -> PhonesResult:  # fmt: skip
    """Phones ``first`` to ``first + count - 1`` until ``stop_at``, polling ``ports[0]``
    and fetching pages from ``ports[1]``; what they measured."""
    result = PhonesResult()

    async def main() -> None:
        phones = [Phone(n, ports, fixture, pages, result, stop_at)
                  for n in range(first, first + count)]  # fmt: skip
        await asyncio.gather(*(p.run() for p in phones))

    asyncio.run(main())
    return result
