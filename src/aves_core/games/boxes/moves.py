"""Boxes' moves, declared by their notation (docs/boxes.md, "Moves and their notation"):
``0:auction open``, ``1:examine c3``, ``2:seal 500 100 50``, ``0:bid 350``, ``3:pass``.
A set of notes is written in descending order and stored largest first whatever order
it is built in: the same values are the same move (BX4a).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

import attrs

from aves_core.kernel.notation import Choice, Nat, Seq, Token, move

__all__ = ["NOTES", "Auction", "Bid", "Examine", "Move", "Pass", "Pay", "Seal", "Stop"]


def _descending(notes: tuple[int, ...]) -> str | None:
    if list(notes) == sorted(notes, reverse=True):
        return None
    ordered = " ".join(map(str, sorted(notes, reverse=True)))
    return f"banknotes are written in descending order: {ordered}, not {' '.join(map(str, notes))}"


NOTES = Seq(Nat("NOTE"), empty="none", check=_descending)
"""A set of banknotes: ``500 200 200``, ``none`` when empty."""
SLOT = Token(r"[a-z](?:0|[1-9][0-9]{0,8})", "SLOT")
"""A slot as written: a lower-case letter and a number (``c3``; ``c7`` too, no slot's)."""


def _largest_first(notes: Any) -> Any:
    # The same values are the same move (BX4a); a value that is no tuple of ints is left
    # for the field's check to refuse.
    if type(notes) in (tuple, list) and all(type(note) is int for note in notes):
        return tuple(sorted(notes, reverse=True))
    return notes


@move("{player}:auction {kind}", kind=Choice("open", "sealed"))
class Auction:
    """The auctioneer ``player`` chooses an ``open`` or ``sealed`` auction (BX8)."""

    player: int
    kind: Literal["open", "sealed"]


@move("{player}:examine {slot}", slot=SLOT)
class Examine:
    """``player`` examines ``slot`` (``c1``-``c4`` closed, ``o1``-``o6`` open) (BX9)."""

    player: int
    slot: str


@move("{player}:stop")
class Stop:
    """``player`` ends its examining turn early (BX9)."""

    player: int


@move("{player}:seal {notes}", notes=NOTES)
class Seal:
    """``player`` commits ``notes`` face down (BX14); none is a bid of 0."""

    player: int
    notes: tuple[int, ...] = attrs.field(converter=_largest_first)


@move("{player}:bid {amount}", amount=Nat("AMOUNT"))
class Bid:
    """``player`` bids ``amount`` ECU in an open auction: its opening bid or a raise
    (BX11, BX12)."""

    player: int
    amount: int


@move("{player}:pass")
class Pass:
    """``player`` passes: it is out of this open auction (BX12)."""

    player: int


@move("{player}:pay {notes}", notes=NOTES)
class Pay:
    """The winner ``player`` of an open auction pays ``notes`` (BX17)."""

    player: int
    notes: tuple[int, ...] = attrs.field(converter=_largest_first)


Move: TypeAlias = Auction | Examine | Stop | Seal | Bid | Pass | Pay
"""Any move."""
