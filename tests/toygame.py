"""The toy game of examples/high_card.py, and leaky versions of it, to test the kit.

``TOY`` is High card under the id ``toy`` and keeps every property of the
conformance kit; ``LEAKY_VIEW``, ``LEAKY_EVENTS``, ``LEAKY_REPR``, ``BAD_FOLD``,
``STALE_STATUS`` and ``CRASHY_IS_LEGAL`` each break one, as a careless game would.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from aves_core.kernel.game import ViewStatus
from aves_core.kernel.registry import register_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from high_card import (
    Ended,
    Event,
    HighCard,
    Keep,
    Kept,
    Options,
    Setup,
    State,
    Swap,
    Swapped,
    View,
)

__all__ = ["BAD_FOLD", "CRASHY_IS_LEGAL", "LEAKY_EVENTS", "LEAKY_REPR", "LEAKY_VIEW",
           "STALE_STATUS", "TOY", "HighCard", "Keep", "Options", "Setup", "Swap", "Swapped", "View"]


@attrs.frozen
class SecretView(View):
    """A view with a field its equality ignores and its repr shows."""

    secret: tuple[int, ...] = attrs.field(default=(), eq=False)


class Toy(HighCard):
    """High card, honest, under the id the tests use, with a fold of its events into
    views (optional for a game: the kit checks it where a game gives one)."""

    facts = attrs.evolve(HighCard.facts, id="toy")

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        """A client's view kept in step by the events its seat was sent."""
        hands = list(view.hands)
        deck_size, active, played, result = view.deck_size, view.active, view.played, view.result
        for event in events:
            if isinstance(event, Swapped):
                if event.seat == view.seat:
                    hands[event.seat] = event.card
                deck_size -= 1
            if isinstance(event, Kept | Swapped):
                played += 1
                active = 1 - event.seat
            if isinstance(event, Ended):
                active, result = None, event.result
        legal = (Keep(view.seat), Swap(view.seat)) if active is not None \
            and view.seat == active else ()
        return View(view.seat, (hands[0], hands[1]), deck_size, active, played, result, legal)


class LeakyView(Toy):
    """Shows every hand in every view."""

    facts = attrs.evolve(Toy.facts, id="toy-leaky-view")

    def view(self, state: State, seat: int | None) -> View:
        view = super().view(state, seat)
        return attrs.evolve(view, hands=state.hands)


class LeakyEvents(Toy):
    """Sends the card drawn on a swap to everybody."""

    facts = attrs.evolve(Toy.facts, id="toy-leaky-events")

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        return tuple(events)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        # Folds as the honest game does (ignoring the cards it should not have been sent).
        return super().update_view(view, super().events_for(events, view.seat))


class LeakyRepr(Toy):
    """Views that compare equal but carry the deck in a field their repr shows."""

    facts = attrs.evolve(Toy.facts, id="toy-leaky-repr")
    view_type = SecretView

    def view(self, state: State, seat: int | None) -> View:
        view = super().view(state, seat)
        return SecretView(**attrs.asdict(view, recurse=False), secret=state.deck)

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        folded = super().update_view(view, events)
        return SecretView(**attrs.asdict(folded, recurse=False))

    def view_to_json(self, view: View) -> dict[str, Any]:
        data = super().view_to_json(view)
        data.pop("secret", None)
        return data


class BadFold(Toy):
    """Forgets to count a swap's card out of the deck when folding events."""

    facts = attrs.evolve(Toy.facts, id="toy-bad-fold")

    def update_view(self, view: View, events: Iterable[Event]) -> View:
        folded = super().update_view(view, events)
        if any(isinstance(event, Swapped) for event in events):
            folded = attrs.evolve(folded, deck_size=folded.deck_size + 1)
        return folded


class StaleStatus(Toy):
    """Tells clients the game is still in play once it is over."""

    facts = attrs.evolve(Toy.facts, id="toy-stale-status")

    def view_status(self, view: View) -> ViewStatus:
        return attrs.evolve(super().view_status(view), phase="playerTurn")


class CrashyIsLegal(Toy):
    """Reads a move's seat before asking whether it is a move at all."""

    facts = attrs.evolve(Toy.facts, id="toy-crashy-is-legal")

    def is_legal(self, state: State, move: Any) -> bool:
        return bool(move.player == state.active) and super().is_legal(state, move)


TOY = register_game(Toy())
LEAKY_VIEW = register_game(LeakyView())
LEAKY_EVENTS = register_game(LeakyEvents())
LEAKY_REPR = register_game(LeakyRepr())
BAD_FOLD = register_game(BadFold())
STALE_STATUS = register_game(StaleStatus())
CRASHY_IS_LEGAL = register_game(CrashyIsLegal())
