"""Frozen values that describe a game of Cubirds: options, the recorded setup, the state
(docs/cubirds.md, "Cards, rows and zones")."""

from __future__ import annotations

import re
from typing import Literal

import attrs

from aves_core.games.cubirds.cards import Counts, text_of
from aves_core.games.cubirds.phases import Phase
from aves_core.kernel.errors import ArgumentError, NotationError, SetupError
from aves_core.kernel.game import Result

__all__ = ["HAND_CARDS", "REASONS", "ROW_CARDS", "CubirdsOptions", "CubirdsSetup",
           "CubirdsState", "Pending", "ranks_of"]

REASONS = ("seven_species", "two_triples", "deck_exhausted")
"""Why a game ends (CB12, CB14)."""
ROW_CARDS = (3, 4)
"""The cards of each starting row: 3 (the published game) or 4 (CB19)."""
HAND_CARDS = 8
"""The cards of each hand at a deal (CB4, CB13)."""


def _row_cards(_instance: object, _attribute: object, value: object) -> None:
    if type(value) is not int:
        raise ArgumentError(f"row_cards must be an int, not {type(value).__name__} "
                            f"{value!r:.20}")
    if value not in ROW_CARDS:
        raise SetupError(f"row_cards is 3 or 4, not {value}", code="bad_options",
                         path="row_cards")


@attrs.frozen
class CubirdsOptions:
    """How to set a game up: ``row_cards``, the cards (of as many species) in each of
    the four starting rows, 3 by default or 4 (CB19, [D1])."""

    row_cards: int = attrs.field(default=3, validator=_row_cards, metadata={
        "help": "the cards in each of the four rows at the start: 3 (the published "
                "game) or 4", "choices": ROW_CARDS})


def _tuple(value: object) -> object:
    # A list given in Python reads as the tuple it names; anything else is start's to judge.
    return tuple(value) if isinstance(value, list) else value


_SETUP_TEXT = re.compile(r"\s*\*:deal\s+rows=(?P<rows>\S+)\s+stock=(?P<stock>[A-Z]*)"
                         r"\s+dealer=(?P<dealer>\d{1,9})\s*")


@attrs.frozen
class CubirdsSetup:
    """The recorded deal, the truth of a game's setup (CB5): ``row_cards`` (the
    option), the four ``rows`` (letters, left to right), the ``stock`` (the cards of
    shuffle B, top first: the hands, then the collections, then the deck) and the
    ``dealer``, who plays first. ``start`` checks it."""

    row_cards: int
    rows: tuple[str, ...] = attrs.field(converter=_tuple)
    stock: str
    dealer: int

    def text(self) -> str:
        """The deal as the RULES write it: ``*:deal rows=FOT/DPM/WRF/OTD stock=... dealer=2``."""
        return f"*:deal rows={'/'.join(self.rows)} stock={self.stock} dealer={self.dealer}"

    @classmethod
    def parse(cls, text: str) -> CubirdsSetup:
        """A deal from its text (``NotationError`` for text of another shape); the
        rows' length gives ``row_cards``."""
        if not isinstance(text, str):
            raise ArgumentError(f"a deal's text must be a str, not {type(text).__name__}")
        found = _SETUP_TEXT.fullmatch(text)
        if found is None:
            raise NotationError(f"{text[:40]!r} is not a deal: write *:deal "
                                "rows=FOT/DPM/WRF/OTD stock=CARDS dealer=SEAT")
        rows = tuple(found["rows"].split("/"))
        return cls(len(rows[0]), rows, found["stock"], int(found["dealer"]))


@attrs.frozen
class Pending:
    """What a pending reshuffle is for, so that play resumes there (CB15): a
    ``refill`` of ``row`` at ``side`` (until it shows two species), a ``draw`` with
    ``count`` cards still to draw, or a ``deal`` with ``count`` cards still to deal
    (blocks of 8 in seat order: the seat dealt to next is ``(8N - count) // 8``)."""

    kind: Literal["refill", "draw", "deal"]
    count: int | None = None
    row: int | None = None
    side: str | None = None

    def __str__(self) -> str:
        if self.kind == "refill":
            return f"the refill of row {self.row} at the {self.side}"
        return f"the {self.kind} of {self.count} more card{'s' if self.count != 1 else ''}"


def ranks_of(result: Result | None, collections: tuple[Counts, ...]) -> tuple[int, ...] | None:
    """Each seat's rank (CB16), None while the game goes on: after a win the winner is 1
    and every other seat 2; after exhaustion seats rank by collection size, equal sizes
    share a rank and the next is skipped (1, 1, 3)."""
    if result is None:
        return None
    if result.reason != "deck_exhausted":
        return tuple(1 if seat in result.winners else 2 for seat in range(len(collections)))
    sizes = [sum(collection) for collection in collections]
    return tuple(1 + sum(1 for other in sizes if other > size) for size in sizes)


@attrs.frozen(cache_hash=True)
class CubirdsState:
    """Everything about a game at one moment (build it with the game's ``start``).

    ``rows`` (letters, left to right) and ``deck`` (letters, top first) keep their
    order; ``discard``, ``hands`` and ``collections`` are counts (``cards``). ``active``
    is the seat whose turn it is (None once the game is over); in phase ``reshuffle``
    ``pending`` says what the cards are for, and no seat moves.
    """

    rows: tuple[str, ...]
    deck: str
    discard: Counts
    hands: tuple[Counts, ...]
    collections: tuple[Counts, ...]
    dealer: int
    phase: Phase
    active: int | None
    pending: Pending | None = None
    result: Result | None = None

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seat to move; nobody once the game is over or while it awaits a
        reshuffle (CB15)."""
        return () if self.active is None or self.phase is Phase.RESHUFFLE else (self.active,)

    @property
    def collection_sizes(self) -> tuple[int, ...]:
        """How many cards each seat's collection holds."""
        return tuple(sum(collection) for collection in self.collections)

    @property
    def ranks(self) -> tuple[int, ...] | None:
        """Each seat's rank once the game is over (``ranks_of``), else None."""
        return ranks_of(self.result, self.collections)

    def card_count(self) -> int:
        """Every card in every zone: always 110 (CB3)."""
        return (sum(len(row) for row in self.rows) + len(self.deck) + sum(self.discard)
                + sum(sum(hand) for hand in self.hands)
                + sum(sum(collection) for collection in self.collections))

    def __str__(self) -> str:
        lines = [f"row {index}: {' '.join(row)}" for index, row in enumerate(self.rows)]
        lines.append(f"deck: {len(self.deck)} card{'s' if len(self.deck) != 1 else ''}; "
                     f"discard: {' '.join(text_of(self.discard)) or '(none)'}")
        for seat, (hand, collection) in enumerate(zip(self.hands, self.collections,
                                                      strict=True)):
            mark = " (dealer)" if seat == self.dealer else ""
            lines.append(f"seat {seat}{mark}: hand {' '.join(text_of(hand)) or '(empty)'}; "
                         f"collection {' '.join(text_of(collection)) or '(none)'}")
        result = self.result
        if result is not None:
            winners = " and ".join(f"seat {seat}" for seat in result.winners)
            lines.append(f"{self.phase.value}: won by {winners} ({result.reason}); "
                         f"ranks {' '.join(map(str, self.ranks or ()))}")
        elif self.pending is not None:
            lines.append(f"{self.phase.value}: the deck is empty; the discard pile is "
                         f"reshuffled for {self.pending} (seat {self.active}'s turn)")
        else:
            lines.append(f"{self.phase.value}: seat {self.active} to move")
        return "\n".join(lines)

