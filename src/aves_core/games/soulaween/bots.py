"""Soulaween's bots: GreedyBot, the fast playout policy, and the search bot's hooks.

GreedyBot scores each legal move by where it leads, from its view alone (which
is everything: Soulaween hides nothing):

- **A win first**: a move that wins scores 1,000.
- **Tokens**: each token the move gains scores 10.
- **No gift**: patterns are anybody's to reap, so a move that leaves the
  opponent a put that reaps (on the mat as it will be) loses 8.
- **Reach**: a rotation (Hei & Bai) is judged by how many of the player's own
  puts would reap next turn with the new stance; otherwise equal scores are
  broken at random (with the seeded ``rng``).

The search bot (``aves_core.bots.search.SearchBot``) plays Soulaween through
``search_hooks()``: the drawn state is the true one (perfect information, so
the search is plain MCTS), GreedyBot's scores order and bias the root's moves,
and playouts take a put that reaps when there is one, else a random move. A
playout cut short is judged by tokens: more tokens wins, equal ones share.
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

WIN = 1000.0
TOKEN = 10.0
GIFT = -8.0
REACH = 1.0


def _reaping_puts(state: SoulaweenState, player: int, stance: str | None,
                  at_most: int = 32) -> int:
    """How many of ``player``'s puts (cell and face) would reap on this mat, counting
    no further than ``at_most``."""
    empty = state.empty
    character, tokens = state.characters[player], state.tokens[player]
    restriction = state.restrictions[player]
    neighbours = DIAGONAL if stance == BAI else ORTHOGONAL
    count = 0
    for cell in NAME_ORDER:
        if not empty >> cell & 1:
            continue
        for black_up in (True, False):
            black, white = put_and_flip(state.black, state.white, cell, black_up,
                                        neighbours[cell])
            if _reapable(black, white, character, tokens, restriction):
                count += 1
                if count >= at_most:
                    return count
    return count


def score_move(state: SoulaweenState, move: Move) -> float:
    """GreedyBot's score of one legal move of ``state`` (see the module's docstring)."""
    player = move.player
    after = transition(state, move)
    if after.result is not None:
        return WIN if player in after.result.winners else -WIN
    score = TOKEN * (len(after.tokens[player]) - len(state.tokens[player]))
    opponent = 1 - player
    if after.phase is Phase.PLAYER_TURN and after.active == opponent \
            and _reaping_puts(after, opponent, after.stances[opponent], at_most=1):
        score += GIFT
    if isinstance(move, Rotate | Keep):
        score += REACH * _reaping_puts(after, player, after.stances[player])
    return score


class GreedyBot:
    """Scores every legal move and plays the best (ties at random)."""

    name = "greedy"
    uses_events = False

    def choose(self, view: SoulaweenView, events: Sequence[Event], rng: random.Random
               ) -> Move:
        """The best-scoring legal move of ``view``."""
        best: list[Move] = []
        best_score = -1e18
        for move in view.legal_moves:
            score = score_move(view.state, move)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return rng.choice(best)


def playout_move(state: SoulaweenState, rng: random.Random) -> Move:
    """A fast policy for playouts: a put that reaps when there is one, else any move."""
    moves = legal_moves(state)
    if state.phase is Phase.PLAYER_TURN and rng.random() < 0.75:
        player = state.active
        assert player is not None
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


def _knowledge(view: SoulaweenView, events: Sequence[Any]) -> SoulaweenState:
    return view.state


def _sample(state: SoulaweenState, rng: random.Random) -> SoulaweenState:
    return state


def _cutoff(state: SoulaweenState) -> Result:
    counts = [len(tokens) for tokens in state.tokens]
    best = max(counts)
    return Result(tuple(seat for seat in (0, 1) if counts[seat] == best), "three_tokens")


def _num_players(state: SoulaweenState) -> int:
    return 2


def _root_scores(state: SoulaweenState, knowledge: SoulaweenState) -> dict[Move, float]:
    return {move: score_move(state, move) for move in legal_moves(state)}


def search_hooks(game: Any) -> SearchHooks[SoulaweenState, Move, SoulaweenState]:
    """The hooks of the generic search bot for ``game`` (Soulaween)."""
    return SearchHooks(
        knowledge=_knowledge,
        sample=_sample,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=transition,
        mover=attrgetter("active"),
        result=attrgetter("result"),
        num_players=_num_players,
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
    )
