"""Frozen values that describe a game of Boxes: options, the recorded setup, the state.
The state keeps both piles whole, in their dealt order, and derives each container
from them (BX6, ``slot_index``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Self

import attrs

from aves_core.games.boxes.cards import Notes, held_text, money_of
from aves_core.games.boxes.moves import NOTES
from aves_core.games.boxes.phases import Phase
from aves_core.kernel.facts import NoOptions
from aves_core.kernel.game import Result

__all__ = ["ACTIONS", "CLOSED_SLOTS", "CONTAINERS", "COST", "OPEN_SLOTS", "SLOTS", "BoxesOptions",
           "BoxesSetup", "BoxesState", "Look", "Sale", "slot_index"]

CONTAINERS = 6
"""Containers in a game (BX6)."""
ACTIONS = 7
"""Each seat's examining actions per container (BX9)."""
CLOSED_SLOTS = ("c1", "c2", "c3", "c4")
"""A container's four closed slots, as moves name them."""
OPEN_SLOTS = ("o1", "o2", "o3", "o4", "o5", "o6")
"""A container's six open slots, as moves name them."""
SLOTS = CLOSED_SLOTS + OPEN_SLOTS
"""A container's slots, closed first (the order of its cards in a won container)."""
COST = {slot: 2 if slot[0] == "c" else 1 for slot in SLOTS}
"""A closed slot costs 2 actions, an open one 1 (BX9)."""


def slot_index(container: int, slot: str) -> tuple[bool, int]:
    """Where ``slot`` of ``container`` lies: (closed pile?, index in that pile)."""
    number = int(slot[1]) - 1
    if slot[0] == "c":
        return True, 4 * (container - 1) + number
    return False, 6 * (container - 1) + number


BoxesOptions = NoOptions
"""Boxes has no options (the first auctioneer is drawn, or given to ``new_setup``)."""


@attrs.frozen
class BoxesSetup:
    """The recorded deal (BX5): both piles in their shuffled order (codes, the first
    card first) and the ``first`` auctioneer. ``start`` checks it."""

    open_pile: tuple[str, ...]
    closed_pile: tuple[str, ...]
    first: int


@attrs.frozen
class Look:
    """``seat`` examined ``slot`` of ``container`` (public; the card is not)."""

    container: int
    seat: int
    slot: str


@attrs.frozen
class Sale:
    """``seat`` won ``container`` at ``price`` and paid ``notes`` (public, BX21)."""

    container: int
    seat: int
    price: int
    notes: tuple[int, ...]


_FIELDS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}
"""For each state class, a getter of all its fields' values and each field's place."""


@attrs.frozen(cache_hash=True)
class BoxesState:
    """Everything about a game at one moment (build it with the game's ``start``).

    ``notes``: each seat's note counts; ``container``: the one in play (1-6), and its
    ``auction`` once chosen; the ``examiner`` and its ``actions`` left; in a sealed
    auction ``commits[s]`` (None: not yet) and their ``order``, then every commit
    ``revealed``; in an open auction the ``bidders`` still in (clockwise), the
    ``standing`` bid (None before the first), its ``holder`` and whose ``turn`` it is;
    in payment the ``winner`` and the ``price`` it owes; at the end the ``result``,
    each seat's ``final_cards`` (sorted) and ``wealth``.
    """

    open_pile: tuple[str, ...]
    closed_pile: tuple[str, ...]
    first: int
    notes: tuple[Notes, ...]
    container: int = 1
    phase: Phase = Phase.CHOOSE_AUCTION
    auction: str | None = None
    examiner: int | None = None
    actions: int = 0
    looks: tuple[Look, ...] = ()
    commits: tuple[tuple[int, ...] | None, ...] = ()
    order: tuple[int, ...] = ()
    revealed: tuple[tuple[int, ...], ...] | None = None
    bidders: tuple[int, ...] = ()
    standing: int | None = None
    holder: int | None = None
    turn: int | None = None
    winner: int | None = None
    price: int = 0
    sales: tuple[Sale, ...] = ()
    result: Result | None = None
    final_cards: tuple[tuple[str, ...], ...] | None = None
    wealth: tuple[int, ...] | None = None

    def evolve(self, **changes: Any) -> Self:
        """A copy with ``changes``: ``attrs.evolve``, about twice as fast (the rules make
        one or two a move), the fields of a subclass kept too."""
        kind = type(self)
        found = _FIELDS.get(kind)
        if found is None:
            names = [field.name for field in attrs.fields(kind)]
            found = _FIELDS[kind] = (operator.attrgetter(*names),
                                     {name: place for place, name in enumerate(names)})
        values, places = list(found[0](self)), found[1]
        for name, value in changes.items():
            values[places[name]] = value
        return kind(*values)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return len(self.notes)

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that may move now: every seat yet to commit in a sealed auction, one
        seat otherwise, nobody once the game is over."""
        phase = self.phase
        if phase is Phase.SEALED_BID:
            return tuple(seat for seat, notes in enumerate(self.commits) if notes is None)
        if phase is Phase.EXAMINE:
            seat = self.examiner
        elif phase is Phase.OPEN_AUCTION:
            seat = self.turn
        elif phase is Phase.CHOOSE_AUCTION:
            seat = self.auctioneer
        else:  # payment, or nobody once the game is over
            seat = self.winner
        return () if seat is None else (seat,)

    @property
    def auctioneer(self) -> int:
        """The auctioneer of the container in play (BX7)."""
        return (self.first + self.container - 1) % len(self.notes)

    def card(self, container: int, slot: str) -> str:
        """The card in ``slot`` of ``container``."""
        closed, index = slot_index(container, slot)
        return (self.closed_pile if closed else self.open_pile)[index]

    def container_cards(self, container: int) -> tuple[str, ...]:
        """The 10 cards of ``container``, slot by slot (c1-c4, o1-o6)."""
        return (self.closed_pile[4 * container - 4:4 * container]
                + self.open_pile[6 * container - 6:6 * container])

    def cards_of(self, seat: int) -> tuple[str, ...]:
        """Every card of the containers ``seat`` won, container by container."""
        return tuple(card for sale in self.sales if sale.seat == seat
                     for card in self.container_cards(sale.container))

    def __str__(self) -> str:
        lines = [f"container {self.container} of 6, auctioneer seat {self.auctioneer}"
                 + (f", {self.auction} auction" if self.auction else "")]
        for seat, notes in enumerate(self.notes):
            won = [str(sale.container) for sale in self.sales if sale.seat == seat]
            lines.append(f"seat {seat}: {money_of(notes):,} ECU ({held_text(notes)}); "
                         f"containers won: {', '.join(won) or 'none'}")
        now = [look for look in self.looks if look.container == self.container]
        if now:
            lines.append("examined: " + ", ".join(
                f"{look.seat}:{look.slot}={self.card(look.container, look.slot)}"
                for look in now))
        lines.append(self._status())
        return "\n".join(lines)

    def _status(self) -> str:
        phase = self.phase
        if self.result is not None:
            winners = " and ".join(f"seat {seat}" for seat in self.result.winners)
            wealth = ", ".join(f"{value:,}" for value in self.wealth or ())
            return f"gameEnd: won by {winners} (wealth {wealth})"
        if phase is Phase.CHOOSE_AUCTION:
            return f"chooseAuction: seat {self.auctioneer} chooses open or sealed"
        if phase is Phase.EXAMINE:
            return f"examine: seat {self.examiner} to examine, {self.actions} actions left"
        if phase is Phase.SEALED_BID:
            commits = ", ".join(f"seat {seat}: {NOTES.write(notes)}"
                                for seat, notes in enumerate(self.commits) if notes is not None)
            return f"sealedBid: committed {commits or 'nobody yet'}"
        if phase is Phase.OPEN_AUCTION:
            return (f"openAuction: standing bid {self.standing} by seat {self.holder}, "
                    f"seats in {list(self.bidders)}, seat {self.turn} to act")
        return f"payment: seat {self.winner} pays {self.price}"
