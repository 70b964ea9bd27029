"""Chance after setup: chance moves, the plans that draw them one choice at a time,
and ``settle``, which every layer that runs a game uses to play them.

Most games draw every random choice at setup (``Chance.SETUP``). Some must draw
later: Cubirds reshuffles its discard pile into a new deck when the deck runs
out, and nobody can know that deck at setup. Such a game (``Chance.PLAY``)
stops at a *chance node*: ``Game.awaits_chance(state)`` is true, no seat is to
move and there is no result yet. Whoever runs the game (a ``Table``, a
simulation, the web host, an environment) draws the chance move with
``Game.chance_move(state, rng)`` and applies it like any other move, and the
log records it (Cubirds writes ``*:reshuffle FOTD...``), so replaying a log
still draws nothing. No seat ever makes a chance move: ``Game.mover`` of one
is None, and a host refuses it from any seat.

A ``ChancePlan`` draws one random choice (a setup, a chance move) as a sequence
of small chance nodes, each with its outcomes and their probabilities, for
tools that need explicit chance (OpenSpiel's ``chance_outcomes``); a game that
gives no plan of its own is drawn from one of ``SEED_OUTCOMES`` seeds.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from aves_core.kernel.game import Game

__all__ = ["SEED_OUTCOMES", "ChancePlan", "SeedPlan", "settle", "settle_with_events"]

T = TypeVar("T")
SEED_OUTCOMES = 1024
"""The seeds a ``SeedPlan`` draws from, uniformly."""


class ChancePlan(abc.ABC, Generic[T]):
    """One random choice as a sequence of chance nodes: ``drawn`` is the outcomes
    drawn so far; once ``done(drawn)``, ``result(drawn)`` is what was drawn (a setup,
    a chance move). The outcomes of a node are small ints with their probabilities
    (which sum to 1)."""

    max_outcomes: int = SEED_OUTCOMES
    """The most outcomes any node has."""

    @abc.abstractmethod
    def length(self) -> int:
        """The most nodes the choice takes."""

    def done(self, drawn: tuple[int, ...]) -> bool:
        """Whether every node is drawn."""
        return len(drawn) >= self.length()

    @abc.abstractmethod
    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The outcomes of the next node and their probabilities."""

    @abc.abstractmethod
    def result(self, drawn: tuple[int, ...]) -> T:
        """What the drawn outcomes make, once ``done``."""

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """The next node's ``outcome`` as text."""
        return str(outcome)


class SeedPlan(ChancePlan[T]):
    """One node drawing a seed uniformly from ``SEED_OUTCOMES``; the choice is
    ``make(seed)``. The fallback of a game with no plan of its own:
    not the exact distribution, a uniform sample of 1,024 of its draws."""

    def __init__(self, make: Callable[[int], T]) -> None:
        self.make = make

    def length(self) -> int:
        """One node."""
        return 1

    def outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        return [(seed, 1.0 / SEED_OUTCOMES) for seed in range(SEED_OUTCOMES)]

    def result(self, drawn: tuple[int, ...]) -> T:
        """``make`` of the drawn seed."""
        return self.make(drawn[0])

    def text(self, drawn: tuple[int, ...], outcome: int) -> str:
        """``seed 17``."""
        return f"seed {outcome}"


def settle(game: Game[Any, Any, Any, Any, Any, Any], state: Any, rng: random.Random
           ) -> tuple[Any, tuple[Any, ...]]:
    """Draw and apply chance moves while ``state`` awaits one: the state a seat (or
    nobody, at the end) moves in next, and the chance moves applied, in order."""
    if not game.awaits_chance(state):
        return state, ()
    moves = []
    while game.awaits_chance(state):
        move = game.chance_move(state, rng)
        state = game.apply(state, move)
        moves.append(move)
    return state, tuple(moves)


def settle_with_events(game: Game[Any, Any, Any, Any, Any, Any], state: Any,
                       rng: random.Random) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """``settle`` that also says what happened: the state, the chance moves and
    their events (unredacted, as ``apply_with_events`` gives them)."""
    moves: list[Any] = []
    events: list[Any] = []
    while game.awaits_chance(state):
        move = game.chance_move(state, rng)
        state, happened = game.apply_with_events(state, move)
        moves.append(move)
        events.extend(happened)
    return state, tuple(moves), tuple(events)
