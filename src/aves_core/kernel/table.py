"""A table: one hosted game with its log, its events, undo and bots for empty seats.

``Table`` is what a host keeps per game. ``play`` checks a move, records it
(appending one flushed line to the JSON Lines file when the table is saved)
and returns what each seat may see of what happened; ``view`` gives a seat its
picture; ``Table.restore`` brings a saved game back after a crash. Undo
follows Board Game Arena's policy: a seat may take back only its own move of
the turn in progress, and never once hidden information was revealed.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import IO

import attrs

from aves_core.bots import Bot
from aves_core.games.aves.cards import Card
from aves_core.kernel.errors import ArgumentError, AvesError, LogError, LogProblem, log_error
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardsTaken,
    CircleRefilled,
    Event,
    TradeUndone,
    apply_move_with_events,
    events_for,
)
from aves_core.games.aves.log import (
    GameLog,
    dump_log,
    parse_move_data,
    result_data,
    structure_header,
    structure_result,
)
from aves_core.games.aves.moves import Move, Trade
from aves_core.games.aves.phases import Phase
from aves_core.kernel.reader import read_entries
from aves_core.games.aves.serialize import unstructure_move
from aves_core.games.aves.state import GameState, Result, Variant
from aves_core.games.aves.views import PlayerView, view_for

__all__ = ["EventsBySeat", "Table", "UndoError"]

EventsBySeat = dict[int | None, tuple[Event, ...]]
"""Each seat's redacted events, and the spectators' under the key None."""


class UndoError(AvesError, ValueError):
    """An undo the undo policy does not allow (code ``undo_not_allowed``)."""

    code = "undo_not_allowed"


@attrs.frozen
class _Step:
    """One applied move, with the state before it and what it revealed."""

    before: GameState
    move: Move
    events: tuple[Event, ...]


class Table:
    """One hosted game of AVES.

    >>> table = Table(["ann", "bo"], seed=3)
    >>> seat = table.state.active_player
    >>> events = table.play(table.view(seat).legal_moves[0])
    >>> sorted(events, key=str) == sorted([0, 1, None], key=str)
    True
    """

    def __init__(
        self,
        players: Sequence[str],
        variant: Variant = Variant(),
        *,
        seed: int | None = None,
        deal: Iterable[Card] | None = None,
        first_player: int | None = None,
    ) -> None:
        log = GameLog.from_game(players, variant, seed=seed, deal=deal,
                                first_player=first_player)
        self._start(log, random.Random(seed))

    def _start(self, log: GameLog, rng: random.Random) -> None:
        self._log = log
        self._state = log.initial_state()
        self._steps: list[_Step] = []
        self._events: list[Event] = []
        self._bots: dict[int, Bot] = {}
        self._rng = rng
        self._path: Path | None = None
        self._file: IO[str] | None = None
        self.restored_problem: LogProblem | None = None
        """What ``restore`` dropped (a cut-off last line), or None."""
        self.bot_faults: list[tuple[int, str]] = []
        """(seat, what went wrong) each time a bot failed to give a legal move and a
        random legal move was played in its place."""

    # --- what a host reads ------------------------------------------------

    @property
    def state(self) -> GameState:
        """The full current state (the host's eyes only)."""
        return self._state

    @property
    def log(self) -> GameLog:
        """The game's log so far, with its result once the game is over."""
        return self._log

    @property
    def players(self) -> tuple[str, ...]:
        """The seat names."""
        return self._log.players

    @property
    def event_count(self) -> int:
        """How many events the game has produced; ``events_since`` counts from 0."""
        return len(self._events)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (None: a spectator)."""
        return view_for(self._state, seat)

    def events_since(self, index: int, seat: int | None) -> tuple[Event, ...]:
        """The events from number ``index`` on, as ``seat`` may see them."""
        if type(index) is not int or index < 0:
            raise ArgumentError(f"index must be an int >= 0, not {index!r}")
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.players)):
            raise ArgumentError(f"seat {seat!r} is not a seat of this table")
        return events_for(self._events[index:], seat)

    # --- playing ----------------------------------------------------------

    def play(self, move: Move) -> EventsBySeat:
        """Apply ``move`` (IllegalMoveError if it is not legal: nothing changes), then
        any bot moves that follow; return each seat's redacted events."""
        first = len(self._events)
        self._apply(move)
        self._play_bots()
        return self._since(first)

    def _apply(self, move: Move) -> None:
        after, events = apply_move_with_events(self._state, move)
        self._steps.append(_Step(self._state, move, events))
        self._state = after
        self._events.extend(events)
        self._log = self._log.append(move).with_result(after.result)
        self._write([unstructure_move(move)])
        if after.result is not None:
            self._write([{"type": "result", **result_data(after.result)}])

    def _play_bots(self) -> None:
        while self._state.result is None:
            seat = self._state.active_player
            assert seat is not None
            bot = self._bots.get(seat)
            if bot is None:
                return
            view = view_for(self._state, seat)
            try:
                move = bot.choose(view, events_for(self._events, seat), self._rng)
                if move not in view.legal_moves:
                    raise ValueError(f"{move!r} is not a legal move")
            except Exception as error:  # a faulty bot must not stall the table
                # The seat's player already left; keep the game going with a random
                # legal move and keep the fault for the host to see.
                self.bot_faults.append((seat, f"{type(error).__name__}: {error}"))
                move = self._rng.choice(view.legal_moves)
            self._apply(move)

    def _since(self, first: int) -> EventsBySeat:
        seats: list[int | None] = [*range(len(self.players)), None]
        return {seat: self.events_since(first, seat) for seat in seats}

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

    def can_undo(self, seat: int) -> bool:
        """True when ``seat`` may take back its last move: a match of the turn still
        in progress (a return is due) that revealed no hidden card (no draw, no refill)."""
        if not self._steps or self._state.phase is not Phase.FORCED_RETURN:
            return False
        step = self._steps[-1]
        return (
            self._state.active_player == seat
            and step.move.player == seat
            and isinstance(step.move, Trade)
            and not any(isinstance(event, CardDrawn | CircleRefilled) for event in step.events)
        )

    def undo(self, seat: int) -> EventsBySeat:
        """Take back ``seat``'s last move (UndoError unless ``can_undo``)."""
        if not self.can_undo(seat):
            raise UndoError(f"seat {seat} cannot undo now: only a match of the turn in "
                            "progress that revealed no hidden card can be taken back")
        step = self._steps.pop()
        assert isinstance(step.move, Trade)
        placed = next(event for event in step.events if isinstance(event, CardPlaced))
        taken = next(event for event in step.events if isinstance(event, CardsTaken))
        first = len(self._events)
        self._events.append(TradeUndone(seat, placed.card, placed.gap, taken.cards))
        self._state = step.before
        self._log = attrs.evolve(self._log, moves=self._log.moves[:-1], result=None)
        if self._path is not None:
            self._rewrite()
        return self._since(first)

    # --- saving and restoring -------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the log to ``path`` as JSON Lines and append each later move to it,
        flushed to disk, so a crash loses at most the move in flight."""
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
        self._path = None

    @classmethod
    def restore(cls, path: str | os.PathLike[str], *, seed: int | None = None) -> Table:
        """The table saved at ``path``, replayed move by move; it keeps saving there.

        A last line cut off by a crash is dropped (the file is rewritten without
        it) and reported in ``restored_problem``; any other problem raises
        ``LogError``. ``seed`` seeds the bots' randomness.
        """
        entries = read_entries(path, "jsonl")
        _kind, data = next(entries)  # a cut-off header is no game: LogError
        header = structure_header(data)
        moves: list[Move] = []
        recorded: Result | None = None
        dropped: LogProblem | None = None
        try:
            for kind, data in entries:
                if kind == "move":
                    moves.append(parse_move_data(data, len(moves)))
                else:
                    recorded = structure_result(data)
        except LogError as error:
            if error.code != "truncated":
                raise
            dropped = error.problem
        table = cls.__new__(cls)
        log = GameLog(players=header.players, variant=header.variant, seed=header.seed,
                      deal=header.deal, first_player=header.first_player)
        table._start(log, random.Random(seed))
        for index, move in enumerate(moves):
            try:
                table._apply(move)
            except AvesError as error:
                raise log_error(error.code, str(error), index) from None
        if recorded is not None and recorded != table.state.result:
            raise log_error("result_mismatch", f"the file records {recorded}, but the rules "
                            f"give {table.state.result}")
        table.restored_problem = dropped
        table.save(path)
        return table
