"""Moves: Trade, Return and Pass, as frozen values with a text notation.

The notation is ``SEAT:trade CARD@GAP``, ``SEAT:return CARD@GAP`` and
``SEAT:pass``, for example ``0:trade R3@2``. ``str(move)`` writes it and
``parse_move`` reads it back, so ``parse_move(str(m)) == m`` for every move
whose seat and gap have at most 30 digits (every move a game can hold).
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from aves_core.games.aves.cards import Card
from aves_core.kernel.errors import ArgumentError, NotationError, require_int

__all__ = ["PASSES", "Move", "Pass", "Return", "Trade", "parse_move", "return_row", "trade_row"]


def _int_field(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    require_int(value, f"a move's {attribute.name}")


def _card_field(_instance: object, _attribute: object, value: Card) -> None:
    if not isinstance(value, Card):
        raise ArgumentError(
            f"a move's card must be a Card (use Card.parse({value!r})), not {type(value).__name__}"
        )


@attrs.frozen(repr=False, cache_hash=True)
class Trade:
    """The fruit trade: ``player`` places ``card`` from their hand into gap ``gap``."""

    player: int = attrs.field(validator=_int_field)
    card: Card = attrs.field(validator=_card_field)
    gap: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:trade {self.card}@{self.gap}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Return:
    """The forced return: ``player``, over the hand limit, puts ``card`` into gap ``gap``."""

    player: int = attrs.field(validator=_int_field)
    card: Card = attrs.field(validator=_card_field)
    gap: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:return {self.card}@{self.gap}"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class Pass:
    """A pass: legal only for a player holding nothing but crows and no equal pair to take."""

    player: int = attrs.field(validator=_int_field)

    def __str__(self) -> str:
        return f"{self.player}:pass"

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


Move: TypeAlias = Trade | Return | Pass
"""Any move."""

# Moves are values, so equal moves can be one shared object: the engine builds
# each (seat, card, gap) move once and hands out the same instance after that.
MAX_GAPS = 46
"""No circle holds more cards than the largest game has, so no gap is 46 or more."""
_trade_rows: dict[int, tuple[Trade, ...]] = {}
_return_rows: dict[int, tuple[Return, ...]] = {}
PASSES = tuple(Pass(seat) for seat in range(6))
"""The shared Pass of each seat."""


def trade_row(player: int, card: Card) -> tuple[Trade, ...]:
    """The shared ``Trade(player, card, gap)`` for every gap from 0 to 45."""
    key = player * 64 + card.rank
    row = _trade_rows.get(key)
    if row is None:
        row = _trade_rows[key] = tuple(Trade(player, card, gap) for gap in range(MAX_GAPS))
    return row


def return_row(player: int, card: Card) -> tuple[Return, ...]:
    """The shared ``Return(player, card, gap)`` for every gap from 0 to 45."""
    key = player * 64 + card.rank
    row = _return_rows.get(key)
    if row is None:
        row = _return_rows[key] = tuple(Return(player, card, gap) for gap in range(MAX_GAPS))
    return row

# Negative and large numbers read back too (an illegal move, as a log may carry,
# has a text form); the digits are bounded so that no text costs quadratic time.
_NOTATION = re.compile(
    r"\s*(?P<player>-?\d{1,30})\s*:\s*(?:(?P<kind>trade|return)\s+(?P<card>\S+?)\s*@\s*"
    r"(?P<gap>-?\d{1,30})|(?P<pass>pass))\s*"
)


def parse_move(text: str) -> Move:
    """Read a move in the text notation (``0:trade R3@2``, ``0:return G1@0``, ``1:pass``)."""
    if not isinstance(text, str):
        raise ArgumentError(f"a move's text must be a str, not {type(text).__name__}")
    found = _NOTATION.fullmatch(text)
    if found is None:
        raise NotationError(
            f"{text!r} is not a move: write SEAT:trade CARD@GAP, SEAT:return CARD@GAP "
            "or SEAT:pass, for example 0:trade R3@2"
        )
    player = int(found["player"])
    if found["pass"]:
        return Pass(player)
    card = Card.parse(found["card"])
    if found["kind"] == "trade":
        return Trade(player, card, int(found["gap"]))
    return Return(player, card, int(found["gap"]))
