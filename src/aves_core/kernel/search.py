"""What a game supplies so that the generic search bot can play it.

``SearchHooks`` is a bundle of plain functions, not methods: the search calls
them millions of times, and a plain function costs one call where a method
would cost two. A game returns one from ``Game.search_hooks``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from aves_core.kernel.game import Result

__all__ = ["SearchHooks"]

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
