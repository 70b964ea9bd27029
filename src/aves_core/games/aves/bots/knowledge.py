"""What one seat knows, and full states drawn consistently with it.

A seat sees its own hand, the circle, every hand's size and the deck's size;
from the events it has seen it also knows which cards each opponent took from
the circle (or drew in the open, under Showdown) and has not put back since.
Every other card, the *unseen* ones, lies in an opponent's unknown slots or in
the deck. A pass is the one move that tells more (only a hand of crows can
pass), and it is counted: that hand is known to be crows. Other hints are
not used: that a forced return gave up a colour held once shows the returner
held no colour twice, and an opponent's choices say something of its hand;
the unseen cards are taken as equally likely in any arrangement. ``determinize`` draws one such
arrangement uniformly, giving a full ``GameState`` that a search can play on.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

import attrs

from aves_core.games.aves.cards import CROW, Card, canonical, game_cards
from aves_core.games.aves.events import (
    EVENT_TYPES,
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    Event,
    Passed,
    TradeUndone,
)
from aves_core.games.aves.rules import HAND_SIZE
from aves_core.games.aves.state import GameState
from aves_core.games.aves.views import PlayerView
from aves_core.kernel.errors import ArgumentError

__all__ = ["Knowledge", "determinize"]


@attrs.frozen
class Knowledge:
    """One seat's knowledge of a game.

    ``known[s]`` are the cards known to be in seat s's hand (the whole hand
    for the seat itself, and for everybody under Showdown); ``unseen`` are
    the cards whose place the seat cannot tell, in canonical order: they fill
    the other hands' ``hand_sizes[s] - len(known[s])`` unknown slots and the
    deck.
    """

    view: PlayerView
    known: tuple[tuple[Card, ...], ...]
    unseen: tuple[Card, ...]

    @property
    def seat(self) -> int:
        """The seat whose knowledge this is."""
        assert self.view.seat is not None
        return self.view.seat

    def unknown_slots(self, seat: int) -> int:
        """How many of ``seat``'s cards are unseen."""
        return self.view.hand_sizes[seat] - len(self.known[seat])

    @classmethod
    def from_events(cls, view: PlayerView, events: Iterable[Event]) -> Knowledge:
        """The knowledge of ``view.seat`` after seeing ``events`` (all of the game's,
        as ``events_for`` gave them) and now seeing ``view``."""
        if not isinstance(view, PlayerView) or view.seat is None:
            raise ArgumentError("Knowledge needs the view of a seat (not a spectator's)")
        return cls.of(view, events)

    @classmethod
    def of(cls, view: PlayerView, events: Iterable[Event]) -> Knowledge:
        """``from_events``, for a spectator's view too (what the conformance kit swaps)."""
        num = len(view.hand_sizes)
        taken: list[Counter[Card]] = [Counter() for _ in range(num)]
        sizes = [HAND_SIZE] * num  # every hand starts with three cards
        for event in events:
            seat = getattr(event, "seat", 0)
            if not isinstance(event, EVENT_TYPES):
                raise ArgumentError(f"not an event: {type(event).__name__}")
            if type(seat) is not int or not 0 <= seat < num:
                raise ArgumentError(f"an event names seat {seat!r} of a {num}-seat game")
            _track_size(sizes, event)
            if isinstance(event, Passed):
                # Only a hand of crows can pass: every card of it is known now.
                taken[seat] = Counter({CROW: sizes[seat]})
            elif isinstance(event, CardsTaken):
                taken[event.seat].update(event.cards)
            elif isinstance(event, CardDrawn):
                if event.card is not None:
                    taken[event.seat][event.card] += 1
            elif isinstance(event, CardPlaced | CardReturned):
                if taken[event.seat][event.card] > 0:
                    taken[event.seat][event.card] -= 1
            elif isinstance(event, TradeUndone):
                taken[event.seat].subtract(event.cards)
                taken[event.seat][event.card] += 1
        known = []
        for seat in range(num):
            hand = view.hands[seat]
            known.append(hand if hand is not None else canonical(taken[seat].elements()))
            if len(known[seat]) > view.hand_sizes[seat]:
                raise ArgumentError(f"the events give seat {seat} more cards than its hand "
                                    f"holds ({view.hand_sizes[seat]})")
        pool = Counter(game_cards(num, view.variant.crows))
        pool.subtract(view.circle)
        for cards in known:
            pool.subtract(cards)
        if any(count < 0 for count in pool.values()):
            raise ArgumentError("the events do not fit the view: a card is in two places")
        return cls(view=view, known=tuple(known), unseen=canonical(pool.elements()))


def _track_size(sizes: list[int], event: Event) -> None:
    """Follow the hand sizes through the events (a pass needs the size at that time)."""
    if isinstance(event, CardPlaced | CardReturned):
        sizes[event.seat] -= 1
    elif isinstance(event, CardsTaken):
        sizes[event.seat] += 2
    elif isinstance(event, CardDrawn):
        sizes[event.seat] += 1
    elif isinstance(event, TradeUndone):
        sizes[event.seat] -= 1


def determinize(knowledge: Knowledge, rng: random.Random) -> GameState:
    """A full state consistent with ``knowledge``, drawn uniformly over the ways the
    unseen cards can fill the unknown hand slots and the deck."""
    if not isinstance(knowledge, Knowledge):
        raise ArgumentError(f"determinize needs a Knowledge, not {type(knowledge).__name__}")
    view = knowledge.view
    pool = list(knowledge.unseen)
    rng.shuffle(pool)
    hands = []
    start = 0
    for seat, cards in enumerate(knowledge.known):
        need = view.hand_sizes[seat] - len(cards)
        hands.append(canonical((*cards, *pool[start:start + need])))
        start += need
    deck = tuple(pool[start:])
    if len(deck) != view.deck_size:
        raise ArgumentError("the knowledge does not fit the view's hand and deck sizes")
    return GameState(view.variant, view.phase, view.active_player, tuple(hands), view.circle,
                     deck, view.result)
