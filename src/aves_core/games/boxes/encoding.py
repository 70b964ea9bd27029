"""Boxes for learning agents (``aves_core.kernel.encoding``; ``describe`` tables it in
docs/ai.md): 1,333 actions, every move a seat could make (``rules.all_moves``), and
``133 + 31 * N`` observation values read from the seat's view only and from its side
(seat ``me + i`` is "i seats to my left"), money divided by 3,400, counts by 4.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from aves_core.games.boxes.cards import (
    COLOURS,
    NOTE_VALUES,
    OPEN_CANONICAL,
    START_NOTES,
    collections_of,
    counts_of_notes,
    money_of,
)
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import seal_choices
from aves_core.games.boxes.state import CONTAINERS, SLOTS
from aves_core.games.boxes.views import BoxesView, WonContainer
from aves_core.kernel.encoding import ActionTable, EncodingError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["KINDS", "BoxesEncoding"]

MAX_NOTES = START_NOTES[0]
"""The most notes of one value a seat can hold (4)."""
SETS: int = (MAX_NOTES + 1) ** len(NOTE_VALUES)
"""The sets of notes a seat can commit or pay (625)."""
MONEY = money_of(START_NOTES)
"""A seat's starting money (3,400): the scale of money and bids."""
KINDS: tuple[str, ...] = (*OPEN_CANONICAL[:16], *(f"{colour}250" for colour in COLOURS),
                          "N500", "N0", "N10")
"""The 23 kinds of card, in the observation's order."""
_KIND = {kind: index for index, kind in enumerate(KINDS)}

AUCTION = 0
EXAMINE = AUCTION + 2
STOP = EXAMINE + len(SLOTS)
SEAL = STOP + 1
BID = SEAL + SETS
BIDS = MONEY // 50 + 1
PASS = BID + BIDS
PAY = PASS + 1
ACTIONS = PAY + SETS

_PHASE_INDEX = {phase: index for index, phase in enumerate(Phase)}
_SLOT = {slot: index for index, slot in enumerate(SLOTS)}

# The observation, up to the per-seat blocks.
O_PHASE = 0
O_CONTAINER = O_PHASE + len(Phase)
O_AUCTION = O_CONTAINER + 1
O_ACTIONS = O_AUCTION + 2
O_STANDING = O_ACTIONS + 1
O_HAS_STANDING = O_STANDING + 1
O_PRICE = O_HAS_STANDING + 1
O_MY_COMMIT = O_PRICE + 1
O_COMMITTED = O_MY_COMMIT + len(NOTE_VALUES)
SLOT_BLOCK = 2 + len(COLOURS)
O_SLOTS = O_COMMITTED + 1
O_WON = O_SLOTS + len(SLOTS) * SLOT_BLOCK
O_SEEN = O_WON + len(KINDS)
O_COLLECTIONS = O_SEEN + len(KINDS)
O_OPEN_LEFT = O_COLLECTIONS + 1
O_CLOSED_LEFT = O_OPEN_LEFT + 1
O_SEATS = O_CLOSED_LEFT + 1

S_MONEY = len(NOTE_VALUES)
S_WON = S_MONEY + 1
S_AUCTIONEER, S_TO_MOVE, S_EXAMINER, S_COMMITTED, S_BIDDER, S_HOLDER, S_WINNER = range(
    S_WON + 1, S_WON + 8)
S_REVEALED = S_WINNER + 1
S_WEALTH = S_REVEALED + 1
S_LOOKS = S_WEALTH + 1
SEAT_BLOCK = S_LOOKS + len(SLOTS)
"""One seat's values: its notes, money and containers won, seven marks, its last sealed
bid and wealth, and the slots it examined (``observe`` writes them in docs/ai.md's order)."""


_SETS = seal_choices(0, START_NOTES)
_NUMBER = {notes: number for number, notes in enumerate(_SETS)}


def set_number(notes: tuple[int, ...]) -> int:
    """The number of a set of notes (``a*125 + b*25 + c*5 + d``); ``EncodingError`` for
    notes no seat can hold."""
    number = _NUMBER.get(tuple(sorted(notes, reverse=True)))
    if number is None:
        raise EncodingError(f"{notes}: no seat of Boxes holds these notes")
    return number


def notes_of_number(number: int) -> tuple[int, ...]:
    """The set of notes with this number (largest first)."""
    return _SETS[number]


@functools.lru_cache(maxsize=1 << 12)
def _winnings(won: tuple[WonContainer, ...], num_players: int
              ) -> tuple[tuple[tuple[int, int], ...], int, frozenset[int]]:
    """The cards of the containers ``won`` as (kind, count) for each kind among them
    (``KINDS``, in order), the collections they make and the containers: a seat wins a
    container at most 6 times a game, and the env observes its view every step."""
    cards = [card for each in won for card in each.cards]
    counts = [0] * len(KINDS)
    for card in cards:
        counts[_KIND[card]] += 1
    return (tuple((kind, held) for kind, held in enumerate(counts) if held),
            collections_of(cards, num_players), frozenset(each.container for each in won))


def _range(first: int, after: int) -> str:
    return f"{first}" if after - first == 1 else f"{first}-{after - 1}"


class BoxesEncoding(ActionTable):
    """The encoding of Boxes for ``num_players`` seats: the same actions for all
    (``rules.all_moves``), an observation whose size depends on the number."""

    def __init__(self, game: Any, num_players: int) -> None:
        # The rules list the very objects of all_moves (one object per move), which
        # ActionTable finds by identity, without hashing them.
        super().__init__(game, num_players)
        self.sales = O_SEATS + num_players * SEAT_BLOCK
        self.sale_block = num_players + 1
        self.observation_size = self.sales + CONTAINERS * self.sale_block

    def observe(self, view: BoxesView, out: npt.NDArray[np.float32]) -> None:
        """The seat's observation (see the module's table), from its view alone.

        The env observes a view per step: counts are made in Python and each value is
        written once, zeros not at all (``out`` comes zeroed)."""
        me = view.seat if view.seat is not None else 0
        count = self.num_players

        def block(seat: int) -> int:  # where a seat's values start: me, then to my left
            return O_SEATS + (seat - me) % count * SEAT_BLOCK

        container = view.container
        out[O_PHASE + _PHASE_INDEX[view.phase]] = 1.0
        out[O_CONTAINER] = container / CONTAINERS
        if view.auction is not None:
            out[O_AUCTION + (view.auction == "sealed")] = 1.0
        out[O_ACTIONS] = view.actions / 7
        if view.standing is not None:
            out[O_STANDING] = view.standing / MONEY
            out[O_HAS_STANDING] = 1.0
        out[O_PRICE] = view.price / MONEY
        if view.my_commit is not None:  # its counts, and 1: committed
            for place, held in enumerate(counts_of_notes(view.my_commit), O_MY_COMMIT):
                out[place] = held / MAX_NOTES
            out[O_COMMITTED] = 1.0
        # The slots each seat examined in the container in play, and the cards of mine:
        # this container's looks are the newest.
        for look in reversed(view.looks):
            if look.container != container:
                break
            slot = _SLOT[look.slot]
            out[O_SEATS + (look.seat - me) % count * SEAT_BLOCK + S_LOOKS + slot] = 1.0
            card = look.card
            if card is not None:
                base = O_SLOTS + slot * SLOT_BLOCK
                out[base] = 1.0
                out[base + 1] = int(card[1:]) / 250
                if card[0] != "N":
                    out[base + 2 + COLOURS.index(card[0])] = 1.0
        # The cards I won; the cards I have seen (known_cards): those and the ones I
        # examined in the other containers.
        won, collections, containers = _winnings(view.my_containers, count)
        seen = dict(won)
        for look in view.looks:
            card = look.card
            if card is not None and look.container not in containers:  # mine, elsewhere
                kind = _KIND[card]
                seen[kind] = seen.get(kind, 0) + 1
        for kind, held in won:
            out[O_WON + kind] = held / MAX_NOTES
        for kind, held in seen.items():
            out[O_SEEN + kind] = held / MAX_NOTES
        out[O_COLLECTIONS] = collections / MAX_NOTES
        out[O_OPEN_LEFT] = view.open_left / 36
        out[O_CLOSED_LEFT] = view.closed_left / 24
        won_count = [0] * count
        for sale in view.sales:
            won_count[sale.seat] += 1
            base = self.sales + (sale.container - 1) * self.sale_block
            out[base + (sale.seat - me) % count] = 1.0
            out[base + count] = sale.price / MONEY
        for seat in range(count):
            base = block(seat)
            for place, held in enumerate(view.notes[seat], base):
                out[place] = held / MAX_NOTES
            out[base + S_MONEY] = view.money[seat] / MONEY
            out[base + S_WON] = won_count[seat] / CONTAINERS
            if view.revealed is not None:
                out[base + S_REVEALED] = sum(view.revealed[seat]) / MONEY
            if view.wealth is not None:
                out[base + S_WEALTH] = view.wealth[seat] / MONEY
        # The marks: who holds each role.
        out[block(view.auctioneer) + S_AUCTIONEER] = 1.0
        for seat in view.to_move:
            out[block(seat) + S_TO_MOVE] = 1.0
        if view.examiner is not None:
            out[block(view.examiner) + S_EXAMINER] = 1.0
        for seat in view.committed:
            out[block(seat) + S_COMMITTED] = 1.0
        for seat in view.bidders:
            out[block(seat) + S_BIDDER] = 1.0
        if view.holder is not None:
            out[block(view.holder) + S_HOLDER] = 1.0
        if view.winner is not None:
            out[block(view.winner) + S_WINNER] = 1.0

    def describe(self) -> list[tuple[str, str]]:
        """The layout, for docs/ai.md (the per-seat blocks for ``num_players``)."""
        sales = self.sales
        return [
            (f"action {AUCTION}-{AUCTION + 1}", "auction open, auction sealed"),
            (f"action {_range(EXAMINE, STOP)}", "examine slot s (c1-c4, o1-o6 = 0-9): 2+s"),
            (f"action {STOP}", "stop"),
            (f"action {_range(SEAL, BID)}", "seal the notes with counts a b c d of 500 200 "
             "100 50 (0-4 each): 13+a*125+b*25+c*5+d (13 is seal none)"),
            (f"action {_range(BID, PASS)}", f"bid x (0-{MONEY}): {BID}+x/50"),
            (f"action {PASS}", "pass"),
            (f"action {_range(PAY, ACTIONS)}", f"pay the notes with counts a b c d: "
             f"{PAY}+a*125+b*25+c*5+d"),
            (f"obs {_range(O_PHASE, O_CONTAINER)}", "phase one-hot: chooseAuction, examine, "
             "openAuction, sealedBid, payment, gameEnd"),
            (f"obs {O_CONTAINER}", "the container in play /6"),
            (f"obs {_range(O_AUCTION, O_ACTIONS)}", "the auction chosen: open, sealed"),
            (f"obs {O_ACTIONS}", "the examiner's actions left /7"),
            (f"obs {O_STANDING}", f"the standing bid /{MONEY}"),
            (f"obs {O_HAS_STANDING}", "1 when there is a standing bid"),
            (f"obs {O_PRICE}", f"the price to pay /{MONEY}"),
            (f"obs {_range(O_MY_COMMIT, O_COMMITTED)}", "my sealed commit: count of each "
             "note (500 200 100 50) /4"),
            (f"obs {O_COMMITTED}", "1 when I have committed"),
            (f"obs {_range(O_SLOTS, O_WON)}", f"slot s of the container in play (c1-c4, "
             f"o1-o6) at {O_SLOTS}+s*{SLOT_BLOCK}: +0 1 when I examined it, +1 its card's "
             "value /250, +2-5 its colour one-hot (Y B R G)"),
            (f"obs {_range(O_WON, O_SEEN)}", "the cards I won: count of each kind k "
             "(Y50-G200 = 0-15, Y250 B250 R250 G250 N500 N0 N10 = 16-22) /4"),
            (f"obs {_range(O_SEEN, O_COLLECTIONS)}", "the cards I have seen (examined or "
             "won): count of each kind /4"),
            (f"obs {O_COLLECTIONS}", "my collections /4"),
            (f"obs {O_OPEN_LEFT}", "open boxes left to deal /36"),
            (f"obs {O_CLOSED_LEFT}", "closed boxes left to deal /24"),
            (f"obs {_range(O_SEATS, sales)}", f"seat i (me, then to my left) at "
             f"{O_SEATS}+i*{SEAT_BLOCK}: +0-3 notes of 500 200 100 50 /4, +4 money /{MONEY}, "
             "+5 containers won /6, +6 auctioneer, +7 to move, +8 examining, +9 committed, "
             f"+10 in the open auction, +11 holds the standing bid, +12 to pay, +13 its "
             f"last revealed sealed bid /{MONEY}, +14 its wealth at the end /{MONEY}, +15-24 "
             "1 for each slot it examined in the container in play"),
            (f"obs {_range(sales, self.observation_size)}", f"container c (1-6) at "
             f"{sales}+(c-1)*{self.sale_block}: +0-{self.num_players - 1} its buyer, relative "
             f"to me, one-hot, +{self.num_players} its price /{MONEY}"),
        ]
