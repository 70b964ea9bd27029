"""A game's fixed encoding for learning agents: action indices and observation planes.

The AI adapters (``aves_core.envs``: PettingZoo, Gymnasium, OpenSpiel) are written
once against this protocol, so a game that supplies an encoding (``Game.encoding``)
gets all of them. ``observe`` reads a *view*, never a state, so an observation
cannot hold more than the seat may know.

Nothing here imports NumPy: an encoding fills the array an adapter hands it, and
the engine's own path (``apply``, ``step``) never touches an encoding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from aves_core.kernel.errors import ArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["OBSERVATION_HIGH", "Encoding", "EncodingError"]

OBSERVATION_HIGH = 8.0
"""No observation value is above this, nor below 0 (a count of cards or tokens, or a
fraction): the adapters' observation spaces are boxes from 0 to it."""

V = TypeVar("V", contravariant=True)
M = TypeVar("M")


class EncodingError(ArgumentError):
    """An action index that names no move legal in the view."""

    code = "bad_action"


class Encoding(Protocol[V, M]):
    """The encoding of one game for a number of players."""

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
