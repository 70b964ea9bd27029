"""Boxes' moves as frozen values with the notation of RULES-boxes.md.

A move is ``SEAT:VERB ARGS``: ``0:auction open``, ``0:auction sealed``,
``1:examine c3``, ``1:stop``, ``2:seal 500 100 50``, ``2:seal none``, ``0:bid 350``,
``3:pass``, ``0:pay 500 200``. Banknotes are written in descending order; text in
any other order, or of another shape, is a ``NotationError`` (``bad_notation``).
``str(move)`` writes a move and ``parse_move`` reads it back.

A move names its values as written and the rules judge them: ``1:examine c7``
reads as an Examine that ``apply`` refuses with ``unknown_slot``, ``0:bid 120``
with ``bad_bid``, ``2:seal 300`` with ``notes_not_held``. A set of notes is
stored largest first whatever order it is built in, so two choices of the same
values are the same move (BX4a).
"""

from __future__ import annotations

import re
from typing import Literal, TypeAlias

import attrs

from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = [
    "AUCTION_KINDS",
    "Auction",
    "Bid",
    "Examine",
    "Move",
    "Pass",
    "Pay",
    "Seal",
    "Stop",
    "notes_text",
    "parse_move",
]

AUCTION_KINDS = ("open", "sealed")
"""The two kinds of auction an auctioneer chooses between (BX8)."""


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _kind(_instance: object, _attribute: object, value: object) -> None:
    if value not in AUCTION_KINDS:
        raise ArgumentError(f"an auction is 'open' or 'sealed', not {value!r:.20}")


def _slot(_instance: object, _attribute: attrs.Attribute[str], value: str) -> None:
    if type(value) is not str:
        raise ArgumentError(f"a slot must be a str, not {type(value).__name__} {value!r:.20}")


def _notes(value: object) -> tuple[int, ...]:
    # Largest first whatever the order given: the same values are the same move (BX4a).
    if not isinstance(value, tuple | list):
        raise ArgumentError(f"notes must be a tuple of ints, not {type(value).__name__}")
    for note in value:
        require_int(note, "a note")
    return tuple(sorted(value, reverse=True))


def notes_text(notes: tuple[int, ...]) -> str:
    """Notes as the notation writes them: ``500 200 200``, or ``none``."""
    return " ".join(map(str, notes)) if notes else "none"


@attrs.frozen(repr=False, cache_hash=True)
class Auction:
    """The auctioneer ``player`` chooses an ``open`` or ``sealed`` auction (BX8)."""

    player: int = attrs.field(validator=_int_field)
    kind: Literal["open", "sealed"] = attrs.field(validator=_kind)

    def __str__(self) -> str:
        return f"{self.player}:auction {self.kind}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Examine:
    """``player`` examines ``slot`` (``c1``-``c4`` closed, ``o1``-``o6`` open) of the
    container (BX9)."""

    player: int = attrs.field(validator=_int_field)
    slot: str = attrs.field(validator=_slot)

    def __str__(self) -> str:
        return f"{self.player}:examine {self.slot}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Stop:
    """``player`` ends its examining turn early (BX9)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:stop"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Seal:
    """``player`` commits ``notes`` face down in a sealed auction (BX14); none is a bid
    of 0."""

    player: int = attrs.field(validator=_int_field)
    notes: tuple[int, ...] = attrs.field(converter=_notes)

    def __str__(self) -> str:
        return f"{self.player}:seal {notes_text(self.notes)}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Bid:
    """``player`` bids ``amount`` ECU in an open auction: the opening bid or a raise
    (BX11, BX12)."""

    player: int = attrs.field(validator=_int_field)
    amount: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:bid {self.amount}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Pass:
    """``player`` passes: it is out of this open auction (BX12)."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:pass"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Pay:
    """The winner ``player`` of an open auction pays ``notes`` (BX17)."""

    player: int = attrs.field(validator=_int_field)
    notes: tuple[int, ...] = attrs.field(converter=_notes)

    def __str__(self) -> str:
        return f"{self.player}:pay {notes_text(self.notes)}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move: TypeAlias = Auction | Examine | Stop | Seal | Bid | Pass | Pay
"""Any move."""

MOVE_TYPES = (Auction, Examine, Stop, Seal, Bid, Pass, Pay)

_NOTATION = re.compile(
    r"\s*(?P<player>\d{1,9})\s*:\s*(?:"
    r"auction\s+(?P<kind>open|sealed)"
    r"|examine\s+(?P<slot>\S+)"
    r"|(?P<noted>seal|pay)\s+(?P<notes>none|\d{1,9}(?:\s+\d{1,9})*)"
    r"|bid\s+(?P<amount>-?\d{1,9})"
    r"|(?P<word>stop|pass))\s*")


def parse_move(text: str) -> Move:
    """Read a move: ``0:auction open``, ``1:examine c3``, ``1:stop``, ``2:seal 500 100``,
    ``2:seal none``, ``0:bid 350``, ``3:pass`` or ``0:pay 500 200``."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(f"{text[:40]!r} is not a move: write SEAT:auction open|sealed, "
                            "SEAT:examine SLOT, SEAT:stop, SEAT:seal NOTES|none, SEAT:bid "
                            "AMOUNT, SEAT:pass or SEAT:pay NOTES, for example 2:seal 500 100")
    player = int(found["player"])
    if found["kind"] is not None:
        return Auction(player, "open" if found["kind"] == "open" else "sealed")
    if found["slot"] is not None:
        return Examine(player, found["slot"])
    if found["noted"] is not None:
        words = found["notes"].split()
        notes = () if words == ["none"] else tuple(int(word) for word in words)
        if list(notes) != sorted(notes, reverse=True):
            raise NotationError(f"{text[:40]!r}: write banknotes in descending order "
                                f"({notes_text(tuple(sorted(notes, reverse=True)))})")
        return (Seal if found["noted"] == "seal" else Pay)(player, notes)
    if found["amount"] is not None:
        return Bid(player, int(found["amount"]))
    return Stop(player) if found["word"] == "stop" else Pass(player)
