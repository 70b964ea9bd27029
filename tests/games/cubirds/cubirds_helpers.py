"""Helpers for Cubirds' tests: states built by hand from rows, hands and a deck, moves
applied by their notation, refusals read as codes, and random games.

Cards are written as in RULES-cubirds.md: a row left to right (``"OFPM"``), a deck top
first, a hand or a collection in any order (``"PPRRD"``).
"""

from __future__ import annotations

import random

import pytest

from aves_core import IllegalMoveError
from aves_core.games.cubirds.cards import COUNTS, counts_of, text_of
from aves_core.games.cubirds.events import Event
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import Move
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.state import CubirdsOptions, CubirdsState, Pending

ROWS = ("FOT", "DPM", "WRF", "OTD")
parse_move = CUBIRDS.parse_move


def rest_of(*zones: str) -> str:
    """The cards of the game not in ``zones`` (canonical order)."""
    held = counts_of("".join(zones))
    left = [have - used for have, used in zip(COUNTS, held, strict=True)]
    assert all(count >= 0 for count in left), f"more cards than the game has: {zones}"
    return text_of(tuple(left))


def make(hands: tuple[str, ...], *, rows: tuple[str, ...] = ROWS, deck: str = "",
         discard: str | None = None, collections: tuple[str, ...] | None = None,
         active: int = 0, dealer: int | None = None, phase: Phase = Phase.LAY,
         pending: Pending | None = None) -> CubirdsState:
    """A state from its zones. ``discard`` None: every card not placed elsewhere is in
    the discard pile, so the zones hold the 110 cards (CB3)."""
    collections = collections if collections is not None else ("",) * len(hands)
    assert len(collections) == len(hands)
    if discard is None:
        discard = rest_of(*rows, deck, *hands, *collections)
    return CubirdsState(tuple(rows), deck, counts_of(discard),
                        tuple(counts_of(hand) for hand in hands),
                        tuple(counts_of(collection) for collection in collections),
                        active if dealer is None else dealer, phase, active, pending)


def play(state: CubirdsState, *texts: str) -> CubirdsState:
    """``state`` after the moves written in ``texts``, through the checked door."""
    for text in texts:
        state = CUBIRDS.apply(state, parse_move(text))
    return state


def play_with_events(state: CubirdsState, text: str) -> tuple[CubirdsState, tuple[Event, ...]]:
    """``apply_with_events`` of a move written as text."""
    return CUBIRDS.apply_with_events(state, parse_move(text))


def code_of(state: CubirdsState, text: str) -> str:
    """The code ``apply`` refuses a move with (the state stays as it was)."""
    before = repr(state)
    with pytest.raises(IllegalMoveError) as error:
        CUBIRDS.apply(state, parse_move(text))
    assert before == repr(state)
    return error.value.code


def hand(state: CubirdsState, seat: int) -> str:
    """A seat's hand in canonical order."""
    return text_of(state.hands[seat])


def collection(state: CubirdsState, seat: int) -> str:
    """A seat's collection in canonical order."""
    return text_of(state.collections[seat])


def notations(moves: tuple[Move, ...]) -> list[str]:
    """Moves as text."""
    return [str(move) for move in moves]


def random_game(num_players: int, seed: int, *, row_cards: int = 3, max_moves: int = 3000
                ) -> list[tuple[CubirdsState, Move, CubirdsState, tuple[Event, ...]]]:
    """A random game, chance moves drawn from the game's generator: every step
    (before, move, after, events)."""
    options = CubirdsOptions(row_cards)
    state = CUBIRDS.start(num_players, CUBIRDS.new_setup(num_players, options, seed))
    chance = CUBIRDS.chance_generator(num_players, options, seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(max_moves):
        if state.result is not None:
            break
        if CUBIRDS.awaits_chance(state):
            move: Move = CUBIRDS.chance_move(state, chance)
        else:
            move = rng.choice(CUBIRDS.legal_moves(state))
        after, events = CUBIRDS.apply_with_events(state, move)
        steps.append((state, move, after, events))
        state = after
    return steps


