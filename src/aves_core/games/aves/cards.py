"""Cards: the seven colours, fruit cards, crows, and the card set of a game.

Every card that can exist is built once at import and shared: a game only ever
holds these instances, so comparing two cards is usually an identity check.
Cards are still equal and hashable by value, so a ``Card`` built by hand works
everywhere a shared one does.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import attrs

from aves_core.kernel.convert import MismatchError, converter, describe
from aves_core.kernel.errors import ArgumentError, NotationError

__all__ = [
    "CARDS_BY_CODE",
    "CARDS_BY_RANK",
    "CROW",
    "Card",
    "Color",
    "canonical",
    "card_for_code",
    "game_cards",
    "max_number",
]


class Color(enum.Enum):
    """A fruit (and feather) colour, declared in the canonical order R O Y G B I V."""

    RED = "R"
    ORANGE = "O"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"
    INDIGO = "I"
    VIOLET = "V"

    @property
    def index(self) -> int:
        """Position in the canonical order, 0 for red to 6 for violet."""
        return _COLOR_INDEX[self]


_COLOR_INDEX = {color: i for i, color in enumerate(Color)}
CROW_RANK = 42  # after the 42 fruit cards: crows sort last
CROW_SUIT = 7  # a crow's suit: after the seven colours 0 (red) to 6 (violet)


def _check_number(card: Card, _attribute: object, number: int) -> None:
    if type(number) is not int:
        raise ArgumentError(f"a card's number must be an int, not {type(number).__name__}")
    if card.color is None:
        if number != 0:
            raise ArgumentError(f"a crow has number 0, not {number}")
    elif not 1 <= number <= 6:
        raise ArgumentError(f"a fruit card's number is 1 to 6, not {number}")


def _check_color(_card: Card, _attribute: object, color: Color | None) -> None:
    if color is not None and not isinstance(color, Color):
        raise ArgumentError(f"a card's colour must be a Color or None, not {color!r}")


@attrs.frozen(repr=False, eq=False)
class Card:
    """A fruit card (a colour and a number 1 to 6) or a crow (no colour, number 0).

    ``str(card)`` is its code (``"R3"``, ``"C0"``) and ``Card.parse`` reads it
    back. Cards order canonically: by colour R O Y G B I V, then number, crows
    last.
    """

    color: Color | None = attrs.field(validator=_check_color)
    number: int = attrs.field(validator=_check_number)
    # Derived once, for the hot paths: the canonical sort position, and the colour
    # as a small int (hashing an enum member runs Python code; hashing an int does not).
    rank: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    suit: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    # And its code: a host writes every card of every view it sends as its code.
    code: str = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        suit = CROW_SUIT if self.color is None else _COLOR_INDEX[self.color]
        rank = CROW_RANK if self.color is None else suit * 6 + self.number - 1
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", "C0" if self.color is None
                           else f"{self.color.value}{self.number}")

    @property
    def is_crow(self) -> bool:
        """True for a crow card."""
        return self.color is None

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a card code such as ``"R3"`` or ``"C0"``; raise NotationError otherwise."""
        card = CARDS_BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            if not isinstance(code, str):
                raise ArgumentError(f"a card code must be a str, not {type(code).__name__}")
            raise NotationError(
                f"{code!r} is not a card: a card is a colour letter R O Y G B I V and a "
                "number 1-6 (R3), or C0 for a crow",
                code="unknown_card",
            )
        return card

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    # Equality and hashing by value through the rank, which the value determines:
    # one int comparison instead of comparing a colour enum and a number.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.rank == other.rank

    def __hash__(self) -> int:
        return self.rank

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank < other.rank


_ALL_FRUIT = tuple(Card(color, number) for color in Color for number in range(1, 7))
CROW = Card(None, 0)
"""The crow card (all four crows are this same value)."""

CARDS_BY_RANK: tuple[Card, ...] = (*_ALL_FRUIT, CROW)
"""Every card there is, the shared instances, by rank: ``CARDS_BY_RANK[card.rank] == card``
(0 for R1 to 41 for V6, 42 a crow)."""
CARDS_BY_CODE: dict[str, Card] = {str(card): card for card in CARDS_BY_RANK}
"""Every card there is, the shared instances, by code (``"R3"``, ``"C0"``)."""
card_for_code = CARDS_BY_CODE.get
"""The card with this code, or None (the quiet form of ``Card.parse``)."""


def max_number(num_players: int) -> int:
    """The highest fruit number in a game of ``num_players`` (N+1, at most 6)."""
    return min(num_players + 1, 6)


def game_cards(num_players: int, crows: bool) -> tuple[Card, ...]:
    """Every card of a game, in canonical order: numbers 1..N+1 (max 6) of each colour,
    then the four crows with the Greedy Crow variant."""
    top = max_number(num_players)
    fruit = tuple(card for card in _ALL_FRUIT if card.number <= top)
    return fruit + ((CROW,) * 4 if crows else ())


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards sorted in canonical order (colour R O Y G B I V, number, crows last)."""
    return tuple(sorted(cards, key=_rank))


_rank = attrgetter("rank")


def _structure_card(value: Any, _type: Any) -> Card:
    if type(value) is not str:
        raise MismatchError(f"expected a card code such as \"R3\", got {describe(value)}")
    return Card.parse(value)


# A card's JSON is its code, in every value the converter writes (setups, events, views).
converter.register_structure_hook(Card, _structure_card)
converter.register_unstructure_hook(Card, str)
