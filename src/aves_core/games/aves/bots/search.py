"""AVES's hooks for the generic search bot (``aves_core.bots.search.SearchBot``).

A drawn state deals the cards the seat has not seen uniformly into the unknown
hand slots and the deck (``determinize``); the root's moves are ordered and
biased by GreedyBot's scores; playouts use the fast ``playout_move`` policy;
a playout that runs past its budget is judged by the deck-empty ranking.
"""

from __future__ import annotations

from operator import attrgetter

from aves_core.games.aves.bots.greedy import playout_move, score_move
from aves_core.games.aves.bots.knowledge import Knowledge, determinize
from aves_core.games.aves.moves import Move
from aves_core.games.aves.rules import is_legal, legal_moves, ranking, unchecked_step
from aves_core.games.aves.state import GameState
from aves_core.kernel.search import SearchHooks

__all__ = ["AvesSearchHooks"]


def _root_scores(state: GameState, knowledge: Knowledge) -> dict[Move, float]:
    player = state.active_player
    assert player is not None
    hand, circle = state.hands[player], state.circle
    return {move: score_move(hand, circle, move, knowledge.unseen)
            for move in legal_moves(state)}


def AvesSearchHooks() -> SearchHooks[GameState, Move, Knowledge]:  # noqa: N802 - reads as a type
    """The hooks (plain functions: the search calls them millions of times)."""
    return SearchHooks(
        knowledge=Knowledge.from_events,
        sample=determinize,
        legal_moves=legal_moves,
        is_legal=is_legal,
        step=unchecked_step,
        mover=attrgetter("active_player"),
        result=attrgetter("result"),
        num_players=lambda state: len(state.hands),
        playout_move=playout_move,
        cutoff=lambda state: ranking(state.hands),
        root_scores=_root_scores,
    )
