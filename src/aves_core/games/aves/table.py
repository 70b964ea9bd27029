"""An AVES table: the kernel's ``Table`` with AVES's own constructor and types."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence

from aves_core.games.aves.cards import Card
from aves_core.games.aves.game import AVES
from aves_core.games.aves.log import GameLog
from aves_core.games.aves.state import GameState, Variant
from aves_core.games.aves.views import PlayerView
from aves_core.kernel.errors import log_error
from aves_core.kernel.table import EventsBySeat, Table, UndoError

__all__ = ["AvesTable", "EventsBySeat", "UndoError"]


class AvesTable(Table):
    """One hosted game of AVES.

    >>> table = AvesTable(["ann", "bo"], seed=3)
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
        self._start(AVES, GameLog.from_game(players, variant, seed=seed, deal=deal,
                                            first_player=first_player), random.Random(seed))

    @property
    def state(self) -> GameState:
        """The full current state (the host's eyes only)."""
        state: GameState = self._state
        return state

    @property
    def log(self) -> GameLog:
        """The game's log so far, with its result once the game is over."""
        log = self._log
        assert isinstance(log, GameLog)
        return log

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (None: a spectator)."""
        view: PlayerView = super().view(seat)
        return view

    @classmethod
    def restore(cls, path: str | os.PathLike[str], *, seed: int | None = None) -> AvesTable:
        """The AVES table saved at ``path`` (see ``Table.restore``)."""
        table = super().restore(path, seed=seed)
        if table.game is not AVES:
            table.close()
            raise log_error("unknown_game", f"{path} holds a game of {table.game.id!r}, "
                            "not of AVES: restore it with Table.restore")
        assert isinstance(table, AvesTable)
        return table
