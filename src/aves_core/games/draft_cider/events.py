"""Draft Cider's events. The table is public (DC20): every seat sees every event, a new
pool only once it is laid out; each move's events end with ``TurnStarted`` or
``GameEnded``.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from aves_core.kernel.game import Result

__all__ = ["Event", "GameEnded", "PickUndone", "Picked", "PoolLaid", "TurnStarted"]


@attrs.frozen
class Picked:
    """``seat`` took ``card`` from the pool and planted it at the end of ``lot``
    (DC8); ``score`` is that lot's score now."""

    seat: int
    card: str
    lot: str
    score: int


@attrs.frozen
class PoolLaid:
    """Round ``round``'s pool is laid out face up: ``cards`` in deck order; ``first``
    picks first (DC6, DC7)."""

    round: int
    first: int
    cards: tuple[str, ...]


@attrs.frozen
class TurnStarted:
    """``seat`` is to pick."""

    seat: int


@attrs.frozen
class GameEnded:
    """The game is over: ``result`` and each seat's points (DC18)."""

    result: Result
    scores: tuple[int, ...]


@attrs.frozen
class PickUndone:
    """``seat`` took back its pick: ``card`` left the end of ``lot`` and went back to the
    pool at position ``index`` (deck order); ``seat`` picks again."""

    seat: int
    card: str
    lot: str
    index: int


Event: TypeAlias = Picked | PoolLaid | TurnStarted | GameEnded | PickUndone
"""Any event."""
