"""What a seat sees of a game of Draft Cider: the whole table, never the deck below the
pool (DC20), and for the seat to pick its moves with what each would score.
"""

from __future__ import annotations

import attrs

from aves_core.games.draft_cider.lots import Orchard, lot_scores, scores_after
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

    ``lot_after`` and ``score_after`` follow from the other fields, and are worked out
    when first read: the learning environments build a view on every step and never
    read them. The view's JSON (``DraftCiderGame.view_to_json``) holds them.
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
    # lot_after and score_after once worked out: not a field of the view's value
    # (init=False fields are left out of its JSON, and eq=False out of its equality).
    # Not functools.cached_property: on a slotted class it slows every other attribute.
    _after: tuple[tuple[int, ...], tuple[int, ...]] | None = attrs.field(
        init=False, default=None, eq=False, repr=False)

    def _previews(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        after = self._after
        if after is None:
            after = ((), ()) if self.seat is None or not self.legal_moves else scores_after(
                self.orchards[self.seat], self.legal_moves, self.bad_points)
            object.__setattr__(self, "_after", after)
        return after

    @property
    def lot_after(self) -> tuple[int, ...]:
        """For each legal move, the score of the lot it fills, after it."""
        return self._previews()[0]

    @property
    def score_after(self) -> tuple[int, ...]:
        """For each legal move, the seat's total after it."""
        return self._previews()[1]


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
    if seat is not None and seat == active:
        moves = moves_for(seat, state.pool, orchards[seat])
    return DraftCiderView(
        seat=seat, bad_points=bad_points, phase=state.phase, active=active,
        to_move=() if active is None else (active,), round=state.round,
        rounds=rounds_of(len(orchards)), pool=state.pool, undealt=state.undealt_count,
        orchards=orchards, lot_scores=lots, scores=tuple(map(sum, lots)),
        result=state.result, legal_moves=moves)
