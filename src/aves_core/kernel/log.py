"""Move logs for any game: the log value, its header formats, writing and reading.

A log is a game's complete record: which game, its seats, its setup (every
random choice, so replay needs no random number generator), the moves in
order and, optionally, the result. It comes as one JSON document or as JSON
Lines (a header line, one line per move, an optional result line), the form
hosts append to.

The header names its format. ``aves-core-log`` version 1 is every game's::

    {"format": "aves-core-log", "version": 1, "game": "soulaween",
     "game_version": 1, "players": ["ann", "bo"], "seed": 7, "setup": {...}}

A game may also have a format of its own, registered with
``register_log_format``: AVES keeps its ``aves-log`` version 1 (the format of
``LOG_FORMAT.md``), which its logs are written in. Reading never trusts its
input: every problem is a ``LogError`` with a stable code, the index of the
move it is in and the path of the bad field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from aves_core.kernel.convert import FieldError
from aves_core.kernel.errors import (
    ArgumentError,
    AvesError,
    BigInt,
    IllegalMoveError,
    SetupError,
    log_error,
)
from aves_core.kernel.game import Game, Result
from aves_core.kernel.reader import Entry, Format, read_entries
from aves_core.kernel.registry import UnknownGameError, get_game

__all__ = [
    "FORMAT",
    "VERSION",
    "LogFormat",
    "LogHeader",
    "LogLike",
    "MoveLog",
    "dump_log",
    "log_format_for",
    "read_header",
    "read_log",
    "register_log_format",
]

FORMAT = "aves-core-log"
"""The ``format`` of a log's header, for every game that has no format of its own."""
VERSION = 1
"""The version of the log format this release reads and writes."""

T = TypeVar("T")

AnyGame = Game[Any, Any, Any, Any, Any, Any]


class LogLike(Protocol):
    """What every log value offers: ``MoveLog``, and a game's own log class
    (AVES's ``GameLog``)."""

    @property
    def game(self) -> str:
        """The game's id."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The seat names."""
        ...

    @property
    def setup(self) -> Any:
        """The recorded setup."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed the setup was drawn from, if any (informational)."""
        ...

    @property
    def moves(self) -> tuple[Any, ...]:
        """The moves in order."""
        ...

    @property
    def result(self) -> Result | None:
        """The recorded result, if any."""
        ...

    def append(self, move: Any) -> LogLike:
        """This log with one more move."""
        ...

    def with_result(self, result: Result | None) -> LogLike:
        """This log with ``result`` recorded."""
        ...


def _names(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _moves(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


@attrs.frozen
class MoveLog:
    """A recorded game of any registered game: its id, seats, setup, seed, moves
    and result. A value: ``append`` and ``with_result`` return new logs. It is
    not checked when built; ``replay`` says whether it is a legal game."""

    game: str
    players: tuple[str, ...] = attrs.field(converter=_names)
    setup: Any
    seed: int | None = None
    moves: tuple[Any, ...] = attrs.field(default=(), converter=_moves)
    result: Result | None = None

    @classmethod
    def new(cls, game: AnyGame, players: Sequence[str], options: Any = None, *,
            seed: int | None = None) -> MoveLog:
        """The log of a new game of ``game`` with these seats, set up from ``seed``."""
        _check_names(players)
        options = game.default_options() if options is None else options
        setup = game.new_setup(len(players), options, seed)
        game.start(len(players), setup)  # a setup that is no game fails here, not later
        return cls(game=game.id, players=tuple(players), setup=setup, seed=seed)

    def append(self, move: Any) -> MoveLog:
        """This log with one more move (not checked here: ``replay`` checks)."""
        return attrs.evolve(self, moves=(*self.moves, move))

    def with_result(self, result: Result | None) -> MoveLog:
        """This log with ``result`` recorded (or cleared with None)."""
        return attrs.evolve(self, result=result)

    def initial_state(self) -> Any:
        """The state before the first move (SetupError if the setup is no game)."""
        return get_game(self.game).start(len(self.players), self.setup)


def _check_names(players: object) -> None:
    if isinstance(players, str | bytes) or not isinstance(players, Sequence) \
            or not all(isinstance(name, str) for name in players):
        raise ArgumentError("players must be a sequence of seat names (str)")


@attrs.frozen
class LogHeader:
    """A log's header, checked for shape: the game, seats, setup and seed."""

    game: AnyGame
    players: tuple[str, ...]
    setup: Any
    seed: int | None = None
    setup_path: str = "setup."
    """Where the setup's fields are in the header (``""``: at the top level)."""

    def start(self) -> Any:
        """The initial state, with setup problems as LogErrors."""
        return self.setup_checked(self.game.start, len(self.players), self.setup)

    def replay_all(self, moves: Iterable[Any]) -> tuple[Any, int, IllegalMoveError | None]:
        """The game's ``replay_all`` from this header, with setup problems as LogErrors."""
        return self.setup_checked(self.game.replay_all, len(self.players), self.setup, moves)

    def setup_checked(self, call: Callable[..., T], *arguments: Any) -> T:
        """``call(*arguments)``, with a SetupError as the LogError of the setup's field."""
        try:
            return call(*arguments)
        except SetupError as error:
            path = None if error.path is None else self.setup_path + error.path
            raise log_error(error.code, error.message, path=path) from None
        except AvesError as error:  # a value the shape check let through but setup refuses
            raise log_error("schema", error.message) from None


class LogFormat:
    """How logs of a ``format`` look on disk: the header's keys, written and read.

    This base class is ``aves-core-log`` version 1, every game's format; a game
    with a format of its own subclasses it and registers an instance.
    """

    name = FORMAT
    version = VERSION
    header_keys: tuple[str, ...] = ("format", "version", "game", "game_version", "players",
                                    "seed", "setup")
    required_keys: tuple[str, ...] = ("game", "game_version", "players", "setup")

    def header_data(self, game: AnyGame, log: LogLike) -> dict[str, Any]:
        """A log's header as JSON-ready data, in the format's key order."""
        data: dict[str, Any] = {"format": self.name, "version": self.version, "game": game.id,
                                "game_version": game.facts.version, "players": list(log.players)}
        if log.seed is not None:
            data["seed"] = log.seed
        data["setup"] = game.setup_to_json(log.setup)
        return data

    def read_header(self, data: dict[str, Any]) -> LogHeader:
        """A header object (its format and version checked already) as a LogHeader."""
        self.check_keys(data)
        game_id = data["game"]
        if type(game_id) is not str:
            raise log_error("schema", "game must be a string (a game's id)", path="game")
        try:
            game = get_game(game_id)
        except UnknownGameError as error:
            raise log_error("unknown_game", error.message, path="game") from None
        game_version = data["game_version"]
        if type(game_version) is not int and type(game_version) is not BigInt:
            raise log_error("schema", "game_version must be an integer", path="game_version")
        if game_version != game.facts.version:
            raise log_error("unsupported_version",
                            f"this library reads {game.id} logs of game_version "
                            f"{game.facts.version}, not {game_version}", path="game_version")
        players = self.read_players(game, data["players"])
        seed = self.read_seed(data.get("seed"))
        try:
            setup = game.setup_from_json(data["setup"])
        except FieldError as error:
            path = "setup" + (f".{error.path}" if error.path else "")
            raise log_error(error.code, error.message, path=path) from None
        return LogHeader(game, players, setup, seed)

    def check_keys(self, data: dict[str, Any]) -> None:
        """Refuse unknown keys and missing required ones (``schema``)."""
        if data.keys() <= frozenset(self.header_keys) \
                and data.keys() >= frozenset(self.required_keys):
            return
        unknown = [key for key in data if key not in self.header_keys]
        if unknown:
            raise log_error("schema", f"unknown key {unknown[0]!r}", path=unknown[0])
        for key in self.required_keys:
            if key not in data:
                raise log_error("schema", f"the key {key!r} is missing", path=key)

    @staticmethod
    def read_players(game: AnyGame, value: Any) -> tuple[str, ...]:
        """The seat names, checked: a list of strings, as many as the game allows."""
        if type(value) is not list:
            raise log_error("schema", "players must be a list of names", path="players")
        for index, name in enumerate(value):
            if type(name) is not str:
                raise log_error("schema", "a player's name must be a string",
                                path=f"players[{index}]")
        facts = game.facts
        if not facts.min_players <= len(value) <= facts.max_players:
            counts = (str(facts.min_players) if facts.min_players == facts.max_players
                      else f"{facts.min_players} to {facts.max_players}")
            raise log_error("bad_players", f"a {facts.name} log has {counts} players, "
                            f"not {len(value)}", path="players")
        return tuple(value)

    @staticmethod
    def read_seed(value: Any) -> int | None:
        """The optional seed: an integer or null."""
        if type(value) is BigInt:
            raise log_error("schema", "seed is too large (more than 4,300 digits)", path="seed")
        if value is not None and type(value) is not int:
            raise log_error("schema", "seed must be an integer or null", path="seed")
        return value


GENERIC = LogFormat()
_formats: dict[str, LogFormat] = {GENERIC.name: GENERIC}
_format_of_game: dict[str, LogFormat] = {}


def register_log_format(log_format: LogFormat, *, game_id: str | None = None) -> None:
    """Read logs of ``log_format.name``; with ``game_id``, also write that game's in it."""
    _formats[log_format.name] = log_format
    if game_id is not None:
        _format_of_game[game_id] = log_format


def log_format_for(game: AnyGame) -> LogFormat:
    """The format a game's logs are written in."""
    return _format_of_game.get(game.id, GENERIC)


def _expected_formats() -> str:
    return " or ".join(f"{name!r} version {fmt.version}" for name, fmt in _formats.items())


def read_header(data: Any) -> LogHeader:
    """Check a header object: its ``format`` and ``version`` first (nothing else means
    anything without them), then the format's own keys."""
    if type(data) is not dict:
        raise log_error("schema", "a log must be a JSON object")
    if "format" not in data:
        raise log_error("schema", "the key 'format' is missing", path="format")
    name = data["format"]
    if type(name) is not str:
        raise log_error("schema", f"format must be str, got {name!r:.40}", path="format")
    log_format = _formats.get(name)
    if log_format is None:
        raise log_error("unsupported_version", f"this library reads {_expected_formats()}, "
                        f"not format {name!r:.40}", path="format")
    if "version" not in data:
        raise log_error("schema", "the key 'version' is missing", path="version")
    version = data["version"]
    if type(version) is not int and type(version) is not BigInt:
        raise log_error("schema", f"version must be int, got {version!r:.40}", path="version")
    if version != log_format.version:
        raise log_error("unsupported_version", f"this library reads {name!r} version "
                        f"{log_format.version}, not version {version!r:.40}", path="version")
    return log_format.read_header(data)


# --- writing ---------------------------------------------------------------------


def header_data(log: LogLike) -> dict[str, Any]:
    """A log's header as JSON-ready data, in its game's format."""
    game = get_game(log.game)
    return log_format_for(game).header_data(game, log)


def result_data(result: Result) -> dict[str, Any]:
    """A result as JSON-ready data."""
    return {"winners": list(result.winners), "reason": result.reason}


def dump_log(log: LogLike, fmt: Format = "json") -> str:
    """The log as text: one JSON document (``"json"``) or JSON Lines (``"jsonl"``)."""
    if not isinstance(getattr(log, "game", None), str) or not hasattr(log, "moves"):
        raise ArgumentError(f"dump_log needs a log, not {type(log).__name__}")
    game = get_game(log.game)
    to_json = game.move_to_json
    if fmt == "json":
        # One header key a line and one move a line: readable, and diffs well.
        fields = [f"{json.dumps(key)}: {json.dumps(value)}"
                  for key, value in header_data(log).items()]
        moves = ",\n  ".join(json.dumps(to_json(move)) for move in log.moves)
        fields.append(f'"moves": [\n  {moves}\n ]' if moves else '"moves": []')
        if log.result is not None:
            fields.append(f'"result": {json.dumps(result_data(log.result))}')
        return "{\n " + ",\n ".join(fields) + "\n}\n"
    if fmt == "jsonl":
        lines = [json.dumps(header_data(log))]
        lines += [json.dumps(to_json(move)) for move in log.moves]
        if log.result is not None:
            lines.append(json.dumps({"type": "result", **result_data(log.result)}))
        return "\n".join(lines) + "\n"
    raise ArgumentError(f"fmt must be 'json' or 'jsonl', not {fmt!r}")


# --- reading -----------------------------------------------------------------


def parse_move_data(game: AnyGame, data: Any, index: int) -> Any:
    """One move object, checked for shape (``schema`` or a code of the game's)."""
    try:
        return game.move_from_json(data)
    except FieldError as error:
        path = f"moves[{index}]" + (f".{error.path}" if error.path else "")
        raise log_error(error.code, error.message, index, path) from None


def parse_result_data(game: AnyGame, data: Any, path: str = "result") -> Result:
    """A recorded result, checked for shape."""
    try:
        return game.result_from_json(data)
    except FieldError as error:
        raise log_error("schema", error.message,
                        path=f"{path}.{error.path}".rstrip(".")) from None


def read_log(source: str | bytes | os.PathLike[str], fmt: Format | None = None) -> LogLike:
    """Read a whole log of any registered game: a path, or the log's text itself.

    Only the shape is checked here (``LogError``); ``replay`` checks the rules.
    The log is its game's log class (``GameLog`` for AVES, else ``MoveLog``).
    """
    entries = read_entries(source, fmt)
    header = read_header(next(entries)[1])
    game = header.game
    moves: list[Any] = []
    result = None
    for kind, data in entries:
        if kind == "move":
            moves.append(parse_move_data(game, data, len(moves)))
        else:
            result = parse_result_data(game, data)
    return game.make_log(header.players, header.setup, header.seed, tuple(moves), result)


def typed_entries(log: LogLike) -> Iterator[Entry]:
    """A log value's entries: its header, its moves and its result, already typed."""
    yield "header", log
    for move in log.moves:
        yield "move", move
    if log.result is not None:
        yield "result", log.result
