"""What a seat sees of a game of Draft Cider (DC20): everything on the table.

``view_for(state, seat)`` projects a state onto a ``DraftCiderView``: the pool, every
orchard with its lots in order, each lot's running score (its formula on the orchard
as it stands, an intact tree counted as 20), the scores, the round and whose turn it
is, the number of cards still undealt (never which: the deck below the pool is hidden
from all), the result, and for the seat to pick its legal moves with what each would
make of the lot and of the seat's score. Every seat and a spectator see the same
table; only ``seat`` and the legal moves differ.

``update_view(view, events)`` folds events into a view: a client that starts from its
first view and folds in what the host sends stays equal to ``view_for`` on the real
state.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from aves_core.games.draft_cider.cards import LOT_INDEX
from aves_core.games.draft_cider.events import (
    EVENT_TYPES,
    Event,
    GameEnded,
    Picked,
    PickUndone,
    PoolLaid,
    TurnStarted,
)
from aves_core.games.draft_cider.lots import Orchard, lot_score, lot_scores, orchard_score
from aves_core.games.draft_cider.moves import Move
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import moves_for
from aves_core.games.draft_cider.state import DraftCiderState, rounds_of
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["DraftCiderView", "update_view", "view_for"]


@attrs.frozen
class DraftCiderView:
    """One seat's picture of a game (``seat`` None: a spectator's).

    ``orchards`` holds every seat's eight lots (``LOTS`` order, cards in placement
    order), ``lot_scores`` their running scores and ``scores`` each seat's total.
    ``undealt`` counts the cards below the pool. ``legal_moves`` is empty unless this
    seat is to pick; ``lot_after`` and ``score_after`` are, for each legal move in
    order, the score of its lot and the seat's total after it (a tree broken by the
    card shows in the total).
    """

    seat: int | None
    bad_points: int
    phase: Phase
    active: int | None
    to_move: tuple[int, ...]
    round: int
    rounds: int
    pool: tuple[str, ...]
    undealt: int
    orchards: tuple[Orchard, ...]
    lot_scores: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    result: Result | None
    legal_moves: tuple[Move, ...]
    lot_after: tuple[int, ...] = ()
    score_after: tuple[int, ...] = ()


def _check_seat(num_players: int, seat: object) -> None:
    if seat is None:
        return
    if type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r:.20}")
    if not 0 <= seat < num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {num_players}-player game")


def _after(moves: tuple[Move, ...], orchard: Orchard, bad_points: int
           ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each move's lot score and the seat's total after it."""
    lots: list[int] = []
    totals: list[int] = []
    for move in moves:
        index = LOT_INDEX[move.lot]
        planted = orchard[:index] + (orchard[index] + (move.card,),) + orchard[index + 1:]
        lots.append(lot_score(planted, move.lot, bad_points))
        totals.append(orchard_score(planted, bad_points))
    return tuple(lots), tuple(totals)


def _view(seat: int | None, bad_points: int, phase: Phase, active: int | None,
          round_: int, pool: tuple[str, ...], undealt: int, orchards: tuple[Orchard, ...],
          result: Result | None) -> DraftCiderView:
    lots = tuple(lot_scores(orchard, bad_points) for orchard in orchards)
    moves: tuple[Move, ...] = ()
    lot_after: tuple[int, ...] = ()
    score_after: tuple[int, ...] = ()
    if seat is not None and seat == active and result is None:
        moves = moves_for(seat, pool, orchards[seat])
        lot_after, score_after = _after(moves, orchards[seat], bad_points)
    return DraftCiderView(
        seat=seat, bad_points=bad_points, phase=phase, active=active,
        to_move=() if active is None else (active,), round=round_,
        rounds=rounds_of(len(orchards)), pool=pool, undealt=undealt, orchards=orchards,
        lot_scores=lots, scores=tuple(sum(each) for each in lots), result=result,
        legal_moves=moves, lot_after=lot_after, score_after=score_after)


def view_for(state: DraftCiderState, seat: int | None) -> DraftCiderView:
    """What ``seat`` may know of ``state`` (None: a spectator): the whole table, not
    the deck below the pool."""
    if type(state) is not DraftCiderState:
        raise ArgumentError(f"view_for needs a DraftCiderState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    return _view(seat, state.options.bad_points, state.phase, state.active, state.round,
                 state.pool, len(state.undealt), state.orchards, state.result)


def update_view(view: DraftCiderView, events: Iterable[Event]) -> DraftCiderView:
    """The view after ``events``."""
    if not isinstance(view, DraftCiderView):
        raise ArgumentError(f"update_view needs a DraftCiderView, not {type(view).__name__}")
    phase, active, round_, result = view.phase, view.active, view.round, view.result
    pool, undealt = list(view.pool), view.undealt
    orchards = [list(orchard) for orchard in view.orchards]
    for event in events:
        kind = type(event)
        if kind is Picked:
            assert isinstance(event, Picked)
            pool.remove(event.card)
            index = LOT_INDEX[event.lot]
            orchards[event.seat][index] = orchards[event.seat][index] + (event.card,)
        elif kind is PoolLaid:
            assert isinstance(event, PoolLaid)
            pool, round_ = list(event.cards), event.round
            undealt -= len(event.cards)
        elif kind is TurnStarted:
            assert isinstance(event, TurnStarted)
            phase, active = Phase.PICK, event.seat
        elif kind is GameEnded:
            assert isinstance(event, GameEnded)
            phase, active, result = Phase.GAME_END, None, event.result
        elif kind is PickUndone:
            assert isinstance(event, PickUndone)
            index = LOT_INDEX[event.lot]
            orchards[event.seat][index] = orchards[event.seat][index][:-1]
            pool.insert(event.index, event.card)
            phase, active = Phase.PICK, event.seat
        elif not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
    return _view(view.seat, view.bad_points, phase, active, round_, tuple(pool), undealt,
                 tuple(tuple(orchard) for orchard in orchards), result)


