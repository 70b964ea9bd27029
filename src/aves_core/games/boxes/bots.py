"""Boxes' bots (docs/boxes.md, "Bots and their strength"): what cards and containers are
worth to a seat, what a seat knows of the 60 cards (BX22), GreedyBot and the bot
factories; the search bot's hooks are in ``aves_core.games.boxes.search``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from aves_core.games.boxes.cards import (
    CLOSED_CANONICAL,
    COLOURS,
    OPEN_CANONICAL,
    Notes,
    card_value,
    colour_counts,
    money_of,
)
from aves_core.games.boxes.moves import Auction, Bid, Examine, Move, Pass, Pay, Seal
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import payments, seal_choices
from aves_core.games.boxes.state import CONTAINERS, COST
from aves_core.games.boxes.views import BoxesView, known_cards
from aves_core.kernel.bots import BestScoreBot, Bot, standard_bots
from aves_core.kernel.errors import ArgumentError

__all__ = ["PLAYOUT_MOVES", "GreedyBot", "Knowledge", "bot_factories", "container_value",
           "holding_value", "score_moves"]

PROGRESS = 0.5
"""A colour short of its next collection counts this share of 250 times the fraction
of the cards it needs, squared, times the share of containers to come."""
SAMPLES = 24
"""Draws of the unseen cards that average a container's collections."""
SEALED_SHADE = 0.8
"""A sealed bid is at most this share of the container's value to the bidder."""
PLAYOUT_MOVES = 200
"""How many moves a playout plays before ``cutoff`` judges it."""
WIDENING = 0.5
"""The search's progressive widening: fewer root moves than the kernel's default, so
its iterations go to greedy's first choices (the many bids and commits)."""
PRIOR = 10.0
"""The search's progressive bias: greedy's order counts until the playouts disagree
clearly."""
COLLECTION = 250


# --- values --------------------------------------------------------------------------


def holding_value(cards: Sequence[str], num_players: int, containers_left: int) -> float:
    """What ``cards`` are worth to a seat: their ECU, 250 a collection, and for each colour
    short of its next collection what it may become (``PROGRESS``)."""
    size = 4 if num_players == 2 else 3
    total = float(sum(map(card_value, cards)))
    held, twofifty = colour_counts(cards)
    future = PROGRESS * COLLECTION * containers_left / CONTAINERS
    for colour in COLOURS:
        count, tops = held[colour], twofifty[colour]
        made = min(tops, count // size)
        total += COLLECTION * made
        if made < 2 and future:
            short = count - made * size
            if short > 0:
                fraction = min(1.0, short / size) * (1.0 if tops > made else 0.5)
                total += future * fraction * fraction
    return total


@attrs.frozen
class Knowledge:
    """What one seat knows of a game: its ``view``; ``closed`` and ``open``, each pile's
    cards by place (None where the seat has not seen the card); the unseen cards of
    each pile (``closed_unseen``, ``open_unseen``)."""

    view: BoxesView
    closed: tuple[str | None, ...]
    open: tuple[str | None, ...]
    closed_unseen: tuple[str, ...]
    open_unseen: tuple[str, ...]

    @classmethod
    def of(cls, view: BoxesView) -> Knowledge:
        """The knowledge of ``view.seat`` (a seat's view, not a spectator's)."""
        if not isinstance(view, BoxesView) or view.seat is None:
            raise ArgumentError("Knowledge needs a seat's BoxesView, not a spectator's")
        known = known_cards(view)
        piles = [[known.get((closed, index)) for index in range(size)]
                 for closed, size in ((True, 24), (False, 36))]
        unseen = [tuple(sorted((Counter(canonical) - Counter(filter(None, pile))).elements()))
                  for pile, canonical in zip(piles, (CLOSED_CANONICAL, OPEN_CANONICAL),
                                             strict=True)]
        return cls(view, tuple(piles[0]), tuple(piles[1]), unseen[0], unseen[1])


def container_value(knowledge: Knowledge, container: int | None = None) -> float:
    """What winning ``container`` (by default the one in play) adds to the value of the
    cards the seat won (``holding_value``), on average over ``SAMPLES`` draws of the
    cards it has not seen, from a fixed generator."""
    view = knowledge.view
    container = view.container if container is None else container
    num = len(view.notes)
    mine = [card for won in view.my_containers for card in won.cards]
    left = CONTAINERS - container
    base = holding_value(mine, num, left)
    closed = knowledge.closed[4 * container - 4:4 * container]  # its slots (BX6)
    opened = knowledge.open[6 * container - 6:6 * container]
    known = [card for card in closed + opened if card is not None]
    closed_missing, open_missing = closed.count(None), opened.count(None)
    if not closed_missing and not open_missing:
        return holding_value(mine + known, num, left) - base
    rng = random.Random(container)
    closed_pool, open_pool = list(knowledge.closed_unseen), list(knowledge.open_unseen)
    total = 0.0
    for _ in range(SAMPLES):
        drawn = (rng.sample(closed_pool, min(closed_missing, len(closed_pool)))
                 + rng.sample(open_pool, min(open_missing, len(open_pool))))
        total += holding_value(mine + known + drawn, num, left)
    return total / SAMPLES - base


def _variance(pool: Sequence[str]) -> float:
    if not pool:
        return 0.0
    values = [card_value(card) for card in pool]
    mean = sum(values) / len(values)
    return sum((value - mean) ** 2 for value in values) / len(values)


# --- notes ---------------------------------------------------------------------------


@functools.cache
def least_payment(counts: Notes, price: int) -> tuple[int, ...]:
    """The way to pay ``price`` from ``counts`` with the least sum, then fewest notes."""
    return min(payments(counts, price), key=lambda notes: (sum(notes), len(notes), notes))


@functools.cache
def _commits(counts: Notes) -> dict[int, tuple[int, ...]]:
    """Each sum a commit from ``counts`` can make, with its commit of the fewest notes."""
    found: dict[int, tuple[int, ...]] = {}
    for notes in seal_choices(0, counts):
        best = found.get(sum(notes))
        if best is None or len(notes) < len(best):
            found[sum(notes)] = notes
    return found


def commit_for(counts: Notes, target: float) -> tuple[int, ...]:
    """The commit whose sum is the largest not above ``target`` (fewest notes)."""
    commits = _commits(counts)
    amount = max(0, int(min(target, money_of(counts))) // 50 * 50)
    while amount not in commits:
        amount -= 50
    return commits[amount]


# --- GreedyBot -----------------------------------------------------------------------


def score_moves(view: BoxesView, knowledge: Knowledge | None = None) -> dict[Move, float]:
    """GreedyBot's score of each of ``view``'s legal moves, one step ahead, from the view
    alone (docs/boxes.md tells each phase's): the move it plays scores highest; empty
    when the seat is not to move."""
    moves = view.legal_moves
    if not moves:
        return {}
    seat = view.seat
    assert seat is not None
    phase = view.phase
    richest = max(money for other, money in enumerate(view.money) if other != seat)
    if phase is Phase.CHOOSE_AUCTION:
        prefer = "open" if view.money[seat] >= richest else "sealed"
        return {move: 1.0 if isinstance(move, Auction) and move.kind == prefer else 0.0
                for move in moves}
    if knowledge is None:
        knowledge = Knowledge.of(view)
    if phase is Phase.EXAMINE:
        spread = {True: _variance(knowledge.closed_unseen),
                  False: _variance(knowledge.open_unseen)}
        return {move: spread[move.slot[0] == "c"] / COST[move.slot] / 1000.0
                if isinstance(move, Examine) else 0.0 for move in moves}
    counts = view.notes[seat]
    if phase is Phase.PAYMENT:
        return {move: -(sum(move.notes) - view.price) / 50 - 0.01 * len(move.notes)
                if isinstance(move, Pay) else 0.0 for move in moves}
    value = container_value(knowledge)
    if phase is Phase.SEALED_BID:
        best = commit_for(counts, min(SEALED_SHADE * value, richest + 50))
        fewest = _commits(counts)
        scores: dict[Move, float] = {}
        for move in moves:
            assert isinstance(move, Seal)
            total = sum(move.notes)
            distance = (sum(best) - total) / 50
            score = -distance if distance >= 0 else distance * 1.5
            scores[move] = score - 3.0 * (len(move.notes) - len(fewest[total]))
        return scores
    # Open auction: the opener bids 0; then the least raise while it pays off.
    scores = {}
    lowest = 0 if view.standing is None else view.standing + 50
    for move in moves:
        if isinstance(move, Pass):
            scores[move] = 0.0
            continue
        assert isinstance(move, Bid)
        jump = (move.amount - lowest) / 50
        if view.standing is None:
            scores[move] = 1.0 - jump
        else:
            paid = sum(least_payment(counts, move.amount))
            scores[move] = (value - paid) / 50 - jump
    return scores


class GreedyBot(BestScoreBot[BoxesView, Move]):
    """Plays the best-scoring legal move (``score_moves``), ties at random."""

    scores = staticmethod(score_moves)


def bot_factories(game: Any) -> dict[str, Callable[[str], Bot]]:
    """``random``, ``greedy`` and ``search`` for ``game`` (Boxes): the kernel's search with
    Boxes' ``PLAYOUT_MOVES``, ``WIDENING`` and ``PRIOR``."""
    return standard_bots(game, greedy=GreedyBot, playout_moves=PLAYOUT_MOVES,
                         widening=WIDENING, prior=PRIOR)
