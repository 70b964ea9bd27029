"""Cubirds' events: what a move did, step by step, for hosts to tell their clients; a
move's events end with the one that says where the game rests (``DrawOffered``, ``FlockDue``,
``TurnStarted``, ``ReshuffleDue`` or ``GameEnded``). ``CUBIRDS.events_for`` hides the
cards drawn or dealt to another seat (CB18; docs/cubirds.md, "What each seat sees").
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from aves_core.games.cubirds.cards import Counts
from aves_core.games.cubirds.state import Pending
from aves_core.kernel.game import Result

__all__ = ["CardsDealt", "CardsDrawn", "DrawDeclined", "DrawOffered", "Event", "FlockDeclined",
           "FlockDue", "Flown", "GameEnded", "Laid", "LayUndone", "NoDrawUndone",
           "ReshuffleDue", "Reshuffled", "RoundEnded", "RowRefilled", "TurnStarted"]


@attrs.frozen
class _Seated:
    """An event of one seat."""

    seat: int


@attrs.frozen
class _Lay:
    """A lay and the cards it took (``Laid``, ``LayUndone``)."""

    seat: int
    species: str
    count: int
    row: int
    side: str
    taken: str = ""


@attrs.frozen
class Laid(_Lay):
    """``seat`` laid its ``count`` cards of ``species`` at the ``side`` end of ``row``
    and took the ``taken`` cards they enclosed (letters in row order; empty when
    nothing was taken) into its hand (CB6, CB7)."""


@attrs.frozen
class RowRefilled:
    """``cards`` were drawn from the deck face up and put at the ``side`` end of
    ``row``, each outside the previous (CB8)."""

    row: int
    side: str
    cards: str


@attrs.frozen
class CardsDrawn:
    """``seat`` drew ``count`` cards from the deck into its hand (the draw option,
    CB9): ``cards`` (in canonical order: the order they lay in the deck is nobody's
    to know) for the seat itself, None for the others."""

    seat: int
    count: int
    cards: str | None


@attrs.frozen
class DrawDeclined(_Seated):
    """``seat`` did not draw (``nodraw``)."""


@attrs.frozen
class Flown:
    """``seat`` flew its ``species`` home: ``kept`` cards joined its collection and
    ``discarded`` went to the discard pile (CB10)."""

    seat: int
    species: str
    kept: int
    discarded: int


@attrs.frozen
class FlockDeclined(_Seated):
    """``seat`` flew no flock (``nofly``)."""


@attrs.frozen
class RoundEnded:
    """``seat``'s hand is empty: the round is over (CB13); every other hand was
    discarded face up, ``discarded`` being their cards together (counts), and ``seat``
    is the new dealer. The cards are public [D10]; which seat held which is not kept
    (no view keeps it, so no event tells it)."""

    seat: int
    discarded: Counts


@attrs.frozen
class CardsDealt:
    """``seat`` was dealt ``count`` cards of the new deal (CB13): ``cards`` (in
    canonical order) for the seat itself, None for the others."""

    seat: int
    count: int
    cards: str | None


@attrs.frozen
class Reshuffled:
    """The discard pile was shuffled into a new deck of ``size`` cards (CB15). Its order
    is nobody's to know: the discard pile was public, so its contents are known."""

    size: int


@attrs.frozen
class DrawOffered(_Seated):
    """``seat`` may draw two cards or not (phase drawOption)."""


@attrs.frozen
class FlockDue(_Seated):
    """``seat`` may fly a flock home or not (phase flock)."""


@attrs.frozen
class TurnStarted(_Seated):
    """It is ``seat``'s turn to lay (phase lay)."""


@attrs.frozen
class ReshuffleDue:
    """The deck is empty and a card is needed for ``pending``: the game waits for the
    reshuffle (phase reshuffle)."""

    pending: Pending


@attrs.frozen
class GameEnded:
    """The game is over: ``result``, and each seat's rank (CB16)."""

    result: Result
    ranks: tuple[int, ...]


@attrs.frozen
class LayUndone(_Lay):
    """``seat`` took back its lay (a host's undo): its ``count`` cards of ``species``
    left the ``side`` end of ``row``, the ``taken`` cards went back between, and it is
    to lay again."""


@attrs.frozen
class NoDrawUndone(_Seated):
    """``seat`` took back its ``nodraw`` (a host's undo): it may draw or not again."""


Event: TypeAlias = (Laid | RowRefilled | CardsDrawn | DrawDeclined | Flown | FlockDeclined
                    | RoundEnded | CardsDealt | Reshuffled | DrawOffered | FlockDue
                    | TurnStarted | ReshuffleDue | GameEnded | LayUndone | NoDrawUndone)
"""Any event."""
