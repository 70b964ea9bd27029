"""Player views: what one seat (or a spectator) may know of a game, and nothing more.

``view_for(state, seat)`` projects a ``GameState`` onto a ``PlayerView``, its
own type, built only from what that seat may see (RULES.md, "What each player
may know"): its own hand (every hand under Showdown), each hand's size, the
circle, the deck's size but never its order, the phase, whose turn it is, the
result, and its legal moves when it is its turn. A hidden card is never put
into a view, so no attribute, ``repr`` or JSON of one can reveal it.

``update_view(view, events)`` folds a seat's redacted events into its view:
a client that starts from its first view and folds in what the host sends
stays equal to ``view_for`` on the real state (a property test checks it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from aves_core.games.aves.cards import Card, canonical
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardReturned,
    CardsTaken,
    CircleRefilled,
    Event,
    GameEnded,
    Passed,
    ReturnDue,
    TradeUndone,
    TurnStarted,
)
from aves_core.games.aves.moves import NOTATION, Move
from aves_core.games.aves.phases import Phase
from aves_core.games.aves.rules import moves_for
from aves_core.games.aves.state import GameState, Result, Variant
from aves_core.kernel.errors import ArgumentError

__all__ = ["PlayerView", "update_view", "view_for", "view_to_json"]


@attrs.frozen
class PlayerView:
    """One seat's picture of a game (``seat`` None: a spectator's).

    ``hands[i]`` is seat i's hand when this seat may see it (its own; all of
    them under Showdown) and None otherwise; ``hand_sizes`` are public.
    ``legal_moves`` is empty unless it is this seat's turn.
    """

    seat: int | None
    variant: Variant
    phase: Phase
    active_player: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    circle: tuple[Card, ...]
    deck_size: int
    result: Result | None
    legal_moves: tuple[Move, ...]

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """This seat's own hand (None for a spectator)."""
        return None if self.seat is None else self.hands[self.seat]

    @property
    def is_my_turn(self) -> bool:
        """True when this seat is the one to move."""
        return self.seat is not None and self.seat == self.active_player


def _check_seat(num_players: int, seat: object) -> None:
    if seat is None:
        return
    if type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if not 0 <= seat < num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {num_players}-player game")


def _moves(seat: int | None, phase: Phase, active: int | None,
           hands: tuple[tuple[Card, ...] | None, ...], circle: tuple[Card, ...]
           ) -> tuple[Move, ...]:
    if seat is None or seat != active:
        return ()
    hand = hands[seat]
    assert hand is not None
    return moves_for(phase, seat, hand, circle)


def view_for(state: GameState, seat: int | None) -> PlayerView:
    """What ``seat`` may know of ``state`` (None: a spectator, who sees no hand
    unless Showdown makes them all public)."""
    if type(state) is not GameState:
        raise ArgumentError(f"view_for needs a GameState, not {type(state).__name__}")
    _check_seat(state.num_players, seat)
    showdown = state.variant.showdown
    hands = tuple(hand if showdown or owner == seat else None
                  for owner, hand in enumerate(state.hands))
    return PlayerView(
        seat=seat, variant=state.variant, phase=state.phase,
        active_player=state.active_player, hands=hands,
        hand_sizes=tuple(len(hand) for hand in state.hands), circle=state.circle,
        deck_size=len(state.deck), result=state.result,
        legal_moves=_moves(seat, state.phase, state.active_player, hands, state.circle),
    )


class _Picture:
    """A mutable working copy of a view while events are folded in."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.phase = view.phase
        self.active = view.active_player
        self.hands: list[list[Card] | None] = [
            None if hand is None else list(hand) for hand in view.hands]
        self.sizes = list(view.hand_sizes)
        self.circle = list(view.circle)
        self.deck_size = view.deck_size
        self.result = view.result

    def give(self, seat: int, cards: Iterable[Card | None]) -> None:
        for card in cards:
            self.sizes[seat] += 1
            hand = self.hands[seat]
            if hand is not None:
                if card is None:
                    raise ArgumentError(f"an event hides a card drawn by visible seat {seat}")
                hand.append(card)

    def take(self, seat: int, card: Card) -> None:
        self.sizes[seat] -= 1
        hand = self.hands[seat]
        if hand is not None:
            hand.remove(card)

    def apply(self, event: Event) -> None:
        if isinstance(event, CardPlaced | CardReturned):
            self.take(event.seat, event.card)
            self.circle.insert(event.gap + 1, event.card)
        elif isinstance(event, CardsTaken):
            # The placed card stands at gap + 1; its neighbours leave with the taker.
            k = len(self.circle)
            after = (event.gap + 2) % k
            for index in sorted((event.gap, after), reverse=True):
                del self.circle[index]
            self.give(event.seat, event.cards)
        elif isinstance(event, CardDrawn):
            self.deck_size -= 1
            self.give(event.seat, [event.card])
        elif isinstance(event, CircleRefilled):
            self.deck_size -= len(event.cards)
            self.circle.extend(event.cards)
        elif isinstance(event, TurnStarted):
            self.phase, self.active = Phase.PLAYER_TURN, event.seat
        elif isinstance(event, ReturnDue):
            self.phase, self.active = Phase.FORCED_RETURN, event.seat
        elif isinstance(event, GameEnded):
            self.phase, self.active, self.result = Phase.GAME_END, None, event.result
        elif isinstance(event, TradeUndone):
            self.undo(event)
        elif not isinstance(event, Passed):
            raise ArgumentError(f"not an event: {type(event).__name__}")

    def undo(self, event: TradeUndone) -> None:
        before, after = event.cards
        k = len(self.circle) + 1  # the circle's size before the match
        if event.gap < k - 1:
            index = event.gap
            self.circle[index : index + 1] = [before, after]
        else:  # the last gap: the placed card stands last, its neighbours were the ends
            self.circle = [after, *self.circle[:-1], before]
        for card in event.cards:
            self.take(event.seat, card)
        self.give(event.seat, [event.card])
        self.phase, self.active = Phase.PLAYER_TURN, event.seat

    def freeze(self) -> PlayerView:
        hands = tuple(None if hand is None else canonical(hand) for hand in self.hands)
        circle = tuple(self.circle)
        return PlayerView(
            seat=self.view.seat, variant=self.view.variant, phase=self.phase,
            active_player=self.active, hands=hands, hand_sizes=tuple(self.sizes),
            circle=circle, deck_size=self.deck_size, result=self.result,
            legal_moves=_moves(self.view.seat, self.phase, self.active, hands, circle),
        )


def update_view(view: PlayerView, events: Iterable[Event]) -> PlayerView:
    """The view after ``events`` (as ``events_for`` gave them to this seat)."""
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"update_view needs a PlayerView, not {type(view).__name__}")
    picture = _Picture(view)
    for event in events:
        picture.apply(event)
    return picture.freeze()


_WRITTEN: dict[Move, tuple[dict[str, Any], str]] = {}
"""Each legal move's JSON object and text, built once: legal moves are shared values
of a bounded set, and a mover's view lists some forty on every move."""


def _written(moves: tuple[Move, ...]) -> tuple[list[dict[str, Any]], list[str]]:
    """The moves' JSON objects (copies: the caller may change them) and texts."""
    cache = _WRITTEN
    try:
        written = [cache[move] for move in moves]
    except KeyError:
        cache.update((move, (NOTATION.to_json(move), str(move))) for move in moves)
        written = [cache[move] for move in moves]
    return [data.copy() for data, _ in written], [text for _, text in written]


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """A view as JSON-ready data (cards as codes, moves as tagged objects), with the
    fields every game's view carries (``Game.view_fields``)."""
    # By hand, field by field as the kernel's Game.view_to_json writes them through the
    # converter, five times faster (a host sends a view to every seat on every move);
    # tests/games/aves/test_views_events.py checks the two agree.
    moves_json, notation = _written(view.legal_moves)
    active, result = view.active_player, view.result
    return {
        "seat": view.seat,
        "variant": {"crows": view.variant.crows, "showdown": view.variant.showdown},
        "phase": view.phase.value,
        "active_player": active,
        "hands": [None if hand is None else [card.code for card in hand]
                  for hand in view.hands],
        "hand_sizes": list(view.hand_sizes),
        "circle": [card.code for card in view.circle],
        "deck_size": view.deck_size,
        "result": None if result is None else {"winners": list(result.winners),
                                               "reason": result.reason},
        "legal_moves": moves_json,
        "to_move": [] if active is None else [active],
        "legal_notation": notation,
    }
