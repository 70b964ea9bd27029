"""Replay's fast path: many moves applied to one mutable copy of a state.

``apply_move`` builds a new frozen state for every move, which is right for
hosts, bots and searches, which keep states, but replay keeps only the last
one. ``apply_all`` plays a whole sequence of moves on lists of card ranks
(small ints, which compare in C where cards would call ``Card.__eq__``) and
builds one frozen state at the end, several times faster. It decides only
*whether* each move is legal, by the same tests as ``is_legal``; when a move
is not, it hands the state it reached to ``apply_move``, which raises the
error with its code and message. The tests check, over random and mutated
games, that it reaches exactly the states and errors ``apply_move`` reaches.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import attrgetter, or_
from typing import Any

from aves_core.games.aves.cards import CARDS_BY_RANK, CROW_RANK, CROW_SUIT, Card
from aves_core.games.aves.moves import PASSES, Move, Pass, Return, Trade
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.rules import (
    CIRCLE_SIZE,
    HAND_LIMIT,
    HAND_SIZE,
    REFILL_SIZE,
    apply_move,
    deal_ranks,
    moves_for,
    new_game,
)
from aves_core.games.aves.state import AvesSetup, GameState, Result, Variant
from aves_core.kernel.errors import ArgumentError, IllegalMoveError

__all__ = ["apply_all", "replay_all"]

_PLAYER_TURN = Phase.PLAYER_TURN
_FORCED_RETURN = Phase.FORCED_RETURN
_GAME_END = Phase.GAME_END
_CARDS = CARDS_BY_RANK
_NUMBER = tuple(card.number for card in _CARDS)
_SUIT = tuple(card.suit for card in _CARDS)
_FRUIT_SUITS = frozenset(range(CROW_SUIT))
_RANK = attrgetter("rank")
# A fruit card's colour as one bit of seven (a crow's: none), for counting colours.
_COLOUR_BIT = tuple(0 if suit == CROW_SUIT else 1 << suit for suit in _SUIT)


def _frozen(variant: Variant, phase: Phase, active: int | None, hands: list[list[int]],
            circle: list[int], deck: list[int], result: Result | None) -> GameState:
    card = _CARDS.__getitem__
    return GameState(variant, phase, active,
                     tuple([tuple(map(card, sorted(hand))) for hand in hands]),
                     tuple(map(card, circle)), tuple(map(card, deck)), result)


def apply_all(state: GameState, moves: Iterable[Move]
              ) -> tuple[GameState, int, IllegalMoveError | None]:
    """Apply ``moves`` in order until one is illegal: the state reached, how many
    moves were applied, and the error of the one that was not (or None)."""
    if type(state) is not GameState:
        raise ArgumentError(f"apply_all needs a GameState, not {type(state).__name__}")
    return _run(state.variant, state.phase, state.active_player, state.result,
                [list(map(_RANK, hand)) for hand in state.hands],
                list(map(_RANK, state.circle)), list(map(_RANK, state.deck)), moves)


def replay_all(num_players: int, setup: AvesSetup, moves: Iterable[Move]
               ) -> tuple[GameState, int, IllegalMoveError | None]:
    """``new_game`` from ``setup``, then ``apply_all``, without building the first
    state: a well-formed setup is checked and dealt on ranks (anything else goes to
    ``new_game``, which raises the SetupError)."""
    if not isinstance(setup, AvesSetup):
        raise ArgumentError(f"an AVES setup is an AvesSetup, not {type(setup).__name__}")
    ranks = _dealt_ranks(num_players, setup)
    if ranks is None:
        state = new_game(num_players, setup.variant, deal=setup.deal,
                         first_player=setup.first_player)
        return apply_all(state, moves)
    dealt = HAND_SIZE * num_players
    hands = [ranks[start:start + HAND_SIZE] for start in range(0, dealt, HAND_SIZE)]
    return _run(setup.variant, _PLAYER_TURN, setup.first_player, None, hands,
                ranks[dealt:dealt + CIRCLE_SIZE], ranks[dealt + CIRCLE_SIZE:], moves)


def _dealt_ranks(num_players: int, setup: AvesSetup) -> list[int] | None:
    """The deal's ranks if ``new_game`` accepts the setup as it is, else None."""
    if (type(num_players) is not int
            or not 2 <= num_players <= 6 or type(setup.variant) is not Variant
            or type(setup.first_player) is not int
            or not 0 <= setup.first_player < num_players
            or set(map(type, setup.deal)) != {Card}):
        return None
    ranks = list(map(_RANK, setup.deal))
    return ranks if sorted(ranks) == deal_ranks(num_players, setup.variant.crows) else None


def _run(variant: Variant, phase: Phase, active: Any, result: Result | None,
         hands: list[list[int]], circle: list[int], deck: list[int], moves: Iterable[Any]
         ) -> tuple[GameState, int, IllegalMoveError | None]:
    """The replay loop over a state held as lists of ranks."""
    num_players = len(hands)
    # Locals, not globals: this loop is replay's hot path.
    number, trade, player_turn, crow, limit = _NUMBER, Trade, _PLAYER_TURN, CROW_RANK, HAND_LIMIT
    # The index of the move being read is the number of moves applied before it.
    count = -1
    for count, move in enumerate(moves):
        kind = type(move)
        # Each branch checks what is_legal checks, then plays the move; anything
        # else goes to apply_move below for its error.
        if kind is trade and phase is player_turn and move.player == active:
            card = move.card.rank
            hand = hands[active]
            gap = move.gap
            k = len(circle)
            if card in hand and 0 <= gap < k:
                left = circle[gap]
                right = circle[gap + 1 - k]  # the last gap wraps to the first card
                if card != crow or number[left] == number[right]:
                    hand.remove(card)
                    if abs(number[left] - number[right]) == number[card]:
                        hand.append(left)
                        hand.append(right)
                        if gap + 1 < k:
                            circle[gap : gap + 2] = (card,)
                        else:  # the last gap: both neighbours leave the ends
                            del circle[0]
                            circle[-1] = card
                        if len(circle) == 1:
                            circle += deck[:REFILL_SIZE]
                            del deck[:REFILL_SIZE]
                    else:
                        hand.append(deck.pop())
                        circle.insert(gap + 1, card)
                    size = len(hand)
                    if size > limit:
                        phase = _FORCED_RETURN
                    elif size != 7 and deck:  # no seven colours, no end: the next seat
                        active = (active + 1) % num_players
                    else:
                        phase, active, result = _end_turn(active, hands, deck, num_players)
                    continue
        elif kind is Return and phase is _FORCED_RETURN and move.player == active:
            card = move.card.rank
            hand = hands[active]
            if card in hand and 0 <= move.gap < len(circle) and _returnable(hand, card):
                hand.remove(card)
                circle.insert(move.gap + 1, card)
                phase, active, result = _end_turn(active, hands, deck, num_players)
                continue
        elif (kind is Pass and phase is _PLAYER_TURN and move.player == active
              and _can_pass(active, hands[active], circle)):
            phase, active, result = _end_turn(active, hands, deck, num_players)
            continue
        reached = _frozen(variant, phase, active, hands, circle, deck, result)
        try:
            apply_move(reached, move)
        except IllegalMoveError as error:
            return reached, count, error
        raise AssertionError(f"replay's fast path refused {move!r}, which apply_move allows")
    return _frozen(variant, phase, active, hands, circle, deck, result), count + 1, None


def _end_turn(player: int, hands: list[list[int]], deck: list[int], num_players: int
              ) -> tuple[Phase, int | None, Result | None]:
    """The end-of-turn check: seven colours, then an empty deck, else the next seat."""
    hand = hands[player]
    if len(hand) == 7 and CROW_RANK not in hand and len(set(map(_SUIT.__getitem__, hand))) == 7:
        return _GAME_END, None, Result((player,), "seven_colors")
    if not deck:
        return _GAME_END, None, _ranking(hands)
    return _PLAYER_TURN, (player + 1) % num_players, None


def _ranking(hands: list[list[int]]) -> Result:
    """``rules.ranking`` on ranks: no crow, then distinct colours, then fruit cards."""
    keys = []
    for hand in hands:
        crows = hand.count(CROW_RANK)
        colours = reduce(or_, map(_COLOUR_BIT.__getitem__, hand), 0).bit_count()
        keys.append((not crows, colours, len(hand) - crows))
    best = max(keys)
    return Result(tuple(seat for seat, key in enumerate(keys) if key == best), "deck_empty")


def _returnable(hand: list[int], card: int) -> bool:
    """Whether the forced return may give up ``card``: a colour held twice if any,
    never a crow."""
    if card == CROW_RANK:
        return False
    suits = list(map(_SUIT.__getitem__, hand))
    return suits.count(_SUIT[card]) >= 2 or all(
        suits.count(suit) < 2 for suit in _FRUIT_SUITS.intersection(suits))


def _can_pass(player: int, hand: list[int], circle: list[int]) -> bool:
    """Whether ``player`` may pass: the rules' test, on the cards (a pass is rare)."""
    cards = tuple(map(_CARDS.__getitem__, sorted(hand)))  # canonical: crows last
    return moves_for(_PLAYER_TURN, player, cards, tuple(map(_CARDS.__getitem__, circle))) \
        == (PASSES[player],)
