"""How long the real ``aves serve`` waits for a client, over raw sockets.

uvicorn alone waits forever for a request: a connection that sends nothing, or
half a request line or half its headers (a byte every few seconds, "slowloris"),
or a body slower than its Content-Length promised, stays open and holds a slot.
The host bounds each: a request's head must arrive whole within the head limit
of the connection's opening or of the previous response's end (else the
connection closes, with a 408 if part of a head came); a body must arrive within
the body limit (else a 408 in the host's error shape, and the connection
closes); a connection idle after a response closes after the keep-alive limit.
Ordinary clients, kept-alive connections and WebSockets are not cut.

The server here runs with every limit at 1 s (through the environment, as an
operator may set them), so each case takes about a second.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hostserver import ServeProcess
from websockets.sync.client import connect

LIMIT = 1.0
"""Every limit of the server under test, in seconds."""
SLACK = 2.0
"""How much later than its limit a connection may close (a busy 2-core machine)."""
EARLY = 0.8 * LIMIT
"""A close before this is not the limit's doing."""
EVERY = 0.25
"""How often a dribbling client sends its next byte: well within every idle timeout."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    folder = tmp_path_factory.mktemp("timeouts")
    with pytest.MonkeyPatch.context() as patch:
        for variable in ("AVES_TIMEOUT_HEAD", "AVES_TIMEOUT_BODY", "AVES_TIMEOUT_KEEP_ALIVE"):
            patch.setenv(variable, str(int(LIMIT)))
        running = ServeProcess(folder / "tables.db", folder).start()
    try:
        yield running
    finally:
        running.stop()


def _connect(server: ServeProcess) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def _until_closed(link: socket.socket, start: float, dribble: bytes = b"") -> tuple[float, bytes]:
    """Wait (sending ``dribble`` a byte every ``EVERY`` s) until the server closes
    ``link``: the seconds since ``start`` and what the server sent. Fails if it is still
    open ``LIMIT + SLACK`` s after ``start``."""
    received = b""
    left = dribble
    while True:
        elapsed = time.monotonic() - start
        if elapsed > LIMIT + SLACK:
            pytest.fail(f"the connection is still open after {elapsed:.1f} s "
                        f"(received {received[:80]!r})")
        link.settimeout(EVERY if left else LIMIT + SLACK - elapsed + 0.1)
        try:
            data = link.recv(4096)
        except TimeoutError:
            if left:
                with contextlib.suppress(OSError):  # closed under us: recv says so
                    link.sendall(left[:1])
                left = left[1:] or dribble  # a client that never finishes
            continue
        except ConnectionResetError:
            return time.monotonic() - start, received
        if not data:
            return time.monotonic() - start, received
        received += data


def _response(link: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One whole response read from ``link``: its status, headers and body."""
    link.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = link.recv(4096)
        assert chunk, f"closed before a response: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip()
               for name, _, value in (line.partition(":") for line in lines)}
    size = int(headers["content-length"])
    while len(body) < size:
        chunk = link.recv(4096)
        assert chunk, "closed in the middle of a response"
        body += chunk
    assert len(body) == size
    return int(status_line.split()[1]), headers, body


def _timed_out(received: bytes) -> dict[str, Any]:
    """The 408 in ``received`` (the whole of it): its JSON error."""
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 "), received[:200]
    assert b"connection: close" in head.lower()
    error: dict[str, Any] = json.loads(body)["error"]
    assert error["code"] == "request_timeout"
    assert error["message"]
    return error


GET = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def test_a_connection_that_sends_nothing_is_closed(server: ServeProcess) -> None:
    with _connect(server) as link:
        elapsed, received = _until_closed(link, time.monotonic())
    assert EARLY <= elapsed, elapsed
    assert received == b""  # nothing was asked: nothing is answered


def test_half_a_request_line_is_closed_with_408(server: ServeProcess) -> None:
    with _connect(server) as link:
        start = time.monotonic()
        link.sendall(b"GET /api/ga")
        elapsed, received = _until_closed(link, start)
    assert EARLY <= elapsed, elapsed
    _timed_out(received)


def test_headers_dribbled_a_byte_at_a_time_are_cut_at_the_deadline(
        server: ServeProcess) -> None:
    # Slowloris: a byte every 0.25 s keeps any idle timeout from firing; the head's
    # deadline is a total.
    with _connect(server) as link:
        start = time.monotonic()
        link.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        elapsed, received = _until_closed(link, start, dribble=b"X-Slow: " + b"a" * 200)
    assert EARLY <= elapsed, elapsed
    _timed_out(received)


def test_a_body_slower_than_its_deadline_is_answered_408(server: ServeProcess) -> None:
    body = json.dumps({"game": "aves", "players": ["a", "b"]}).encode()
    with _connect(server) as link:
        start = time.monotonic()
        link.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: " + str(len(body) + 1000).encode() + b"\r\n\r\n"
                     + body[:10])
        elapsed, received = _until_closed(link, start, dribble=b" ")
    assert EARLY <= elapsed, elapsed
    assert "body" in _timed_out(received)["message"]


def test_an_idle_kept_alive_connection_is_closed(server: ServeProcess) -> None:
    with _connect(server) as link:
        link.sendall(GET)
        assert _response(link)[0] == 200
        elapsed, received = _until_closed(link, time.monotonic())
    assert EARLY <= elapsed, elapsed
    assert received == b""


def test_a_next_request_dribbled_after_a_response_is_cut(server: ServeProcess) -> None:
    # Each byte resets uvicorn's keep-alive timer; the next head's deadline still runs.
    with _connect(server) as link:
        link.sendall(GET)
        assert _response(link)[0] == 200
        elapsed, received = _until_closed(link, time.monotonic(), dribble=GET[:-4] + b"\r\nX: ")
    assert EARLY <= elapsed, elapsed
    _timed_out(received)


def test_ordinary_clients_and_websockets_are_not_cut(server: ServeProcess) -> None:
    with _connect(server) as link:
        # One kept-alive connection for longer than any limit, a request at a time.
        for _ in range(3):
            link.sendall(GET)
            status, headers, _ = _response(link)
            assert status == 200
            assert headers.get("connection") != "close"
            time.sleep(0.6 * LIMIT)
        # A body in two parts, each well within the limit.
        body = json.dumps({"game": "aves", "players": ["a", "b"]}).encode()
        link.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n"
                     b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body[:10])
        time.sleep(0.3 * LIMIT)
        link.sendall(body[10:])
        status, _, answer = _response(link)
        assert status == 201, answer
    table = json.loads(answer)["table"]
    # A WebSocket outlives the head's deadline and the keep-alive one.
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/socket",
                 open_timeout=5) as websocket:
        time.sleep(1.5 * LIMIT)
        websocket.send(json.dumps({"type": "hello", "seat": None}))
        assert json.loads(websocket.recv(timeout=5))["type"] == "welcome"
