"""Cubirds' invariants as Hypothesis properties, and a rule-based state machine.

Over random games of every size and both options: every card is in exactly one zone
(per species); a row on the table always shows two species while play goes on; a
hand is never empty at the start of a turn; collections only grow, and only the
active seat's; a move is accepted exactly when it is legal, and a refused one changes
nothing; the seats to move, the legal moves and the result agree.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from aves_core import IllegalMoveError
from aves_core.games.cubirds.cards import COUNTS, SPECIES, counts_of
from aves_core.games.cubirds.game import CUBIRDS
from aves_core.games.cubirds.moves import (
    SIDES,
    Draw,
    Fly,
    Lay,
    Move,
    NoDraw,
    NoFly,
    Reshuffle,
)
from aves_core.games.cubirds.phases import Phase
from aves_core.games.cubirds.rules import legal_moves
from aves_core.games.cubirds.state import CubirdsOptions, CubirdsState


def check_state(state: CubirdsState) -> None:
    """The invariants of one state."""
    zones = counts_of("".join(state.rows) + state.deck)
    assert list(COUNTS) == [sum(column) for column in zip(
        zones, state.discard, *state.hands, *state.collections, strict=True)]
    moves = legal_moves(state)
    to_move = CUBIRDS.to_move(state)
    if state.result is not None:
        assert (Phase.GAME_END, None, (), ()) == (state.phase, state.active, to_move, moves)
        return
    assert state.active is not None
    assert bool(moves) == bool(to_move) == (state.phase is not Phase.RESHUFFLE)
    refilling = state.pending is not None and state.pending.kind == "refill"
    for index, row in enumerate(state.rows):
        if not (refilling and state.pending is not None and state.pending.row == index):
            assert len(set(row)) >= 2, f"row {index} shows one species: {row}"
    if state.phase is Phase.LAY:
        assert any(state.hands[state.active])  # CB6: a lay is always possible
    if state.phase is Phase.RESHUFFLE:
        assert ("", True) == (state.deck, any(state.discard))


def candidates(state: CubirdsState, rng: random.Random) -> list[Move]:
    """The legal moves and many that are not: every seat's every kind of move."""
    moves: list[Move] = list(legal_moves(state))
    for seat in range(state.num_players):
        moves += [Draw(seat), NoDraw(seat), NoFly(seat)]
        for letter in rng.sample(SPECIES, 3):
            moves.append(Fly(seat, letter))
            moves.append(Lay(seat, letter, rng.randrange(-1, 5), rng.choice((*SIDES, "up"))))
    deck = [SPECIES[index] for index, count in enumerate(state.discard) for _ in range(count)]
    rng.shuffle(deck)
    moves += [Reshuffle("".join(deck)), Reshuffle("".join(deck[1:])), Reshuffle("FOT")]
    return moves


def step_checked(state: CubirdsState, rng: random.Random, chance: random.Random
                 ) -> CubirdsState:
    """Try the candidates against the checked door, then play one legal move."""
    legal = set(legal_moves(state))
    accepted = []
    before = copy.deepcopy(state)
    for move in candidates(state, rng):
        try:
            CUBIRDS.apply(state, move)
        except IllegalMoveError:
            assert move not in legal
            continue
        accepted.append(move)
        assert move in legal or isinstance(move, Reshuffle)
    assert before == state  # nothing mutates
    assert legal <= set(accepted)
    if CUBIRDS.awaits_chance(state):
        assert all(isinstance(move, Reshuffle) for move in accepted)
        chosen: Move = CUBIRDS.chance_move(state, chance)
    else:
        chosen = rng.choice(legal_moves(state))
    after = CUBIRDS.apply(state, chosen)
    before_collections = state.collections
    for seat, (old, new) in enumerate(zip(before_collections, after.collections, strict=True)):
        assert all(b >= a for a, b in zip(old, new, strict=True))
        if old != new:
            assert (seat, Fly) == (state.active, type(chosen))
    return after


@given(st.integers(2, 5), st.sampled_from([3, 4]), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(num_players: int, row_cards: int, seed: int) -> None:
    options = CubirdsOptions(row_cards)
    state = CUBIRDS.start(num_players, CUBIRDS.new_setup(num_players, options, seed))
    chance = CUBIRDS.chance_generator(num_players, options, seed)
    rng = random.Random(seed)
    for _ in range(150):
        check_state(state)
        if state.result is not None:
            break
        state = step_checked(state, rng, chance)


class CubirdsMachine(RuleBasedStateMachine):
    """A game driven by Hypothesis: legal moves, illegal tries and reshuffles."""

    state: CubirdsState

    @initialize(num_players=st.integers(2, 5), row_cards=st.sampled_from([3, 4]),
                seed=st.integers(0, 2**32))
    def start(self, num_players: int, row_cards: int, seed: int) -> None:
        options = CubirdsOptions(row_cards)
        self.state = CUBIRDS.start(num_players, CUBIRDS.new_setup(num_players, options, seed))
        self.chance = CUBIRDS.chance_generator(num_players, options, seed)

    @rule(choice=st.integers(0, 10**6))
    def play_a_legal_move(self, choice: int) -> None:
        state = self.state
        if state.result is not None:
            return
        if CUBIRDS.awaits_chance(state):
            move: Move = CUBIRDS.chance_move(state, self.chance)
        else:
            moves = legal_moves(state)
            move = moves[choice % len(moves)]
        self.state = CUBIRDS.apply(state, move)

    @rule(seat=st.integers(-1, 5), letter=st.sampled_from([*SPECIES, "X"]),
          row=st.integers(-1, 4), side=st.sampled_from([*SIDES, "up"]),
          kind=st.sampled_from(["lay", "fly", "draw", "nodraw", "nofly"]))
    def try_any_move(self, seat: int, letter: str, row: int, side: str, kind: str) -> None:
        moves: dict[str, Move] = {
            "lay": Lay(seat, letter, row, side), "fly": Fly(seat, letter), "draw": Draw(seat),
            "nodraw": NoDraw(seat), "nofly": NoFly(seat)}
        move = moves[kind]
        legal = move in legal_moves(self.state)
        assert legal == CUBIRDS.is_legal(self.state, move)
        code = None
        try:
            after = CUBIRDS.apply(self.state, move)
        except IllegalMoveError as error:
            code = error.code
        assert (code is None) == legal
        assert code in (None, "bad_notation", "game_over", "not_your_turn", "wrong_phase",
                        "unknown_species", "bad_row", "bad_side", "not_in_hand",
                        "flock_too_small")
        if legal:
            self.state = after

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "state"):
            check_state(self.state)


TestCubirdsMachine = CubirdsMachine.TestCase
