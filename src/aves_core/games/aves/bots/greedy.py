"""GreedyBot: one look ahead with a documented hand value, and the fast playout policy.

The value of a hand (``hand_value``): 10 a distinct colour, 1 a fruit card, -20 a
crow, and a win (seven colours, no crow) outweighs everything. GreedyBot scores each
legal move by the value it leads to, seeing only its own view: new colours first,
crows gone early, returns that keep colours (docs/bots.md says how), ties at random.
``playout_move`` is a cheaper policy of the same spirit for search playouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import sub

from aves_core.games.aves.bots.knowledge import Knowledge
from aves_core.games.aves.cards import CROW_SUIT, Card
from aves_core.games.aves.events import Event
from aves_core.games.aves.moves import PASSES, Move, Return, Trade, trade_row
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.rules import moves_for
from aves_core.games.aves.state import GameState
from aves_core.games.aves.views import PlayerView

__all__ = ["GreedyBot", "hand_value", "playout_move"]

COLOR_VALUE = 10.0
FRUIT_VALUE = 1.0
CROW_VALUE = -20.0
WIN_VALUE = 1000.0


def hand_value(hand: Sequence[Card]) -> float:
    """The documented value of a hand (see the module's docstring)."""
    suits = {card.suit for card in hand}
    crows = 0
    if CROW_SUIT in suits:
        crows = sum(1 for card in hand if card.suit == CROW_SUIT)
        suits.discard(CROW_SUIT)
    if len(suits) == 7 and not crows and len(hand) <= 7:
        return WIN_VALUE
    return COLOR_VALUE * len(suits) + FRUIT_VALUE * (len(hand) - crows) + CROW_VALUE * crows


def _after_return(hand: list[Card]) -> float:
    """The value of an 8-card hand after its best forced return."""
    best = -1e9
    for card in set(hand):
        if card.suit != CROW_SUIT:
            rest = list(hand)
            rest.remove(card)
            best = max(best, hand_value(rest))
    return best


def _draw_worth(hand: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The expected change of value from drawing one unseen card into ``hand``."""
    if not unseen:
        return 0.0
    suits = {card.suit for card in hand}
    new = crows = 0
    for card in unseen:
        if card.suit == CROW_SUIT:
            crows += 1
        elif card.suit not in suits:
            new += 1
    return (COLOR_VALUE * new + CROW_VALUE * crows) / len(unseen) + FRUIT_VALUE


def score_move(hand: tuple[Card, ...], circle: tuple[Card, ...], move: Move,
               unseen: Sequence[Card]) -> float:
    """GreedyBot's score of one legal move, from what its seat sees."""
    if not isinstance(move, Trade | Return):
        return 0.0  # a pass is the only move when it is legal
    rest = list(hand)
    rest.remove(move.card)
    if isinstance(move, Return):
        return hand_value(rest) + 0.01 * move.card.number  # the highest number goes back
    left, right = circle[move.gap], circle[(move.gap + 1) % len(circle)]
    if abs(left.number - right.number) == move.card.number:
        taken = [*rest, left, right]
        return _after_return(taken) if len(taken) > 7 else hand_value(taken)
    return hand_value(rest) + _draw_worth(rest, unseen)


class GreedyBot:
    """Scores every legal move one step ahead and plays the best (ties at random)."""

    name = "greedy"
    uses_events = False

    def choose(self, view: PlayerView, events: Sequence[Event], rng: random.Random) -> Move:
        """The best-scoring legal move of ``view``."""
        hand = view.hand
        assert hand is not None
        # The cards this seat cannot place, from its view alone (without the events,
        # cards it saw others take count as unseen too: a close estimate).
        unseen = Knowledge.from_events(view, ()).unseen
        best: list[Move] = []
        best_score = -1e18
        for move in view.legal_moves:
            score = score_move(hand, view.circle, move, unseen)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score > best_score - 1e-9:
                best.append(move)
        return rng.choice(best)


def playout_move(state: GameState, rng: random.Random) -> Move:
    """A fast policy for playouts: take a match that adds a colour (or sheds a crow),
    else any match, else place a card of a doubled colour (or any) in a random gap.

    It looks only at the active seat's hand and the circle, and builds no list of
    every legal move: playouts call it millions of times.
    """
    player = state.active_player
    assert player is not None
    hand = state.hands[player]
    circle = state.circle
    k = len(circle)
    if state.phase is not Phase.PLAYER_TURN:
        moves = moves_for(state.phase, player, hand, circle)
        return moves[rng.randrange(len(moves))]
    numbers = [card.number for card in circle]
    # diffs[g]: the difference across gap g (the last gap joins the ends); C-level maps.
    diffs = list(map(abs, map(sub, numbers, numbers[1:] + numbers[:1])))
    suits = [0] * 8
    for card in hand:
        suits[card.suit] += 1
    random_ = rng.random
    good: list[Move] = []
    matches: list[Move] = []
    for card in hand:
        number = card.number
        if number not in diffs:  # most cards match nowhere: skip them at C speed
            continue
        row = trade_row(player, card)
        for gap in range(k):
            if diffs[gap] != number:
                continue
            move = row[gap]
            matches.append(move)
            left, right = circle[gap].suit, circle[gap + 1 - k].suit
            if card.suit == CROW_SUIT or (left != CROW_SUIT and not suits[left]) \
                    or (right != CROW_SUIT and not suits[right]):
                good.append(move)
    if good:
        return good[int(random_() * len(good))]
    if matches:
        return matches[int(random_() * len(matches))]
    fruit = [card for card in hand if card.suit != CROW_SUIT]
    if not fruit:
        return PASSES[player]  # only crows and no equal pair
    spare = [card for card in fruit if suits[card.suit] > 1] or fruit
    return trade_row(player, spare[int(random_() * len(spare))])[int(random_() * k)]
