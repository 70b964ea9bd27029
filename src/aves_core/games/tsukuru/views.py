"""What a seat sees of a game of Tsukuru 10 Ten (TK19), and nothing more: every public
zone, and its own concealed tiles with the tile it just drew (a spectator, ``seat``
None, sees no concealed tile). Other seats' concealed tiles never enter a view, even
after the round [D11].
"""

from __future__ import annotations

import attrs

from aves_core.games.tsukuru.evaluator import Score, TileSet, totals
from aves_core.games.tsukuru.listing import finish_score, moves_for
from aves_core.games.tsukuru.moves import Finish, FinishFrom, Move
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import Shown, TsukuruState
from aves_core.games.tsukuru.tiles import Counts
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = ["TsukuruView", "view_for"]


@attrs.frozen
class TsukuruView:
    """One seat's picture of a game (``seat`` None: a spectator's): ``concealed`` and
    ``drawn`` are its own (None for a spectator), the rest public. ``finish_scores``
    is what each finish among ``legal_moves`` (empty unless the seat is to move) would
    score, in their order; ``totals`` the totals its hand's arrangements reach."""

    seat: int | None
    scoring: str
    end: str
    phase: Phase
    active: int | None
    to_move: tuple[int, ...]
    dealer: int
    round: int
    turns: tuple[int, ...]
    scores: tuple[int, ...]
    deck_size: int
    hand_sizes: tuple[int, ...]
    concealed: Counts | None
    drawn: str | None
    open_sets: tuple[tuple[TileSet, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    shown: Shown | None
    result: Result | None
    ranks: tuple[int, ...] | None
    legal_moves: tuple[Move, ...]
    finish_scores: tuple[Score, ...] = ()
    totals: tuple[int, ...] = ()


def view_for(state: TsukuruState, seat: int | None) -> TsukuruView:
    """What ``seat`` may know of ``state`` (None: a spectator, who sees no tile of any
    hand but the open sets)."""
    if type(state) is not TsukuruState:
        raise ArgumentError(f"view_for needs a TsukuruState, not {type(state).__name__}")
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.num_players):
        raise ArgumentError(f"seat {seat!r} is not a seat of this {state.num_players}-player "
                            "game, nor None (a spectator)")
    active = state.active
    moves: tuple[Move, ...] = ()
    if seat is not None and seat == active:
        moves = moves_for(state.phase, seat, state.concealed[seat], state.open_sets[seat],
                          state.discards, state.options.advanced, state.dealer == seat,
                          state.turns[seat] == 0)
    return TsukuruView(
        seat=seat, scoring=state.options.scoring, end=state.options.end, phase=state.phase,
        active=active, to_move=() if active is None else (active,), dealer=state.dealer,
        round=state.round, turns=state.turns, scores=state.scores, deck_size=len(state.deck),
        hand_sizes=tuple([sum(tiles) + 3 * len(sets)  # each seat's hand_size
                          for tiles, sets in zip(state.concealed, state.open_sets,
                                                 strict=True)]),
        concealed=None if seat is None else state.concealed[seat],
        drawn=state.drawn if seat is not None and seat == active else None,
        open_sets=state.open_sets, discards=state.discards, shown=state.shown,
        result=state.result, ranks=state.ranks, legal_moves=moves,
        finish_scores=() if seat is None else tuple([
            finish_score(state, move, state.concealed[seat], state.options.advanced)
            for move in moves if type(move) is Finish or type(move) is FinishFrom]),
        totals=() if seat is None else totals(state.concealed[seat], state.open_sets[seat]))
