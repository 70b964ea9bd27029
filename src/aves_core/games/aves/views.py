"""Player views: what one seat (or a spectator) may know of a game (docs/rules.md, "What
each player may know"), and nothing more: a hidden card is never put into a view.
``update_view`` folds a seat's redacted events into its view, as ``view_for`` would
build it from the new state.
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
    if seat is not None and type(seat) is not int:
        raise ArgumentError(f"seat must be an int or None (a spectator), not {seat!r}")
    if seat is not None and not 0 <= seat < state.num_players:
        raise ArgumentError(f"seat {seat} is not a seat of this {state.num_players}-player "
                            "game")
    # By hand rather than with comprehensions: the learning environments build a view
    # on every step.
    hands: tuple[tuple[Card, ...] | None, ...] = state.hands
    if not state.variant.showdown:  # only the seat's own hand is shown
        shown: list[tuple[Card, ...] | None] = [None] * len(hands)
        if seat is not None:
            shown[seat] = hands[seat]
        hands = tuple(shown)
    active = state.active_player
    return PlayerView(
        seat=seat, variant=state.variant, phase=state.phase,
        active_player=active, hands=hands,
        hand_sizes=tuple(map(len, state.hands)), circle=state.circle,
        deck_size=len(state.deck), result=state.result,
        legal_moves=(moves_for(state.phase, seat, state.hands[seat], state.circle)
                     if seat is not None and seat == active else ()),
    )


def update_view(view: PlayerView, events: Iterable[Event]) -> PlayerView:
    """The view after ``events`` (as ``events_for`` gave them to this seat)."""
    if not isinstance(view, PlayerView):
        raise ArgumentError(f"update_view needs a PlayerView, not {type(view).__name__}")
    phase, active, result, deck_size = (view.phase, view.active_player, view.result,
                                        view.deck_size)
    hands = [None if hand is None else list(hand) for hand in view.hands]
    sizes, circle = list(view.hand_sizes), list(view.circle)

    def give(seat: int, cards: Iterable[Card | None]) -> None:
        for card in cards:
            sizes[seat] += 1
            hand = hands[seat]
            if hand is not None:
                if card is None:
                    raise ArgumentError(f"an event hides a card drawn by visible seat {seat}")
                hand.append(card)

    def take(seat: int, cards: Iterable[Card]) -> None:
        for card in cards:
            sizes[seat] -= 1
            hand = hands[seat]
            if hand is not None:
                hand.remove(card)

    for event in events:
        if isinstance(event, CardPlaced | CardReturned):
            take(event.seat, [event.card])
            circle.insert(event.gap + 1, event.card)
        elif isinstance(event, CardsTaken):
            # The placed card stands at gap + 1; its neighbours leave with the taker.
            for index in sorted((event.gap, (event.gap + 2) % len(circle)), reverse=True):
                del circle[index]
            give(event.seat, event.cards)
        elif isinstance(event, CardDrawn):
            deck_size -= 1
            give(event.seat, [event.card])
        elif isinstance(event, CircleRefilled):
            deck_size -= len(event.cards)
            circle.extend(event.cards)
        elif isinstance(event, TurnStarted):
            phase, active = Phase.PLAYER_TURN, event.seat
        elif isinstance(event, ReturnDue):
            phase, active = Phase.FORCED_RETURN, event.seat
        elif isinstance(event, GameEnded):
            phase, active, result = Phase.GAME_END, None, event.result
        elif isinstance(event, TradeUndone):
            before, after = event.cards
            if event.gap < len(circle):
                circle[event.gap : event.gap + 1] = [before, after]
            else:  # the last gap: the placed card stands last, its neighbours were the ends
                circle = [after, *circle[:-1], before]
            take(event.seat, event.cards)
            give(event.seat, [event.card])
            phase, active = Phase.PLAYER_TURN, event.seat
        elif not isinstance(event, Passed):
            raise ArgumentError(f"not an event: {type(event).__name__}")
    frozen = tuple(None if hand is None else canonical(hand) for hand in hands)
    return PlayerView(
        view.seat, view.variant, phase, active, frozen, tuple(sizes), tuple(circle),
        deck_size, result, _moves(view.seat, phase, active, frozen, tuple(circle)))


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
