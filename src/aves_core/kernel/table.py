"""A table: one hosted game of any kind, with its log, its events, undo and bots.

``Table`` is what a host keeps per game. ``play`` checks a move, records it
(appending one flushed line to the JSON Lines file when the table is saved)
and returns what each seat may see of what happened; ``view`` gives a seat its
picture; ``Table.restore`` brings a saved game back after a crash. Undo
follows the game's own policy (``Game.undo``): for AVES, Board Game Arena's,
a seat may take back only its own move of the turn in progress and never
once hidden information was revealed.

A game with chance during play (``Chance.PLAY``) stops at chance nodes; the
table settles them after every move it applies, drawing each chance move from
its generator (``Game.chance_generator`` of its seed; the system's randomness
without one), and records it in the log like any move, with its events. What
is recorded is never drawn again: ``restore`` and ``apply_recorded`` replay
the chance moves of the file or the store. No undo reaches past a chance move.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import attrs

from aves_core.kernel.bots import Bot
from aves_core.kernel.errors import ArgumentError, AvesError, LogError, LogProblem, log_error
from aves_core.kernel.game import Chance, Game, Result
from aves_core.kernel.log import (
    LogHeader,
    LogLike,
    MoveLog,
    dump_log,
    parse_move_data,
    parse_result_data,
    read_header,
    result_data,
)
from aves_core.kernel.reader import read_entries

__all__ = ["EventsBySeat", "SeatEvents", "Table", "UndoError"]

AnyGame = Game[Any, Any, Any, Any, Any, Any]

EventsBySeat = Mapping[int | None, tuple[Any, ...]]
"""Each seat's redacted events, and the spectators' under the key None."""


class SeatEvents(Mapping[int | None, tuple[Any, ...]]):
    """Each seat's redacted events of one move (an ``EventsBySeat``), each redacted
    when first asked for: a host that sends the events its own way, or a simulation
    that reads none, pays nothing for them."""

    __slots__ = ("_events", "_game", "_seats", "_seen")

    def __init__(self, game: AnyGame, events: tuple[Any, ...], seats: int) -> None:
        self._game, self._events, self._seats = game, events, seats
        self._seen: dict[int | None, tuple[Any, ...]] = {}

    def __getitem__(self, seat: int | None) -> tuple[Any, ...]:
        seen = self._seen.get(seat)
        if seen is None:
            if seat is not None and (type(seat) is not int or not 0 <= seat < self._seats):
                raise KeyError(seat)
            seen = self._seen[seat] = self._game.events_for(self._events, seat)
        return seen

    def __iter__(self) -> Iterator[int | None]:
        yield from range(self._seats)
        yield None

    def __len__(self) -> int:
        return self._seats + 1

    def __repr__(self) -> str:
        return f"SeatEvents({dict(self)!r})"


class UndoError(AvesError, ValueError):
    """An undo the undo policy does not allow (code ``undo_not_allowed``)."""

    code = "undo_not_allowed"


@attrs.frozen
class _Step:
    """One applied move, with the state before it and what it revealed."""

    before: Any
    move: Any
    events: tuple[Any, ...]


class Table:
    """One hosted game of any registered game.

    >>> from aves_core import get_game
    >>> table = Table(get_game("aves"), ["ann", "bo"], seed=3)
    >>> seat = table.to_move[0]
    >>> events = table.play(table.view(seat).legal_moves[0])
    >>> sorted(events, key=str) == sorted([0, 1, None], key=str)
    True

    ``seed`` draws the setup (when no ``setup`` is given), the bots' randomness and
    the chance moves during play; without it the chance moves come from the
    system's randomness, which nobody can predict.
    """

    def __init__(self, game: AnyGame, players: Sequence[str], options: Any = None, *,
                 seed: int | None = None, setup: Any = None) -> None:
        if not isinstance(game, Game):
            raise ArgumentError(f"a table needs a Game (get_game(...)), not {game!r}")
        if setup is None:
            log: LogLike = MoveLog.new(game, players, options, seed=seed)
            log = game.make_log(log.players, log.setup, seed)
        else:
            if isinstance(players, str) or not all(isinstance(name, str) for name in players):
                raise ArgumentError("players must be a sequence of seat names (str)")
            game.start(len(players), setup)
            log = game.make_log(tuple(players), setup, seed)
        self._start(game, log, random.Random(seed), seed)

    def _start(self, game: AnyGame, log: LogLike, rng: random.Random,
               chance_seed: int | None = None) -> None:
        self.game = game
        """The table's game."""
        self._log = log
        self._state = game.start(len(log.players), log.setup)
        self._steps: list[_Step] = []
        self._events: list[Any] = []
        self._bots: dict[int, Bot] = {}
        self._rng = rng
        # Only a game with chance during play needs a generator (and the checks).
        self._chance: random.Random | None = (
            game.chance_generator(len(log.players), game.options_of(log.setup), chance_seed)
            if game.facts.chance is Chance.PLAY else None)
        self._unwritten: list[dict[str, object]] = []
        self._path: Path | None = None
        self._file: IO[str] | None = None
        self.restored_problem: LogProblem | None = None
        """What ``restore`` dropped (a cut-off last line), or None."""
        self.bot_faults: list[tuple[int, str]] = []
        """(seat, what went wrong) each time a bot failed to give a legal move and a
        random legal move was played in its place."""

    # --- what a host reads ------------------------------------------------

    @property
    def state(self) -> Any:
        """The full current state (the host's eyes only)."""
        return self._state

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        return self.game.result(self._state)

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now; empty once the game is over."""
        return self.game.to_move(self._state)

    @property
    def log(self) -> Any:
        """The game's log so far, with its result once the game is over."""
        return self._log

    @property
    def players(self) -> tuple[str, ...]:
        """The seat names."""
        return self._log.players

    @property
    def move_count(self) -> int:
        """How many moves the log holds, chance moves included; ``moves_since`` counts
        from 0."""
        return len(self._log.moves)

    def moves_since(self, index: int) -> tuple[Any, ...]:
        """The log's moves from number ``index`` on: what a ``play`` appended when
        ``index`` is the ``move_count`` before it (the seat's move, the chance moves
        drawn after it, then any bots' moves and their chance moves)."""
        if type(index) is not int or index < 0:
            raise ArgumentError(f"index must be an int >= 0, not {index!r}")
        return tuple(self._log.moves[index:])

    @property
    def event_count(self) -> int:
        """How many events the game has produced; ``events_since`` counts from 0."""
        return len(self._events)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know now (None: a spectator)."""
        return self.game.view(self._state, seat)

    def events_since(self, index: int, seat: int | None) -> tuple[Any, ...]:
        """The events from number ``index`` on, as ``seat`` may see them."""
        if type(index) is not int or index < 0:
            raise ArgumentError(f"index must be an int >= 0, not {index!r}")
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.players)):
            raise ArgumentError(f"seat {seat!r} is not a seat of this table")
        return self.game.events_for(self._events[index:], seat)

    # --- playing ----------------------------------------------------------

    def play(self, move: Any) -> EventsBySeat:
        """Apply ``move`` (IllegalMoveError if it is not legal: nothing changes), then
        the chance moves it leads to and any bot moves that follow (each with its chance
        moves); return each seat's redacted events. ``moves_since`` says which moves
        were appended to the log."""
        first = len(self._events)
        self._apply(move)
        self._settle()
        self._flush()
        self._play_bots()
        return self._since(first)

    def apply_recorded(self, moves: Sequence[Any]) -> EventsBySeat:
        """Apply moves as they were recorded (a seat's move and the chance moves drawn
        after it, as a host stored them), drawing nothing and moving no bot: how a host
        rebuilds a table from its store. An illegal move raises IllegalMoveError and
        leaves the table as it was, none of ``moves`` applied."""
        saved = (self._state, self._log, len(self._steps), len(self._events))
        first = saved[3]
        try:
            for move in moves:
                self._apply(move)
        except BaseException:
            self._state, self._log = saved[0], saved[1]
            del self._steps[saved[2]:], self._events[saved[3]:]
            self._unwritten.clear()
            raise
        self._flush()
        return self._since(first)

    def _apply(self, move: Any) -> None:
        game = self.game
        after, events = game.apply_with_events(self._state, move)
        self._steps.append(_Step(self._state, move, events))
        self._state = after
        self._events.extend(events)
        result = game.result(after)
        self._log = self._log.append(move).with_result(result)
        if self._file is not None:
            self._unwritten.append(game.move_to_json(move))
            if result is not None:
                self._unwritten.append({"type": "result", **result_data(result)})

    def _settle(self) -> None:
        """Draw and apply the chance moves the state awaits (none for most games)."""
        if self._chance is None:
            return
        game = self.game
        while game.awaits_chance(self._state):
            self._apply(game.chance_move(self._state, self._chance))

    def _flush(self) -> None:
        """Write the lines of the moves just applied, a move and its chance moves
        together (one write, one fsync)."""
        if self._unwritten:
            self._write(self._unwritten)
            self._unwritten = []

    def _play_bots(self) -> None:
        if not self._bots:  # a host's tables: its bots play through its own loop
            return
        game = self.game
        while True:
            # The first seat to move that a bot plays (one in a sequential game).
            seat = next((seat for seat in game.to_move(self._state) if seat in self._bots),
                        None)
            if seat is None:
                return
            bot = self._bots[seat]
            view = game.view(self._state, seat)
            try:
                move = bot.choose(view, game.events_for(self._events, seat), self._rng)
                if move not in view.legal_moves:
                    raise ValueError(f"{move!r} is not a legal move")
            except Exception as error:  # a faulty bot must not stall the table
                # The seat's player already left; keep the game going with a random
                # legal move and keep the fault for the host to see.
                self.bot_faults.append((seat, f"{type(error).__name__}: {error}"))
                move = self._rng.choice(view.legal_moves)
            self._apply(move)
            self._settle()
            self._flush()

    def _since(self, first: int) -> EventsBySeat:
        return SeatEvents(self.game, tuple(self._events[first:]), len(self.players))

    def replace_with_bot(self, seat: int, bot: Bot) -> EventsBySeat:
        """Let ``bot`` play ``seat`` from now on (a zombie seat); if it is that seat's
        turn, the bot moves at once. Returns the events of any moves made."""
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise ArgumentError(f"seat {seat!r} is not a seat of this table")
        if not callable(getattr(bot, "choose", None)):
            raise ArgumentError(f"a bot needs a choose(view, events, rng) method: {bot!r}")
        self._bots[seat] = bot
        first = len(self._events)
        self._play_bots()
        return self._since(first)

    # --- undo ---------------------------------------------------------------

    def _undo_events(self, seat: int) -> tuple[Any, ...] | None:
        if not self._steps or type(seat) is not int:
            return None
        step = self._steps[-1]
        if self.game.mover(step.move) is None:
            # A chance move is never taken back, whatever the game's policy says, and
            # neither is the move it followed: an undo must not leave half of the pair.
            return None
        return self.game.undo(step.before, step.move, step.events, self._state, seat)

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` may take back the last move under the game's undo policy
        (AVES: a match of the turn still in progress, a return due, that revealed no
        hidden card: no draw, no refill). Never when the last move was a chance move."""
        return self._undo_events(seat) is not None

    def undo(self, seat: int) -> EventsBySeat:
        """Take back the last move, ``seat``'s (UndoError unless ``can_undo``)."""
        events = self._undo_events(seat)
        if events is None:
            raise UndoError(f"seat {seat} cannot undo now: {self.game.undo_rule}")
        step = self._steps.pop()
        first = len(self._events)
        self._events.extend(events)
        self._state = step.before
        self._log = attrs.evolve(self._log, moves=self._log.moves[:-1],  # type: ignore[misc]
                                 result=None)
        if self._path is not None:
            self._rewrite()
        return self._since(first)

    # --- saving and restoring -------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the log to ``path`` as JSON Lines and append each later move to it (a
        move and the chance moves after it in one write), flushed to disk, so a crash
        loses at most the move in flight."""
        self.close()
        self._path = Path(path)
        self._rewrite()

    def _rewrite(self) -> None:
        """Replace the file with the whole log, atomically, and reopen it for appending."""
        assert self._path is not None
        if self._file is not None:
            self._file.close()
        folder = self._path.parent
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".aves-", suffix=".tmp")
        with os.fdopen(handle, "w") as stream:
            stream.write(dump_log(self._log, "jsonl"))
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, self._path)
        self._file = self._path.open("a")

    def _write(self, objects: list[dict[str, object]]) -> None:
        if self._file is None:
            return
        for data in objects:
            self._file.write(json.dumps(data) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        """Stop writing to the saved file (the table goes on in memory)."""
        if self._file is not None:
            self._file.close()
        self._file = None
        self._unwritten = []
        self._path = None

    @classmethod
    def restore(cls, path: str | os.PathLike[str], *, seed: int | None = None) -> Table:
        """The table saved at ``path``, replayed move by move; it keeps saving there.

        A last line cut off by a crash is dropped (the file is rewritten without
        it) and reported in ``restored_problem``; any other problem raises
        ``LogError``. The file says which game it is. Its chance moves are replayed,
        never drawn again; only when a crash cut the file between a move and its
        chance moves are those drawn now (nobody saw them). ``seed`` seeds the
        bots' randomness and the chance moves drawn from now on (None: the system's
        randomness).
        """
        header, moves, recorded, dropped = _read_saved(path)
        table = cls.__new__(cls)
        game = header.game
        log = game.make_log(header.players, header.setup, header.seed)
        header.start()  # a setup that is no game is a LogError
        table._start(game, log, random.Random(seed), seed)
        for index, move in enumerate(moves):
            try:
                table._apply(move)
            except AvesError as error:
                raise log_error(error.code, str(error), index) from None
        if recorded is not None and recorded != table.result:
            raise log_error("result_mismatch", f"the file records {recorded}, but the rules "
                            f"give {table.result}")
        table._settle()
        table.restored_problem = dropped
        table.save(path)
        return table


def _read_saved(path: str | os.PathLike[str]
                ) -> tuple[LogHeader, list[Any], Result | None, LogProblem | None]:
    """A saved table's header, moves and result, and a cut-off last line it dropped."""
    entries = read_entries(path, "jsonl")
    header = read_header(next(entries)[1])  # a cut-off header is no game: LogError
    moves: list[Any] = []
    recorded: Result | None = None
    dropped: LogProblem | None = None
    try:
        for kind, data in entries:
            if kind == "move":
                moves.append(parse_move_data(header.game, data, len(moves)))
            else:
                recorded = parse_result_data(header.game, data)
    except LogError as error:
        if error.code != "truncated":
            raise
        dropped = error.problem
    return header, moves, recorded, dropped
