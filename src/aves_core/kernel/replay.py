"""Replaying and validating logs: which move, if any, breaks which rule.

``replay`` takes a ``GameLog``, a path or a log's text and plays it from its
deal, reporting the first problem in file order (the header, then each move:
its shape, then the rules; a recorded result last). JSON Lines files are
streamed, so a log of any length replays in bounded memory.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import attrs

from aves_core.games.aves.cards import canonical
from aves_core.kernel.errors import (
    ArgumentError,
    AvesError,
    IllegalMoveError,
    LogError,
    LogProblem,
    SetupError,
    log_error,
)
from aves_core.games.aves.log import (
    GameLog,
    parse_move_data,
    structure_header,
    structure_result,
)
from aves_core.kernel.reader import Entry, Format, read_entries
from aves_core.games.aves.rules import apply_move, new_game
from aves_core.games.aves.state import GameState, Result

__all__ = ["ReplayResult", "replay", "states", "validate"]

Source = GameLog | str | bytes | os.PathLike[str]

# The codes that are problems of form (exit status 2 of ``aves replay``).
FORM_CODES = frozenset({"not_json", "schema", "unsupported_version", "bad_players", "bad_deal",
                        "bad_first_player", "unreadable"})


@attrs.frozen
class ReplayResult:
    """What replaying a log found.

    ``state`` is the state after the last legal move (None when the header is
    not a game), ``moves`` the number of moves replayed without a problem,
    ``problem`` the first problem, or None when every move is legal, and
    ``players`` the seat names (empty when the header could not be read).
    """

    state: GameState | None
    moves: int
    problem: LogProblem | None = None
    players: tuple[str, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the log is a legal game (over or still going)."""
        return self.problem is None

    @property
    def result(self) -> Result | None:
        """The rules' outcome of the replayed game, if it is over."""
        return None if self.state is None else self.state.result

    def to_json(self) -> dict[str, Any]:
        """The one JSON object ``aves replay --json`` prints."""
        if self.problem is not None:
            return {"valid": False, "error": {"code": self.problem.code,
                                              "move_index": self.problem.move_index,
                                              "message": self.problem.describe()}}
        state = self.state
        assert state is not None
        result = state.result
        return {
            "valid": True,
            "moves": self.moves,
            "phase": state.phase.value,
            "active_player": state.active_player,
            "winners": None if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "hands": [[str(card) for card in canonical(hand)] for hand in state.hands],
            "circle": [str(card) for card in state.circle],
            "deck": [str(card) for card in state.deck],
        }


def _entries_of(source: Source, fmt: Format | None) -> tuple[Iterator[Entry], bool]:
    """The entries of a source, and whether they are already typed (a GameLog's)."""
    if isinstance(source, GameLog):
        log = source

        def typed() -> Iterator[Entry]:
            yield "header", log  # a GameLog has every field of a header
            for move in log.moves:
                yield "move", move
            if log.result is not None:
                yield "result", log.result

        return typed(), True
    if not isinstance(source, str | bytes | os.PathLike):
        raise ArgumentError(f"replay needs a GameLog, a path or a log's text, "
                            f"not {type(source).__name__}")
    return read_entries(source, fmt), False


def _initial_state(header: Any) -> GameState:
    try:
        return new_game(len(header.players), header.variant, deal=header.deal,
                        first_player=header.first_player)
    except SetupError as error:
        path = {"bad_deal": "deal", "bad_first_player": "first_player"}.get(error.code)
        raise log_error(error.code, error.message, path=path) from None
    except AvesError as error:  # a header value the shape check let through but setup refuses
        raise log_error("schema", error.message) from None


def _header(entries: Iterator[Entry], typed: bool) -> Any:
    _kind, data = next(entries)
    return data if typed else structure_header(data)


def _walk(header: Any, entries: Iterator[Entry], typed: bool) -> Iterator[GameState]:
    """The initial state and the state after each move; LogError at the first problem."""
    state = _initial_state(header)
    yield state
    count = 0
    recorded: Result | None = None
    for kind, data in entries:
        if kind == "result":
            recorded = data if typed else structure_result(data)
            continue
        move = data if typed else parse_move_data(data, count)
        try:
            state = apply_move(state, move)
        except IllegalMoveError as error:
            raise log_error(error.code, error.message, count) from None
        count += 1
        yield state
    if recorded is not None and recorded != state.result:
        raise log_error("result_mismatch", _mismatch(recorded, state))


def _replay(entries: Iterator[Entry], typed: bool) -> ReplayResult:
    state: GameState | None = None
    players: tuple[str, ...] = ()
    seen = 0
    try:
        header = _header(entries, typed)
        players = header.players
        # The loop keeps the last state reached: it is the result's state.
        for state in _walk(header, entries, typed):  # noqa: B007
            seen += 1
    except LogError as error:
        return ReplayResult(state, max(seen - 1, 0), error.problem, players)
    return ReplayResult(state, seen - 1, None, players)


def _mismatch(recorded: Result, state: GameState) -> str:
    said = f"winners {list(recorded.winners)} by {recorded.reason}"
    if state.result is None:
        return f"the log records {said}, but the game is not over ({state.phase.value})"
    truth = f"winners {list(state.result.winners)} by {state.result.reason}"
    return f"the log records {said}, but the rules give {truth}"


def replay(source: Source, fmt: Format | None = None) -> ReplayResult:
    """Replay a log (a GameLog, a path, or a log's text) and report the first problem.

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


def states(source: Source, fmt: Format | None = None) -> Iterator[GameState]:
    """The initial state, then the state after each move, lazily (a long JSON Lines log
    streams); raises LogError at the first problem."""
    entries, typed = _entries_of(source, fmt)
    return _walk(_header(entries, typed), entries, typed)


def is_form_problem(problem: LogProblem) -> bool:
    """True for a problem of form (exit 2 of ``aves replay``), False for a broken rule."""
    return problem.code in FORM_CODES
