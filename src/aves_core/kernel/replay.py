"""Replaying and validating logs of any game: which move, if any, breaks which rule.

``replay`` takes a log value, a path or a log's text and plays it from its
setup, reporting the first problem in file order (the header, then each move:
its shape, then the rules; a recorded result last). JSON Lines files are
streamed, so a log of any length replays in bounded memory; the moves go to
the game's ``apply_all``, its fastest checked path.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import partial
from itertools import chain
from typing import Any

import attrs

from aves_core.kernel.errors import (
    ArgumentError,
    IllegalMoveError,
    LogError,
    LogProblem,
    log_error,
)
from aves_core.kernel.game import Game, Result
from aves_core.kernel.log import (
    LogHeader,
    LogLike,
    parse_move_data,
    parse_result_data,
    read_header,
    typed_entries,
)
from aves_core.kernel.reader import Entry, Format, JsonLines, read_entries
from aves_core.kernel.registry import UnknownGameError, all_games, get_game

__all__ = ["FORM_CODES", "ReplayResult", "is_form_problem", "replay", "states", "validate"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]
Source = LogLike | str | bytes | os.PathLike[str]

FORM_CODES = frozenset({"not_json", "schema", "unsupported_version", "bad_players",
                        "unknown_game", "unreadable"})
"""The kernel's codes of problems of form (exit status 2 of ``aves replay``); with each
game's ``setup_codes``, every other code is a broken rule (exit 1)."""


@attrs.frozen
class ReplayResult:
    """What replaying a log found.

    ``state`` is the state after the last legal move (None when the header is
    not a game), ``moves`` the number of moves replayed without a problem,
    ``problem`` the first problem, or None when every move is legal,
    ``players`` the seat names (empty when the header could not be read) and
    ``game`` the log's game (None when the header could not say).
    """

    state: Any
    moves: int
    problem: LogProblem | None = None
    players: tuple[str, ...] = ()
    game: AnyGame | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def valid(self) -> bool:
        """True when the log is a legal game (over or still going)."""
        return self.problem is None

    @property
    def result(self) -> Result | None:
        """The rules' outcome of the replayed game, if it is over."""
        if self.state is None or self.game is None:
            return None
        return self.game.result(self.state)

    def to_json(self) -> dict[str, Any]:
        """The one JSON object ``aves replay --json`` prints."""
        if self.problem is not None:
            return {"valid": False, "error": {"code": self.problem.code,
                                              "move_index": self.problem.move_index,
                                              "message": self.problem.describe()}}
        assert self.game is not None
        return self.game.replay_report(self.state, self.moves)


def _is_log(source: object) -> bool:
    return isinstance(getattr(source, "game", None), str) and hasattr(source, "moves")


def _entries_of(source: Source, fmt: Format | None) -> tuple[Iterator[Entry], bool]:
    """The entries of a source, and whether they are already typed (a log value's)."""
    if type(source) is str or type(source) is bytes:  # the common cases, decided first
        return read_entries(source, fmt), False
    if isinstance(source, os.PathLike):  # a path, even one whose __fspath__ gives bytes
        return read_entries(os.fsdecode(source), fmt), False
    if _is_log(source):
        return typed_entries(source), True  # type: ignore[arg-type]
    if not isinstance(source, str | bytes | os.PathLike):
        raise ArgumentError(f"replay needs a log, a path or a log's text, "
                            f"not {type(source).__name__}")
    return read_entries(source, fmt), False


def _header(entries: Iterator[Entry], typed: bool) -> LogHeader:
    data = next(entries)[1]
    if not typed:
        return read_header(data)
    try:
        game = get_game(data.game)
    except UnknownGameError as error:
        raise log_error("unknown_game", error.message) from None
    return LogHeader(game, tuple(data.players), data.setup, data.seed, setup_path="")


class _Moves:
    """The moves of a log's entries, parsed as they are drawn. Iteration stops at the
    first problem of shape, which it keeps, and keeps the recorded result too: the
    game's ``apply_all`` never sees anything but moves."""

    def __init__(self, game: AnyGame, entries: Iterator[Entry], typed: bool) -> None:
        self.game = game
        self.entries = entries
        self.typed = typed
        self.problem: LogError | None = None
        self.problems: list[LogError] = []
        self.lines: JsonLines | None = None
        self.recorded: Result | None = None

    def __iter__(self) -> Iterator[Any]:
        if self.typed:
            return self._typed()
        if isinstance(self.entries, JsonLines):
            return self._lines(self.entries)
        return self._parsed()

    def _typed(self) -> Iterator[Any]:
        for kind, data in self.entries:
            if kind == "result":
                self.recorded = data
                return
            yield data

    def _lines(self, lines: JsonLines) -> Iterator[Any]:
        # The reader's own generator, with no layer of ours around it: replay spends
        # its time here. It keeps its LogError in self.problems.
        self.lines = lines
        return chain.from_iterable(lines.moves(partial(parse_move_data, self.game),
                                               _line_cache(self.game), self.problems))

    def finish(self) -> None:
        """After the moves: the problem the reader kept, and the recorded result."""
        if self.problems:
            self.problem = self.problems[0]
        elif self.lines is not None and self.lines.result is not None:
            try:
                self.recorded = parse_result_data(self.game, self.lines.result)
            except LogError as error:
                self.problem = error

    def _parsed(self) -> Iterator[Any]:
        game = self.game
        index = 0
        try:
            for kind, data in self.entries:
                if kind == "result":  # the last entry: the readers refuse lines after it
                    self.recorded = parse_result_data(game, data)
                    continue
                yield parse_move_data(game, data, index)
                index += 1
        except LogError as error:
            self.problem = error


_line_caches: dict[str, dict[bytes, Any]] = {}


def _line_cache(game: AnyGame) -> dict[bytes, Any]:
    """The game's cache of move lines already parsed (see ``JsonLines.moves``)."""
    cache = _line_caches.get(game.id)
    if cache is None:
        cache = _line_caches[game.id] = {}
    return cache


def _replay(entries: Iterator[Entry], typed: bool) -> ReplayResult:
    players: tuple[str, ...] = ()
    game: AnyGame | None = None
    try:
        header = _header(entries, typed)
        players, game = header.players, header.game
        moves = _Moves(game, entries, typed)
        state, count, illegal = header.replay_all(moves)
    except LogError as error:  # the header or the setup: no move was read
        return ReplayResult(None, 0, error.problem, players, game)
    moves.finish()
    if illegal is not None:
        return ReplayResult(state, count, LogProblem(illegal.code, illegal.message, count),
                            players, game)
    if moves.problem is not None:
        return ReplayResult(state, count, moves.problem.problem, players, game)
    recorded = moves.recorded
    if recorded is not None and recorded != game.result(state):
        problem = log_error("result_mismatch", _mismatch(game, recorded, state)).problem
        return ReplayResult(state, count, problem, players, game)
    return ReplayResult(state, count, None, players, game)


def _mismatch(game: AnyGame, recorded: Result, state: Any) -> str:
    said = f"winners {list(recorded.winners)} by {recorded.reason}"
    truth = game.result(state)
    if truth is None:
        return f"the log records {said}, but the game is not over ({game.phase_name(state)})"
    return f"the log records {said}, but the rules give winners {list(truth.winners)} " \
           f"by {truth.reason}"


def replay(source: Source, fmt: Format | None = None) -> ReplayResult:
    """Replay a log (a log value, a path, or a log's text) and report the first problem.

    Never raises for a bad log: the problem is in the result. A JSON Lines
    file is streamed line by line.
    """
    try:
        entries, typed = _entries_of(source, fmt)
    except LogError as error:  # the file cannot even be opened
        return ReplayResult(None, 0, error.problem)
    return _replay(entries, typed)


def validate(source: Source, fmt: Format | None = None) -> tuple[LogProblem, ...]:
    """The problems of a log: empty when it is a legal game.

    Replay cannot go on past a broken move, so there is at most one problem,
    the first in file order; the return type leaves room for more.
    """
    problem = replay(source, fmt).problem
    return () if problem is None else (problem,)


def states(source: Source, fmt: Format | None = None) -> Iterator[Any]:
    """The initial state, then the state after each move, lazily (a long JSON Lines log
    streams); raises LogError at the first problem."""
    entries, typed = _entries_of(source, fmt)
    header = _header(entries, typed)
    return _walk(header, entries, typed)


def _walk(header: LogHeader, entries: Iterator[Entry], typed: bool) -> Iterator[Any]:
    game = header.game
    state = header.start()
    yield state
    moves = _Moves(game, entries, typed)
    for count, move in enumerate(moves):
        try:
            state = game.apply(state, move)
        except IllegalMoveError as error:
            raise log_error(error.code, error.message, count) from None
        yield state
    moves.finish()
    if moves.problem is not None:
        raise moves.problem
    recorded = moves.recorded
    if recorded is not None and recorded != game.result(state):
        raise log_error("result_mismatch", _mismatch(game, recorded, state))


def is_form_problem(problem: LogProblem) -> bool:
    """True for a problem of form (exit 2 of ``aves replay``), False for a broken rule."""
    if problem.code in FORM_CODES:
        return True
    return any(problem.code in game.facts.setup_codes for game in all_games())
