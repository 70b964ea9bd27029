"""Tsukuru 10 Ten's events: what a move did, step by step. ``events_for`` redacts them
for one seat (TK19): a tile drawn by, or the tiles dealt to, another seat. Each move's
events end with where the game rests: ``TurnStarted``, ``DiscardDue``,
``FinishOrDiscard``, ``DealDue`` or ``GameEnded``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias

import attrs

from aves_core.kernel.game import Result

__all__ = ["DealDue", "Dealt", "DiscardDue", "Discarded", "Drew", "Event", "FinishOrDiscard",
           "Finished", "GameEnded", "Got", "RoundDry", "RoundStarted", "TurnStarted", "events_for"]


@attrs.frozen
class Drew:
    """``seat`` drew the deck's top tile: ``tile`` for the seat itself, None for the
    others (TK8, TK19)."""

    seat: int
    tile: str | None


@attrs.frozen
class Discarded:
    """``seat`` put ``tile`` at the end of its pile (TK9)."""

    seat: int
    tile: str


@attrs.frozen
class Got:
    """``seat`` took ``tile``, ``source``'s last discard, and opened the set ``opened``
    (its token, ``B3B4B5`` or ``P5P6P7=B``) in ``colour`` (TK8)."""

    seat: int
    source: int
    tile: str
    opened: str
    colour: str


@attrs.frozen
class Finished:
    """``seat`` finished (TK10): with ``source``'s last discard ``taken`` (None after a
    draw), showing its 8 ``tiles`` (concealed, canonical order) and its ``open`` sets,
    declaring ``arrangement``; it scored ``points``, part by part (``parts``: bonus
    codes and points, TK12-TK14); ``scores`` are every seat's points now."""

    seat: int
    source: int | None
    taken: str | None
    tiles: tuple[str, ...]
    open: tuple[str, ...]
    arrangement: tuple[str, ...]
    points: int
    parts: tuple[tuple[str, int], ...]
    scores: tuple[int, ...]


@attrs.frozen
class RoundDry:
    """The deck ran out at the end of a turn: round ``round`` ends and nobody scores
    (TK11, [D6])."""

    round: int


@attrs.frozen
class RoundStarted:
    """Round ``round`` begins: ``dealer`` deals and moves first; the deck holds
    ``deck`` tiles (TK4, TK5)."""

    round: int
    dealer: int
    deck: int


@attrs.frozen
class Dealt:
    """``seat`` was dealt seven tiles: ``tiles`` (canonical order) for the seat itself,
    None for the others."""

    seat: int
    tiles: tuple[str, ...] | None


@attrs.frozen
class TurnStarted:
    """``seat`` is to draw, get or finish with a discard."""

    seat: int


@attrs.frozen
class FinishOrDiscard:
    """``seat`` drew: it may finish, or must discard."""

    seat: int


@attrs.frozen
class DiscardDue:
    """``seat`` opened a set: it must discard."""

    seat: int


@attrs.frozen
class DealDue:
    """Round ``round`` awaits its deal (a chance move): no seat moves."""

    round: int


@attrs.frozen
class GameEnded:
    """The game is over: ``result``, each seat's rank and points (TK16, TK17)."""

    result: Result
    ranks: tuple[int, ...]
    scores: tuple[int, ...]


Event: TypeAlias = (Drew | Discarded | Got | Finished | RoundDry | RoundStarted | Dealt
                    | TurnStarted | FinishOrDiscard | DiscardDue | DealDue | GameEnded)
"""Any event."""

def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (None: a spectator): a tile drawn by, or
    tiles dealt to, another seat are hidden (None); everything else is public."""
    seen: list[Event] = []
    for event in events:
        if type(event) is Drew and event.seat != seat:
            event = Drew(event.seat, None)
        elif type(event) is Dealt and event.seat != seat:
            event = Dealt(event.seat, None)
        seen.append(event)
    return tuple(seen)
