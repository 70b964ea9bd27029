"""The AVES move log, version 1: the GameLog value, reading and writing it.

A log is the complete record of one game: its seats, variant, deal, first
player, moves and (optionally) result. It comes as one JSON document
(``.json``) or as JSON Lines (``.jsonl``: a header line, one line per move, an
optional result line), the form hosts append to as they play.

Reading never trusts its input: every problem becomes a ``LogError`` with a
stable code from the log format, the index of the move it is in, and the path
of the bad field. JSON Lines files are read one line at a time, so a huge file
costs no more memory than its longest line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from aves_core.games.aves.cards import Card
from aves_core.kernel.errors import ArgumentError, BigInt, log_error
from aves_core.games.aves.moves import Move, Pass, Return, Trade
from aves_core.kernel.reader import Format, read_entries
from aves_core.games.aves.rules import new_game, random_setup
from aves_core.games.aves.serialize import (
    FieldError,
    structure,
    structure_move,
    unstructure,
    unstructure_move,
)
from aves_core.games.aves.state import GameState, Result, Variant

__all__ = [
    "FORMAT",
    "VERSION",
    "GameLog",
    "dump_log",
    "load_log",
]

FORMAT = "aves-log"
VERSION = 1


def _tuple_of_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(value)


def _tuple_of_moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _tuple_of_names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class GameLog:
    """A recorded game: the header (players, variant, seed, deal, first player),
    the moves in order, and the result when one was recorded.

    A log is a value: ``append`` and ``with_result`` return new logs. It is
    not checked when built; ``replay`` says whether it is a legal game.
    """

    players: tuple[str, ...] = attrs.field(converter=_tuple_of_names)
    variant: Variant
    deal: tuple[Card, ...] = attrs.field(converter=_tuple_of_cards)
    first_player: int
    seed: int | None = None
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_tuple_of_moves)
    result: Result | None = None

    @classmethod
    def from_game(
        cls,
        players: Sequence[str],
        variant: Variant = Variant(),
        *,
        seed: int | None = None,
        deal: Iterable[Card] | None = None,
        first_player: int | None = None,
    ) -> GameLog:
        """The log of a new game with these seats, shuffled from ``seed`` unless a
        ``deal`` is given: the same deal and first player ``new_game`` would use."""
        if isinstance(players, str) or not all(isinstance(name, str) for name in players):
            raise ArgumentError("players must be a sequence of seat names (str)")
        if deal is None:
            deal, drawn = random_setup(len(players), variant, seed)
            first_player = drawn if first_player is None else first_player
        state = new_game(len(players), variant, seed=seed, deal=deal, first_player=first_player)
        return cls(players=tuple(players), variant=variant, seed=seed, deal=tuple(deal),
                   first_player=_first_player(state))

    def append(self, move: Move) -> GameLog:
        """This log with one more move (not checked here: ``replay`` checks)."""
        if not isinstance(move, Trade | Return | Pass):
            raise ArgumentError(f"a log holds moves, not {type(move).__name__}")
        return attrs.evolve(self, moves=(*self.moves, move))

    def with_result(self, result: Result | None) -> GameLog:
        """This log with ``result`` recorded (or cleared with None)."""
        return attrs.evolve(self, result=result)

    def initial_state(self) -> GameState:
        """The state before the first move (SetupError if the header is not a game)."""
        return new_game(len(self.players), self.variant, deal=self.deal,
                        first_player=self.first_player)


def _first_player(state: GameState) -> int:
    assert state.active_player is not None
    return state.active_player


# --- writing -------------------------------------------------------------


def header_data(log: GameLog) -> dict[str, Any]:
    """The header keys of a log, in the format's order, as JSON-ready data."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "players": list(log.players),
        "variant": unstructure(log.variant),
    }
    if log.seed is not None:
        data["seed"] = log.seed
    data["deal"] = [str(card) for card in log.deal]
    data["first_player"] = log.first_player
    return data


def result_data(result: Result) -> dict[str, Any]:
    """A result as JSON-ready data."""
    return {"winners": list(result.winners), "reason": result.reason}


def dump_log(log: GameLog, fmt: Format = "json") -> str:
    """The log as text: one JSON document (``"json"``) or JSON Lines (``"jsonl"``)."""
    if not isinstance(log, GameLog):
        raise ArgumentError(f"dump_log needs a GameLog, not {type(log).__name__}")
    if fmt == "json":
        # One header key a line and one move a line: readable, and diffs well.
        fields = [f"{json.dumps(key)}: {json.dumps(value)}"
                  for key, value in header_data(log).items()]
        moves = ",\n  ".join(json.dumps(unstructure_move(move)) for move in log.moves)
        fields.append(f'"moves": [\n  {moves}\n ]' if moves else '"moves": []')
        if log.result is not None:
            fields.append(f'"result": {json.dumps(result_data(log.result))}')
        return "{\n " + ",\n ".join(fields) + "\n}\n"
    if fmt == "jsonl":
        lines = [json.dumps(header_data(log))]
        lines += [json.dumps(unstructure_move(move)) for move in log.moves]
        if log.result is not None:
            lines.append(json.dumps({"type": "result", **result_data(log.result)}))
        return "\n".join(lines) + "\n"
    raise ArgumentError(f"fmt must be 'json' or 'jsonl', not {fmt!r}")


# --- reading -------------------------------------------------------------


def check_version(data: dict[str, Any]) -> None:
    """Check ``format`` and ``version`` first: nothing else means anything without them."""
    for key, expected in (("format", FORMAT), ("version", VERSION)):
        if key not in data:
            raise log_error("schema", f"the key {key!r} is missing", path=key)
        value = data[key]
        if type(value) is not type(expected) and not (key == "version"
                                                       and type(value) is BigInt):
            raise log_error("schema", f"{key} must be {type(expected).__name__}, got {value!r:.40}",
                        path=key)
        if value != expected:
            raise log_error("unsupported_version",
                        f"this library reads {FORMAT!r} version {VERSION}, "
                        f"not {key} {value!r:.40}", path=key)


_HEADER_KEYS = ("format", "version", "players", "variant", "seed", "deal", "first_player")
_REQUIRED_HEADER_KEYS = ("players", "variant", "deal", "first_player")


@attrs.frozen
class _Header:
    players: tuple[str, ...]
    variant: Variant
    deal: tuple[Card, ...]
    first_player: int
    seed: int | None = None


def structure_header(data: Any) -> _Header:
    """Check a header object's shape (not yet that its deal is a game's)."""
    if type(data) is not dict:
        raise log_error("schema", "a log must be a JSON object")
    check_version(data)
    unknown = [key for key in data if key not in _HEADER_KEYS]
    if unknown:
        raise log_error("schema", f"unknown key {unknown[0]!r}", path=unknown[0])
    for key in _REQUIRED_HEADER_KEYS:
        if key not in data:
            raise log_error("schema", f"the key {key!r} is missing", path=key)
    if type(data.get("seed")) is BigInt:
        raise log_error("schema", "seed is too large (more than 4,300 digits)", path="seed")
    fields = {key: value for key, value in data.items() if key in _HEADER_KEYS[2:]}
    try:
        header = structure(fields, _Header)
    except FieldError as error:
        # A card in the deal that is not a card at all is a bad deal, not a bad move.
        code = "bad_deal" if error.path.startswith("deal") and error.code != "schema" \
            else error.code
        raise log_error(code, error.message, path=error.path) from None
    if not 2 <= len(header.players) <= 6:
        raise log_error("bad_players", f"a log has 2 to 6 players, not {len(header.players)}",
                    path="players")
    return header


def structure_result(data: Any, path: str = "result") -> Result:
    """A recorded result, checked for shape."""
    if type(data) is not dict:
        raise log_error("schema", "a result must be an object with winners and reason",
                        path=path)
    try:
        return structure(data, Result)
    except FieldError as error:
        raise log_error("schema", error.message, path=f"{path}.{error.path}".rstrip(".")) from None


def parse_move_data(data: Any, index: int) -> Move:
    """One move object, checked for shape (``schema`` or ``unknown_card``)."""
    try:
        return structure_move(data)
    except FieldError as error:
        path = f"moves[{index}]" + (f".{error.path}" if error.path else "")
        raise log_error(error.code, error.message, index, path) from None


def load_log(source: str | bytes | os.PathLike[str], fmt: Format | None = None) -> GameLog:
    """Read a whole log: a path, or the log's text itself (str or bytes).

    A ``str`` that starts with ``{`` is the log's text, any other names a
    file; a file whose name ends in ``.jsonl`` is JSON Lines. Only the shape is
    checked here (``LogError`` with ``not_json``, ``schema``,
    ``unsupported_version``, ``bad_players``, ``bad_deal`` for a code that is
    no card, ``unknown_card``, ``truncated`` or ``unreadable``); ``replay``
    checks the rules.
    """
    entries = read_entries(source, fmt)
    _kind, data = next(entries)
    header = structure_header(data)
    moves: list[Move] = []
    result = None
    for kind, data in entries:
        if kind == "move":
            moves.append(parse_move_data(data, len(moves)))
        else:
            result = structure_result(data)
    return GameLog(players=header.players, variant=header.variant, seed=header.seed,
                   deal=header.deal, first_player=header.first_player, moves=tuple(moves),
                   result=result)
