"""What a game supplies so that the generic search bot can play it.

``SearchHooks`` is a bundle of plain functions, not methods: the search calls
them millions of times, and a plain function costs one call where a method
would cost two. A game returns one from ``Game.search_hooks``; a game that gives
``determinize`` (a state drawn consistently with a seat's view) gets ``view_hooks``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from aves_core.kernel.game import Result

__all__ = ["SearchHooks", "view_hooks"]

S = TypeVar("S")  # a full state
M = TypeVar("M")  # a move
K = TypeVar("K")  # what a seat knows


@attrs.frozen
class SearchHooks(Generic[S, M, K]):
    """The functions information-set Monte Carlo tree search needs.

    ``knowledge(view, events)`` is what the seat knows, computed once a
    decision; ``sample(knowledge, rng)`` a full state drawn consistently with
    it (for a perfect-information game, the one true state, so the search is
    plain MCTS). ``playout_move`` is the fast policy of playouts, ``cutoff``
    judges a playout stopped after ``playout_moves`` moves, and
    ``root_scores``, when given, orders the root's moves and biases their
    first visits (progressive bias). ``chance(state, rng)``, for a game with
    chance during play, is the state after the chance moves ``state`` awaits,
    drawn from ``rng`` (``state`` itself when it awaits none): the search calls
    it after every step of its walks and playouts, so it never meets a chance
    node. ``sample`` never returns one: a seat decides only where it is to move.
    """

    knowledge: Callable[[Any, Sequence[Any]], K]
    sample: Callable[[K, random.Random], S]
    legal_moves: Callable[[S], tuple[M, ...]]
    is_legal: Callable[[S, M], bool]
    step: Callable[[S, M], S]
    mover: Callable[[S], int | None]
    result: Callable[[S], Result | None]
    num_players: Callable[[S], int]
    playout_move: Callable[[S, random.Random], M]
    cutoff: Callable[[S], Result]
    root_scores: Callable[[S, K], Mapping[M, float]] | None = None
    chance: Callable[[S, random.Random], S] | None = None


def view_hooks(game: Any) -> SearchHooks[Any, Any, Any]:
    """Search hooks from a game's protocol and its ``determinize`` (``Game.search_hooks``'
    default): a seat knows its view; a sample is ``determinize(view, rng)``; playouts
    play uniformly random moves and settle chance; a playout cut off is a draw. The
    state says how many seat it has (``num_players``)."""
    from aves_core.kernel.chance import settle
    from aves_core.kernel.facts import Chance

    def mover(state: Any) -> int | None:
        seats = game.to_move(state)
        return seats[0] if seats else None

    def num_players(state: Any) -> int:
        count: int = state.num_players
        return count

    def playout_move(state: Any, rng: random.Random) -> Any:
        moves = game.legal_moves(state)
        return moves[rng.randrange(len(moves))]

    def cutoff(state: Any) -> Result:
        return Result(tuple(range(num_players(state))), "cutoff")

    def chance(state: Any, rng: random.Random) -> Any:
        return settle(game, state, rng)[0]

    return SearchHooks(
        knowledge=lambda view, _events: view,
        sample=game.determinize,
        legal_moves=game.legal_moves,
        is_legal=game.is_legal,
        step=game.step,
        mover=mover,
        result=game.result,
        num_players=num_players,
        playout_move=playout_move,
        cutoff=cutoff,
        chance=chance if game.facts.chance is Chance.PLAY else None,
    )
