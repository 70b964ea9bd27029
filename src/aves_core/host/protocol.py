"""uvicorn's HTTP/1.1 protocol (httptools) with a deadline for each request's head.

uvicorn arms its keep-alive timer only once a response is complete, and stops it
at the first byte of the next request: a connection that sends nothing, or half a
request line, or headers a byte every few seconds (slowloris), is kept forever.
``HeadDeadlineProtocol`` gives each request's head ``HEAD_TIMEOUT`` seconds (the
environment's ``AVES_TIMEOUT_HEAD``), counted from the connection's opening or the
previous response's end, in total. A connection past it is closed: silently if
nothing of a head came, else after a 408 in the host's error shape. The deadline
stops when the head is complete, so a request's handling, a WebSocket (its own
hello timeout takes over) and a long response are never cut. Bodies have their
own limit in the application (``aves_core.host.app``); idle connections between
requests close after uvicorn's ``timeout_keep_alive``.

``aves serve`` runs uvicorn with ``http=HeadDeadlineProtocol``; an operator running
uvicorn by hand passes ``--http aves_core.host.protocol:HeadDeadlineProtocol``.
"""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from aves_core.host.timeouts import HEAD_TIMEOUT, HEAD_VARIABLE, seconds

__all__ = ["HeadDeadlineProtocol"]


class HeadDeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing a connection whose request head is late."""

    head_timeout: float = HEAD_TIMEOUT
    head_deadline: asyncio.TimerHandle | None = None
    head_started = False
    """Whether part of the awaited head has come (then a late one is answered 408)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_timeout = seconds(HEAD_VARIABLE, HEAD_TIMEOUT)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_started = True

    def on_headers_complete(self) -> None:
        # Before the parent's, which returns early for a WebSocket's upgrade.
        self._disarm()
        self.head_started = False
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # The next head's deadline, unless the connection closes or a pipelined
        # request (its head already in) is being answered.
        if not self.transport.is_closing() and self.cycle.response_complete:
            self._arm()

    def _arm(self) -> None:
        self._disarm()
        self.head_deadline = self.loop.call_later(self.head_timeout, self._head_late)

    def _disarm(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _head_late(self) -> None:
        self.head_deadline = None
        if self.transport.is_closing():
            return
        if self.head_started:
            body = json.dumps({"error": {
                "code": "request_timeout",
                "message": f"the request's head did not arrive within {self.head_timeout:g} s",
            }}).encode()
            head = [b"HTTP/1.1 408 Request Timeout\r\n"]
            for name, value in self.server_state.default_headers:
                head += [name, b": ", value, b"\r\n"]
            head += [b"content-type: application/json\r\n",
                     b"content-length: %d\r\n" % len(body), b"connection: close\r\n\r\n"]
            self.transport.write(b"".join(head) + body)
        self.transport.close()
