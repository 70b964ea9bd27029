"""What a seat sees of a game of Cubirds (CB18; docs/cubirds.md, "What each seat
sees"), and nothing more: a hidden card is never put into a view, so no attribute,
``repr`` or JSON of one can reveal it.
"""

from __future__ import annotations

import attrs

from aves_core.games.cubirds.cards import Counts
from aves_core.games.cubirds.moves import Move
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import moves_for
from aves_core.games.cubirds.state import CubirdsState, Pending
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["CubirdsView", "view_for"]


@attrs.frozen
class CubirdsView:
    """One seat's picture of a game (``seat`` None: a spectator's, with no ``hand``).

    Hands, collections and the discard pile are counts (``cards``); ``to_move`` is
    ``(active,)``, or nobody once the game is over and while it awaits a reshuffle
    (``pending`` says what for); ``legal_moves`` is empty unless this seat is to move.
    """

    seat: int | None
    phase: Phase
    active: int | None
    to_move: tuple[int, ...]
    dealer: int
    rows: tuple[str, ...]
    hand: Counts | None
    hand_sizes: tuple[int, ...]
    collections: tuple[Counts, ...]
    deck_size: int
    discard: Counts
    draw_offered: bool
    pending: Pending | None
    result: Result | None
    ranks: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to move now."""
        return bool(self.legal_moves)


def view_for(state: CubirdsState, seat: int | None) -> CubirdsView:
    """What ``seat`` may know of ``state`` (None: a spectator, who sees no hand)."""
    if type(state) is not CubirdsState:
        raise ArgumentError(f"view_for needs a CubirdsState, not {type(state).__name__}")
    if seat is not None and type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if seat is not None and not 0 <= seat < state.num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {state.num_players}-player game")
    hand = None if seat is None else state.hands[seat]
    legal = (() if seat is None or seat != state.active
             else moves_for(state.phase, seat, state.hands[seat]))
    return CubirdsView(
        seat=seat, phase=state.phase, active=state.active, to_move=state.to_move,
        dealer=state.dealer, rows=state.rows, hand=hand,
        hand_sizes=tuple(map(sum, state.hands)), collections=state.collections,
        deck_size=len(state.deck), discard=state.discard,
        draw_offered=state.phase is Phase.DRAW_OPTION, pending=state.pending,
        result=state.result, ranks=state.ranks, legal_moves=legal)
