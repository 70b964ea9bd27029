"""What a seat sees of a game of Soulaween: everything, since nothing is hidden."""

from __future__ import annotations

import attrs

from aves_core.games.soulaween.moves import Move
from aves_core.games.soulaween.rules import legal_moves
from aves_core.games.soulaween.state import SoulaweenState
from aves_core.kernel.errors import ArgumentError

__all__ = ["SoulaweenView", "view_for"]


@attrs.frozen
class SoulaweenView:
    """One seat's picture of a game (``seat`` None: a spectator's): the whole
    ``state``, and ``legal_moves``, which are empty unless the seat is to move."""

    seat: int | None
    state: SoulaweenState
    legal_moves: tuple[Move, ...]


def view_for(state: SoulaweenState, seat: int | None) -> SoulaweenView:
    """What ``seat`` sees: the whole state, and its moves when it is to move."""
    if type(state) is not SoulaweenState:
        raise ArgumentError(f"view_for needs a SoulaweenState, not {type(state).__name__}")
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ArgumentError(f"seat is 0, 1 or None (a spectator), not {seat!r}")
    moves = legal_moves(state) if seat is not None and seat == state.active else ()
    return SoulaweenView(seat, state, moves)
