"""Boxes' invariants as Hypothesis properties, and a rule-based state machine.

Over random games of every size: the 60 cards are each sold exactly once; money leaves
a seat only by a payment, of exactly the notes paid; every bid is a multiple of 50;
no seat spends more than its 7 actions on a container; a move is accepted exactly
when it is legal, a refused one changes nothing and names a code of BX25; any
arrival order of the same sealed commits gives the same state after the reveal.
"""

from __future__ import annotations

import random
from collections import Counter

from boxes_helpers import all_stop, make, play
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from aves_core import IllegalMoveError
from aves_core.games.boxes.cards import (
    CLOSED_CANONICAL,
    NOTE_VALUES,
    OPEN_CANONICAL,
    counts_of_notes,
    money_of,
)
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import (
    Auction,
    Bid,
    Examine,
    Move,
    Pass,
    Pay,
    Seal,
    Stop,
)
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import legal_moves, seal_choices
from aves_core.games.boxes.state import BoxesState
from aves_core.games.boxes.views import view_for

CODES = {"game_over", "not_your_turn", "wrong_phase", "bad_notation", "unknown_slot",
         "already_examined", "too_few_actions", "bad_bid", "not_a_raise", "already_committed",
         "notes_not_held", "bad_payment"}
"""BX25's codes (bad_notation: a value without a text, a negative bid, a slot ``x``)."""


def check_state(state: BoxesState) -> None:
    """The invariants of one state."""
    count = state.num_players
    # Money leaves only by payments: what is left and what was paid make the start.
    paid = sum(sum(sale.notes) for sale in state.sales)
    assert 3400 * count == sum(money_of(notes) for notes in state.notes) + paid
    assert all(min(notes) >= 0 for notes in state.notes)
    assert [sale.container for sale in state.sales] == list(range(1, len(state.sales) + 1))
    spent: Counter[tuple[int, int]] = Counter()
    for look in state.looks:
        spent[look.container, look.seat] += 2 if look.slot[0] == "c" else 1
    assert max(spent.values(), default=0) <= 7  # 7 actions a seat a container
    assert len({(look.container, look.seat, look.slot) for look in state.looks}) == len(
        state.looks)
    if state.standing is not None:
        assert 0 == state.standing % 50
    moves = legal_moves(state)
    assert all(move.amount % 50 == 0 for move in moves if isinstance(move, Bid))
    if state.result is not None:
        assert (Phase.GAME_END, (), ()) == (state.phase, BOXES.to_move(state), moves)
        assert 6 == len(state.sales)
        sold = [card for seat in range(count) for card in state.cards_of(seat)]
        assert Counter(OPEN_CANONICAL + CLOSED_CANONICAL) == Counter(sold)  # each once
        assert state.final_cards is not None
        assert 60 == sum(map(len, state.final_cards))
    else:
        assert moves
        assert state.phase is not Phase.GAME_END


def candidates(state: BoxesState, rng: random.Random) -> list[Move]:
    """The legal moves and many that are not: every seat's every kind of move."""
    moves: list[Move] = list(legal_moves(state))
    for seat in range(-1, state.num_players + 1):
        notes = tuple(rng.choice(NOTE_VALUES) for _ in range(rng.randrange(4)))
        moves += [Auction(seat, rng.choice(("open", "sealed"))), Stop(seat), Pass(seat),
                  Examine(seat, rng.choice(("c1", "c4", "o1", "o6", "c5", "o7", "x"))),
                  Bid(seat, rng.randrange(-2, 80) * 25), Seal(seat, notes),
                  Pay(seat, notes), Seal(seat, (300,))]
    return moves


def checked_step(state: BoxesState, rng: random.Random) -> BoxesState:
    """Try the candidates against the checked door, then play one legal move and check
    the money moved only by the payment."""
    legal = set(legal_moves(state))
    for move in candidates(state, rng):
        code = None
        try:
            BOXES.apply(state, move)
        except IllegalMoveError as error:
            code = error.code
        assert (code is None) == (move in legal)
        assert code is None or code in CODES
    move = rng.choice(legal_moves(state))
    after = BOXES.apply(state, move)
    sold = after.sales[len(state.sales):]
    for seat, (old, new) in enumerate(zip(state.notes, after.notes, strict=True)):
        spent = [sale.notes for sale in sold if sale.seat == seat]
        gone = tuple(a - b for a, b in zip(old, new, strict=True))
        assert gone == (counts_of_notes(spent[0]) if spent else (0, 0, 0, 0))
    return after


@given(st.integers(2, 4), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(num_players: int, seed: int) -> None:
    state = BOXES.start(num_players, BOXES.new_setup(num_players, BOXES.default_options(),
                                                     seed))
    rng = random.Random(seed)
    for _ in range(400):
        check_state(state)
        if state.result is not None:
            break
        state = checked_step(state, rng)
    assert state.result is not None  # random games end well within 400 moves


@given(st.data(), st.integers(2, 4))
def test_any_arrival_order_of_the_same_commits_gives_the_same_state(
        data: st.DataObject, num_players: int) -> None:
    start = all_stop(play(make(num_players), "0:auction sealed"))
    commits = [data.draw(st.sampled_from(seal_choices(seat, start.notes[seat])))
               for seat in range(num_players)]
    order = data.draw(st.permutations(range(num_players)))
    in_seat_order, in_given_order = start, start
    for seat in range(num_players):
        in_seat_order = BOXES.apply(in_seat_order, Seal(seat, commits[seat]))
    for seat in order:
        in_given_order = BOXES.apply(in_given_order, Seal(seat, commits[seat]))
    # The commit order is public until the reveal; after it, nothing of it remains.
    assert in_given_order == in_seat_order
    for seat in [*range(num_players), None]:
        assert view_for(in_given_order, seat) == view_for(in_seat_order, seat)


class BoxesMachine(RuleBasedStateMachine):
    """A game driven by Hypothesis: legal moves, and any move tried."""

    state: BoxesState

    @initialize(num_players=st.integers(2, 4), seed=st.integers(0, 2**32))
    def start(self, num_players: int, seed: int) -> None:
        self.state = BOXES.start(num_players, BOXES.new_setup(
            num_players, BOXES.default_options(), seed))

    @rule(choice=st.integers(0, 10**6))
    def play_a_legal_move(self, choice: int) -> None:
        state = self.state
        if state.result is not None:
            return
        moves = legal_moves(state)
        move = moves[choice % len(moves)]
        self.state = BOXES.apply(state, move)

    @rule(seat=st.integers(-1, 4), kind=st.sampled_from(
              ["auction", "examine", "stop", "seal", "bid", "pass", "pay"]),
          slot=st.sampled_from(["c1", "c2", "c4", "o1", "o3", "o6", "c0", "o9"]),
          amount=st.integers(-100, 4000),
          notes=st.lists(st.sampled_from([500, 200, 100, 50, 20]), max_size=6))
    def try_any_move(self, seat: int, kind: str, slot: str, amount: int,
                     notes: list[int]) -> None:
        moves: dict[str, Move] = {
            "auction": Auction(seat, "open" if amount % 2 else "sealed"),
            "examine": Examine(seat, slot), "stop": Stop(seat),
            "seal": Seal(seat, tuple(notes)), "bid": Bid(seat, amount), "pass": Pass(seat),
            "pay": Pay(seat, tuple(notes))}
        move = moves[kind]
        legal = move in legal_moves(self.state)
        assert legal == BOXES.is_legal(self.state, move)
        before = self.state
        code = None
        try:
            after = BOXES.apply(self.state, move)
        except IllegalMoveError as error:
            code = error.code
        assert (code is None) == legal
        assert code is None or code in CODES
        assert before == self.state
        if legal:
            self.state = after

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "state"):
            check_state(self.state)


TestBoxesMachine = BoxesMachine.TestCase
