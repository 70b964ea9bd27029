"""AVES's hooks for the generic search bot (docs/bots.md): ``determinize``'s drawn
states, GreedyBot's scores at the root, the fast ``playout_move``, and the deck-empty
ranking for a playout cut short."""

from __future__ import annotations

from operator import attrgetter

from aves_core.games.aves.bots.greedy import playout_move, score_move
from aves_core.games.aves.bots.knowledge import Knowledge, determinize
from aves_core.games.aves.moves import Move
from aves_core.games.aves.rules import is_legal, legal_moves, ranking, unchecked_step
from aves_core.games.aves.state import GameState
from aves_core.kernel.search import SearchHooks

__all__ = ["search_hooks"]


def _root_scores(state: GameState, knowledge: Knowledge) -> dict[Move, float]:
    player = state.active_player
    assert player is not None
    hand, circle = state.hands[player], state.circle
    return {move: score_move(hand, circle, move, knowledge.unseen)
            for move in legal_moves(state)}


def search_hooks(_game: object) -> SearchHooks[GameState, Move, Knowledge]:
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
