"""Boxes' events: what a move did, step by step, for hosts to tell their clients. The
game's ``events_for`` hides an examined card, a sealed commit and a sold container's
cards from every seat but their own (BX21-BX23); ``Revealed`` and ``GameEnded`` show
them to all.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from aves_core.kernel.game import Result

__all__ = ["AuctionChosen", "AuctionWon", "BidMade", "Committed", "Event", "ExamineStopped",
           "Examined", "GameEnded", "Paid", "Passed", "Revealed", "Sold", "Undone"]


@attrs.frozen
class AuctionChosen:
    """The auctioneer ``seat`` chose an ``open`` or ``sealed`` auction (BX8)."""

    seat: int
    kind: Literal["open", "sealed"]


@attrs.frozen
class Examined:
    """``seat`` examined ``slot`` of ``container``, which holds ``card`` (BX9, BX22)."""

    seat: int
    container: int
    slot: str
    card: str | None


@attrs.frozen
class ExamineStopped:
    """``seat`` stopped examining (``stop``)."""

    seat: int


@attrs.frozen
class Committed:
    """``seat`` committed ``notes`` face down: its sealed bid (BX14)."""

    seat: int
    notes: tuple[int, ...] | None


@attrs.frozen
class Revealed:
    """Every seat's commit, shown at once (BX14), and the seats tied at the highest bid
    (one seat: it won, BX15; several: they hold an open auction, BX16)."""

    commits: tuple[tuple[int, ...], ...]
    top: tuple[int, ...]


@attrs.frozen
class BidMade:
    """``seat`` bid ``amount`` in an open auction."""

    seat: int
    amount: int


@attrs.frozen
class Passed:
    """``seat`` passed: it is out of this auction."""

    seat: int


@attrs.frozen
class AuctionWon:
    """``seat`` won the container at ``price``."""

    seat: int
    price: int


@attrs.frozen
class Paid:
    """``seat`` paid ``notes`` to the bank (by ``pay``, at once, or its sealed commit)."""

    seat: int
    notes: tuple[int, ...]


@attrs.frozen
class Sold:
    """``seat`` took ``container``'s 10 ``cards``, slot by slot, behind its screen ([D13])."""

    container: int
    seat: int
    cards: tuple[str, ...] | None


@attrs.frozen
class GameEnded:
    """The game is over: each seat's cards (sorted: not where each came from, BX23) and
    wealth (BX18), and the result (BX20)."""

    cards: tuple[tuple[str, ...], ...]
    wealth: tuple[int, ...]
    result: Result


@attrs.frozen
class Undone:
    """``seat`` took back its last move (a host's undo): the game is back in ``phase``
    with the public fields of the auction as they were."""

    seat: int
    phase: str
    auction: str | None
    examiner: int | None
    actions: int
    bidders: tuple[int, ...]
    standing: int | None
    holder: int | None
    turn: int | None


Event: TypeAlias = (AuctionChosen | Examined | ExamineStopped | Committed | Revealed
                    | BidMade | Passed | AuctionWon | Paid | Sold | GameEnded | Undone)
"""Any event."""
