"""Draft Cider's one move, ``Pick``, declared by its notation: ``1:pick Y34 feather``
(DC8). A card or lot of another shape has no text: the door refuses it as
``bad_notation``; which cards are in the pool and which words are lots, the rules judge.
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
