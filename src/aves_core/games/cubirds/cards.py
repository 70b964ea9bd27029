"""Cubirds' cards (RULES-cubirds.md CB2): eight species of birds, written by their
letters in canonical order ``F O T D P M W R``, their flock numbers and how many of each.
Cards of one species are identical, so a hand, a collection or the discard pile is a
*count*: eight ints in canonical order (``counts_of("PPRD") == (0, 0, 0, 1, 2, 0, 0, 1)``).
"""

from __future__ import annotations

from collections.abc import Iterable

from aves_core.kernel.errors import ArgumentError

__all__ = ["BIG", "COUNTS", "EMPTY", "INDEX", "NAMES", "SMALL", "SPECIES", "TOTAL", "Counts",
           "counts_of", "flying_home", "full_deck", "text_of"]

Counts = tuple[int, ...]
"""Cards of each species, eight ints in canonical order."""

SPECIES = "FOTDPMWR"
"""The species letters in canonical order: flamingo, owl, toucan, duck, parrot,
magpie, reed warbler, robin."""
NAMES = ("flamingo", "owl", "toucan", "duck", "parrot", "magpie", "reed warbler", "robin")
"""Each species' name, in canonical order."""
SMALL = (2, 3, 3, 4, 4, 5, 6, 6)
"""The small flock number of each species: that many cards fly one home."""
BIG = (3, 4, 4, 6, 6, 7, 9, 9)
"""The big flock number of each species: that many cards fly two home."""
COUNTS = (7, 10, 10, 13, 13, 17, 20, 20)
"""How many cards of each species the game has."""
TOTAL = 110
"""Every card of the game (the sum of ``COUNTS``)."""
EMPTY: Counts = (0,) * 8
"""No card at all."""
INDEX = {letter: index for index, letter in enumerate(SPECIES)}
"""A species letter's index in canonical order."""

assert sum(COUNTS) == TOTAL


def flying_home(species: int, held: int) -> int:
    """How many of a flock of ``held`` cards of ``species`` join the collection (CB10
    [D6]): 2 from the big flock number on, else 1."""
    return 2 if held >= BIG[species] else 1


def counts_of(cards: Iterable[str]) -> Counts:
    """The counts of ``cards`` (letters, in any order); ``ArgumentError`` for a letter
    that is no species."""
    counts = [0] * 8
    index = INDEX
    for letter in cards:
        position = index.get(letter)
        if position is None:
            raise ArgumentError(f"{letter!r:.10} is not a species: one of {SPECIES}")
        counts[position] += 1
    return tuple(counts)


def text_of(counts: Counts) -> str:
    """The cards of ``counts`` as letters in canonical order (``"DPPR"``)."""
    return "".join(letter * count for letter, count in zip(SPECIES, counts, strict=True))


def full_deck() -> str:
    """The 110 cards in canonical order, the order every shuffle starts from."""
    return text_of(COUNTS)

