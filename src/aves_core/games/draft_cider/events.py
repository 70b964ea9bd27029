"""Draft Cider's events: what a move did, step by step, for hosts to tell their
clients.

Everything on the table is public (DC20), so every seat and a spectator see the same
events: ``events_for`` redacts nothing. A new pool is told when it is laid out, never
before (the deck below it stays hidden). Each move's events end with one that says
where the game rests: ``TurnStarted`` or ``GameEnded``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result

__all__ = [
    "EVENT_TYPES",
    "Event",
    "GameEnded",
    "PickUndone",
    "Picked",
    "PoolLaid",
    "TurnStarted",
    "events_for",
]


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

EVENT_TYPES = (Picked, PoolLaid, TurnStarted, GameEnded, PickUndone)


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (None: a spectator): all of them, since
    everything they tell is on the table (DC20)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < 6):
        raise ArgumentError(f"seat must be a seat 0 to 5 or None (a spectator), not {seat!r}")
    if isinstance(events, str | bytes) or not isinstance(events, Iterable):
        raise ArgumentError(f"events_for needs an iterable of events, not "
                            f"{type(events).__name__}")
    seen = tuple(events)
    for event in seen:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
    return seen
