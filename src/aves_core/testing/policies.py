"""How the conformance kit's random games choose moves: policies that reach rare states.

Uniform random play rarely reaches the states a rule is written for: a seat that
has run out of chips, the last card of a deck, a phase one kind of move leads to.
The kit rotates through these policies, one a game:

- ``uniform``: every legal move alike;
- ``kinds``: a kind of move first (its tag, all kinds alike), then a move of it, so
  a kind with one move is played as often as a kind with forty;
- ``stubborn``: a preference over the kinds, drawn once a game, always playing the
  most preferred kind there is: passing whenever passing is allowed runs a seat out
  of whatever passing costs;
- ``long``: moves that do not end the game, while there are any (kinds first among
  them), for the states of a long game.

A policy is a function ``(game, state, legal, rng) -> move``; ``POLICIES`` names them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["POLICIES", "Policy", "policy"]

Policy = Callable[[Any, Any, Sequence[Any], random.Random], Any]
"""``(game, state, legal moves, rng) -> one of the legal moves``."""


def _tag(game: Any, move: Any) -> str:
    tag: str = game.door.tag(type(move))
    return tag


def uniform(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Every legal move alike."""
    return legal[rng.randrange(len(legal))]


def kinds(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """A kind of move first, all kinds alike, then one of its moves."""
    by_kind: dict[str, list[Any]] = {}
    for move in legal:
        by_kind.setdefault(_tag(game, move), []).append(move)
    moves = by_kind[sorted(by_kind)[rng.randrange(len(by_kind))]]
    return moves[rng.randrange(len(moves))]


class Stubborn:
    """Always the most preferred kind there is, the order drawn once (per game)."""

    def __init__(self) -> None:
        self.order: dict[str, float] = {}

    def __call__(self, game: Any, state: Any, legal: Sequence[Any],
                 rng: random.Random) -> Any:
        best: list[Any] = []
        rank = None
        for move in legal:
            tag = _tag(game, move)
            if tag not in self.order:
                self.order[tag] = rng.random()
            here = self.order[tag]
            if rank is None or here < rank:
                best, rank = [move], here
            elif here == rank:
                best.append(move)
        return best[rng.randrange(len(best))]


def long(game: Any, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """A move that does not end the game while there is one (a few are tried: their
    kinds first, as ``kinds``), else any."""
    candidates = list(legal)
    for _ in range(min(6, len(candidates))):
        move = kinds(game, state, candidates, rng)
        if game.result(game.step(state, move)) is None:
            return move
        candidates.remove(move)
        if not candidates:
            break
    return uniform(game, state, legal, rng)


POLICIES: dict[str, Callable[[], Policy]] = {
    "uniform": lambda: uniform,
    "kinds": lambda: kinds,
    "stubborn": Stubborn,
    "long": lambda: long,
}
"""Each policy's maker by name (a new one for each game: ``stubborn`` draws its order)."""


def policy(name: str) -> Policy:
    """A fresh policy of this name (``KeyError`` for an unknown one)."""
    return POLICIES[name]()
