"""The host's REST API described in OpenAPI 3.1 (served at ``/api/openapi.json``).

Clients can generate from it, and the tests fuzz the running app against it
(schemathesis): every request of every shape gets an answer the description
allows, and never a server error. ``describe_api`` fills in what the registry
knows when asked (the games' ids, their bots, the most players a game takes), so a
host that registers a game of its own gets it described too.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from aves_core.host.openapi_schemas import RESPONSES, SCHEMAS, ref

__all__ = ["OPENAPI", "describe_api"]

_REFUSALS = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound",
             408: "RequestTimeout", 409: "Conflict", 413: "TooLarge",
             415: "UnsupportedMediaType", 429: "TooManyRequests", 503: "Busy"}
"""The shared refusal (``RESPONSES``) of each status."""


def _answers(ok: str | dict[str, Any], *refusals: int, status: int = 200,
             description: str = "done") -> dict[str, Any]:
    """An operation's responses: its success (the schema ``ok`` names, or ``ok``
    itself) and its refusals, each the shared one of its status (``RESPONSES``)."""
    schema = ref(ok) if isinstance(ok, str) else ok
    answers: dict[str, Any] = {str(status): {"description": description, "content": {
        "application/json": {"schema": schema}}}}
    for code in sorted(refusals):
        answers[str(code)] = {"$ref": f"#/components/responses/{_REFUSALS[code]}"}
    return answers


_TABLE = {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
_SEAT = {"name": "seat", "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 0}}
_SINCE = {"name": "since", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 0},
          "description": "the first event's number (0 to the table's count, default 0)"}
_BEARER: list[dict[str, list[str]]] = [{"seat": []}]
_SEATED = (401, 403, 404)
"""A seat's request: no token, another's token, no such table or seat."""
_STORE = 503
"""A request the store answers: store_busy, when a write waits too long for another
process's lock; store_error, when the store fails."""
_GAMES = {"type": "object", "required": ["games"], "properties": {
    "games": {"type": "array", "items": ref("Game")}}}
_TABLES = {"type": "object", "required": ["tables"], "properties": {
    "tables": {"type": "array", "items": ref("ListedTable"), "maxItems": 50,
               "description": "the 50 newest, newest first"}}}
_LEFT = {"type": "object", "required": ["left"], "properties": {
    "left": {"type": "integer", "minimum": 0, "description": "the seat a bot now plays"}}}

_NEW_TABLE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "game": {"type": "string", "description": "a registered game's id (default aves)"},
        "players": {"type": "array", "items": {"type": "string", "minLength": 1,
                                               "maxLength": 40}},
        "options": {"type": ["object", "null"],
                    "description": "the game's options (null or absent: its defaults)"},
        "seed": {"type": ["integer", "null"], "minimum": 0,
                 "description": "refused (403 seed_not_allowed) unless the operator runs "
                                "aves serve --allow-seeds: a seed tells every hidden card"},
        "bots": {"type": "object", "additionalProperties": {"type": "string"},
                 "description": "seat numbers (as strings) and bot names"},
        "clock": ref("TimeControl", "a time control (none when absent)"),
    },
    "required": ["players"],
    "additionalProperties": False,
}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "aves-core host", "version": "1",
             "description": "Tables of every registered game: lobby actions over REST, "
                            "each seat's events over a WebSocket (/api/tables/{t}/socket)."},
    "components": {"schemas": SCHEMAS, "responses": RESPONSES,
                   "securitySchemes": {"seat": {"type": "http", "scheme": "bearer",
                                                "description": "the seat's token, from join"}}},
    "paths": {
        "/api/games": {"get": {"summary": "the registered games",
                               "responses": _answers(_GAMES)}},
        "/api/tables": {
            "get": {"summary": "the newest tables", "responses": _answers(_TABLES, _STORE)},
            "post": {"summary": "a new table",
                     "requestBody": {"required": True, "content": {
                         "application/json": {"schema": _NEW_TABLE}}},
                     "responses": _answers("TableSummary", 400, 403, 408, 413, 415, 429,
                                           _STORE, status=201,
                                           description="the new table's summary")},
        },
        "/api/replay": {"post": {
            "summary": "a log replayed: each state, for the replay viewer",
            "description": "The body is a log, one JSON document or JSON Lines. A log "
                           "whose moves break a rule is shown up to there (valid false, "
                           "its problem); a body that is no log is a 400 with the log's "
                           "code (not_json, bad_header, unknown_game, ...). A client may "
                           "replay so many logs a minute (429 too_many_replays); one "
                           "replay runs at a time, and when too many wait, 503 busy.",
            "requestBody": {"required": True, "content": {
                "application/json": {"schema": {"type": "object", "required": ["format"]}},
                "application/jsonl": {"schema": {"type": "string", "minLength": 1}}}},
            "responses": _answers("Replay", 400, 403, 408, 413, 429, 503,
                                  description="each step of the log")}},
        "/api/tables/{table}": {"get": {
            "summary": "a table's seats and result", "parameters": [_TABLE],
            "responses": _answers("TableSummary", 404, _STORE,
                                  description="the table's summary")}},
        "/api/tables/{table}/view": {"get": {
            "summary": "a spectator's view", "parameters": [_TABLE],
            "responses": _answers("ViewAnswer", 404, _STORE)}},
        "/api/tables/{table}/events": {"get": {
            "summary": "the events since an index", "parameters": [_TABLE, _SINCE],
            "responses": _answers("EventsAnswer", 400, 404, _STORE)}},
        "/api/tables/{table}/log": {"get": {
            "summary": "the log of a finished game (a seat's token where the game's rules "
                       "keep some of it hidden for good: public_log false)",
            "parameters": [_TABLE], "security": [{}, *_BEARER],
            "responses": _answers("Log", 401, 403, 404, 409, _STORE, description="the log")}},
        "/api/tables/{table}/seats/{seat}/join": {"post": {
            "summary": "take a free seat: its token", "parameters": [_TABLE, _SEAT],
            "responses": _answers("Joined", 403, 404, 409, _STORE)}},
        "/api/tables/{table}/seats/{seat}/view": {"get": {
            "summary": "the seat's view", "parameters": [_TABLE, _SEAT], "security": _BEARER,
            "responses": _answers("ViewAnswer", *_SEATED, _STORE)}},
        "/api/tables/{table}/seats/{seat}/events": {"get": {
            "summary": "the seat's events since an index", "security": _BEARER,
            "parameters": [_TABLE, _SEAT, _SINCE],
            "responses": _answers("EventsAnswer", 400, *_SEATED, _STORE)}},
        "/api/tables/{table}/seats/{seat}/moves": {"post": {
            "summary": "a move of the seat", "parameters": [_TABLE, _SEAT],
            "security": _BEARER,
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": ref("Move", "one of the view's legal_moves")}}},
            "responses": _answers("EventsAnswer", 400, *_SEATED, 408, 409, 413, 415,
                                  _STORE, description="the move's events and the view "
                                                      "after them")}},
        "/api/tables/{table}/seats/{seat}/undo": {"post": {
            "summary": "take back the seat's last move", "parameters": [_TABLE, _SEAT],
            "security": _BEARER,
            "responses": _answers("EventsAnswer", *_SEATED, 409, _STORE,
                                  description="the undo's events and the view after them")}},
        "/api/tables/{table}/seats/{seat}/leave": {"post": {
            "summary": "leave: a bot plays the seat", "parameters": [_TABLE, _SEAT],
            "security": _BEARER, "responses": _answers(_LEFT, *_SEATED, 409, _STORE)}},
    },
}
"""The API as OpenAPI 3.1, without the registered games (``describe_api`` adds them)."""


def describe_api(games: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``OPENAPI`` with the registered ``games`` (as ``Lobby.games`` lists them) named:
    the ``game`` of a new table, its bots and its number of players."""
    description = copy.deepcopy(OPENAPI)
    body = description["paths"]["/api/tables"]["post"]["requestBody"]["content"][
        "application/json"]["schema"]["properties"]
    body["game"]["enum"] = [game["id"] for game in games]
    body["players"]["minItems"] = min((game["min_players"] for game in games), default=1)
    body["players"]["maxItems"] = max((game["max_players"] for game in games), default=1)
    body["bots"]["propertyNames"] = {"pattern": "^[0-9]{1,2}$"}
    body["bots"]["additionalProperties"] = {"enum": sorted(
        {bot for game in games for bot in game["bots"]})}
    return description
