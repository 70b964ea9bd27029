"""Cubirds' bots: GreedyBot, what a seat knows, the fast playout policy and the search
bot's hooks.

**Values.** A collection is worth (``collection_value``) 1,000 when it wins (seven
species, or two species of three cards), else 10 a species it holds (seven win), 8 a
card, up to three each, of its two largest species (two triples win) and 2 a card (the
largest collection wins when the cards run out). A hand is worth (``hand_value``) 0.25
a card (a card is a choice), plus, for each species, a share of what flying it would
add to the collection: half of it for a flock that can fly now (birds at home are
worth twice birds in hand: a round's end throws hands away), ``0.4 * (held /
small)^2`` of it for one still short; a gain counts up to 40, so a hand is not judged
by one distant win. At the end of a turn the seat is worth its collection plus its
hand; with an empty hand the round ends: the seat gets a fresh hand of 8 (``FRESH``,
what 8 random cards are worth on average) and every other hand is thrown away (0.5 a
card to the seat), unless the cards left cannot make a new deal: the game ends then,
won (1,000) or lost (-1,000) on collection sizes.

**GreedyBot** (``greedy``) plays the move whose turn ends best, one step ahead,
from its view alone (never a hidden card; ties at random with its ``rng``):

- *Lay*: the cards a lay takes are known from the rows, so each lay is judged by
  the hand it leaves, then its best flock this turn: a lay that takes many cards or
  completes a flock scores high, laying a species the hand is gathering scores low.
  A lay that takes nothing is worth the draw it allows (about two cards). *No gift*:
  a lay loses 1.5 for each card the next seat could be expected to take from that
  row afterwards beyond what it could take before (each species' best take, times
  the chance that the next hand holds one, drawn from the unseen cards).
- *Draw*: the exact expectation over the two cards drawn from the unseen ones,
  against not drawing; so it draws, unless its hand is empty: then ``nodraw`` ends
  the round, a fresh hand of 8 for it and the loss of the others' hands (or, when
  no new deal is possible, the game's end, taken only when it wins it).
- *Flock*: the flock whose turn ends best: a win first, then what brings a win
  closer (a new species, a third card); no flock only when what it would add is
  worth less than the cards it throws away.

**Search** (``search``, ``search:N``, ``search:40ms``) is the kernel's IS-MCTS
through ``search_hooks()``: ``Knowledge`` is the seat's view and the cards it saw
the others take and not give up since; ``sample`` deals the rest of the unseen
cards (110 less the rows, collections, discard pile, its own hand and those known
cards) to the other hands' unknown places and the deck, uniformly. Reshuffles in
walks and playouts are drawn by the ``chance`` hook. Playouts (``playout_move``)
lay what takes best (now and then a random lay), draw unless the hand is empty and
fly the best flock; they stop after ``PLAYOUT_MOVES`` moves, and ``cutoff`` judges
them by the values above: every seat within ``CUTOFF_MARGIN`` of the best collection
and hand shares the win (in trials against greedy, such short playouts did better
than 40-move ones judged by progress alone). GreedyBot's scores order and bias the
root's moves.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

import attrs

from aves_core.games.cubirds.cards import COUNTS, EMPTY, INDEX, SMALL, SPECIES, Counts, flying_home
from aves_core.games.cubirds.events import Event, Flown, Laid, LayUndone, RoundEnded
from aves_core.games.cubirds.moves import Draw, Fly, Lay, Move
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import (
    DRAWS,
    FLIES,
    LAYS,
    NOFLIES,
    chance_move,
    laid,
    legal_moves,
    transition,
)
from aves_core.games.cubirds.setup import ROWS
from aves_core.games.cubirds.state import HAND_CARDS, CubirdsState
from aves_core.games.cubirds.views import CubirdsView
from aves_core.kernel.bots import BestScoreBot
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Result
from aves_core.kernel.search import SearchHooks

WIN = 1000.0
SPECIES_WORTH = 10.0  # each species of the collection: seven win
TRIPLE_WORTH = 8.0  # each card, up to 3, of the two largest species: two triples win
COLLECTED = 2.0  # each card of the collection: the ranking when the cards run out
CARD = 0.25  # each card in hand
READY = 0.5  # a flock that can fly: this share of what flying it adds
PARTIAL = 0.4  # a flock still short: this share times (held / small)^2
GAIN_CAP = 40.0  # the most a flock in hand counts for
GIFT = 1.5  # each card the next seat may be expected to take from the row laid in
DISCARDED = 0.5  # each card of another hand thrown away by a round the seat ends
FRESH = 6.5  # a fresh hand of 8 unseen cards, on average (hand_value of 8 random cards)
DRAW_WORTH = 1.2  # two cards drawn, about (hand_value of two random cards)
PLAYOUT_MOVES = 12
"""How many moves a playout plays before ``cutoff`` judges it (about five turns)."""
CUTOFF_MARGIN = 5.0  # seats this near the best value share a playout cut short
TAKE_RATE = 0.85  # how often a playout's lay is the one that takes best
LAID_COST = 0.5  # what a playout's lay counts against each card it lays


# --- values --------------------------------------------------------------------------


def collection_value(collection: Sequence[int]) -> float:
    """What a collection is worth (see the module's docstring): ``WIN`` if it wins."""
    distinct = total = first = second = 0
    for count in collection:
        if count:
            distinct += 1
            total += count
            if count > first:
                first, second = count, first
            elif count > second:
                second = count
    if distinct >= 7 or second >= 3:
        return WIN
    return (SPECIES_WORTH * distinct + TRIPLE_WORTH * (min(first, 3) + min(second, 3))
            + COLLECTED * total)


def _with(counts: Sequence[int], species: int, more: int) -> list[int]:
    changed = list(counts)
    changed[species] += more
    return changed


def hand_value(hand: Sequence[int], collection: Sequence[int]) -> float:
    """What a hand is worth next to ``collection``: its cards and its flocks."""
    base = collection_value(collection)
    value = 0.0
    for species, held in enumerate(hand):
        if not held:
            continue
        value += CARD * held
        small = SMALL[species]
        if held >= small:
            gain = collection_value(_with(collection, species, flying_home(species, held))) - base
            value += READY * min(gain, GAIN_CAP)
        else:
            gain = collection_value(_with(collection, species, 1)) - base
            value += PARTIAL * (held / small) ** 2 * min(gain, GAIN_CAP)
    return value


class _Judge:
    """What one decision's scores need from a view: the seat, the others' hand sizes,
    the cards that could still be drawn, and the unseen cards."""

    def __init__(self, view: CubirdsView) -> None:
        seat = view.seat
        if seat is None or view.hand is None:
            raise ArgumentError("a bot needs a seat's view, not a spectator's")
        self.seat = seat
        self.view = view
        self.collection = view.collections[seat]
        self.others = [size for other, size in enumerate(view.hand_sizes) if other != seat]
        self.drawable = view.deck_size + sum(view.discard)
        self.unseen = unseen_cards(view)
        self.unseen_total = sum(self.unseen)
        following = (seat + 1) % len(view.hand_sizes)
        self.next_size = view.hand_sizes[following]

    def turn_end(self, hand: Sequence[int], collection: Sequence[int], thrown: int = 0
                 ) -> float:
        """The seat's worth at the end of its turn with ``hand`` and ``collection``;
        ``thrown`` cards went to the discard pile this turn."""
        value = collection_value(collection)
        if value >= WIN:
            return WIN
        if any(hand):
            return value + hand_value(hand, collection)
        # CB13: the round ends; a new deal needs 8 cards a seat (CB14).
        players = len(self.others) + 1
        if self.drawable + thrown + sum(self.others) < HAND_CARDS * players:
            mine = sum(collection)
            sizes = [sum(other) for index, other in enumerate(self.view.collections)
                     if index != self.seat]
            best = max(sizes)
            if mine > best:
                return WIN
            if mine == best:
                return WIN / (1 + sizes.count(best))
            return -WIN
        return value + FRESH + DISCARDED * sum(self.others)

    def best_flock(self, hand: Sequence[int], collection: Sequence[int]) -> float:
        """The best end of turn the flock step allows: each flock, or none."""
        best = self.turn_end(hand, collection)
        for species, held in enumerate(hand):
            if held >= SMALL[species]:
                kept = flying_home(species, held)
                value = self.turn_end(_with(hand, species, -held),
                                      _with(collection, species, kept), held - kept)
                best = max(best, value)
        return best

    def expected_draw(self, hand: Sequence[int]) -> float:
        """The best end of turn after drawing two cards, on average over the unseen
        cards (the seat cannot tell the deck's from the other hands')."""
        unseen, total = self.unseen, self.unseen_total
        if total < 2:
            return self.best_flock(hand, self.collection)
        expected = 0.0
        for first in range(8):
            if not unseen[first]:
                continue
            chance_first = unseen[first] / total
            for second in range(first, 8):
                left = unseen[second] - (first == second)
                if left <= 0:
                    continue
                chance = chance_first * left / (total - 1) * (1 if first == second else 2)
                drawn = _with(_with(hand, first, 1), second, 1)
                expected += chance * self.best_flock(drawn, self.collection)
        return expected

    def holds_chance(self, species: int) -> float:
        """The chance that the next seat holds a card of ``species`` (its hand drawn
        from the unseen cards)."""
        total, size = self.unseen_total, self.next_size
        missing = 1.0
        for drawn in range(min(size, total)):
            missing *= max(0, total - self.unseen[species] - drawn) / (total - drawn)
        return 1.0 - missing

    def gift(self, line: str) -> float:
        """The cards the next seat may be expected to take from ``line`` at best."""
        best = 0.0
        for letter in set(line):
            take = max(line.find(letter), len(line) - 1 - line.rfind(letter))
            if take:
                best = max(best, take * self.holds_chance(INDEX[letter]))
        return best


def unseen_cards(view: CubirdsView) -> list[int]:
    """The cards ``view``'s seat cannot see (counts): in the deck or another hand."""
    left = list(COUNTS)
    for line in view.rows:
        for letter in line:
            left[INDEX[letter]] -= 1
    for counts in (*view.collections, view.discard, view.hand or EMPTY):
        for species, count in enumerate(counts):
            left[species] -= count
    return left


def score_moves(view: CubirdsView) -> dict[Move, float]:
    """GreedyBot's score of each of ``view``'s legal moves (see the module's
    docstring); empty when the seat is not to move."""
    moves = view.legal_moves
    if not moves:
        return {}
    judge = _Judge(view)
    hand = view.hand
    assert hand is not None
    collection = judge.collection
    if view.phase is Phase.FLOCK:
        scores: dict[Move, float] = {}
        for move in moves:
            if isinstance(move, Fly):
                species = INDEX[move.species]
                held = hand[species]
                kept = flying_home(species, held)
                scores[move] = judge.turn_end(_with(hand, species, -held),
                                              _with(collection, species, kept), held - kept)
            else:
                scores[move] = judge.turn_end(hand, collection)
        return scores
    if view.phase is Phase.DRAW_OPTION:
        return {move: judge.expected_draw(hand) if isinstance(move, Draw)
                else judge.best_flock(hand, collection) for move in moves}
    # Lay: the same hand after the lay scores the same, whichever row gave it.
    after: dict[tuple[str, str], float] = {}
    gifts: dict[int, float] = {}
    scores = {}
    for move in moves:
        assert isinstance(move, Lay)
        species = INDEX[move.species]
        line, taken = laid(view.rows[move.row], move.species, hand[species], move.side)
        key = (move.species, "".join(sorted(taken)))
        value = after.get(key)
        if value is None:
            left = _with(hand, species, -hand[species])
            for letter in taken:
                left[INDEX[letter]] += 1
            value = judge.best_flock(left, collection)
            if not taken and judge.drawable >= 2:  # CB9: the draw option follows
                # Two cards more; with an empty hand they are the whole hand.
                drawing = (value if any(left) else collection_value(collection)) + DRAW_WORTH
                value = max(value, drawing)
            after[key] = value
        before = gifts.get(move.row)
        if before is None:
            before = gifts[move.row] = judge.gift(view.rows[move.row])
        scores[move] = value - GIFT * max(0.0, judge.gift(line) - before)
    return scores


class GreedyBot(BestScoreBot[CubirdsView, Move]):
    """Plays the best-scoring legal move (``score_moves``), ties at random."""

    def scores(self, view: CubirdsView) -> dict[Move, float]:
        """``score_moves(view)``."""
        return score_moves(view)


# --- what a seat knows, and states drawn from it --------------------------------------


@attrs.frozen
class Knowledge:
    """What one seat knows of a game: its ``view``, the cards it knows each other seat
    holds (``known``, counts: taken from a row in the open and not laid, flown or
    thrown away since) and the ``unseen`` cards (counts), which fill the rest of the
    other hands and the deck. Other hints (a seat that lays or flies a species holds
    none of it afterwards, until it draws) are not used: the unseen cards are taken
    as equally likely in any arrangement."""

    view: CubirdsView
    known: tuple[Counts, ...]
    unseen: Counts

    @classmethod
    def from_events(cls, view: CubirdsView, events: Iterable[Event]) -> Knowledge:
        """The knowledge of ``view.seat`` after ``events`` (the game's, as
        ``events_for`` gave them to that seat)."""
        if not isinstance(view, CubirdsView) or view.seat is None or view.hand is None:
            raise ArgumentError("Knowledge needs a seat's CubirdsView, not a spectator's")
        seat, num = view.seat, len(view.hand_sizes)
        known = [[0] * 8 for _ in range(num)]
        for event in events:
            if isinstance(event, Laid):
                cards = known[event.seat]
                cards[INDEX[event.species]] = 0  # a lay lays every card of its species
                for letter in event.taken:
                    cards[INDEX[letter]] += 1
            elif isinstance(event, LayUndone):
                cards = known[event.seat]
                for letter in event.taken:
                    cards[INDEX[letter]] = max(0, cards[INDEX[letter]] - 1)
                cards[INDEX[event.species]] = event.count
            elif isinstance(event, Flown):
                known[event.seat][INDEX[event.species]] = 0
            elif isinstance(event, RoundEnded):
                known = [[0] * 8 for _ in range(num)]
        known[seat] = list(view.hand)
        unseen = unseen_cards(view)
        for other in range(num):
            if other == seat:
                continue
            cards = known[other]
            if sum(cards) > view.hand_sizes[other] or any(
                    have > left for have, left in zip(cards, unseen, strict=True)):
                cards[:] = EMPTY  # events that do not fit the view: know nothing of it
            for species, have in enumerate(cards):
                unseen[species] -= have
        return cls(view, tuple(tuple(cards) for cards in known), tuple(unseen))


def sample(knowledge: Knowledge, rng: random.Random) -> CubirdsState:
    """A full state consistent with ``knowledge``, drawn uniformly over the ways the
    unseen cards can fill the other hands' unknown places and the deck (whose order
    is random)."""
    if not isinstance(knowledge, Knowledge):
        raise ArgumentError(f"sample needs a Knowledge, not {type(knowledge).__name__}")
    view = knowledge.view
    pool = [species for species, count in enumerate(knowledge.unseen) for _ in range(count)]
    rng.shuffle(pool)
    hands = []
    start = 0
    for seat, cards in enumerate(knowledge.known):
        need = view.hand_sizes[seat] - sum(cards)
        hand = list(cards)
        for species in pool[start:start + need]:
            hand[species] += 1
        start += need
        hands.append(tuple(hand))
    deck = "".join(SPECIES[species] for species in pool[start:])
    if len(deck) != view.deck_size:
        raise ArgumentError("the knowledge does not fit the view's hand and deck sizes")
    return CubirdsState(view.rows, deck, view.discard, tuple(hands), view.collections,
                        view.dealer, view.phase, view.active, view.pending, view.result)


# --- playouts --------------------------------------------------------------------------

_LAY, _DRAW_OPTION = Phase.LAY, Phase.DRAW_OPTION


def playout_move(state: CubirdsState, rng: random.Random) -> Move:
    """A fast policy for playouts: usually the lay that takes best (each card taken
    counts 1, 2 when the hand holds its species, less 0.5 a card laid; else a random
    lay), a draw unless the hand is empty, and the flock that adds most to the
    collection (a new species first, two cards before one)."""
    player = state.active
    assert player is not None
    hand = state.hands[player]
    phase = state.phase
    if phase is _LAY:
        best, choice = 0.0, None
        if rng.random() < TAKE_RATE:
            index = INDEX
            for species, held in enumerate(hand):
                if not held:
                    continue
                letter = SPECIES[species]
                for row, line in enumerate(state.rows):
                    first = line.find(letter)
                    if first < 0:
                        continue
                    last = line.rfind(letter)
                    if first >= len(line) - 1 - last:
                        taken, side = line[:first], 0
                    else:
                        taken, side = line[last + 1:], 1
                    if not taken:
                        continue
                    # A card of a species in hand counts twice (it builds a flock); the
                    # cards laid away count against.
                    value = len(taken) - LAID_COST * held
                    for card in taken:
                        if hand[index[card]]:
                            value += 1
                    if value > best:
                        best, choice = value, LAYS[player][species][2 * row + side]
        if choice is not None:
            return choice
        held_species = [species for species in range(8) if hand[species]]
        species = held_species[rng.randrange(len(held_species))]
        return LAYS[player][species][2 * rng.randrange(ROWS) + rng.randrange(2)]
    if phase is _DRAW_OPTION:
        return DRAWS[player][0 if any(hand) else 1]
    collection = state.collections[player]
    best_value, fly = -1, None
    for species, held in enumerate(hand):
        if held >= SMALL[species]:
            value = flying_home(species, held) + (4 if not collection[species] else 0)
            if value > best_value:
                best_value, fly = value, FLIES[player][species]
    return fly if fly is not None else NOFLIES[player]


def _cutoff(state: CubirdsState) -> Result:
    """A playout stopped early: every seat whose collection and hand are worth nearly
    the most (within ``CUTOFF_MARGIN``) shares the win."""
    values = [collection_value(collection) + hand_value(hand, collection)
              for hand, collection in zip(state.hands, state.collections, strict=True)]
    best = max(values) - CUTOFF_MARGIN
    return Result(tuple(seat for seat, value in enumerate(values) if value >= best),
                  "deck_exhausted")


def _chance(state: CubirdsState, rng: random.Random) -> CubirdsState:
    """The state after the reshuffles ``state`` awaits, drawn from ``rng``."""
    while state.phase is Phase.RESHUFFLE:
        state = transition(state, chance_move(state, rng), None)
    return state


def _step(state: CubirdsState, move: Move) -> CubirdsState:
    return transition(state, move, None)


def _root_scores(state: CubirdsState, knowledge: Knowledge) -> Mapping[Move, float]:
    # Scored from the view, never from the drawn state's hidden cards.
    return score_moves(knowledge.view)


def search_hooks(game: Any) -> SearchHooks[CubirdsState, Move, Knowledge]:
    """The hooks of the generic search bot for ``game`` (Cubirds): plain functions,
    and its ``is_legal``."""
    return SearchHooks(
        knowledge=Knowledge.from_events,
        sample=sample,
        legal_moves=legal_moves,
        is_legal=game.is_legal,
        step=_step,
        mover=attrgetter("active"),
        result=attrgetter("result"),
        num_players=attrgetter("num_players"),
        playout_move=playout_move,
        cutoff=_cutoff,
        root_scores=_root_scores,
        chance=_chance,
    )

