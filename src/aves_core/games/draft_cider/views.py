"""What a seat sees of a game of Draft Cider: the whole table, never the deck below the
pool (DC20), and for the seat to pick its moves with what each would score.
"""

from __future__ import annotations

import attrs

from aves_core.games.draft_cider.cards import LOT_INDEX
from aves_core.games.draft_cider.lots import Orchard, lot_score, lot_scores, orchard_score, plant
from aves_core.games.draft_cider.moves import Move
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import moves_for
from aves_core.games.draft_cider.state import DraftCiderState, rounds_of
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["DraftCiderView", "view_for"]


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


def view_for(state: DraftCiderState, seat: int | None) -> DraftCiderView:
    """What ``seat`` may know of ``state`` (None: a spectator): the whole table, not
    the deck below the pool."""
    if type(state) is not DraftCiderState:
        raise ArgumentError(f"view_for needs a DraftCiderState, not {type(state).__name__}")
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.num_players):
        raise ArgumentError(f"seat {seat!r:.20} is not a seat of this {state.num_players}-"
                            "player game, nor None (a spectator)")
    bad_points, active, orchards = state.options.bad_points, state.active, state.orchards
    lots = tuple(lot_scores(orchard, bad_points) for orchard in orchards)
    moves: tuple[Move, ...] = ()
    planted: list[Orchard] = []  # each move's orchard after it
    if seat is not None and seat == active:
        moves = moves_for(seat, state.pool, orchards[seat])
        planted = [plant(orchards[seat], LOT_INDEX[move.lot], move.card) for move in moves]
    return DraftCiderView(
        seat=seat, bad_points=bad_points, phase=state.phase, active=active,
        to_move=() if active is None else (active,), round=state.round,
        rounds=rounds_of(len(orchards)), pool=state.pool, undealt=len(state.undealt),
        orchards=orchards, lot_scores=lots, scores=tuple(sum(each) for each in lots),
        result=state.result, legal_moves=moves,
        lot_after=tuple(lot_score(after, move.lot, bad_points)
                        for after, move in zip(planted, moves, strict=True)),
        score_after=tuple(orchard_score(after, bad_points) for after in planted))
