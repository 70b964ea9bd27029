"""Draft Cider's invariants as Hypothesis properties, and a rule-based state machine.

Over random games of every size and option: every seat ends with 12 cards; every card
is in exactly one place (the pool, an orchard, or the deck below the pool; a card seen
and taken is in an orchard); every lot keeps its placement rule at every step
(re-checked from scratch, the tree's colour test at its planting); each score is the
sum of the lot formulas of the reference written from the RULES text; the picks follow
DC7's order; a move is accepted exactly when it is legal, and a refused one changes
nothing and names a code of DC19b; and an undo through the kernel's table gives back
the state before the pick.
"""

from __future__ import annotations

import random
from collections import Counter

from budget import PROFILE
from draft_cider_helpers import (
    LOT_NAMES,
    as_dict,
    pick_order,
    ref_lot_rule_holds,
    ref_lot_score,
    ref_may_plant,
    ref_score,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from aves_core.games.draft_cider.cards import DECK
from aves_core.games.draft_cider.game import DRAFT_CIDER
from aves_core.games.draft_cider.moves import Pick
from aves_core.games.draft_cider.phases import Phase
from aves_core.games.draft_cider.rules import legal_moves
from aves_core.games.draft_cider.state import DraftCiderOptions, DraftCiderState
from aves_core.kernel.errors import IllegalMoveError
from aves_core.kernel.table import Table

THOROUGH = PROFILE == "thorough"
"""The thorough profile (tests/conftest.py) keeps its own, larger budget; by default a
whole game of up to 72 picks with every check is slow by Hypothesis's standards, so
the examples are fewer than the default profile's."""


def budget(examples: int, steps: int = 50) -> settings:
    """``examples`` examples (and stateful steps) unless the profile is thorough."""
    return settings() if THOROUGH else settings(max_examples=examples,
                                                stateful_step_count=steps)


CODES = {"game_over", "not_your_turn", "bad_notation", "not_in_pool", "unknown_lot",
         "lot_refuses"}
"""DC19b's codes (bad_notation: a card or lot of no card's or lot's shape)."""


def check_state(state: DraftCiderState) -> None:
    """The invariants of one state, each from scratch."""
    count = state.num_players
    k = 2 if count in (3, 6) else 3
    placed = [card for orchard in state.orchards for lot in orchard for card in lot]
    # Every card in exactly one place: the pool, an orchard, or below the pool.
    assert Counter(DECK) == Counter([*state.pool, *placed, *state.undealt])
    assert sorted(DECK) == sorted(state.deck)
    dealt = state.deck[:state.round * k * count]
    assert set(placed) | set(state.pool) == set(dealt)
    assert state.pool == tuple(card for card in dealt[-k * count:] if card not in placed)
    taken = k * count - len(state.pool)  # this round's picks so far
    for seat, orchard in enumerate(state.orchards):
        lots = as_dict(orchard)
        for name in LOT_NAMES:
            assert ref_lot_rule_holds(name, lots[name]), (name, lots[name])
        expected = tuple(ref_lot_score(name, lots[name], lots, state.options.bad_points)
                         for name in LOT_NAMES)
        assert expected == state.lot_scores(seat)
        assert ref_score(lots, state.options.bad_points) == state.scores[seat]
        # Each seat has picked k a round: the picks so far follow DC7's order.
        done = (state.round - 1) * k * count + taken
        order = pick_order(count, state.first)
        assert order[:done].count(seat) == len(placed_of(orchard))
    if state.result is not None:
        assert (Phase.GAME_END, None, ()) == (state.phase, state.active, legal_moves(state))
        assert all(12 == len(placed_of(orchard)) for orchard in state.orchards)
        assert state.pool == ()
        best = max(state.scores)
        assert tuple(seat for seat in range(count) if state.scores[seat] == best) == (
            state.result.winners)
    else:
        assert state.phase is Phase.PICK
        done = (state.round - 1) * k * count + taken
        assert pick_order(count, state.first)[done] == state.active
        assert legal_moves(state)


def placed_of(orchard: tuple[tuple[str, ...], ...]) -> list[str]:
    return [card for lot in orchard for card in lot]


def check_move(state: DraftCiderState, move: Pick, after: DraftCiderState) -> None:
    """A legal pick: the tree only where the reference allows it, the card from the
    pool to the end of the lot, nothing else moved."""
    lots = as_dict(state.orchards[move.player])
    assert ref_may_plant(lots, move.lot, move.card)
    grown = as_dict(after.orchards[move.player])
    assert grown == {**lots, move.lot: [*lots[move.lot], move.card]}
    for seat in range(state.num_players):
        if seat != move.player:
            assert after.orchards[seat] == state.orchards[seat]


@budget(30)
@given(st.integers(2, 6), st.sampled_from([-1, 0, 1]), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(num_players: int, bad_points: int,
                                           seed: int) -> None:
    state = DRAFT_CIDER.start(num_players, DRAFT_CIDER.new_setup(
        num_players, DraftCiderOptions(bad_points), seed))
    rng = random.Random(seed)
    moves = 0
    while state.result is None:
        check_state(state)
        move = rng.choice(legal_moves(state))
        after = DRAFT_CIDER.apply(state, move)
        check_move(state, move, after)
        state = after
        moves += 1
    check_state(state)
    assert 12 * num_players == moves


class DraftCiderMachine(RuleBasedStateMachine):
    """A game driven by Hypothesis: legal picks, any pick tried, and undo through the
    kernel's table."""

    table: Table

    @initialize(num_players=st.integers(2, 6), bad_points=st.sampled_from([-1, 0, 1]),
                seed=st.integers(0, 2**32))
    def start(self, num_players: int, bad_points: int, seed: int) -> None:
        self.table = Table(DRAFT_CIDER, [f"p{seat}" for seat in range(num_players)],
                           DraftCiderOptions(bad_points), seed=seed)

    @property
    def state(self) -> DraftCiderState:
        state: DraftCiderState = self.table.state
        return state

    @rule(choice=st.integers(0, 10**6))
    def play_a_legal_pick(self, choice: int) -> None:
        state = self.state
        if state.result is not None:
            return
        moves = legal_moves(state)
        move = moves[choice % len(moves)]
        after, events = DRAFT_CIDER.apply_with_events(state, move)
        check_move(state, move, after)
        told = self.table.play(move)
        assert self.state == after
        assert all(tuple(told[seat]) == events for seat in told)

    @rule(seat=st.integers(-1, 6), card=st.sampled_from([*DECK, "X11", "y34"]),
          lot=st.sampled_from([*LOT_NAMES, "orchard", "Tree"]))
    def try_any_pick(self, seat: int, card: str, lot: str) -> None:
        state = self.state
        move = Pick(seat, card, lot)
        legal = move in legal_moves(state)
        assert legal == DRAFT_CIDER.is_legal(state, move)
        code = None
        try:
            after = DRAFT_CIDER.apply(state, move)
        except IllegalMoveError as error:
            code = error.code
        assert (code is None) == legal
        assert code is None or code in CODES
        assert state == self.state  # a refused (or any) move changes nothing
        if legal:
            check_move(state, move, after)
            self.table.play(move)

    @precondition(lambda self: hasattr(self, "table") and self.table.move_count > 0)
    @rule()
    def undo_the_last_pick(self) -> None:
        state = self.state
        mover = state.active
        seats = range(state.num_players)
        able = [seat for seat in seats if self.table.can_undo(seat)]
        if not able:
            # The last pick emptied the pool (a new pool is laid out) or ended the game.
            assert state.result is not None or len(state.pool) == (
                state.per_round * state.num_players)
            return
        assert len(able) == 1
        seat = able[0]
        assert mover is not None
        assert seat == (mover - 1) % state.num_players
        told = self.table.undo(seat)
        before = self.state
        assert before.active == seat
        assert before.round == state.round
        assert len(before.pool) == len(state.pool) + 1
        assert before.pool == tuple(card for card in before.deck if card in set(before.pool))
        assert all(told[other] == told[seat] for other in [*seats, None])  # all public

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "table"):
            check_state(self.state)


TestDraftCiderMachine = DraftCiderMachine.TestCase
TestDraftCiderMachine.settings = budget(15, 50)
