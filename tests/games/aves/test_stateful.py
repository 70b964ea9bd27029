"""A Hypothesis state machine that plays AVES: legal moves chosen by Hypothesis, illegal moves
tried in between (each must raise the rules' code and change nothing), saved states revisited
to show nothing aliases them, and the invariants checked after every step."""

from __future__ import annotations

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)
from strategies import (
    arbitrary_moves,
    check_canonical,
    check_conservation,
    check_phase,
    check_result,
    check_sizes,
    expected_error,
    expected_legal_moves,
    is_match,
    moves_for,
    player_counts,
    reference_apply,
    seeds,
    snapshot,
    start,
    variants,
)

from aves_core import (
    GameState,
    IllegalMoveError,
    Move,
    Phase,
    Variant,
    apply_move,
    legal_moves,
)

Saved = tuple[GameState, tuple[object, ...], tuple[Move, ...]]
"""A state, its snapshot and its legal moves when it was saved."""


class AvesGame(RuleBasedStateMachine):
    """One game of AVES from a seeded new_game."""

    saved = Bundle("saved")

    def __init__(self) -> None:
        super().__init__()
        self._state: GameState | None = None
        self.num_players = 0
        self.variant = Variant()
        self.seed = 0
        self.crow_start = False
        self.history: list[Move] = []
        self.replayed = 0

    @property
    def state(self) -> GameState:
        assert self._state is not None, "initialize runs first"
        return self._state

    def _adopt(self, move: Move) -> None:
        """Apply a legal move, check it against the reference rules, and keep the result."""
        before = self.state
        after = apply_move(before, move)
        assert reference_apply(before, move) == after
        if after.result is not None:
            check_result(before, move, after)
        self._state = after
        self.history.append(move)
        event(f"reached {after.phase.value}")  # see --hypothesis-show-statistics

    @initialize(
        num_players=player_counts(), variant=variants(), seed=seeds(), crow_start=st.booleans()
    )
    def new(self, num_players: int, variant: Variant, seed: int, crow_start: bool) -> None:
        """A seeded game; with crow_start (and crows) the first player holds three crows."""
        self.num_players, self.variant, self.seed = num_players, variant, seed
        self.crow_start = crow_start
        self._state = start(num_players, variant, seed, crow_start)
        assert num_players == self.state.num_players
        assert variant == self.state.variant

    @rule(data=st.data(), count=st.integers(min_value=1, max_value=12))
    def play_legal_moves(self, data: st.DataObject, count: int) -> None:
        """Play up to ``count`` legal moves in a row (so that games reach their end); none
        once the game is over (a rule rather than a precondition: fewer rejected runs)."""
        for _ in range(count):
            if self.state.is_over:
                break
            legal = legal_moves(self.state)
            matches = [move for move in legal if is_match(self.state, move)]
            # Prefer a match when there is one, so refills, forced returns and ends come quickly.
            prefer_match = bool(matches) and data.draw(st.integers(0, 3), label="policy") > 0
            move = data.draw(st.sampled_from(matches if prefer_match else legal), label="move")
            self._adopt(move)

    def _attempt(self, move: Move) -> None:
        """Try any move: a legal one is adopted, an illegal one must raise and change nothing."""
        state = self.state
        before = snapshot(state)
        legal = legal_moves(state)
        expected = expected_error(state, move)
        if expected is None:
            assert move in legal
            self._adopt(move)
            return
        assert move not in legal
        with pytest.raises(IllegalMoveError) as raised:
            apply_move(state, move)
        assert expected == raised.value.code
        assert before == snapshot(state)
        assert legal == legal_moves(state)

    @rule(move=arbitrary_moves())
    def try_arbitrary_move(self, move: Move) -> None:
        self._attempt(move)

    @rule(data=st.data())
    def try_move_aimed_at_this_state(self, data: st.DataObject) -> None:
        self._attempt(data.draw(moves_for(self.state), label="aimed move"))

    @rule(target=saved)
    def save(self) -> Saved:
        return (self.state, snapshot(self.state), legal_moves(self.state))

    @rule(saved=saved)
    def revisit(self, saved: Saved) -> None:
        state, before, legal = saved
        assert before == snapshot(state)
        assert legal == legal_moves(state)

    @rule()
    def replay_from_the_seed(self) -> None:
        """Determinism: the same start and the same moves give the same state."""
        if self.replayed == len(self.history):
            return  # nothing new since the last replay (keeps long runs linear)
        self.replayed = len(self.history)
        state = start(self.num_players, self.variant, self.seed, self.crow_start)
        for move in self.history:
            state = apply_move(state, move)
        assert self.state == state

    @invariant()
    def cards_are_conserved(self) -> None:
        check_conservation(self.state)

    @invariant()
    def sizes_are_within_limits(self) -> None:
        check_sizes(self.state)

    @invariant()
    def hands_are_canonical(self) -> None:
        check_canonical(self.state)

    @invariant()
    def phase_seat_and_result_agree(self) -> None:
        check_phase(self.state)
        assert Phase.CIRCLE_REFILL is not self.state.phase

    @invariant()
    def legal_moves_follow_the_rules(self) -> None:
        assert expected_legal_moves(self.state) == legal_moves(self.state)


# The active Hypothesis profile (tests/conftest.py) sets max_examples and stateful_step_count.
AvesGame.TestCase.settings = settings()
TestAvesGame = AvesGame.TestCase
