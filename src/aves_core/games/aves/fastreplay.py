"""Replay's fast path: many moves applied to one mutable copy of a state.

``apply_move`` builds a new frozen state for every move, which is right for
hosts, bots and searches, which keep states, but replay keeps only the last
one. ``apply_all`` plays a whole sequence of moves on lists instead and
builds one frozen state at the end, several times faster. It decides only
*whether* each move is legal, by the same tests as ``is_legal``; when a move
is not, it hands the state it reached to ``apply_move``, which raises the
error with its code and message. The tests check, over random and mutated
games, that it reaches exactly the states ``apply_move`` reaches.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from aves_core.games.aves.cards import CROW_SUIT, Card
from aves_core.games.aves.moves import Move, Pass, Return, Trade
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.rules import HAND_LIMIT, REFILL_SIZE, apply_move, ranking
from aves_core.games.aves.state import GameState, Result
from aves_core.kernel.errors import IllegalMoveError

__all__ = ["apply_all"]

_PLAYER_TURN = Phase.PLAYER_TURN
_FORCED_RETURN = Phase.FORCED_RETURN
_GAME_END = Phase.GAME_END
_RANK = attrgetter("rank")


def _frozen(variant: object, phase: Phase, active: int | None, hands: list[list[Card]],
            circle: list[Card], deck: list[Card], result: Result | None) -> GameState:
    return GameState(variant, phase, active,  # type: ignore[arg-type]
                     tuple(tuple(sorted(hand, key=_RANK)) for hand in hands),
                     tuple(circle), tuple(deck), result)


def apply_all(state: GameState, moves: Iterable[Move]
              ) -> tuple[GameState, int, IllegalMoveError | None]:
    """Apply ``moves`` in order until one is illegal: the state reached, how many
    moves were applied, and the error of the one that was not (or None)."""
    variant = state.variant
    phase = state.phase
    active = state.active_player
    result = state.result
    num_players = len(state.hands)
    hands = [list(hand) for hand in state.hands]
    circle = list(state.circle)
    deck = list(state.deck)
    count = 0
    for move in moves:
        kind = type(move)
        # Each branch checks what is_legal checks, then plays the move; anything
        # else goes to apply_move below for its error.
        if kind is Trade and phase is _PLAYER_TURN and move.player == active:
            assert isinstance(move, Trade)
            assert active is not None
            card = move.card
            hand = hands[active]
            gap = move.gap
            k = len(circle)
            if card in hand and 0 <= gap < k:
                left = circle[gap]
                right = circle[gap + 1] if gap + 1 < k else circle[0]
                if card.suit != CROW_SUIT or left.number == right.number:
                    hand.remove(card)
                    if abs(left.number - right.number) == card.number:
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
                    count += 1
                    if len(hand) > HAND_LIMIT:
                        phase = _FORCED_RETURN
                        continue
                    phase, active, result = _end_turn(active, hands, deck, num_players)
                    continue
        elif kind is Return and phase is _FORCED_RETURN and move.player == active:
            assert isinstance(move, Return)
            assert active is not None
            card = move.card
            hand = hands[active]
            if card in hand and 0 <= move.gap < len(circle) and _returnable(hand, card):
                hand.remove(card)
                circle.insert(move.gap + 1, card)
                count += 1
                phase, active, result = _end_turn(active, hands, deck, num_players)
                continue
        elif kind is Pass and phase is _PLAYER_TURN and move.player == active:
            assert active is not None
            if _can_pass(hands[active], circle):
                count += 1
                phase, active, result = _end_turn(active, hands, deck, num_players)
                continue
        reached = _frozen(variant, phase, active, hands, circle, deck, result)
        try:
            apply_move(reached, move)
        except IllegalMoveError as error:
            return reached, count, error
        raise AssertionError(f"replay's fast path refused {move!r}, which apply_move allows")
    return _frozen(variant, phase, active, hands, circle, deck, result), count, None


def _end_turn(player: int, hands: list[list[Card]], deck: list[Card], num_players: int
              ) -> tuple[Phase, int | None, Result | None]:
    """The end-of-turn check: seven colours, then an empty deck, else the next seat."""
    hand = hands[player]
    if len(hand) == 7 and len({card.suit for card in hand} - {CROW_SUIT}) == 7:
        return _GAME_END, None, Result((player,), "seven_colors")
    if not deck:
        return _GAME_END, None, ranking(tuple(tuple(hand) for hand in hands))
    return _PLAYER_TURN, (player + 1) % num_players, None


def _returnable(hand: list[Card], card: Card) -> bool:
    """Whether the forced return may give up ``card``: a colour held twice if any,
    never a crow."""
    if card.suit == CROW_SUIT:
        return False
    counts = [0] * 8
    for held in hand:
        counts[held.suit] += 1
    return counts[card.suit] >= 2 or max(counts[:CROW_SUIT]) < 2


def _can_pass(hand: list[Card], circle: list[Card]) -> bool:
    """A pass is legal for a hand of crows only (or none) with no equal pair to take."""
    if any(card.suit != CROW_SUIT for card in hand):
        return False
    if not hand:
        return True
    k = len(circle)
    return all(circle[gap].number != circle[(gap + 1) % k].number for gap in range(k))
