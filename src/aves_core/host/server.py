"""A small HTTP JSON game server: the worked example of hosting aves-core.

Standard library only (``http.server``), for localhost and tests, not for the
open internet (no TLS, no rate limits). Each seat joins with a secret token
and can only see and move for itself:

    POST /tables                          {"players": [...], "variant": {...}, "seed": 1}
    POST /tables/{t}/seats/{s}/join       -> {"token": ...}   (once per seat)
    GET  /tables/{t}/seats/{s}/view       -> the seat's view and the event count
    POST /tables/{t}/seats/{s}/moves      {"type": "trade", "player": s, ...} -> its events
    GET  /tables/{t}/seats/{s}/events?since=N
    POST /tables/{t}/seats/{s}/undo
    POST /tables/{t}/seats/{s}/leave      (a bot plays the seat from then on)
    GET  /tables/{t}/spectate             -> a spectator's view
    GET  /tables/{t}/log                  -> the whole log, once the game is over

Seat requests carry ``Authorization: Bearer TOKEN``. A wrong or missing token,
or a move for another seat, is refused with 403 and changes nothing; an
illegal move gets 400 with the engine's error code. Every error body is
``{"error": {"code": ..., "message": ...}}``.

Run it with ``aves serve --port 8080 --data DIR``.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from aves_core.bots import RandomBot
from aves_core.games.aves.log import dump_log, parse_move_data
from aves_core.games.aves.serialize import FieldError, event_to_json, structure
from aves_core.games.aves.state import Variant
from aves_core.games.aves.table import AvesTable as Table
from aves_core.games.aves.table import UndoError
from aves_core.games.aves.views import view_to_json
from aves_core.kernel.errors import AvesError, IllegalMoveError

__all__ = ["Lobby", "make_server"]

MAX_BODY = 64 * 1024


class HttpError(Exception):
    """An error answer: its status, code and message."""

    def __init__(self, status: HTTPStatus, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _events_json(events: Any) -> list[Any]:
    return [event_to_json(event) for event in events]


class Lobby:
    """The tables of one server, with their seats' tokens; safe across threads."""

    def __init__(self, data_dir: Path | None = None) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, Table] = {}
        self._tokens: dict[tuple[str, int], str] = {}
        self._data_dir = data_dir

    def create(self, body: Any) -> dict[str, Any]:
        if type(body) is not dict:
            raise HttpError(HTTPStatus.BAD_REQUEST, "schema", "the body must be a JSON object")
        unknown = set(body) - {"players", "variant", "seed"}
        if unknown:
            raise HttpError(HTTPStatus.BAD_REQUEST, "schema", f"unknown key {sorted(unknown)[0]!r}")
        players = body.get("players")
        if type(players) is not list or not all(type(name) is str for name in players):
            raise HttpError(HTTPStatus.BAD_REQUEST, "schema", "players must be a list of names")
        try:
            variant = structure(body.get("variant", {"crows": False, "showdown": False}),
                                Variant)
        except FieldError as error:
            raise HttpError(HTTPStatus.BAD_REQUEST, "schema",
                            f"variant: {error.message} ({error.path})") from None
        seed = body.get("seed")
        if seed is not None and type(seed) is not int:
            raise HttpError(HTTPStatus.BAD_REQUEST, "schema", "seed must be an integer")
        table = Table(players, variant, seed=seed)
        with self._lock:
            table_id = secrets.token_hex(6)
            self._tables[table_id] = table
            if self._data_dir is not None:
                table.save(self._data_dir / f"{table_id}.jsonl")
        return {"table": table_id, "seats": len(players)}

    def table(self, table_id: str) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise HttpError(HTTPStatus.NOT_FOUND, "no_such_table", f"no table {table_id!r}")
        return table

    def join(self, table_id: str, seat: int) -> dict[str, Any]:
        with self._lock:
            table = self.table(table_id)
            if not 0 <= seat < len(table.players):
                raise HttpError(HTTPStatus.NOT_FOUND, "no_such_seat", f"no seat {seat}")
            if (table_id, seat) in self._tokens:
                raise HttpError(HTTPStatus.CONFLICT, "seat_taken", f"seat {seat} is taken")
            token = secrets.token_urlsafe(24)
            self._tokens[table_id, seat] = token
        return {"token": token, "seat": seat, "name": table.players[seat]}

    def check(self, table_id: str, seat: int, authorization: str | None) -> Table:
        """The table, if ``authorization`` carries the seat's token; else 403."""
        table = self.table(table_id)
        expected = self._tokens.get((table_id, seat))
        given = (authorization or "").removeprefix("Bearer ").strip()
        if expected is None or not hmac.compare_digest(expected.encode(), given.encode()):
            raise HttpError(HTTPStatus.FORBIDDEN, "forbidden",
                            f"this request needs seat {seat}'s token")
        return table

    def seat_view(self, table: Table, seat: int | None) -> dict[str, Any]:
        with self._lock:
            return {"view": view_to_json(table.view(seat)), "events": table.event_count}

    def move(self, table: Table, seat: int, body: Any) -> dict[str, Any]:
        try:
            move = parse_move_data(body, 0)
        except AvesError as error:
            raise HttpError(HTTPStatus.BAD_REQUEST, error.code, str(error)) from None
        if move.player != seat:
            raise HttpError(HTTPStatus.FORBIDDEN, "forbidden",
                            f"seat {seat} cannot move for seat {move.player}")
        with self._lock:
            try:
                events = table.play(move)
            except IllegalMoveError as error:
                raise HttpError(HTTPStatus.BAD_REQUEST, error.code, str(error)) from None
            return {"events": _events_json(events[seat]), "next": table.event_count}

    def events(self, table: Table, seat: int, since: int) -> dict[str, Any]:
        with self._lock:
            if not 0 <= since <= table.event_count:
                raise HttpError(HTTPStatus.BAD_REQUEST, "bad_argument",
                                f"since must be 0 to {table.event_count}")
            return {"events": _events_json(table.events_since(since, seat)),
                    "next": table.event_count}

    def undo(self, table: Table, seat: int) -> dict[str, Any]:
        with self._lock:
            first = table.event_count
            try:
                table.undo(seat)
            except UndoError as error:
                raise HttpError(HTTPStatus.CONFLICT, error.code, str(error)) from None
            return {"events": _events_json(table.events_since(first, seat)),
                    "next": table.event_count}

    def leave(self, table: Table, table_id: str, seat: int) -> dict[str, Any]:
        with self._lock:
            table.replace_with_bot(seat, RandomBot())
            self._tokens[table_id, seat] = secrets.token_urlsafe(24)  # the old token dies
            return {"left": seat, "next": table.event_count}

    def log(self, table: Table) -> str:
        with self._lock:
            if table.state.result is None:
                raise HttpError(HTTPStatus.CONFLICT, "game_not_over",
                                "the log holds the deal: it is shown once the game is over")
            return dump_log(table.log, "json")


_SEAT_ROUTE = re.compile(r"/tables/(?P<table>[0-9a-f]+)/seats/(?P<seat>\d{1,2})/(?P<action>\w+)")
_TABLE_ROUTE = re.compile(r"/tables/(?P<table>[0-9a-f]+)/(?P<action>spectate|log)")


class _Handler(BaseHTTPRequestHandler):
    lobby: Lobby
    server_version = "aves-core"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a host logs through its own means."""

    def _body(self) -> Any:
        declared = self.headers.get("Content-Length") or "0"
        if not (declared.isascii() and declared.isdigit()):
            raise HttpError(HTTPStatus.BAD_REQUEST, "bad_request", "a bad Content-Length")
        length = int(declared)
        if length > MAX_BODY:
            raise HttpError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "too_large", "body too large")
        raw = self.rfile.read(length) if length else b"{}"
        try:
            return json.loads(raw)
        except ValueError:
            raise HttpError(HTTPStatus.BAD_REQUEST, "not_json", "the body is not JSON") from None

    def _answer(self, status: HTTPStatus, payload: Any, content_type: str = "application/json"
                ) -> None:
        body = payload if isinstance(payload, str) else json.dumps(payload)
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method: str) -> None:
        try:
            status, payload = self._route(method)
        except HttpError as error:
            status, payload = error.status, {"error": {"code": error.code,
                                                       "message": error.message}}
        except AvesError as error:
            status, payload = HTTPStatus.BAD_REQUEST, {"error": {"code": error.code,
                                                                 "message": str(error)}}
        except Exception as error:  # a bug: answer it, rather than drop the connection
            status, payload = HTTPStatus.INTERNAL_SERVER_ERROR, {
                "error": {"code": "internal_error", "message": type(error).__name__}}
        self._answer(status, payload)

    def do_GET(self) -> None:
        """Answer a GET."""
        self._handle("GET")

    def do_POST(self) -> None:
        """Answer a POST."""
        self._handle("POST")

    def _route(self, method: str) -> tuple[HTTPStatus, Any]:
        lobby = self.lobby
        url = urlsplit(self.path)
        if url.path == "/tables" and method == "POST":
            return HTTPStatus.CREATED, lobby.create(self._body())
        found = _SEAT_ROUTE.fullmatch(url.path)
        if found:
            table_id, seat, action = found["table"], int(found["seat"]), found["action"]
            if (method, action) == ("POST", "join"):
                return HTTPStatus.OK, lobby.join(table_id, seat)
            table = lobby.check(table_id, seat, self.headers.get("Authorization"))
            if (method, action) == ("GET", "view"):
                return HTTPStatus.OK, lobby.seat_view(table, seat)
            if (method, action) == ("POST", "moves"):
                return HTTPStatus.OK, lobby.move(table, seat, self._body())
            if (method, action) == ("GET", "events"):
                since = parse_qs(url.query).get("since", ["0"])[0]
                if not (since.isascii() and since.isdigit()):
                    raise HttpError(HTTPStatus.BAD_REQUEST, "bad_argument", "since: a number")
                return HTTPStatus.OK, lobby.events(table, seat, int(since))
            if (method, action) == ("POST", "undo"):
                return HTTPStatus.OK, lobby.undo(table, seat)
            if (method, action) == ("POST", "leave"):
                return HTTPStatus.OK, lobby.leave(table, table_id, seat)
        found = _TABLE_ROUTE.fullmatch(url.path)
        if found and method == "GET":
            table = lobby.table(found["table"])
            if found["action"] == "spectate":
                return HTTPStatus.OK, lobby.seat_view(table, None)
            return HTTPStatus.OK, json.loads(lobby.log(table))
        raise HttpError(HTTPStatus.NOT_FOUND, "not_found", f"no route {method} {url.path}")


def make_server(host: str = "127.0.0.1", port: int = 0, data_dir: Path | None = None
                ) -> ThreadingHTTPServer:
    """A server bound to ``host:port`` (port 0: any free port; see
    ``server.server_address``). Call ``serve_forever()``; ``shutdown()`` stops it."""
    lobby = Lobby(data_dir)
    handler = type("Handler", (_Handler,), {"lobby": lobby})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server

