"""A game's fixed encoding for learning agents: action indices and observation planes.

The AI adapters (``aves_core.envs``: PettingZoo, Gymnasium, OpenSpiel) are written
once against this protocol, so a game that supplies an encoding (``Game.encoding``)
gets all of them; a game that lists its moves and its features (``Game.all_moves``,
``Game.features``) gets ``FeatureEncoding``. ``observe`` reads a *view*, never a
state, so an observation cannot hold more than the seat may know.

Nothing here imports NumPy: an encoding fills the array an adapter hands it, and
the engine's own path (``apply``, ``step``) never touches an encoding.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from aves_core.kernel.errors import ArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "OBSERVATION_HIGH",
    "ActionTable",
    "Encoding",
    "EncodingError",
    "FeatureEncoding",
    "float32s",
    "write_float32s",
]

OBSERVATION_HIGH = 8.0
"""No observation value is above this, nor below 0 (a count of cards or tokens, or a
fraction): the adapters' observation spaces are boxes from 0 to it."""

V = TypeVar("V", contravariant=True)
M = TypeVar("M")


class EncodingError(ArgumentError):
    """An action index that names no move legal in the view."""

    code = "bad_action"


def float32s(*values: float) -> bytes:
    """``values`` as native float32s: the bytes of an observation's block, for an
    encoding that joins its blocks (made once, kept in tables) and writes them whole
    with ``write_float32s``."""
    return struct.pack(f"={len(values)}f", *values)


def write_float32s(out: npt.NDArray[Any], data: bytes) -> None:
    """Copy the float32s of ``data`` into ``out``: straight into its memory when it is
    one block of native float32s (as the environments' are), else through numpy."""
    memory = out.data
    if memory.format == "f" and memory.c_contiguous:
        memory.cast("B")[:] = data
    else:
        out[:] = memoryview(data).cast("f")


class Encoding(Protocol[V, M]):
    """The encoding of one game for a number of players.

    An encoding may also give ``indices(moves)``, the ``action_index`` of every move
    of a list in one call (``ActionTable`` does): the environments then index a
    view's legal moves with it, once a step.
    """

    num_actions: int
    """Action indices are 0 to ``num_actions - 1``, the same in every state."""
    observation_size: int
    """An observation is a flat float32 vector of this length."""

    def action_index(self, move: M) -> int:
        """The index of a move (of the seat that makes it)."""
        ...

    def move_of(self, index: int, view: V) -> M:
        """The legal move of ``view``'s seat with this index (``EncodingError`` if the
        index names no move legal there)."""
        ...

    def observe(self, view: V, out: npt.NDArray[np.float32]) -> None:
        """Write the seat's observation into ``out`` (zeroed by the caller)."""
        ...

    def describe(self) -> list[tuple[str, str]]:
        """The layout as (indices, meaning) rows, for the docs: actions, then the
        observation."""
        ...


class ActionTable:
    """Action indices read off a game's ``all_moves``: action ``i`` of a seat is the
    ``i``-th of ``game.all_moves(num_players, seat)``. A game's encoding subclasses it
    and gives ``observation_size``, ``observe`` and ``describe``; ``FeatureEncoding``
    does so from the game's ``features``."""

    observation_size: int

    def __init__(self, game: Any, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        self.by_seat = [tuple(game.all_moves(num_players, seat)) for seat in range(num_players)]
        if len({len(moves) for moves in self.by_seat}) != 1:
            raise ArgumentError(f"{game.id}: all_moves gives the seats different numbers of "
                                "moves; each seat's action indices must mean the same")
        self.num_actions = len(self.by_seat[0])
        self.index = [{move: index for index, move in enumerate(moves)}
                      for moves in self.by_seat]
        # A game whose legal moves are the very objects of all_moves has them found
        # by identity, without hashing a move (the envs index every legal move at
        # every step).
        self.by_identity = {id(move): index for moves in self.by_seat
                            for index, move in enumerate(moves)}

    def action_index(self, move: Any) -> int:
        """The move's place among its seat's ``all_moves``."""
        found = self.by_identity.get(id(move))
        if found is not None:
            return found
        seat = self.game.mover(move)
        found = (self.index[seat].get(move) if type(seat) is int
                 and 0 <= seat < len(self.index) else None)
        if found is None:
            raise EncodingError(f"{self.game.move_text(move)} is none of the seat's moves "
                                "(all_moves)")
        return found

    def indices(self, moves: Sequence[Any]) -> list[int]:
        """The action indices of ``moves`` (``action_index`` of each)."""
        found = self.by_identity.get
        return [index if (index := found(id(move))) is not None else self.action_index(move)
                for move in moves]

    def move_of(self, index: int, view: Any) -> Any:
        """The seat's move with this index, if it is legal in ``view``."""
        seat = view.seat
        if type(index) is not int or not 0 <= index < self.num_actions or seat is None:
            raise EncodingError(f"no action {index!r}: actions are 0 to {self.num_actions - 1}")
        move = self.by_seat[seat][index]
        if move not in view.legal_moves:
            raise EncodingError(f"action {index} ({self.game.move_text(move)}) is not legal now")
        return move


class FeatureEncoding(ActionTable):
    """The encoding of a game that lists its moves and its features (``Game.encoding``'s
    default): the actions of ``ActionTable``, and the observation ``game.features(view)``,
    a fixed number of values from 0 to ``OBSERVATION_HIGH``."""

    def __init__(self, game: Any, num_players: int) -> None:
        super().__init__(game, num_players)
        first = game.start(num_players, game.new_setup(num_players, game.default_options(), 0))
        self.observation_size = len(game.features(game.view(first, 0)))

    def observe(self, view: Any, out: npt.NDArray[np.float32]) -> None:
        """The game's features of the view."""
        values = self.game.features(view)
        if len(values) != self.observation_size:
            raise ArgumentError(f"{self.game.id}: features gave {len(values)} values, not "
                                f"{self.observation_size}")
        out[:] = values

    def describe(self) -> list[tuple[str, str]]:
        """Each action (seat 0's move), then the features."""
        rows = [(str(index), self.game.move_text(move))
                for index, move in enumerate(self.by_seat[0])]
        rows.append((f"0-{self.observation_size - 1}", "the game's features of the view"))
        return rows
