"""`make loadtest-night`'s own parts measure what they claim: a phone keeps one connection,
follows with If-None-Match as follow.js does, records when its board showed which round,
and survives the server closing an idle connection; the stack starts a gunicorn of its
own for the follow polls; the server's times are read from gunicorn's access log."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from loadtest import night, phones, stack

FIXTURE = {"slug": "night", "event": 7, "sessions": [11, 12]}
VERSION = '"7-3-42-0-o-f"'  # the board's version: its last round is 42


class Server:
    """A follow URL on loopback: 200 with the parts and the version's ETag, 304 when the
    phone already has it; ``close_after`` answers, then it closes the connection."""

    def __init__(self, *, close_after: int = 0, chunked: bool = False) -> None:
        self.connections = 0
        self.requests: list[tuple[str, str]] = []
        self.close_after, self.chunked = close_after, chunked

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        answered = 0
        while True:
            try:
                head = (await reader.readuntil(b"\r\n\r\n")).decode()
            except asyncio.IncompleteReadError:
                break
            path = head.split()[1]
            etag = next((line.split(": ", 1)[1] for line in head.split("\r\n")
                         if line.lower().startswith("if-none-match")), "")  # fmt: skip
            self.requests.append((path, etag))
            if etag == VERSION:
                writer.write(f"HTTP/1.1 304 Not Modified\r\nETag: {VERSION}\r\n\r\n".encode())
            elif self.chunked:
                writer.write(
                    f"HTTP/1.1 200 OK\r\nETag: {VERSION}\r\nContent-Type: text/html\r\n"
                    "Transfer-Encoding: chunked\r\n\r\n5\r\n<div>\r\n6\r\n</div>\r\n0\r\n\r\n"
                    .encode()
                )  # fmt: skip
            else:
                body = b'<div id="follow-area"></div>'
                writer.write(
                    f"HTTP/1.1 200 OK\r\nETag: {VERSION}\r\nContent-Type: text/html\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n".encode()
                    + body
                )
            await writer.drain()
            answered += 1
            if answered == self.close_after:
                break
        writer.close()


def follow_twice(server: Server) -> phones.PhonesResult:
    """One phone, board only (NIGHT_PAGES=one, an even phone), polling twice."""

    async def run() -> phones.PhonesResult:
        listener = await asyncio.start_server(server.handle, "127.0.0.1", 0)
        port = listener.sockets[0].getsockname()[1]
        result = phones.PhonesResult()
        phone = phones.Phone(0, (port, port), FIXTURE, "one", result, time.monotonic() + 60)
        etag = await phone.follow("board", phone.board, '""')
        etag = await phone.follow("board", phone.board, etag)
        phone.polls.close()
        listener.close()
        return result

    # A thread of its own: a test process that ran the browser tests keeps Playwright's
    # event loop running in the main thread, where asyncio.run() is refused.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_a_phone_follows_the_board_on_one_connection_and_records_the_round_it_showed():
    server = Server()
    result = follow_twice(server)
    assert server.connections == 1
    assert server.requests == [("/c/night/events/7/follow/", '""'),
                               ("/c/night/events/7/follow/", VERSION)]  # fmt: skip
    assert result.statuses == {200: 1, 304: 1}
    assert [last for _t, last in result.boards[0]] == [42]
    assert len(result.kind_latencies["board poll"]) == 2


def test_a_phone_reopens_a_connection_the_server_closed_without_counting_an_error():
    server = Server(close_after=1, chunked=True)
    result = follow_twice(server)
    assert server.connections == 2
    assert result.statuses == {200: 1, 304: 1}
    assert result.failures == []


def test_the_board_version_names_its_last_round():
    assert phones.last_round_id(VERSION) == 42
    assert phones.last_round_id('""') == 0


def test_a_stack_with_a_follow_pool_starts_and_stops_two_gunicorns(monkeypatch):
    started: list[tuple[int, str]] = []

    class Proc:
        def __init__(self) -> None:
            self.stopped = False

        def poll(self) -> None:
            return None

        def send_signal(self, _sig: int) -> None:
            self.stopped = True

        def wait(self, _timeout: float) -> int:
            return 0

    procs: list[Proc] = []

    def gunicorn(self: stack.Stack, port: int, workers: str) -> Proc:
        started.append((port, workers))
        procs.append(Proc())
        return procs[-1]

    monkeypatch.setattr(stack.Stack, "gunicorn", gunicorn)
    monkeypatch.setattr(stack.Stack, "wait_ready", lambda self, port: None)
    two = stack.Stack(worker=False, follow_workers=3)
    two.start_web()
    assert [workers for _port, workers in started] == [stack.WEB_WORKERS, "3"]
    assert two.follow_port == started[1][0] != two.port == started[0][0]
    two.stop_web()
    assert all(p.stopped for p in procs)

    one = stack.Stack(worker=False)
    one.start_web()
    assert one.follow_port == one.port


def test_the_servers_own_times_are_read_by_kind_from_the_access_log(monkeypatch, tmp_path, capsys):
    log = tmp_path / "access.log"
    log.write_text(
        "GET /c/night/events/7/follow/ 304 1000\n"
        "GET /c/night/events/7/follow/ 200 3000\n"
        "GET /c/night/sessions/11/follow/ 304 2000\n"
        "POST /api/v1/clubs/night/sessions/11/rounds/ 201 50000\n"
    )
    monkeypatch.setattr(night, "ACCESS_LOG", log)
    night.server_times()
    out = capsys.readouterr().out
    assert "board poll" in out and "table poll" in out and "round write" in out
    assert "p50    50.0" in out  # the one write: 50 ms
