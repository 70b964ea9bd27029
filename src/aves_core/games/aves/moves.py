"""Moves: Trade, Return and Pass, declared by their text: ``0:trade R3@2``,
``0:return G1@0``, ``1:pass`` (``aves_core.kernel.notation`` derives ``str``, the strict
reader, the JSON and the field checks).

A seat and a gap are any integer, negative ones too: a move a log may carry, which
the door refuses as ``not_your_turn`` or ``gap_out_of_range`` (LOG_FORMAT.md), has a
text that reads back. A card is an upper-case letter and a digit; one that is no card
(``Z9``) is ``unknown_card``, as in a log.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from aves_core.games.aves.cards import Card, card_for_code
from aves_core.kernel.errors import NotationError
from aves_core.kernel.notation import Int, Notation, Parsed, move

__all__ = ["NOTATION", "PASSES", "Move", "Pass", "Return", "Trade", "parse_move", "return_row",
           "shared_move", "trade_row"]

_SEAT, _GAP = Int("SEAT"), Int("GAP")
_CARD = Parsed(Card, Card.parse, r"[A-Z][0-9]", "CARD")


@move("{player}:trade {card}@{gap}", player=_SEAT, card=_CARD, gap=_GAP)
class Trade:
    """The fruit trade: ``player`` places ``card`` from their hand into gap ``gap``."""

    player: int
    card: Card
    gap: int


@move("{player}:return {card}@{gap}", player=_SEAT, card=_CARD, gap=_GAP)
class Return:
    """The forced return: ``player``, over the hand limit, puts ``card`` into gap ``gap``."""

    player: int
    card: Card
    gap: int


@move("{player}:pass", player=_SEAT)
class Pass:
    """A pass: legal only for a player holding nothing but crows and no equal pair to take."""

    player: int


Move: TypeAlias = Trade | Return | Pass
"""Any move."""

NOTATION = Notation("AVES", (Trade, Return, Pass))
"""The moves' text and JSON, from their declarations (the game's ``notation`` too)."""


def parse_move(text: str) -> Move:
    """The move ``text`` writes (``NotationError`` for any text that is no move's)."""
    try:
        move: Move = NOTATION.parse(text)
    except NotationError as error:
        if error.code != "bad_notation":
            raise  # unknown_card: the text names a card that does not exist
        raise NotationError(f"{text!r} is not a move: write SEAT:trade CARD@GAP, SEAT:return "
                            "CARD@GAP or SEAT:pass, for example 0:trade R3@2") from None
    return move



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


def shared_move(data: Any) -> Move | None:
    """The shared move a well-formed JSON move object names, else None (the declared
    reader then says what is wrong). Replay spends most of its parsing here."""
    if type(data) is not dict:
        return None
    player = data.get("player")
    if type(player) is not int or not 0 <= player < 6:
        return None
    kind = data.get("type")
    if kind == "pass":
        return PASSES[player] if len(data) == 2 else None
    code, gap = data.get("card"), data.get("gap")
    if len(data) != 4 or type(gap) is not int or not 0 <= gap < MAX_GAPS or type(code) is not str:
        return None
    card = card_for_code(code)
    if card is None:
        return None
    if kind == "trade":
        return trade_row(player, card)[gap]
    return return_row(player, card)[gap] if kind == "return" else None
