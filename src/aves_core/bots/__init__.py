"""Bots: players that see only what their seat may see.

A bot is given its seat's ``PlayerView``, the events its seat has seen (as
``events_for`` redacted them) and a ``random.Random``; it returns one of the
view's legal moves. It never receives a ``GameState``, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from aves_core.games.aves.events import Event
from aves_core.games.aves.moves import Move
from aves_core.games.aves.views import PlayerView

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal move from what one seat knows.

    A bot may set ``uses_events = False`` to tell simulators that it never
    reads ``events``, so they can skip making them.
    """

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        """One of ``view.legal_moves``."""
        ...


class RandomBot:
    """Plays a legal move drawn uniformly at random."""

    name = "random"
    uses_events = False  # a hint to simulators: it never reads its events

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(view.legal_moves)
