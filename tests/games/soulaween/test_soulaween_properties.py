"""Soulaween's invariants as Hypothesis properties, and a rule-based state machine.

Over random games in both modes and every character: a move is accepted exactly when
it is legal; nothing mutates a state; the same setup and moves give the same states;
at the start of every turn a cell is empty; no cell shows both faces; tokens only
grow, and only the mover's; Little Death never holds a kind twice; a restriction is
only ever set by an Anubis opponent; a game over has a winner with its tokens; an undo
gives back the state before; and the phase steps taken are edges of the declared machine.
"""

from __future__ import annotations

import copy
import json
import random
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from aves_core import IllegalMoveError, get_game
from aves_core.games.soulaween.events import MoveUndone
from aves_core.games.soulaween.moves import Keep, Move, Put, Reap, Rotate
from aves_core.games.soulaween.phases import PHASES, Phase
from aves_core.games.soulaween.rules import legal_moves
from aves_core.games.soulaween.state import (
    CHARACTERS,
    LITTLE_DEATH,
    SoulaweenOptions,
    SoulaweenState,
)

SOULAWEEN = get_game("soulaween")
ALL_CELLS = [f"{column}{row}" for column in "abcd" for row in range(1, 5)]


def options() -> st.SearchStrategy[SoulaweenOptions]:
    """Simple mode, or standard mode with given or drawn characters."""
    characters = st.tuples(st.sampled_from((*CHARACTERS, None)),
                           st.sampled_from((*CHARACTERS, None)))
    return st.one_of(st.just(SoulaweenOptions()),
                     st.builds(SoulaweenOptions, st.just("standard"), characters))


def play(options: SoulaweenOptions, seed: int, moves: int) -> list[SoulaweenState]:
    """A random game: its states, from the empty mat."""
    rng = random.Random(seed)
    state = SOULAWEEN.start(2, SOULAWEEN.new_setup(2, options, seed))
    states = [state]
    for _ in range(moves):
        legal = legal_moves(state)
        if not legal:
            break
        state = SOULAWEEN.apply(state, rng.choice(legal))
        states.append(state)
    return states


def any_moves(state: SoulaweenState) -> list[Move]:
    """Legal moves and many that are not: each seat, each cell and face, each pattern
    legal elsewhere, rotate and keep."""
    moves: list[Move] = []
    for seat in (0, 1):
        moves += [Put(seat, cell, face) for cell in ALL_CELLS[::3] for face in ("black",
                                                                                 "white")]
        moves += [Rotate(seat), Keep(seat), Reap(seat, ("a1", "a2", "a3", "a4")),
                  Reap(seat, ("a1", "b2", "c3", "d4")), Reap(seat, ("a1", "a2", "b1", "b2"))]
    return [*legal_moves(state), *moves]


@given(options(), st.integers(0, 2**32), st.integers(0, 120))
def test_a_move_is_accepted_exactly_when_it_is_legal(options: SoulaweenOptions, seed: int,
                                                    length: int) -> None:
    for state in play(options, seed, length)[-3:]:
        legal = set(legal_moves(state))
        for move in any_moves(state):
            before = copy.deepcopy(state)
            try:
                SOULAWEEN.apply(state, move)
                accepted = True
            except IllegalMoveError:
                accepted = False
            assert (move in legal) == accepted == SOULAWEEN.is_legal(state, move), move
            assert before == state  # nothing mutates


@given(options(), st.integers(0, 2**32), st.integers(0, 150))
def test_the_invariants_hold_in_every_state(options: SoulaweenOptions, seed: int,
                                            length: int) -> None:
    states = play(options, seed, length)
    for before, after in pairwise(states):
        assert not after.black & after.white  # no cell shows both faces
        assert (after.black | after.white) < 1 << 16  # at most 16 pieces, all on the mat
        if after.phase is Phase.PLAYER_TURN:
            assert after.empty  # a turn starts with an empty cell
        for seat in (0, 1):
            assert after.tokens[seat][:len(before.tokens[seat])] == before.tokens[seat]
            if seat != before.active:
                assert after.tokens[seat] == before.tokens[seat]  # only the mover reaps
            if after.characters[seat] == LITTLE_DEATH:
                assert len(set(after.tokens[seat])) == len(after.tokens[seat])
            if after.restrictions[seat] is not None:
                assert "anubis" == after.characters[1 - seat]
        if after.result is not None:
            (winner,) = after.result.winners
            assert 3 == len(after.tokens[winner])
            assert (Phase.GAME_END, None) == (after.phase, after.active)


@given(options(), st.integers(0, 2**32))
def test_the_same_setup_and_moves_give_the_same_states(options: SoulaweenOptions,
                                                       seed: int) -> None:
    assert play(options, seed, 60) == play(options, seed, 60)


def moves() -> st.SearchStrategy[Move]:
    """Any move object: legal or not, a reap of any four different cells."""
    players = st.integers(-3, 5)
    return st.one_of(
        st.builds(Put, players, st.sampled_from(ALL_CELLS), st.sampled_from(("black", "white"))),
        st.builds(Reap, players, st.lists(st.sampled_from(ALL_CELLS), min_size=4, max_size=4,
                                          unique=True).map(tuple)),
        st.builds(Rotate, players), st.builds(Keep, players))


@given(moves())
def test_every_move_reads_back_from_its_text_and_its_json(move: Move) -> None:
    if move.player >= 0:  # a seat -3 has no text: the door refuses it (bad_notation)
        assert move == SOULAWEEN.parse_move(SOULAWEEN.move_text(move))
    data = json.loads(json.dumps(SOULAWEEN.move_to_json(move)))
    assert move == SOULAWEEN.move_from_json(data)
    assert data["type"] == str(move).split(":")[1].split()[0]


@given(options(), st.integers(0, 2**32), st.integers(0, 80))
def test_an_undo_gives_back_the_state_before(options: SoulaweenOptions, seed: int,
                                             length: int) -> None:
    rng = random.Random(seed)
    state = SOULAWEEN.start(2, SOULAWEEN.new_setup(2, options, seed))
    for _ in range(length):
        legal = legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        after, events = SOULAWEEN.apply_with_events(state, move)
        for seat in (0, 1):
            undo = SOULAWEEN.undo(state, move, events, after, seat)
            # Only the mover, only while its turn goes on, never after a win.
            allowed = (seat == move.player == after.active and after.result is None
                       and after.phase in (Phase.CHOOSE_REAP, Phase.CHOOSE_ROTATION))
            assert (undo is not None) == allowed
            if undo is not None:
                assert (MoveUndone(seat, state),) == undo  # what every client is told
        state = after


class SoulaweenMachine(RuleBasedStateMachine):
    """Random games driven move by move, with the declared phase machine in step."""

    def __init__(self) -> None:
        super().__init__()
        self.state = SOULAWEEN.start(2, SOULAWEEN.new_setup(2, SoulaweenOptions(), 0))
        self.rng = random.Random(0)

    @initialize(options=options(), seed=st.integers(0, 2**32))
    def set_up(self, options: SoulaweenOptions, seed: int) -> None:
        self.state = SOULAWEEN.start(2, SOULAWEEN.new_setup(2, options, seed))
        self.rng = random.Random(seed)

    @rule()
    def play_a_legal_move(self) -> None:
        legal = legal_moves(self.state)
        if legal:
            before = self.state.phase
            self.state = SOULAWEEN.apply(self.state, self.rng.choice(legal))
            # Every resting phase a move leads to is reachable from where it began.
            assert self.state.phase in _reachable(before)

    @rule(data=st.data())
    def an_illegal_move_changes_nothing(self, data: st.DataObject) -> None:
        move = data.draw(st.sampled_from(any_moves(self.state)))
        before = self.state
        if move not in legal_moves(before):
            try:
                SOULAWEEN.apply(before, move)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{move} was accepted")
        assert before == self.state

    @invariant()
    def a_turn_starts_with_an_empty_cell(self) -> None:
        if self.state.phase is Phase.PLAYER_TURN:
            assert self.state.empty


def _reachable(phase: Phase) -> set[Phase]:
    seen, todo = {phase}, [phase]
    while todo:
        current = todo.pop()
        for (source, _trigger), destination in PHASES.next.items():
            if source is current and destination not in seen:
                seen.add(destination)
                todo.append(destination)
    return seen


TestSoulaweenMachine = SoulaweenMachine.TestCase
