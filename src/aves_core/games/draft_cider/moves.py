"""Draft Cider's one move, ``Pick``, declared by its notation (RULES-draft-cider.md,
"Notation"): ``1:pick Y34 feather``, seat 1 takes Y34 from the pool and plants it at
the end of its ``feather`` lot (DC8).

A card is written as its code (DC2) and a lot as a lower-case word; a value of
another shape has no text, and the door refuses it as ``bad_notation``, third in
DC19b's order. Which words are lots, and which cards are in the pool, is the rules'
to judge (``unknown_lot``, ``not_in_pool``).
"""

from __future__ import annotations

from typing import TypeAlias

from aves_core.kernel.notation import Token, move

__all__ = ["CARD", "LOT", "Move", "Pick"]

CARD = Token(r"[GYR][1-5][1-5]", "CARD")
"""A card's code: colour, sweetness, height (``Y34``)."""
LOT = Token(r"[a-z]+", "LOT")
"""A lot's name: a lower-case word, as the rules write the eight lots."""


@move("{player}:pick {card} {lot}", card=CARD, lot=LOT)
class Pick:
    """``player`` takes ``card`` from the pool and adds it to the end of its ``lot``
    (DC8)."""

    player: int
    card: str
    lot: str


Move: TypeAlias = Pick
"""Any move (Draft Cider has one kind)."""
