"""Boxes' cards and banknotes (BX2, BX3), and the wealth they make at the end (BX18-BX20).
A card is its code, a colour letter (``N``: no colour) and its value (``Y150``, ``N0``);
a seat's notes are counts in the order of ``NOTE_VALUES``, a set of notes paid or
committed its values, largest first (BX4a).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["CLOSED_CANONICAL", "COLOURS", "NOTE_VALUES", "OPEN_CANONICAL", "START_NOTES",
           "Notes", "card_value", "collections_of", "colour_counts", "counts_of_notes",
           "held_text", "money_of", "notes_of_counts", "wealth_of"]

COLOURS = ("Y", "B", "R", "G")
"""The four colours of collection cards (BX2); ``N`` cards never count (BX19)."""

OPEN_CANONICAL: tuple[str, ...] = (
    *(f"{colour}{value}" for colour in COLOURS for value in (50, 100, 150, 200)),
    *("N10",) * 20)
"""The 36 open boxes in BX5's canonical order: the 16 collection cards, then 20 ``N10``."""

CLOSED_CANONICAL: tuple[str, ...] = (
    *(f"{colour}250" for colour in COLOURS for _ in range(2)), "N500", "N500",
    *("N0",) * 14)
"""The 24 closed boxes in BX5's canonical order."""

NOTE_VALUES = (500, 200, 100, 50)
"""The banknotes' values, largest first: the order of a seat's note counts."""

Notes = tuple[int, int, int, int]
"""How many notes of 500, 200, 100 and 50 ECU a seat holds."""

START_NOTES: Notes = (4, 4, 4, 4)
"""Each seat's notes at the start: 4 of each value, 3,400 ECU (BX3)."""

def card_value(card: str) -> int:
    """The ECU a card is worth."""
    return int(card[1:])


def money_of(notes: Sequence[int]) -> int:
    """The ECU of note counts (500, 200, 100, 50)."""
    return 500 * notes[0] + 200 * notes[1] + 100 * notes[2] + 50 * notes[3]


def counts_of_notes(values: Iterable[int]) -> Notes:
    """Note counts from note values (every value one of ``NOTE_VALUES``)."""
    counts = [0, 0, 0, 0]
    for value in values:
        counts[NOTE_VALUES.index(value)] += 1
    return counts[0], counts[1], counts[2], counts[3]


def held_text(counts: Sequence[int]) -> str:
    """Note counts in words: ``4x500 4x200 1x50``, or ``no notes``."""
    return " ".join(f"{count}x{value}" for value, count in zip(NOTE_VALUES, counts, strict=True)
                    if count) or "no notes"


def notes_of_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """Note values, largest first, from note counts."""
    return tuple(value for value, count in zip(NOTE_VALUES, counts, strict=True)
                 for _ in range(count))


def colour_counts(cards: Iterable[str]) -> tuple[dict[str, int], dict[str, int]]:
    """How many cards of each colour ``cards`` hold, and how many of them are 250s."""
    held = dict.fromkeys(COLOURS, 0)
    twofifty = dict.fromkeys(COLOURS, 0)
    for card in cards:
        colour = card[0]
        if colour in held:
            held[colour] += 1
            if card[1:] == "250":
                twofifty[colour] += 1
    return held, twofifty


def collections_of(cards: Iterable[str], num_players: int) -> int:
    """The collections among ``cards`` (BX19, [D11]): per colour with k cards, t of them
    250s, min(t, k // size), size 4 with 2 players and 3 with 3 or 4."""
    size = 4 if num_players == 2 else 3
    held, twofifty = colour_counts(cards)
    return sum(min(twofifty[colour], held[colour] // size) for colour in COLOURS)


def wealth_of(notes: Sequence[int], cards: Sequence[str], num_players: int) -> int:
    """A seat's wealth at the end (BX18): its notes, its cards' values and 250 a
    collection."""
    return (money_of(notes) + sum(card_value(card) for card in cards)
            + 250 * collections_of(cards, num_players))
