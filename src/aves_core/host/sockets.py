"""The host's WebSocket: one per seat or spectator, at ``/api/tables/{t}/socket``.

The client's first message says who it is (a token in a message, never in a URL,
where logs would keep it)::

    {"type": "hello", "seat": 0, "token": "...", "since": 12}   # a seat
    {"type": "hello", "seat": null}                              # a spectator

The server answers ``{"type": "welcome", "seat": ..., "view": ..., "next": N}`` and,
when ``since`` was given, ``{"type": "events", "events": [...], "next": N, "view":
...}`` with exactly the events the client missed; from then on one ``events``
message for each batch of events, redacted for the seat, with its view after them.
A seat may send ``{"type": "move", "move": {...}}`` and ``{"type": "undo"}``; a
refused one is answered ``{"type": "error", "error": {"code": ..., "message": ...}}``
and changes nothing. A wrong token is an error and the socket closes (4403), as
does a seat's socket when its player leaves (``seat_left``). A socket that does
not read what it is sent (its queue of ``Limits.socket_queue`` messages full, or
one message unsent for ``Limits.send_seconds``) is closed with 4408 (``too_slow``) and
its messages are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from typing import Any

from aves_core.host.service import SEAT_LEFT, TOO_SLOW, HostError, Lobby, Subscriber
from aves_core.host.wire import encode, padded
from aves_core.kernel.errors import AvesError

__all__ = ["MAX_MESSAGE", "SocketMiddleware"]

MAX_MESSAGE = 16 * 1024
"""The longest message a client may send (16 KiB)."""
HELLO_SECONDS = 30.0
"""How long a new socket may wait before saying hello."""

Scope = dict[str, Any]
Receive = Any  # the ASGI server's receive and send callables
Send = Any

_PATH = re.compile(r"/api/tables/([^/]+)/socket")


class SocketMiddleware:
    """ASGI middleware that serves ``/api/tables/{t}/socket`` itself and passes every
    other request on. The socket speaks plain ASGI messages rather than through
    Starlette's router and ``WebSocket``: a table sends four messages a move (one a
    seat), and those layers were a tenth of the host's time under load."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            path = scope["path"]
            root = scope.get("root_path", "")
            if root and path.startswith(root):  # mounted under a prefix
                path = path[len(root):]
            match = _PATH.fullmatch(path)
            if match is not None:
                await _serve(_Socket(receive, send), scope["app"].state.lobby, match[1])
                return
        await self.app(scope, receive, send)


class _GoneError(Exception):
    """The client closed the socket (or the connection went)."""


class _Socket:
    """The ASGI messages of one WebSocket, as the host uses them."""

    __slots__ = ("_receive", "_send")

    def __init__(self, receive: Receive, send: Send) -> None:
        self._receive, self._send = receive, send

    async def accept(self) -> bool:
        """Accept the connection; False if the client went before."""
        message = await self._receive()
        if message["type"] != "websocket.connect":
            return False
        await self._send({"type": "websocket.accept"})
        return True

    async def receive(self) -> str | None:
        """The next message's text (None: a binary message)."""
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            raise _GoneError
        text: str | None = message.get("text")
        return text

    async def send(self, text: str) -> None:
        try:
            await self._send({"type": "websocket.send", "text": text})
        except OSError:  # the server's "client disconnected"
            raise _GoneError from None

    async def close(self, code: int) -> None:
        with contextlib.suppress(OSError, RuntimeError):  # gone, or closed already
            await self._send({"type": "websocket.close", "code": code})


def _error(code: str, message: str) -> str:
    return encode({"type": "error", "error": {"code": code, "message": message}})


async def _receive(socket: _Socket) -> dict[str, Any]:
    """The client's next message as a JSON object (a HostError if it is not one)."""
    text = await socket.receive()
    if text is None:
        raise HostError(400, "not_json", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise HostError(413, "too_large", f"a message is at most {MAX_MESSAGE:,} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep
        raise HostError(400, "not_json", "the message is not JSON") from None
    if type(data) is not dict or type(data.get("type")) is not str:
        raise HostError(400, "schema", 'a message is an object with a "type"')
    return data


async def _hello(socket: _Socket, lobby: Lobby, table_id: str
                 ) -> tuple[int | None, str | None, Subscriber]:
    async with asyncio.timeout(HELLO_SECONDS):  # no task of its own, as wait_for's in 3.11
        data = await _receive(socket)
    if data["type"] != "hello":
        raise HostError(400, "schema", 'the first message must be {"type": "hello", ...}')
    unknown = sorted(set(data) - {"type", "seat", "token", "since"})
    if unknown:
        raise HostError(400, "schema", f"unknown key {unknown[0]!r}")
    seat, token, since = data.get("seat"), data.get("token"), data.get("since")
    if seat is not None and type(seat) is not int:
        raise HostError(400, "schema", "seat must be a seat number or null (a spectator)")
    if token is not None and type(token) is not str:
        raise HostError(400, "schema", "token must be a string")
    if since is not None and (type(since) is not int or since < 0):
        raise HostError(400, "schema", "since must be a number of events")
    welcome, missed, subscriber = await lobby.follow(table_id, seat, token, since)
    try:
        pad = subscriber.pad  # (a seat's own bid is in these too)
        await socket.send(padded(encode({"type": "welcome", "seat": seat, **welcome}), pad))
        if missed is not None:
            await socket.send(padded(encode({"type": "events", **missed}), pad))
    except BaseException:
        lobby.unsubscribe(table_id, subscriber)
        raise
    return seat, token, subscriber


async def _act(lobby: Lobby, table_id: str, seat: int | None, token: str | None,
               data: dict[str, Any]) -> None:
    if data["type"] == "ping":
        return
    if seat is None:
        raise HostError(403, "forbidden", "a spectator cannot move")
    if data["type"] == "move":
        if set(data) - {"type", "move"}:
            raise HostError(400, "schema", 'a move message is {"type": "move", "move": {...}}')
        await lobby.move(table_id, seat, token, data.get("move"), reply=False)
    elif data["type"] == "undo":
        await lobby.undo(table_id, seat, token)
    else:
        raise HostError(400, "schema", f"unknown message type {data['type'][:20]!r} "
                                       "(move, undo or ping)")


async def _serve(socket: _Socket, lobby: Lobby, table_id: str) -> None:
    """Serve one seat's or spectator's socket until it closes."""
    if not await socket.accept():
        return
    subscriber: Subscriber | None = None
    try:
        try:
            seat, token, subscriber = await _hello(socket, lobby, table_id)
        except (TimeoutError, HostError, AvesError) as error:
            code = getattr(error, "code", "timeout")
            message = getattr(error, "message", "no hello came in time")
            await socket.send(_error(code, message))
            await socket.close(4403 if code in ("forbidden", "unauthorized") else 4400)
            return
        # Two tasks: reading the client's messages and sending the table's. The socket
        # ends when either does (a client gone, a seat left, a reader too slow).
        # A third watches the sender: a send unfinished for send_seconds (a client that
        # reads nothing) ends the socket.
        loop = asyncio.get_running_loop()
        seconds = lobby.limits.send_seconds
        sending = _Sending(loop)
        sender = loop.create_task(_send(socket, subscriber, sending, seconds))
        reader = loop.create_task(_read(socket, lobby, table_id, seat, token))
        watch = loop.create_task(_watch(sending, seconds))
        try:
            await asyncio.wait((sender, reader, watch), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sender, reader, watch):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, _GoneError):
                    await task
        if watch.done() and not watch.cancelled():
            await _close(socket, "too_slow", "this socket read its messages too slowly",
                         4408, seconds)
    except _GoneError:
        pass
    finally:
        if subscriber is not None:
            lobby.unsubscribe(table_id, subscriber)


async def _read(socket: _Socket, lobby: Lobby, table_id: str, seat: int | None,
                token: str | None) -> None:
    """Act on the client's messages until it goes; a refusal is answered and changes
    nothing."""
    while True:
        try:
            data = await _receive(socket)
            await _act(lobby, table_id, seat, token, data)
        except AvesError as error:  # HostError too
            await socket.send(_error(error.code, error.message))


class _Sending:
    """When the send under way began (0: none is)."""

    __slots__ = ("loop", "since")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop, self.since = loop, 0.0


async def _send(socket: _Socket, subscriber: Subscriber, sending: _Sending,
                seconds: float) -> None:
    """Forward the subscriber's messages to the socket, in order, until it is told to
    close (a seat left, or its queue overflowed: the socket reads too slowly)."""
    clock = sending.loop.time
    while True:
        message = await subscriber.queue.get()
        if message is SEAT_LEFT:
            # The seat is a bot's now: its socket must not see the bot's cards.
            await _close(socket, "seat_left", "this seat was left; a bot plays it", 4403,
                         seconds)
            return
        if message is TOO_SLOW:
            await _close(socket, "too_slow", "this socket read its messages too slowly",
                         4408, seconds)
            return
        sending.since = clock()
        await socket.send(message if isinstance(message, str) else encode(message))
        sending.since = 0.0


async def _watch(sending: _Sending, seconds: float) -> None:
    """Return once a send has been under way for ``seconds`` (checked every half of it:
    one timer a socket, not one a message, as a timeout around each send would be)."""
    while True:
        await asyncio.sleep(seconds / 2)
        since = sending.since
        if since and sending.loop.time() - since >= seconds:
            return


async def _close(socket: _Socket, code: str, message: str, close_code: int,
                 seconds: float) -> None:
    """Say why and close; a client that reads nothing is dropped after ``seconds``."""
    with contextlib.suppress(TimeoutError, _GoneError):
        await asyncio.wait_for(socket.send(_error(code, message)), seconds)
    with contextlib.suppress(TimeoutError):  # closed even when the reason was not sent
        await asyncio.wait_for(socket.close(close_code), seconds)
