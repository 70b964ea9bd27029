"""Draft Cider's apple cards (DC2: ``Y34`` is gold, sweetness 3, height 4, and ``DECK``
their canonical order) with their attributes in tables, and the orchard's lots (DC3).
"""

from __future__ import annotations

__all__ = ["COLOUR", "COLOURS", "COLOUR_NAMES", "DECK", "HEIGHT", "INDEX", "LOTS",
           "LOT_INDEX", "SWEETNESS", "is_card"]

COLOURS = ("G", "Y", "R")
"""The colours in canonical order: green, gold (yellow), red."""
COLOUR_NAMES = {"G": "green", "Y": "gold", "R": "red"}
"""Each colour's letter and its name in words."""

DECK: tuple[str, ...] = tuple(f"{colour}{sweetness}{height}" for colour in COLOURS
                              for sweetness in range(1, 6) for height in range(1, 6))
"""The 75 cards in canonical order: ``G11 G12 ... G55 Y11 ... R55`` (DC2)."""

INDEX: dict[str, int] = {card: index for index, card in enumerate(DECK)}
"""Each card's place in the canonical order."""
COLOUR: dict[str, str] = {card: card[0] for card in DECK}
"""Each card's colour letter (``G``, ``Y`` or ``R``)."""
SWEETNESS: dict[str, int] = {card: int(card[1]) for card in DECK}
"""Each card's sweetness, its second character."""
HEIGHT: dict[str, int] = {card: int(card[2]) for card in DECK}
"""Each card's height, its third character."""

LOTS = ("mono", "feather", "tree", "unlucky", "forte", "couple", "stable", "bad")
"""The eight lots of every orchard, in DC3's order (legal moves list them so)."""
LOT_INDEX: dict[str, int] = {lot: index for index, lot in enumerate(LOTS)}
"""Each lot's place in ``LOTS``, the order of an orchard."""


def is_card(value: object) -> bool:
    """Whether ``value`` is the code of one of the 75 cards."""
    return type(value) is str and value in INDEX
