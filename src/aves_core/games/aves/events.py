"""Events: what happened when a move was applied, for hosts to tell their clients.

Like Board Game Arena's notifications, each move yields a short list of events (a
card placed, cards taken, a card drawn, a refill, whose turn it is), which the rules'
transition writes. ``events_for`` redacts them for one seat: only the drawer (or
everybody, under Showdown) sees the card drawn from the deck.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import TypeAlias

import attrs

from aves_core.games.aves.cards import Card
from aves_core.games.aves.moves import Move
from aves_core.games.aves.state import GameState, Result
from aves_core.kernel.errors import ArgumentError

__all__ = [
    "CardDrawn",
    "CardPlaced",
    "CardReturned",
    "CardsTaken",
    "CircleRefilled",
    "Event",
    "GameEnded",
    "Passed",
    "ReturnDue",
    "TradeUndone",
    "TurnStarted",
    "apply_move_with_events",
    "events_for",
]


@attrs.frozen
class CardPlaced:
    """A trade: ``seat`` put ``card`` into gap ``gap`` (it now follows ``circle[gap]``)."""

    seat: int
    card: Card
    gap: int


@attrs.frozen
class CardsTaken:
    """A match: ``seat`` took the two cards beside the placed card (``cards`` in circle
    order: the one before the gap, then the one after)."""

    seat: int
    cards: tuple[Card, Card]
    gap: int


@attrs.frozen
class CardDrawn:
    """A miss: ``seat`` drew the deck's bottom card. ``card`` is None where redacted;
    ``public`` is True under Showdown, where everybody sees it."""

    seat: int
    card: Card | None
    public: bool = False


@attrs.frozen
class CardReturned:
    """A forced return: ``seat`` put ``card`` into gap ``gap``, taking nothing."""

    seat: int
    card: Card
    gap: int


@attrs.frozen
class CircleRefilled:
    """A match left one card in the circle: these cards came from the deck's top."""

    cards: tuple[Card, ...]


@attrs.frozen
class Passed:
    """``seat`` held only crows and had no equal pair: it passed."""

    seat: int


@attrs.frozen
class TurnStarted:
    """It is ``seat``'s turn to trade (phase playerTurn)."""

    seat: int


@attrs.frozen
class ReturnDue:
    """``seat`` holds 8 cards and must return one (phase forcedReturn)."""

    seat: int


@attrs.frozen
class GameEnded:
    """The game is over."""

    result: Result


@attrs.frozen
class TradeUndone:
    """``seat`` took back its match: ``card`` left gap ``gap`` and ``cards`` went back
    to the circle (a host's undo; the phase returns to playerTurn)."""

    seat: int
    card: Card
    gap: int
    cards: tuple[Card, Card]


Event: TypeAlias = (
    CardPlaced | CardsTaken | CardDrawn | CardReturned | CircleRefilled | Passed
    | TurnStarted | ReturnDue | GameEnded | TradeUndone
)
"""Any event."""

EVENT_TYPES: tuple[type, ...] = typing.get_args(Event)


def apply_move_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """``apply_move`` that also says what happened, unredacted (the host's record)."""
    from aves_core.games.aves.game import AVES  # the game imports this module

    return AVES.apply_with_events(state, move)


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them (None: a spectator).

    A card drawn from the deck is seen only by the seat that drew it, unless
    Showdown makes it public; everything else in an event is public.
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < 6):
        raise ArgumentError(f"seat must be a seat 0 to 5 or None, not {seat!r}")
    seen: list[Event] = []
    for event in events:
        if not isinstance(event, EVENT_TYPES):
            raise ArgumentError(f"not an event: {type(event).__name__}")
        if isinstance(event, CardDrawn) and not event.public and event.seat != seat:
            event = CardDrawn(event.seat, None, False)
        seen.append(event)
    return tuple(seen)

