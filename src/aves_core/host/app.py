"""The web host: an ASGI application (Starlette) that serves every registered game.

REST for lobby actions, one WebSocket per seat or spectator, the browser client
as static files::

    GET  /                                   the browser client (lobby, tables, replays)
    GET  /api/games                          the registered games
    GET  /api/tables                         the newest tables
    POST /api/tables                         {"game", "players", "options", "seed", "bots"}
    GET  /api/tables/{t}                     seats, whose move it is, the result
    POST /api/tables/{t}/seats/{s}/join      -> {"token": ...} (once per seat)
    GET  /api/tables/{t}/seats/{s}/view      the seat's view        (Bearer token)
    GET  /api/tables/{t}/seats/{s}/events?since=N                   (Bearer token)
    POST /api/tables/{t}/seats/{s}/moves     a move's JSON object   (Bearer token)
    POST /api/tables/{t}/seats/{s}/undo                             (Bearer token)
    POST /api/tables/{t}/seats/{s}/leave     a bot plays the seat   (Bearer token)
    GET  /api/tables/{t}/view                a spectator's view
    GET  /api/tables/{t}/log                 the log, once the game is over
    WS   /api/tables/{t}/socket              see ``aves_core.host.sockets``
    POST /api/replay                         a log's text: each state, for the replay viewer
    GET  /api/openapi.json                   this API, described
    GET  /games/{id}/web/{file}              a registered game's drawing for the client

Every error is ``{"error": {"code": ..., "message": ...}}`` with the status
that fits (400 a bad request or an illegal move, with the engine's code; 401 no
token; 403 a wrong token, a cross-site request or a seed the host does not allow;
404 no such table or seat; 409 a seat taken, a move another worker played first,
an undo refused, a log of a game still going; 408 a body that did not all come
within 30 s, ``aves_core.host.timeouts``; 413 a body over 64 KiB; 415 a body that
is not ``application/json``; 429 a client that made too many tables or replayed too
many logs (``aves_core.host.replays``); 503 ``store_busy`` a write that another
process's lock on the database kept waiting too long, with nothing written and a
Retry-After, or ``busy``, too many replays waiting; 500 a bug, never with a traceback).

``create_app(store)`` builds the application; a host can serve it with uvicorn
(``aves serve``) or mount it inside its own Starlette or FastAPI application.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from aves_core.host.drawings import drawing_file
from aves_core.host.openapi import describe_api
from aves_core.host.replays import MAX_LOG, ReplayGate
from aves_core.host.service import HostError, Limits, Lobby
from aves_core.host.sockets import SocketMiddleware
from aves_core.host.sqlite import SQLiteStore
from aves_core.host.store import Store
from aves_core.host.stores import open_store
from aves_core.host.timeouts import BODY_TIMEOUT, BODY_VARIABLE, seconds
from aves_core.host.wire import encode, padded
from aves_core.kernel.errors import AvesError

__all__ = ["BOT_QUANTUM_VARIABLE", "CREATIONS_VARIABLE", "DB_VARIABLE", "MAX_BODY",
           "REPLAYS_VARIABLE", "SEEDS_VARIABLE", "app_from_environment", "create_app"]

MAX_BODY = 64 * 1024
"""The largest request body read (64 KiB); a move is under 100 bytes."""
DB_VARIABLE = "AVES_DB"
"""The environment variable ``aves serve`` passes its ``--db`` through to workers."""
SEEDS_VARIABLE = "AVES_ALLOW_SEEDS"
"""Set to ``1`` by ``aves serve --allow-seeds``: clients may then pick a table's seed."""
CREATIONS_VARIABLE = "AVES_TABLES_PER_MINUTE"
"""``aves serve --tables-per-minute``: the tables a client may create a minute, and at once."""
REPLAYS_VARIABLE = "AVES_REPLAYS_PER_MINUTE"
"""``aves serve --replays-per-minute``: the logs a client may replay a minute, and at once."""
BOT_QUANTUM_VARIABLE = "AVES_BOT_QUANTUM"
"""``aves serve --bot-quantum``: a bot answers a whole number of these seconds after its
turn began, so its thinking time tells nothing of its hand."""
STATIC = Path(__file__).resolve().parent / "static"

Handler = Callable[[Request], Awaitable[Response]]


class JSONAnswer(JSONResponse):
    """A REST answer's JSON, written as a socket message is (``wire.encode``): orjson's
    speed for a large answer (the replay viewer's states), and a text that always
    encodes as UTF-8, whatever string of a client's the answer echoes (a lone
    surrogate made Starlette's own encoding fail: a 500)."""

    def render(self, content: Any) -> bytes:
        """The body: ``content`` as compact JSON, in UTF-8."""
        return encode(content).encode()


def _error(status: int, code: str, message: str, **extra: Any) -> JSONAnswer:
    wait = extra.get("retry_after")
    return JSONAnswer({"error": {"code": code, "message": message}, **extra},
                      status_code=status, headers=None if wait is None else
                      {"Retry-After": str(max(1, round(wait)))})


def _guard(handler: Callable[[Request, Lobby], Awaitable[Any]]) -> Handler:
    """A route whose answer is JSON and whose every error is the one JSON shape."""

    async def route(request: Request) -> Response:
        lobby: Lobby = request.app.state.lobby
        try:
            _same_origin(request)
            answer = await handler(request, lobby)
        except HostError as error:
            refusal = _error(error.status, error.code, error.message, **error.extra)
            if error.status == 408:  # the rest of a late body may still come: not read
                refusal.headers["Connection"] = "close"
            return refusal
        except AvesError as error:
            return _error(400, error.code, error.message)
        if isinstance(answer, Response):
            return answer
        return JSONAnswer(answer, status_code=201 if request.method == "POST"
                          and request.url.path.endswith("/tables") else 200)

    return route


async def _raw(request: Request, limit: int = MAX_BODY) -> bytes:
    """The request's body: a 413 over ``limit`` bytes, a 408 when it has not all come
    within the body's time limit (``BODY_TIMEOUT``, or the environment's
    ``AVES_TIMEOUT_BODY``): uvicorn would wait for it forever."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise HostError(413, "too_large", f"a request body is at most {limit:,} bytes")
    body = b""
    timeout = seconds(BODY_VARIABLE, BODY_TIMEOUT)
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:
                    raise HostError(413, "too_large",
                                    f"a request body is at most {limit:,} bytes")
    except TimeoutError:
        raise HostError(408, "request_timeout",
                        f"the request's body did not arrive within {timeout:g} s") from None
    return body


def _same_origin(request: Request) -> None:
    """Refuse a state-changing request a browser sent from another site's page: its
    ``Origin`` names another host than the one asked (a page of this host, a
    non-browser client and a same-site fetch pass)."""
    origin = request.headers.get("origin")
    if request.method in ("GET", "HEAD", "OPTIONS") or origin is None:
        return
    host = request.headers.get("host", "")
    if origin == "null" or urlsplit(origin).netloc.lower() != host.lower():
        raise HostError(403, "cross_origin", "this host takes changes only from its own pages")


async def _body(request: Request) -> Any:
    body = await _raw(request)
    if not body:
        return {}
    # A JSON body says so: a text/plain "simple request" from another site's page (no
    # CORS preflight) is not read as JSON.
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        raise HostError(415, "unsupported_media_type",
                        "send a JSON body with Content-Type: application/json")
    try:
        return json.loads(body)
    except (ValueError, RecursionError):  # RecursionError: "[[[[..." nested too deep
        raise HostError(400, "not_json", "the body is not JSON") from None


def _token(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    # The scheme is case-insensitive (RFC 9110): "bearer" is "Bearer".
    return token.strip() or None if scheme.lower() == "bearer" else None


def _seat(request: Request) -> int:
    text = request.path_params["seat"]
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise HostError(404, "no_such_seat", f"no seat {text[:10]!r}")
    return int(text)


def _since(request: Request) -> int:
    text = request.query_params.get("since", "0")
    if not (text.isascii() and text.isdigit()):
        raise HostError(400, "bad_argument", "since must be a number of events")
    # Any number is read (the table, once found, says which are too many); a huge one
    # is not converted digit by digit.
    return int(text) if len(text) <= 18 else 10**18


def _client(request: Request) -> str:
    """Who makes a request, for the limits a client has: its address."""
    return request.client.host if request.client is not None else ""


async def _games(request: Request, lobby: Lobby) -> Any:
    return {"games": lobby.games()}


async def _tables(request: Request, lobby: Lobby) -> Any:
    if request.method == "POST":
        return await lobby.create(await _body(request), _client(request))
    return {"tables": await lobby.tables()}


async def _table(request: Request, lobby: Lobby) -> Any:
    return await lobby.summary(request.path_params["table"])


async def _join(request: Request, lobby: Lobby) -> Any:
    return await lobby.join(request.path_params["table"], _seat(request))


def _padded(lobby: Lobby, request: Request, answer: Any) -> Response:
    """A seat's answer as JSON padded as its socket's messages are (``Lobby.padding``):
    its size must not tell its sealed bid either."""
    pad = lobby.padding(request.path_params["table"], _seat(request))
    return Response(padded(encode(answer), pad), media_type="application/json")


async def _seat_view(request: Request, lobby: Lobby) -> Any:
    return _padded(lobby, request, await lobby.view(
        request.path_params["table"], _seat(request), _token(request)))


async def _seat_events(request: Request, lobby: Lobby) -> Any:
    return _padded(lobby, request, await lobby.events(
        request.path_params["table"], _seat(request), _token(request), _since(request)))


async def _moves(request: Request, lobby: Lobby) -> Any:
    return _padded(lobby, request, await lobby.move(
        request.path_params["table"], _seat(request), _token(request), await _body(request)))


async def _undo(request: Request, lobby: Lobby) -> Any:
    return _padded(lobby, request, await lobby.undo(
        request.path_params["table"], _seat(request), _token(request)))


async def _leave(request: Request, lobby: Lobby) -> Any:
    return await lobby.leave(request.path_params["table"], _seat(request), _token(request))


async def _spectate(request: Request, lobby: Lobby) -> Any:
    return await lobby.view(request.path_params["table"], None, None)


async def _spectator_events(request: Request, lobby: Lobby) -> Any:
    return await lobby.events(request.path_params["table"], None, None, _since(request))


async def _log(request: Request, lobby: Lobby) -> Any:
    return Response(await lobby.log(request.path_params["table"], _token(request)),
                    media_type="application/json")


async def _replay(request: Request, lobby: Lobby) -> Any:
    gate: ReplayGate = request.app.state.replays
    gate.admit(_client(request))  # before 1 MiB of body is read
    return await gate.replay(await _raw(request, MAX_LOG))


async def _openapi(request: Request, lobby: Lobby) -> Any:
    return describe_api(lobby.games())


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def _game_file(request: Request) -> Response:
    game_id, path = request.path_params["game"], request.path_params["path"]
    found = drawing_file(game_id, path)
    if found is None:
        return _error(404, "not_found",
                      f"no file {path[:80]!r} in the drawing of game {game_id[:40]!r}")
    # nosniff: a browser runs a module only when its media type says JavaScript.
    return FileResponse(found[0], media_type=found[1],
                        headers={"X-Content-Type-Options": "nosniff"})


async def _not_found(request: Request, exc: Exception) -> Response:
    return _error(404, "not_found", f"no route {request.method} {request.url.path[:80]}")


async def _not_allowed(request: Request, exc: Exception) -> Response:
    answer = _error(405, "method_not_allowed", f"{request.method[:20]} is not allowed here")
    # RFC 9110: a 405 names the methods the resource allows (Starlette's routing knows them).
    allowed = (getattr(exc, "headers", None) or {}).get("Allow")
    if allowed:
        answer.headers["Allow"] = allowed
    return answer


async def _internal(request: Request, exc: Exception) -> Response:
    # A bug: answer it in the one shape, and never with a traceback.
    return _error(500, "internal_error", f"the server failed ({type(exc).__name__})")


def _watch(store: Store, lobby: Lobby) -> Callable[[], Coroutine[Any, Any, None]] | None:
    """How this worker learns of other workers' moves: PostgreSQL's notifications, or
    the SQLite file's version, polled."""
    loop = asyncio.get_running_loop()
    listen = getattr(store, "listen", None)
    if listen is not None:
        listen(lambda table_id: loop.call_soon_threadsafe(
            lambda: loop.create_task(lobby.changed(table_id))))
        return None
    if not isinstance(store, SQLiteStore):
        return None

    async def poll() -> None:
        # The event loop connection's version each time: numbers of two connections
        # do not compare. While that connection is in use, the next turn looks.
        seen = store.version_now()
        while True:
            await asyncio.sleep(0.05)
            version = store.version_now()
            if version is not None and version != seen:
                seen = version
                for table_id in lobby.watched():
                    await lobby.changed(table_id)

    return poll


def create_app(store: Store | str | os.PathLike[str] | None = None, *,
               allow_seeds: bool = False, limits: Limits | None = None) -> Starlette:
    """The host as an ASGI application, over ``store`` (a Store, a database URL or a
    SQLite path; by default ``aves.db`` in the working folder). With ``allow_seeds``
    a client may pick a table's seed (and so know every hidden card: for an operator's
    own tests and tournaments); ``limits`` bounds what each worker keeps and allows."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        opened = store if store is not None and not isinstance(store, str | os.PathLike) \
            else open_store(os.fspath(store) if store is not None else "aves.db")
        lobby = Lobby(opened, allow_seeds=allow_seeds, limits=limits)
        app.state.lobby = lobby
        app.state.replays = ReplayGate(lobby.limits)
        watch = _watch(opened, lobby)
        loop = asyncio.get_running_loop()
        watcher = loop.create_task(watch()) if watch else None
        # In the background: the first request is answered at once, however many
        # tables the store holds.
        housekeeping = loop.create_task(lobby.run())
        try:
            yield
        finally:
            # Every task that may use the store ends before the store closes.
            tasks = [housekeeping] if watcher is None else [housekeeping, watcher]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await lobby.aclose()
            if opened is not store:
                opened.close()

    table = "/api/tables/{table}"
    seat = table + "/seats/{seat}"
    routes = [
        Route("/", _index),
        Route("/api/games", _guard(_games)),
        Route("/api/tables", _guard(_tables), methods=["GET", "POST"]),
        Route(table, _guard(_table)),
        Route(seat + "/join", _guard(_join), methods=["POST"]),
        Route(seat + "/view", _guard(_seat_view)),
        Route(seat + "/events", _guard(_seat_events)),
        Route(seat + "/moves", _guard(_moves), methods=["POST"]),
        Route(seat + "/undo", _guard(_undo), methods=["POST"]),
        Route(seat + "/leave", _guard(_leave), methods=["POST"]),
        Route(table + "/view", _guard(_spectate)),
        Route(table + "/events", _guard(_spectator_events)),
        Route(table + "/log", _guard(_log)),
        Route("/api/replay", _guard(_replay), methods=["POST"]),
        Route("/api/openapi.json", _guard(_openapi)),
        Route("/games/{game}/web/{path:path}", _game_file),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    # The table sockets (WS /api/tables/{t}/socket) are served by SocketMiddleware.
    return Starlette(routes=routes, lifespan=lifespan,
                     middleware=[Middleware(SocketMiddleware)], exception_handlers={
        404: _not_found, 405: _not_allowed, Exception: _internal})


def app_from_environment() -> Starlette:
    """The application over the database ``AVES_DB`` names (what ``aves serve`` runs in
    each worker)."""
    per_minute = float(os.environ.get(CREATIONS_VARIABLE, "20"))
    replays = float(os.environ.get(REPLAYS_VARIABLE, "30"))
    quantum = float(os.environ.get(BOT_QUANTUM_VARIABLE, "0.05"))
    app = create_app(os.environ.get(DB_VARIABLE, "aves.db"),
                     allow_seeds=os.environ.get(SEEDS_VARIABLE) == "1",
                     limits=Limits(creations_burst=max(1, int(per_minute)),
                                   creations_per_minute=per_minute,
                                   replays_per_minute=replays, bot_quantum=quantum))
    # What the worker has built by now (modules, games, the app) lives as long as it
    # does: out of the collector's way, each full collection is a shorter pause.
    gc.freeze()
    return app
