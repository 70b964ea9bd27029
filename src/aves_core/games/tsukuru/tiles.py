"""Tsukuru 10 Ten's 61 tiles, written colour letter + value (TK2): red ``R0``-``R7``,
blue ``B1``-``B7``, purple ``P5``-``P8``. Copies are identical [D1], so a seat's tiles
are *counts*, 19 ints in canonical order; the deck and piles are tuples of codes.
"""

from __future__ import annotations

from collections.abc import Iterable

from aves_core.kernel.errors import ArgumentError

__all__ = ["BLUE", "COLOURS", "COPIES", "INDEX", "KINDS", "PURPLE", "RED", "TOTAL",
           "Counts", "add", "colour_of", "counts_of", "full_set", "tiles_of", "value_of"]

Counts = tuple[int, ...]
"""Tiles of each kind, 19 ints in canonical order."""

RED = "R"
"""The red tiles' letter."""
BLUE = "B"
"""The blue tiles' letter."""
PURPLE = "P"
"""The purple tiles' letter: a purple tile counts as red or blue, as its set needs."""
COLOURS = (RED, BLUE)
"""The colours a set or a purple tile can take."""
KINDS: tuple[str, ...] = (*(f"R{value}" for value in range(8)),
                          *(f"B{value}" for value in range(1, 8)),
                          *(f"P{value}" for value in range(5, 9)))
"""The 19 tile codes in canonical order."""
COPIES: Counts = (1, *(4,) * 7, *(4,) * 7, *(1,) * 4)
"""How many tiles of each kind the game has."""
TOTAL = 61
"""Every tile of the game."""
INDEX = {code: index for index, code in enumerate(KINDS)}
"""A tile code's index in canonical order."""
_VALUES = tuple(int(code[1]) for code in KINDS)
_COLOURS = tuple(code[0] for code in KINDS)

assert sum(COPIES) == TOTAL


def value_of(code: str) -> int:
    """A tile's face value (``"P8"`` is 8)."""
    return _VALUES[INDEX[code]]


def colour_of(code: str) -> str:
    """A tile's printed colour letter: ``R``, ``B`` or ``P``."""
    return _COLOURS[INDEX[code]]


def counts_of(codes: Iterable[str]) -> Counts:
    """The counts of ``codes`` in any order; ``ArgumentError`` for a code that is no
    tile."""
    counts = [0] * len(KINDS)
    for code in codes:
        index = INDEX.get(code)
        if index is None:
            raise ArgumentError(f"{code!r:.10} is not a tile: R0-R7, B1-B7 or P5-P8")
        counts[index] += 1
    return tuple(counts)


def add(counts: Counts, code: str, amount: int = 1) -> Counts:
    """``counts`` with ``amount`` more tiles of kind ``code`` (fewer, when negative)."""
    index = INDEX[code]
    return counts[:index] + (counts[index] + amount,) + counts[index + 1:]


def tiles_of(counts: Counts) -> tuple[str, ...]:
    """The tiles of ``counts`` as codes in canonical order."""
    return tuple(code for code, count in zip(KINDS, counts, strict=True)
                 for _ in range(count))


def full_set() -> tuple[str, ...]:
    """The 61 tiles in canonical order, the order every deal's shuffle starts from."""
    return tiles_of(COPIES)
