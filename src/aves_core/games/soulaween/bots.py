"""Soulaween's bots (docs/soulaween.md, "Bots"): GreedyBot, which scores each legal move
by where it leads (``score_move``), and the search bot's hooks (``search_hooks``):
nothing is hidden, so the search is plain MCTS on the true state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from aves_core.games.soulaween.board import BLACK, CELL_INDEX, DIAGONAL, NAME_ORDER, ORTHOGONAL
from aves_core.games.soulaween.events import Event
from aves_core.games.soulaween.moves import Keep, Move, Put, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.rules import _reapable, legal_moves, put_and_flip, transition
from aves_core.games.soulaween.state import BAI, SoulaweenState
from aves_core.games.soulaween.views import SoulaweenView
from aves_core.kernel.game import Result
from aves_core.kernel.search import SearchHooks

__all__ = ["GreedyBot", "playout_move", "score_move", "search_hooks"]

WIN = 1000.0  # a move that wins (that loses: -WIN)
TOKEN = 10.0  # each token the move gains
GIFT = -8.0  # a mat that lets the opponent reap with one put (patterns are anybody's)
REACH = 1.0  # a rotation or keep: each of the player's own puts that would reap next turn


def _reaping_puts(state: SoulaweenState, player: int, at_most: int = 32) -> int:
    """How many of ``player``'s puts (cell and face) would reap on this mat, counting
    no further than ``at_most``."""
    empty = state.empty
    character, tokens = state.characters[player], state.tokens[player]
    restriction = state.restrictions[player]
    neighbours = DIAGONAL if state.stances[player] == BAI else ORTHOGONAL
    count = 0
    for cell in NAME_ORDER:
        if empty >> cell & 1:
            for black_up in (True, False):
                black, white = put_and_flip(state.black, state.white, cell, black_up,
                                            neighbours[cell])
                if _reapable(black, white, character, tokens, restriction):
                    count += 1
                    if count >= at_most:
                        return count
    return count


def score_move(state: SoulaweenState, move: Move) -> float:
    """GreedyBot's score of one legal move of ``state``."""
    player = move.player
    after = transition(state, move)
    if after.result is not None:
        return WIN if player in after.result.winners else -WIN
    score = TOKEN * (len(after.tokens[player]) - len(state.tokens[player]))
    opponent = 1 - player
    if after.phase is Phase.PLAYER_TURN and after.active == opponent \
            and _reaping_puts(after, opponent, at_most=1):
        score += GIFT
    if isinstance(move, Rotate | Keep):
        score += REACH * _reaping_puts(after, player)
    return score


class GreedyBot:
    """Scores every legal move and plays the best (ties at random)."""

    name = "greedy"
    uses_events = False

    def choose(self, view: SoulaweenView, events: Sequence[Event], rng: random.Random
               ) -> Move:
        """The best-scoring legal move of ``view``."""
        scores = [score_move(view.state, move) for move in view.legal_moves]
        top = max(scores)
        return rng.choice([move for move, score in zip(view.legal_moves, scores, strict=True)
                           if score > top - 1e-9])


def playout_move(state: SoulaweenState, rng: random.Random) -> Move:
    """A fast policy for playouts: a put that reaps when there is one (three times in
    four), else any move."""
    moves = legal_moves(state)
    if state.phase is Phase.PLAYER_TURN and rng.random() < 0.75:
        player = moves[0].player
        character, tokens = state.characters[player], state.tokens[player]
        restriction = state.restrictions[player]
        neighbours = DIAGONAL if state.stances[player] == BAI else ORTHOGONAL
        start = rng.randrange(len(moves))
        for offset in range(len(moves)):
            move = moves[(start + offset) % len(moves)]
            assert isinstance(move, Put)
            cell = CELL_INDEX[move.cell]
            black, white = put_and_flip(state.black, state.white, cell, move.face == BLACK,
                                        neighbours[cell])
            if _reapable(black, white, character, tokens, restriction):
                return move
    return moves[rng.randrange(len(moves))]


def _cutoff(state: SoulaweenState) -> Result:
    """A playout cut short: more tokens win, equal ones share."""
    counts = [len(tokens) for tokens in state.tokens]
    return Result(tuple(seat for seat in (0, 1) if counts[seat] == max(counts)),
                  "three_tokens")


def search_hooks(game: Any) -> SearchHooks[SoulaweenState, Move, SoulaweenState]:
    """The hooks of the generic search bot for ``game`` (Soulaween): the seat knows the
    true state; GreedyBot's scores order and bias the root's moves."""
    return SearchHooks(
        knowledge=lambda view, _events: view.state,
        sample=lambda state, _rng: state,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=transition,
        mover=attrgetter("active"),
        result=attrgetter("result"),
        num_players=lambda _state: 2,
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=lambda state, _knowledge: {move: score_move(state, move)
                                               for move in legal_moves(state)},
    )
