"""Helpers of the Boxes tests: games set up by hand, moves played by their notation."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from aves_core.games.boxes.cards import CLOSED_CANONICAL, OPEN_CANONICAL, Notes
from aves_core.games.boxes.events import Event
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.rules import legal_moves
from aves_core.games.boxes.state import BoxesSetup, BoxesState
from aves_core.kernel.errors import IllegalMoveError


def make(num_players: int = 3, first: int = 0) -> BoxesState:
    """A game whose piles are in canonical order (container 1: ``Y250 Y250 B250 B250``
    closed, ``Y50 Y100 Y150 Y200 B50 B100`` open), ``first`` the first auctioneer."""
    return BOXES.start(num_players, BoxesSetup(OPEN_CANONICAL, CLOSED_CANONICAL, first))


def play(state: BoxesState, *texts: str) -> BoxesState:
    """``state`` after the moves written in notation, each checked."""
    for text in texts:
        state = BOXES.apply(state, BOXES.parse_move(text))
    return state


def play_with_events(state: BoxesState, *texts: str) -> tuple[BoxesState, list[Event]]:
    """``play``, and every event of the moves, unredacted."""
    events: list[Event] = []
    for text in texts:
        state, more = BOXES.apply_with_events(state, BOXES.parse_move(text))
        events += more
    return state, events


def code_of(state: BoxesState, text: str) -> str | None:
    """The refusal code of the move written ``text``, or None if it is legal."""
    try:
        BOXES.apply(state, BOXES.parse_move(text))
    except IllegalMoveError as error:
        return error.code
    return None


def notations(state: BoxesState) -> list[str]:
    """The legal moves in notation."""
    return [str(move) for move in legal_moves(state)]


def all_stop(state: BoxesState) -> BoxesState:
    """Every seat stops examining at once, the examiner first."""
    while state.examiner is not None:
        state = play(state, f"{state.examiner}:stop")
    return state


def with_notes(state: BoxesState, *notes: Notes) -> BoxesState:
    """``state`` with each seat's note counts (500, 200, 100, 50) replaced."""
    return attrs.evolve(state, notes=tuple(notes))


def at_container(state: BoxesState, container: int) -> BoxesState:
    """``state`` (at the start of a container) moved to ``container``: as if the
    earlier ones were sold for 0 to their auctioneers."""
    from aves_core.games.boxes.state import Sale

    sales = tuple(Sale(k, (state.first + k - 1) % state.num_players, 0, ())
                  for k in range(1, container))
    return attrs.evolve(state, container=container, sales=sales)


def random_game(num_players: int, seed: int, moves: int = 10_000) -> list[BoxesState]:
    """The states of a random game (uniform legal moves), first to last."""
    rng = random.Random(seed)
    state = BOXES.start(num_players, BOXES.new_setup(num_players, BOXES.default_options(),
                                                     seed))
    states = [state]
    for _ in range(moves):
        if state.result is not None:
            break
        state = BOXES.apply(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


def piles_of(containers: dict[int, Sequence[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Open and closed piles whose container k holds ``containers[k]`` (10 cards, slot by
    slot: c1-c4, o1-o6); a container not given holds ``N0`` everywhere."""
    open_pile: list[str] = []
    closed_pile: list[str] = []
    for k in range(1, 7):
        cards = list(containers.get(k, ["N0"] * 10))
        closed_pile += cards[:4]
        open_pile += cards[4:]
    return tuple(open_pile), tuple(closed_pile)
