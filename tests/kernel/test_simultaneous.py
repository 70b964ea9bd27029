"""Simultaneous moves in the kernel, with Sealed (``simgame.py``): several seats bid at
once, in any order, each bid hidden from the others until all are in.

The kernel promises: a seat's view lists its own moves only; another seat's events
say only that it bid; the log keeps the bids in the order they came, and any order
of the same bids replays to the same state; the conformance kit catches a game that
tells a bid; the Table, the simulator and the search bot play such games, the search
bot never reading a hidden bid.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from simgame import GAME, LEAKY_BIDS, Bid, Call, Committed, Phase, Revealed, State

from aves_core.bots import make_bot
from aves_core.kernel.errors import IllegalMoveError
from aves_core.kernel.replay import replay
from aves_core.kernel.sim import SimulationSpec, play_game, simulate
from aves_core.kernel.table import Table
from aves_core.testing import ConformanceError, check_game


def _bidding(players: int = 3) -> Table:
    """A table whose seats bid now (the first caller is seat 0)."""
    table = Table(GAME, [f"p{seat}" for seat in range(players)],
                  setup=GAME.new_setup(players, GAME.default_options(), 1, first_player=0))
    table.play(Call(0, 2))
    return table


def test_several_seats_move_at_once_and_each_view_lists_its_own_moves() -> None:
    table = _bidding()
    assert table.to_move == (0, 1, 2)
    for seat in range(3):
        moves = table.view(seat).legal_moves
        assert moves
        assert {GAME.mover(move) for move in moves} == {seat}
    assert len(GAME.legal_moves(table.state)) == 3 * 5  # every seat's bids 0-4


def test_bids_are_accepted_in_any_order_and_each_is_hidden_until_the_reveal() -> None:
    table = _bidding()
    events = table.play(Bid(2, 3))
    assert events[2] == (Committed(2, 3),)
    assert events[0] == events[1] == events[None] == (Committed(2, None),)
    assert table.to_move == (0, 1)
    assert table.view(0).committed == (2,)
    assert table.view(0).my_bid is None
    assert table.view(2).my_bid == 3
    table.play(Bid(0, 1))
    events = table.play(Bid(1, 3))  # the last bid reveals all: a tie at 3 wins nothing
    assert Revealed((1, 3, 3), None) in events[0]
    assert table.view(None).coins == (4, 4, 4)
    assert table.view(None).to_move == (1,)  # the next round's caller


def test_a_seat_may_bid_once_a_round() -> None:
    table = _bidding()
    table.play(Bid(1, 2))
    with pytest.raises(IllegalMoveError) as error:
        table.play(Bid(1, 3))
    assert error.value.code == "not_your_turn"


def test_the_log_keeps_the_arrival_order_and_replays() -> None:
    table = _bidding()
    for move in (Bid(2, 0), Bid(0, 4), Bid(1, 1)):
        table.play(move)
    assert table.log.moves[1:] == (Bid(2, 0), Bid(0, 4), Bid(1, 1))
    replayed = replay(table.log)
    assert replayed.state == table.state


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(4)), st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_any_arrival_order_of_the_same_bids_gives_the_same_state(
        order: list[int], amounts: list[int]) -> None:
    in_seat_order = _bidding(4)
    in_given_order = _bidding(4)
    for seat in range(4):
        in_seat_order.play(Bid(seat, amounts[seat]))
    for seat in order:
        in_given_order.play(Bid(seat, amounts[seat]))
    assert in_given_order.state == in_seat_order.state
    assert in_given_order.view(None) == in_seat_order.view(None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_conformance_kit_passes_a_simultaneous_game(players: int) -> None:
    report = check_game(GAME, num_players=players, games=8, seed=3)
    assert report.moves > 0


def test_the_conformance_kit_catches_a_game_that_tells_a_sealed_bid() -> None:
    with pytest.raises(ConformanceError, match="the same seat's choice"):
        check_game(LEAKY_BIDS, num_players=2, games=4, seed=3)


def test_the_simulator_moves_the_seats_of_a_simultaneous_phase_in_varied_orders() -> None:
    firsts = set()
    for seed in range(12):
        record, log = play_game(GAME, [make_bot("random", GAME)] * 3, ["a", "b", "c"],
                                GAME.default_options(), seed, 200)
        assert record.reason == "most_points"
        bids = [move for move in log.moves if isinstance(move, Bid)]
        firsts.add(bids[0].player)
        assert replay(log).state.result is not None
    assert len(firsts) > 1  # not always the lowest seat first


def test_simulate_is_the_same_from_the_same_seed() -> None:
    spec = SimulationSpec(("random", "random"), GAME.default_options(), 5, 200, GAME.id)
    one = [record for record, _log in simulate(spec, 6)]
    two = [record for record, _log in simulate(spec, 6)]
    assert one == two


def test_the_search_bot_chooses_its_own_bid_and_never_reads_a_hidden_one() -> None:
    table = _bidding(2)
    table.play(Bid(1, 4))
    bot = make_bot("search:60", GAME)
    view, events = table.view(0), table.events_since(0, 0)
    move = bot.choose(view, events, random.Random(1))
    assert move in view.legal_moves
    # Seat 1's bid is not in what seat 0's bot was given: the same view and events with
    # any other hidden bid make the same choice.
    other = _bidding(2)
    other.play(Bid(1, 0))
    assert other.view(0) == view
    assert other.events_since(0, 0) == events
    assert bot.choose(other.view(0), other.events_since(0, 0), random.Random(1)) == move


@pytest.mark.parametrize("seat", [0, 1])
def test_the_search_bot_scores_its_own_bids_where_both_seats_bid(seat: int) -> None:
    # The last round, both seats still to bid: a bid above the other's coins wins the
    # game, a lower one loses it. The search must credit each of its bids to its own
    # seat, also when it is not the first seat to move.
    rich, poor = (4, 2)
    coins = (rich, poor) if seat == 0 else (poor, rich)
    points = (1, 2) if seat == 0 else (2, 1)
    state = State(coins, points, 2, 0, Phase.BID, 2, (None, None), ())
    view = GAME.view(state, seat)
    move = make_bot("search:200", GAME).choose(view, (), random.Random(seat))
    assert move in (Bid(seat, 3), Bid(seat, 4))


def test_the_search_bot_beats_random_at_sealed_bids() -> None:
    wins = 0.0
    for seed in range(16):
        seats = [make_bot("search:40", GAME), make_bot("random", GAME)]
        if seed % 2:
            seats.reverse()
        record, _log = play_game(GAME, seats, ["s", "r"] if seed % 2 == 0 else ["r", "s"],
                                 GAME.default_options(), seed, 200)
        me = 0 if seed % 2 == 0 else 1
        if me in record.winners:
            wins += 1 / len(record.winners)
    assert wins >= 10  # of 16: random bids away its coins for nothing
