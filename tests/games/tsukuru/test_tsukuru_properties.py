"""Tsukuru 10 Ten's invariants as Hypothesis properties, and a rule-based state machine.

Over random games of every size and option: the zones always hold the 61 tiles (kind
by kind); a hand holds 7 tiles between turns and 8 after a draw or a get; scores change
only at a finish, and only the finisher's, by what its score says; a move is accepted
exactly when it is legal, a refused one changes nothing; the seats to move, the legal
moves and the result agree; a turn never starts with an empty deck (TK11).
"""

from __future__ import annotations

import copy
import random

from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from aves_core.games.tsukuru.game import TSUKURU
from aves_core.games.tsukuru.moves import (
    Deal,
    Discard,
    Draw,
    Finish,
    FinishFrom,
    Get,
    Move,
)
from aves_core.games.tsukuru.phases import Phase
from aves_core.games.tsukuru.state import TsukuruOptions, TsukuruState
from aves_core.games.tsukuru.tiles import COPIES, KINDS, counts_of, full_set
from aves_core.kernel.errors import IllegalMoveError

OPTIONS = [TsukuruOptions(), TsukuruOptions("advanced"), TsukuruOptions("advanced", "rounds")]


def check_state(state: TsukuruState) -> None:
    """The invariants of one state."""
    zones = counts_of([*state.deck, *(tile for pile in state.discards for tile in pile),
                       *(tile for sets in state.open_sets for shape in sets
                         for tile in shape.tiles)])
    assert list(COPIES) == [sum(column) for column in zip(zones, *state.concealed,
                                                          strict=True)]
    moves = TSUKURU.legal_moves(state)
    to_move = TSUKURU.to_move(state)
    if state.result is not None:
        assert (Phase.GAME_END, None, (), ()) == (state.phase, state.active, to_move, moves)
        return
    assert bool(moves) == bool(to_move) == (state.phase is not Phase.DEAL)
    if state.phase is Phase.DEAL:
        return
    assert state.active is not None
    for seat in range(state.num_players):
        size = state.hand_size(seat)
        if seat == state.active and state.phase in (Phase.DRAWN, Phase.DISCARD):
            assert 8 == size
        else:
            assert 7 == size
    if state.phase is Phase.TURN:
        assert state.deck  # TK11: a turn never starts with an empty deck


def candidates(state: TsukuruState, rng: random.Random) -> list[Move]:
    """The legal moves and many that are not: every seat's every kind of move."""
    moves: list[Move] = list(TSUKURU.legal_moves(state))
    for seat in range(state.num_players):
        moves += [Draw(seat), Finish(seat, ()), FinishFrom(seat, rng.randrange(-1, 5), ())]
        for tile in rng.sample(KINDS, 3):
            moves.append(Discard(seat, tile))
            moves.append(Get(seat, rng.randrange(-1, 5), tile + rng.choice(KINDS)))
            moves.append(Finish(seat, (tile * 3,)))
    deal = list(full_set())
    rng.shuffle(deal)
    moves += [Deal("".join(deal)), Deal("".join(deal[1:]))]
    return moves


def step_checked(state: TsukuruState, rng: random.Random, chance: random.Random
                 ) -> TsukuruState:
    """Try the candidates against the checked door, then play one legal move."""
    legal = set(TSUKURU.legal_moves(state))
    accepted = []
    before = copy.deepcopy(state)
    for move in candidates(state, rng):
        try:
            TSUKURU.apply(state, move)
        except IllegalMoveError:
            assert move not in legal
            continue
        accepted.append(move)
        assert move in legal or isinstance(move, Deal)
    assert before == state  # nothing mutates
    assert legal <= set(accepted)
    if TSUKURU.awaits_chance(state):
        assert all(isinstance(move, Deal) for move in accepted)
        chosen: Move = TSUKURU.chance_move(state, chance)
    else:
        chosen = rng.choice(TSUKURU.legal_moves(state))
    after = TSUKURU.apply(state, chosen)
    check_scores(state, chosen, after)
    return after


def check_scores(before: TsukuruState, move: Move, after: TsukuruState) -> None:
    """Scores change only at a finish, and only the finisher's, by its score."""
    if isinstance(move, Finish | FinishFrom):
        shown = after.shown
        assert shown is not None
        assert shown.seat == move.player
        gained = [new - old for old, new in zip(before.scores, after.scores, strict=True)]
        assert gained == [shown.score.points if seat == move.player else 0
                          for seat in range(before.num_players)]
        assert shown.score.points == sum(points for _code, points in shown.score.parts)
    else:
        assert before.scores == after.scores


@given(st.integers(2, 4), st.sampled_from(OPTIONS), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(num_players: int, options: TsukuruOptions,
                                           seed: int) -> None:
    state = TSUKURU.start(num_players, TSUKURU.new_setup(num_players, options, seed))
    chance = TSUKURU.chance_generator(num_players, options, seed)
    rng = random.Random(seed)
    for _ in range(150):
        check_state(state)
        if state.result is not None:
            break
        state = step_checked(state, rng, chance)


class TsukuruMachine(RuleBasedStateMachine):
    """A game driven by Hypothesis: legal moves, illegal tries and deals."""

    state: TsukuruState

    @initialize(num_players=st.integers(2, 4), options=st.sampled_from(OPTIONS),
                seed=st.integers(0, 2**32))
    def start(self, num_players: int, options: TsukuruOptions, seed: int) -> None:
        self.state = TSUKURU.start(num_players, TSUKURU.new_setup(num_players, options, seed))
        self.chance = TSUKURU.chance_generator(num_players, options, seed)

    @rule(choice=st.integers(0, 10**6))
    def play_a_legal_move(self, choice: int) -> None:
        state = self.state
        if state.result is not None:
            return
        if TSUKURU.awaits_chance(state):
            move: Move = TSUKURU.chance_move(state, self.chance)
        else:
            moves = TSUKURU.legal_moves(state)
            move = moves[choice % len(moves)]
        after = TSUKURU.apply(state, move)
        check_scores(state, move, after)
        self.state = after

    @rule(seat=st.integers(0, 3), tile=st.sampled_from(KINDS), source=st.integers(-1, 4))
    def try_a_move_that_may_be_illegal(self, seat: int, tile: str, source: int) -> None:
        state = self.state
        for move in (Discard(seat, tile), Get(seat, source, tile + tile), Draw(seat),
                     FinishFrom(seat, source, ())):
            try:
                after = TSUKURU.apply(state, move)
            except IllegalMoveError:
                assert move not in TSUKURU.legal_moves(state)
                assert state == self.state
            else:
                assert move in TSUKURU.legal_moves(state)
                check_scores(state, move, after)

    @invariant()
    def keeps_every_invariant(self) -> None:
        if hasattr(self, "state"):
            check_state(self.state)


TestTsukuruMachine = TsukuruMachine.TestCase
