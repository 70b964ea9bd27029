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

__all__ = ["OPENAPI", "describe_api"]

_ERROR: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "object", "required": ["code", "message"],
                             "properties": {"code": {"type": "string"},
                                            "message": {"type": "string"}}}},
}
_OBJECT: dict[str, Any] = {"type": "object"}


def _answers(ok: int = 200, *errors: int) -> dict[str, Any]:
    answers: dict[str, Any] = {str(ok): {"description": "done", "content": {
        "application/json": {"schema": _OBJECT}}}}
    for status in (400, 404, *errors):
        answers[str(status)] = {"description": "refused", "content": {
            "application/json": {"schema": _ERROR}}}
    return answers


_TABLE = {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
_SEAT = {"name": "seat", "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 0}}
_SINCE = {"name": "since", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 0}}
_BEARER: list[dict[str, list[str]]] = [{"seat": []}]
_SEATED = (401, 403)

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
        "clock": {"oneOf": [
            {"type": "null"},
            {"type": "object", "required": ["kind", "bank", "bonus"],
             "additionalProperties": False,
             "properties": {"kind": {"const": "realtime"},
                            "bank": {"type": "number", "minimum": 10, "maximum": 86400},
                            "bonus": {"type": "number", "minimum": 0, "maximum": 3600}}},
            {"type": "object", "required": ["kind", "per_move"],
             "additionalProperties": False,
             "properties": {"kind": {"const": "turn"},
                            "per_move": {"type": "number", "minimum": 60,
                                         "maximum": 2592000}}},
        ], "description": "a time control: a bank per seat and a bonus per move, or a "
                          "time per move (none when absent)"},
    },
    "required": ["players"],
    "additionalProperties": False,
}

OPENAPI: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "aves-core host", "version": "1",
             "description": "Tables of every registered game: lobby actions over REST, "
                            "each seat's events over a WebSocket (/api/tables/{t}/socket)."},
    "components": {"securitySchemes": {"seat": {"type": "http", "scheme": "bearer",
                                                "description": "the seat's token, from join"}}},
    "paths": {
        "/api/games": {"get": {"summary": "the registered games", "responses": _answers()}},
        "/api/tables": {
            "get": {"summary": "the newest tables", "responses": _answers()},
            "post": {"summary": "a new table",
                     "requestBody": {"required": True, "content": {
                         "application/json": {"schema": _NEW_TABLE}}},
                     "responses": _answers(201, 403, 408, 413, 415, 429)},
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
            # 429: a client's replays a minute spent; 503: too many replays waiting.
            "responses": _answers(200, 408, 413, 429, 503)}},
        "/api/tables/{table}": {"get": {"summary": "a table's seats and result",
                                        "parameters": [_TABLE], "responses": _answers()}},
        "/api/tables/{table}/view": {"get": {"summary": "a spectator's view",
                                             "parameters": [_TABLE], "responses": _answers()}},
        "/api/tables/{table}/events": {"get": {"summary": "the events since an index",
                                               "parameters": [_TABLE, _SINCE],
                                               "responses": _answers()}},
        "/api/tables/{table}/log": {"get": {
            "summary": "the log of a finished game (a seat's token where the game's rules "
                       "keep some of it hidden for good: public_log false)",
            "parameters": [_TABLE], "responses": _answers(200, 401, 403, 409)}},
        "/api/tables/{table}/seats/{seat}/join": {"post": {
            "summary": "take a free seat: its token", "parameters": [_TABLE, _SEAT],
            "responses": _answers(200, 409)}},
        "/api/tables/{table}/seats/{seat}/view": {"get": {
            "summary": "the seat's view", "parameters": [_TABLE, _SEAT], "security": _BEARER,
            "responses": _answers(200, *_SEATED)}},
        "/api/tables/{table}/seats/{seat}/events": {"get": {
            "summary": "the seat's events since an index", "security": _BEARER,
            "parameters": [_TABLE, _SEAT, _SINCE], "responses": _answers(200, *_SEATED)}},
        "/api/tables/{table}/seats/{seat}/moves": {"post": {
            "summary": "a move of the seat", "parameters": [_TABLE, _SEAT],
            "security": _BEARER,
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "description": "the game's move object"}}}},
            "responses": _answers(200, *_SEATED, 408, 409, 413)}},
        "/api/tables/{table}/seats/{seat}/undo": {"post": {
            "summary": "take back the seat's last move", "parameters": [_TABLE, _SEAT],
            "security": _BEARER, "responses": _answers(200, *_SEATED, 409)}},
        "/api/tables/{table}/seats/{seat}/leave": {"post": {
            "summary": "leave: a bot plays the seat", "parameters": [_TABLE, _SEAT],
            "security": _BEARER, "responses": _answers(200, *_SEATED)}},
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
