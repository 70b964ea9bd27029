"""Moves: Trade, Return and Pass, as frozen values with a text notation.

The notation is ``SEAT:trade CARD@GAP``, ``SEAT:return CARD@GAP`` and
``SEAT:pass``, for example ``0:trade R3@2``. ``str(move)`` writes it and
``parse_move`` reads it back, so ``parse_move(str(m)) == m`` for every move.
"""

from __future__ import annotations

import re
from typing import TypeAlias

import attrs

from aves_core.cards import Card
from aves_core.errors import ArgumentError, NotationError, require_int

__all__ = ["Move", "Pass", "Return", "Trade", "parse_move"]


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

MOVE_TYPES = (Trade, Return, Pass)

_NOTATION = re.compile(
    r"\s*(?P<player>\d{1,2})\s*:\s*(?:(?P<kind>trade|return)\s+(?P<card>\S+?)\s*@\s*(?P<gap>\d{1,3})"
    r"|(?P<pass>pass))\s*"
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
