"""The shapes of the host's OpenAPI description (``aves_core.host.openapi``): the
``components`` its operations refer to, the answers' schemas and the shared refusals.

Each schema says what the code answers (``service.Lobby``, ``app``, ``tablelog``,
``replays``): ``required`` only what is always there, and more allowed wherever a
game (its view, its events, its options) or a later version may add fields.
"""

from __future__ import annotations

from typing import Any

__all__ = ["RESPONSES", "SCHEMAS", "ref"]


def ref(name: str, description: str | None = None, **more: Any) -> dict[str, Any]:
    """A reference to the schema ``name`` of ``SCHEMAS``, with a ``description`` of this
    use and ``more`` keywords (OpenAPI 3.1 applies them too: ``type="object"`` where a
    nullable schema is never null)."""
    reference: dict[str, Any] = {"$ref": f"#/components/schemas/{name}", **more}
    if description is not None:
        reference["description"] = description
    return reference


_SEAT = {"type": "integer", "minimum": 0}
_SEATS = {"type": "array", "items": _SEAT}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_EVENT_COUNT = {"type": "integer", "minimum": 0,
                "description": "the table's number of events: the since of the next "
                               "events request"}
_UNDO = {"type": "boolean",
         "description": "whether the seat may take back its last move now (never a "
                        "spectator)"}
_CLOCKS = ref("Clocks", "the table's clocks now; null without a time control")
_RESULT = ref("Result", "null until the game is over")
_REALTIME = {"type": "object", "required": ["kind", "bank", "bonus"],
             "additionalProperties": False,
             "properties": {"kind": {"const": "realtime"},
                            "bank": {"type": "number", "minimum": 10, "maximum": 86400},
                            "bonus": {"type": "number", "minimum": 0, "maximum": 3600}}}
_TURN = {"type": "object", "required": ["kind", "per_move"], "additionalProperties": False,
         "properties": {"kind": {"const": "turn"},
                        "per_move": {"type": "number", "minimum": 60, "maximum": 2592000}}}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object", "required": ["error"],
        "description": "every refusal, whatever its status",
        "properties": {
            "error": {"type": "object", "required": ["code", "message"], "properties": {
                "code": {"type": "string", "description": "stable, for programs "
                         "(hosting.md, Errors, lists them)"},
                "message": {"type": "string", "description": "for people"}}},
            "next": {"type": "integer", "minimum": 0,
                     "description": "only beside a 409 conflict: the table's number of "
                                    "events now"},
            "retry_after": {"type": "number", "minimum": 0,
                            "description": "only beside a 429 or a 503: the seconds to "
                                           "wait (the Retry-After header too)"}},
    },
    "Game": {
        "type": "object",
        "required": ["id", "name", "summary", "min_players", "max_players", "options",
                     "option_choices", "option_help", "reasons", "bots", "web"],
        "properties": {
            "id": {"type": "string", "description": "the game of a new table",
                   "examples": ["aves"]},
            "name": {"type": "string"},
            "summary": {"type": "string"},
            "min_players": {"type": "integer", "minimum": 1},
            "max_players": {"type": "integer", "minimum": 1},
            "options": {"type": "object", "description": "the game's default options, "
                        "in the shape a new table's options take (the game's own)"},
            "option_choices": {"type": "object", "additionalProperties": {"type": "array"},
                               "description": "the values of each option that takes one "
                                              "of a few"},
            "option_help": {"type": "object", "additionalProperties": {"type": "string"},
                            "description": "each option in words for players"},
            "reasons": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "each reason a game can end for, in words"},
            "bots": {**_STRINGS, "description": "the names of its bots"},
            "web": {"type": ["object", "null"], "required": ["module", "style"],
                    "properties": {"module": {"type": "string"},
                                   "style": {"type": ["string", "null"]}},
                    "description": "where the browser client finds the game's drawing "
                                   "(URLs relative to the page), or null: none"}},
    },
    "ListedTable": {
        "type": "object",
        "required": ["table", "game", "players", "bots", "open", "over", "winners",
                     "seeded", "clock", "created"],
        "properties": {
            "table": {"type": "string", "description": "the table's id"},
            "game": {"type": "string"},
            "players": {**_STRINGS, "description": "the seats' names"},
            "bots": {"type": "array", "items": {"type": ["string", "null"]},
                     "description": "each seat's bot (null: a person's seat)"},
            "open": {**_SEATS, "description": "the seats neither a player nor a bot holds"},
            "over": {"type": "boolean"},
            "winners": {"type": ["array", "null"], "items": _SEAT,
                        "description": "the winning seats once over, else null"},
            "seeded": {"type": "boolean", "description": "dealt from a client's seed"},
            "clock": ref("TimeControl", "the time control, or null"),
            "created": {"type": "number", "description": "when the table was made "
                                                         "(seconds since the epoch)"}},
    },
    "TableSummary": {
        "type": "object",
        "required": ["table", "game", "players", "seats", "to_move", "events", "seeded",
                     "options", "result", "clocks"],
        "properties": {
            "table": {"type": "string", "description": "the table's id",
                      "examples": ["f4ff3b2d8336a8b1"]},
            "game": {"type": "string", "examples": ["aves"]},
            "players": {**_STRINGS, "description": "the seats' names"},
            "seats": {"type": "array", "items": {
                "type": "object", "required": ["seat", "name", "bot", "taken"],
                "properties": {"seat": _SEAT, "name": {"type": "string"},
                               "bot": {"type": ["string", "null"],
                                       "description": "the bot that plays it, or null"},
                               "taken": {"type": "boolean", "description": "a player "
                                         "holds the seat's token"}}}},
            "to_move": {**_SEATS, "description": "the seats that may move now"},
            "events": {"type": "integer", "minimum": 0,
                       "description": "the table's number of events"},
            "seeded": {"type": "boolean", "description": "dealt from a client's seed"},
            "options": {"type": "object", "description": "the table's options (the "
                                                         "game's own)"},
            "result": _RESULT,
            "clocks": _CLOCKS},
    },
    "Joined": {
        "type": "object", "required": ["table", "seat", "token", "name"],
        "properties": {
            "table": {"type": "string"}, "seat": _SEAT, "name": {"type": "string"},
            "token": {"type": "string", "description": "the seat's secret, shown this "
                      "once: send it as Authorization: Bearer <token>"}},
    },
    "Result": {
        "type": ["object", "null"], "required": ["winners", "reason"],
        "description": "a game's result; null while it goes on",
        "properties": {"winners": {**_SEATS, "description": "the winning seats"},
                       "reason": {"type": "string", "examples": ["seven_colors"],
                                  "description": "why the game ended (the game's "
                                                 "reasons, in words at /api/games)"}},
    },
    "TimeControl": {
        "type": ["object", "null"], "required": ["kind"],
        "description": "a time control: a bank per seat and a bonus per move (realtime), "
                       "or a time per move (turn); null: none",
        "properties": {
            "kind": {"type": "string", "enum": ["realtime", "turn"],
                     "description": "realtime or turn"},
            "bank": {"type": "number", "description": "realtime: each seat's seconds "
                                                      "(10 to 86,400)"},
            "bonus": {"type": "number", "description": "realtime: the seconds a move adds "
                                                       "(0 to 3,600)"},
            "per_move": {"type": "number", "description": "turn: the seconds for each "
                                                          "move (60 to 2,592,000)"}},
        "oneOf": [_REALTIME, _TURN, {"type": "null"}],
    },
    "Clocks": {
        "type": ["object", "null"], "required": ["control", "now", "seats"],
        "description": "a table's clocks; null: it has no time control",
        "properties": {
            "control": ref("TimeControl", type="object"),
            "now": {"type": "number", "description": "the host's time of these figures "
                                                     "(seconds since the epoch)"},
            "seats": {"type": "array", "items": {
                "type": "object", "required": ["seat", "remaining", "running", "timed_out"],
                "properties": {
                    "seat": _SEAT,
                    "remaining": {"type": "number", "description": "seconds, to a tenth"},
                    "running": {"type": "boolean", "description": "the seat is to move"},
                    "timed_out": {"type": "boolean", "description": "a bot played its "
                                  "last move, its time run out"}}}}},
    },
    "View": {
        "type": "object",
        "required": ["seat", "phase", "to_move", "result", "legal_moves", "legal_notation"],
        "description": "a seat's (or a spectator's) view of the game, as the game writes "
                       "it: the fields every game's view carries, these, and the game's "
                       "own beside them (AVES: hands, circle, ...)",
        "properties": {
            "seat": {"type": ["integer", "null"], "minimum": 0,
                     "description": "the seat the view is for; null for a spectator"},
            "phase": {"type": "string", "examples": ["playerTurn"],
                      "description": "the phase the game rests in"},
            "to_move": {**_SEATS, "description": "the seats that may move now"},
            "result": _RESULT,
            "legal_moves": {"type": "array", "items": ref("Move"),
                            "description": "the seat's legal moves, the objects to post "
                                           "(empty unless it may move)"},
            "legal_notation": {**_STRINGS, "description": "the same moves as text"},
            "legal_words": {**_STRINGS, "description": "only for a game whose moves "
                            "declare words: the same moves said to a person"}},
    },
    "Move": {
        "type": "object", "required": ["type"],
        "description": "a move of the game: its kind and the game's own fields",
        "properties": {"type": {"type": "string", "description": "its kind (trade, ...)"}},
    },
    "Event": {
        "type": "object", "required": ["type"],
        "description": "an event of the game, redacted for its reader: its kind and the "
                       "game's own fields",
        "properties": {"type": {"type": "string", "description": "its kind"}},
    },
    "ViewAnswer": {
        "type": "object", "required": ["view", "next", "undo", "clocks"],
        "properties": {"view": ref("View", "what the reader may see now"),
                       "next": _EVENT_COUNT, "undo": _UNDO, "clocks": _CLOCKS},
    },
    "EventsAnswer": {
        "type": "object", "required": ["events", "next", "view", "undo", "clocks"],
        "properties": {
            "events": {"type": "array", "items": ref("Event"),
                       "description": "the events from since on, as the reader sees them"},
            "next": _EVENT_COUNT,
            "view": ref("View", "the reader's view after them"), "undo": _UNDO,
            "clocks": _CLOCKS},
    },
    "Log": {
        "type": "object", "required": ["format", "version", "moves", "result"],
        "description": "a finished game's log (logs.md): its format's header, the moves "
                       "and the result",
        "properties": {
            "format": {"type": "string", "examples": ["aves-log"],
                       "description": "aves-log (AVES), aves-core-log (the others)"},
            "version": {"type": "integer"},
            "players": _STRINGS,
            "moves": {"type": "array", "items": ref("Move"),
                      "description": "every move, the chance moves too"},
            "result": ref("Result", "how the game ended", type="object")},
    },
    "Replay": {
        "type": "object", "required": ["valid", "problem", "game", "players", "steps"],
        "properties": {
            "valid": {"type": "boolean",
                      "description": "false: a move breaks a rule, or the recorded result "
                                     "is not the rules'"},
            "problem": {"type": ["object", "null"],
                        "required": ["code", "message", "move_index"],
                        "properties": {"code": {"type": "string"},
                                       "message": {"type": "string"},
                                       "move_index": {"type": "integer", "minimum": 0}},
                        "description": "the first problem, or null"},
            "game": {"type": "string"},
            "players": _STRINGS,
            "steps": {"type": "array", "minItems": 1, "items": {
                "type": "object", "required": ["move", "report", "view", "events"],
                "properties": {
                    "move": {"type": ["string", "null"], "description": "the move in "
                             "notation (null: the setup, the first step)"},
                    "report": {"type": "object", "description": "the state after it "
                               "as aves replay --json reports it (the game's own)"},
                    "view": ref("View"),
                    "events": {"type": "array", "items": ref("Event"),
                               "description": "its events as a spectator sees them"}}},
                "description": "the setup, then each move"}},
    },
}
"""The schemas the description's operations refer to (``components/schemas``)."""


def _refusal(description: str, code: str, message: str, *,
             beside: dict[str, Any] | None = None, retry: bool = False) -> dict[str, Any]:
    """A shared refusal: the error, with an example of its ``code`` and ``message`` (and
    what comes ``beside`` it); with ``retry``, a Retry-After header."""
    example = {"error": {"code": code, "message": message}, **(beside or {})}
    refusal: dict[str, Any] = {"description": description, "content": {
        "application/json": {"schema": ref("Error"), "example": example}}}
    if retry:
        refusal["headers"] = {"Retry-After": {
            "required": True, "description": "the seconds to wait",
            "schema": {"type": "integer", "minimum": 1}}}
    return refusal


RESPONSES: dict[str, Any] = {
    "BadRequest": _refusal(
        "400: a bad request or an illegal move (not_json, schema, bad_argument, "
        "unknown_game, bad_players, the engine's move codes, the log's codes)",
        "not_json", "the body is not JSON"),
    "Unauthorized": _refusal("401 unauthorized: a seat's request without a token",
                             "unauthorized", "this request needs seat 0's token"),
    "Forbidden": _refusal(
        "403: forbidden (a token that is not the seat's, a move for another seat or a "
        "chance move), cross_origin (a change sent by another site's page), "
        "seed_not_allowed", "forbidden", "that is not seat 0's token"),
    "NotFound": _refusal("404: no_such_table, no_such_seat", "no_such_table",
                         "no table 'f4ff3b2d8336a8b1'"),
    "RequestTimeout": _refusal("408 request_timeout: the body did not all come in time "
                               "(the connection closes)", "request_timeout",
                               "the request's body did not arrive within 30 s"),
    "Conflict": _refusal(
        "409: seat_taken, conflict (another move was played first: next, beside error, "
        "is the table's number of events), undo_not_allowed, undo_limit, game_not_over",
        "conflict", "another move was played first; here is the table as it is now",
        beside={"next": 12}),
    "TooLarge": _refusal("413 too_large: a body over its limit", "too_large",
                         "a request body is at most 65,536 bytes"),
    "UnsupportedMediaType": _refusal(
        "415 unsupported_media_type: a body without Content-Type: application/json",
        "unsupported_media_type", "send a JSON body with Content-Type: application/json"),
    "TooManyRequests": _refusal(
        "429: too_many_tables, too_many_replays (a client's allowance for the minute "
        "spent; retry_after beside error)", "too_many_tables",
        "a client may create 20 tables at once and 20 a minute: try again in 3 s",
        beside={"retry_after": 2.6}, retry=True),
    "Busy": _refusal(
        "503: store_busy (another process kept the database locked: nothing written), "
        "store_error (the store failed), busy (too many replays waiting); retry_after "
        "beside error", "busy",
        "the host is replaying other logs: try again in a second",
        beside={"retry_after": 1}, retry=True),
}
"""The refusals, one a status (``components/responses``): each is the one error."""
