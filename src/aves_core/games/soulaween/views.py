"""What a seat sees of a game of Soulaween: everything, since nothing is hidden.

A view is the whole state, the seat's own legal moves (empty unless it is its
move) and who it is for. ``update_view`` folds events into a view; a client
that folds every event it is sent stays equal to the host's view (a property
the conformance kit checks).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from aves_core.games.soulaween.board import BLACK, cell_index, mask_of
from aves_core.games.soulaween.events import (
    EVENT_TYPES,
    Event,
    GameEnded,
    Kept,
    MatCleaned,
    MoveUndone,
    PiecePut,
    PiecesFlipped,
    PiecesReaped,
    ReapDue,
    Rotated,
    RotationDue,
    TurnStarted,
)
from aves_core.games.soulaween.moves import Move
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.rules import legal_moves
from aves_core.games.soulaween.state import ANUBIS, SoulaweenState
from aves_core.kernel.errors import ArgumentError

__all__ = ["SoulaweenView", "events_for", "update_view", "view_for"]


@attrs.frozen
class SoulaweenView:
    """One seat's picture of a game (``seat`` None: a spectator's): the whole
    ``state``, and ``legal_moves``, which are empty unless the seat is to move."""

    seat: int | None
    state: SoulaweenState
    legal_moves: tuple[Move, ...]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.seat is not None and self.seat == self.state.active


def _check_seat(seat: object) -> None:
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ArgumentError(f"seat is 0, 1 or None (a spectator), not {seat!r}")


def view_for(state: SoulaweenState, seat: int | None) -> SoulaweenView:
    """What ``seat`` sees: the whole state, and its moves when it is to move."""
    if type(state) is not SoulaweenState:
        raise ArgumentError(f"view_for needs a SoulaweenState, not {type(state).__name__}")
    _check_seat(seat)
    moves = legal_moves(state) if seat is not None and seat == state.active else ()
    return SoulaweenView(seat, state, moves)


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: all of them, unchanged."""
    _check_seat(seat)
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"events_for needs an iterable of events, not {type(events).__name__}")
    seen = tuple(events)
    for event in seen:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
    return seen


def _mask(cells: Iterable[str]) -> int:
    return mask_of(cell_index(cell) for cell in cells)


def _fold(state: SoulaweenState, event: Event) -> SoulaweenState:
    evolve = attrs.evolve
    if isinstance(event, PiecePut):
        bit = _mask((event.cell,))
        if event.face == BLACK:
            return evolve(state, black=state.black | bit, put_face=event.face)
        return evolve(state, white=state.white | bit, put_face=event.face)
    if isinstance(event, PiecesFlipped):
        mask = _mask(event.cells)
        black, white = state.black & mask, state.white & mask
        return evolve(state, black=(state.black & ~mask) | white,
                      white=(state.white & ~mask) | black)
    if isinstance(event, PiecesReaped | MatCleaned):
        mask = _mask(event.cells)
        state = evolve(state, black=state.black & ~mask, white=state.white & ~mask)
        if isinstance(event, MatCleaned):
            return state
        seat = event.seat
        tokens = list(state.tokens)
        tokens[seat] = (*tokens[seat], event.token)
        restrictions = list(state.restrictions)
        restrictions[seat] = None
        if state.characters[seat] == ANUBIS:
            restrictions[1 - seat] = event.face
        return evolve(state, tokens=(tokens[0], tokens[1]),
                      restrictions=(restrictions[0], restrictions[1]))
    if isinstance(event, ReapDue):
        return evolve(state, phase=Phase.CHOOSE_REAP, active=event.seat)
    if isinstance(event, RotationDue):
        return evolve(state, phase=Phase.CHOOSE_ROTATION, active=event.seat, put_face=None)
    if isinstance(event, Rotated):
        stances = list(state.stances)
        stances[event.seat] = event.stance
        return evolve(state, stances=(stances[0], stances[1]))
    if isinstance(event, TurnStarted):
        return evolve(state, phase=Phase.PLAYER_TURN, active=event.seat, put_face=None)
    if isinstance(event, GameEnded):
        return evolve(state, phase=Phase.GAME_END, active=None, put_face=None,
                      result=event.result)
    if isinstance(event, MoveUndone):
        return event.state
    if isinstance(event, Kept):
        return state
    raise ArgumentError(f"not an event: {type(event).__name__}")


def update_view(view: SoulaweenView, events: Iterable[Event]) -> SoulaweenView:
    """The view after ``events``."""
    if not isinstance(view, SoulaweenView):
        raise ArgumentError(f"update_view needs a SoulaweenView, not {type(view).__name__}")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"update_view needs an iterable of events, not {type(events).__name__}")
    state = view.state
    for event in events:
        state = _fold(state, event)
    return view_for(state, view.seat)
