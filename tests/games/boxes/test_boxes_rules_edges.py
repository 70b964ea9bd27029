"""Boxes rules at their edges: what the rules module's mutants showed no other test
checked (``tools/mutation.py boxes``).

The rules keep what they computed once (the commits, bids and payments a seat may make,
by seat, notes and price): the first test to ask fills the caches and every later one
reads them. Each test here starts from empty caches, so that it checks the computation
itself and not what an earlier test left behind.
"""

# The tests are named after the rules they prove (test_BX17_...), in capitals as the
# rules file writes them.
# ruff: noqa: N802

from __future__ import annotations

from math import prod

import pytest
from boxes_helpers import all_stop, make, notations, play, with_notes

from aves_core.games.boxes import rules
from aves_core.games.boxes.cards import START_NOTES, money_of
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Move, Pay, Seal
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import legal_moves, payments, seal_choices, seat_moves
from aves_core.games.boxes.state import BoxesState
from aves_core.kernel.errors import ArgumentError, IllegalMoveError

FULL = START_NOTES


@pytest.fixture(autouse=True)
def _empty_caches() -> None:
    for cached in (rules._seals, rules._bids, rules._pays, rules.payments):
        cached.cache_clear()


def open_(num_players: int = 3, first: int = 0) -> BoxesState:
    return all_stop(play(make(num_players, first), f"{first}:auction open"))


def sealed(num_players: int = 3, first: int = 0) -> BoxesState:
    return all_stop(play(make(num_players, first), f"{first}:auction sealed"))


# --- BX17: the ways to pay, computed afresh ----------------------------------------------


def test_BX17_the_ways_to_pay_150_with_every_note() -> None:
    # E3's price with all four notes of each value: {100 50 50} is not one (a 50 is
    # not needed), nor {200 50} (the 50), nor {100 100 50} (a 50).
    assert {(500,), (200,), (100, 100), (100, 50), (50, 50, 50)} == set(payments(FULL, 150))
    assert 5 == len(payments(FULL, 150))


def test_BX17_at_price_0_the_one_way_is_the_empty_set() -> None:
    assert ((),) == payments(FULL, 0)
    assert ((),) == payments((0, 0, 0, 0), 0)


def test_BX17_the_ways_to_pay_use_only_the_notes_held() -> None:
    assert ((200, 100, 50),) == payments((0, 1, 1, 1), 350)  # every note, exactly
    assert () == payments((1, 0, 0, 0), 600)  # 500 cannot reach 600
    assert {(500,), (200, 200, 200)} == set(payments((1, 3, 0, 0), 500))
    assert {(500, 500), (500, 200), (200, 200, 200)} == set(payments((2, 3, 0, 0), 600))
    assert {(50,) * 4} == set(payments((0, 0, 0, 4), 200))


def test_BX17_the_winner_is_offered_exactly_the_ways_to_pay() -> None:
    state = play(open_(2), "0:bid 150", "1:pass")
    assert (Phase.PAYMENT, 0) == (state.phase, state.winner)
    assert {"0:pay 500", "0:pay 200", "0:pay 100 100", "0:pay 100 50", "0:pay 50 50 50"} == set(
        notations(state))
    assert [] == [move for move in legal_moves(state) if not isinstance(move, Pay)]
    assert () == seat_moves(state, 1)


# --- BX14, BX4a: every commit, computed afresh -------------------------------------------


@pytest.mark.parametrize("counts", [(4, 4, 4, 4), (1, 2, 0, 3), (0, 0, 0, 0), (2, 0, 1, 0)])
def test_BX14_a_seat_may_commit_any_multiset_of_its_notes(counts: tuple[int, ...]) -> None:
    choices = seal_choices(0, counts)  # type: ignore[arg-type]
    assert prod(count + 1 for count in counts) == len(choices)
    assert len(set(choices)) == len(choices)  # each multiset once (BX4a)
    assert () in choices
    everything = tuple(value for value, count in zip((500, 200, 100, 50), counts, strict=True)
                       for _ in range(count))
    assert everything in choices
    for notes in choices:
        assert list(notes) == sorted(notes, reverse=True)
        assert all(notes.count(value) <= count for value, count
                   in zip((500, 200, 100, 50), counts, strict=True))


def test_BX14_the_seats_yet_to_commit_are_offered_their_commits() -> None:
    state = with_notes(sealed(2), (0, 1, 0, 1), (1, 0, 0, 0))
    assert {"0:seal none", "0:seal 200", "0:seal 50", "0:seal 200 50",
            "1:seal none", "1:seal 500"} == set(notations(state))
    assert all(isinstance(move, Seal) for move in legal_moves(state))
    state = play(state, "1:seal 500")
    assert {"0:seal none", "0:seal 200", "0:seal 50", "0:seal 200 50"} == set(notations(state))
    assert () == seat_moves(state, 1)


# --- BX11, BX12: the bids offered, computed afresh ---------------------------------------


def test_BX11_the_opener_is_offered_every_multiple_of_50_up_to_its_money() -> None:
    state = with_notes(open_(2), (0, 1, 0, 1), FULL)  # 250 ECU
    assert ["0:bid 0", "0:bid 50", "0:bid 100", "0:bid 150", "0:bid 200",
            "0:bid 250"] == notations(state)


def test_BX12_a_raise_is_offered_from_the_standing_bid_plus_50_to_the_money() -> None:
    state = play(with_notes(open_(2), FULL, (0, 1, 1, 1)), "0:bid 150")  # seat 1: 350
    assert ["1:bid 200", "1:bid 250", "1:bid 300", "1:bid 350", "1:pass"] == notations(state)


# --- BX25: refusals name their move and phase; is_legal agrees with legal_moves -----------


@pytest.mark.parametrize(("state_of", "text", "code"), [
    (lambda: make(2), "1:auction open", "not_your_turn"),
    (lambda: make(2), "0:stop", "wrong_phase"),
    (lambda: open_(2), "0:pass", "wrong_phase"),
    (lambda: play(open_(2), "0:bid 100"), "1:bid 100", "not_a_raise"),
    (lambda: play(sealed(2), "0:seal 50"), "0:seal 100", "already_committed"),
])
def test_BX25_a_refusal_names_the_move_and_the_phase(state_of: object, text: str,
                                                     code: str) -> None:
    state = state_of()  # type: ignore[operator]
    move = BOXES.parse_move(text)
    with pytest.raises(IllegalMoveError) as refused:
        BOXES.apply(state, move)
    assert (code, move, state.phase) == (refused.value.code, refused.value.move,
                                         refused.value.phase)


def _candidates(state: BoxesState) -> set[Move]:
    """Every seat's moves in every phase of ``state``'s container, and a few illegal
    ones, for each seat."""
    texts = {"auction open", "auction sealed", "examine c1", "examine o6", "examine c9",
             "stop", "seal none", "seal 50", "seal 500 500 500 500 500", "bid 0", "bid 50",
             "bid 75", "bid 3400", "bid 3450", "pass", "pay 50", "pay 100", "pay 500",
             "pay 100 50"}
    return {BOXES.parse_move(f"{seat}:{text}") for seat in range(state.num_players + 1)
            for text in texts}


@pytest.mark.parametrize("texts", [
    (), ("0:auction open",), ("0:auction open", "0:examine c1"), ("0:auction sealed",
                                                                  "0:stop", "1:stop"),
    ("0:auction sealed", "0:stop", "1:stop", "1:seal 50"),
    ("0:auction open", "0:stop", "1:stop", "0:bid 0"),
    ("0:auction open", "0:stop", "1:stop", "0:bid 0", "1:bid 100"),
])
def test_BX25_is_legal_exactly_for_the_legal_moves_of_any_seat(texts: tuple[str, ...]) -> None:
    state = play(make(2), *texts)
    legal = set(legal_moves(state))
    assert legal
    for move in _candidates(state) | legal:
        assert (move in legal) == BOXES.is_legal(state, move), move


def test_BX25_is_legal_in_payment_for_the_winner_only() -> None:
    state = play(open_(2), "0:bid 150", "1:pass")
    assert BOXES.is_legal(state, BOXES.parse_move("0:pay 100 50"))
    assert not BOXES.is_legal(state, BOXES.parse_move("0:pay 100 50 50"))
    assert not BOXES.is_legal(state, BOXES.parse_move("1:pay 500"))


# --- BX12, BX21: once the auction is won, nobody is in it ---------------------------------


def test_BX12_once_the_holder_wins_no_seat_is_left_bidding() -> None:
    state = play(open_(3), "0:bid 100", "1:bid 150", "2:pass", "0:pass")
    assert (Phase.PAYMENT, 1, 150) == (state.phase, state.winner, state.price)
    assert ((), None, None, None) == (state.bidders, state.standing, state.holder, state.turn)
    for seat in (None, 0, 1, 2):
        view = BOXES.view(state, seat)
        assert ((), None, None, None) == (view.bidders, view.standing, view.holder, view.turn)
    # Paid at once (one way at 0): the next container starts with nobody bidding either.
    state = play(open_(2), "0:bid 0", "1:pass")
    assert (Phase.CHOOSE_AUCTION, 2) == (state.phase, state.container)
    assert ((), None, None, None) == (state.bidders, state.standing, state.holder, state.turn)
    assert 3400 == money_of(state.notes[0])


# --- BX9: a slot is offered while its cost is within the actions left ----------------------


def test_BX9_with_exactly_2_actions_left_closed_slots_are_offered_and_with_1_open_ones() -> None:
    state = play(make(2), "0:auction open", "0:examine c1", "0:examine c2", "0:examine o1")
    assert (0, 2) == (state.examiner, state.actions)
    offered = set(notations(state))
    assert {"0:examine c3", "0:examine c4", "0:examine o2", "0:examine o6"} <= offered
    state = play(state, "0:examine o2")
    assert (0, 1) == (state.examiner, state.actions)
    assert {"0:examine o3", "0:examine o4", "0:examine o5", "0:examine o6",
            "0:stop"} == set(notations(state))


# --- BX10, BX21: after a sale nobody owes anything and the next auction is not chosen -------


@pytest.mark.parametrize("texts", [
    ("0:bid 0", "1:pass"),  # paid at once (the one way to pay 0)
    ("0:bid 150", "1:pass", "0:pay 200"),  # paid by the winner's choice
])
def test_BX10_after_a_sale_the_next_container_starts_afresh(texts: tuple[str, ...]) -> None:
    state = play(open_(2), *texts)
    assert (Phase.CHOOSE_AUCTION, 2, 1) == (state.phase, state.container, state.auctioneer)
    fresh = (None, None, 0)  # no kind chosen (BX8), no winner, nothing owed
    assert fresh == (state.auction, state.winner, state.price)
    for seat in (None, 0, 1):
        view = BOXES.view(state, seat)
        assert fresh == (view.auction, view.winner, view.price)


def test_BX10_after_a_sealed_sale_the_next_container_starts_afresh() -> None:
    state = play(sealed(2), "1:seal 100", "0:seal 200")
    assert (Phase.CHOOSE_AUCTION, 2) == (state.phase, state.container)
    assert (None, None, 0) == (state.auction, state.winner, state.price)
    assert (4, 3, 4, 4) == state.notes[0]  # seat 0 paid its 200 exactly (BX15)


# --- BX25: what is no move at all is an argument error, not a refusal ---------------------


@pytest.mark.parametrize("thing", ["0:stop", None, ("0", "stop")])
def test_BX25_what_is_no_Boxes_move_is_an_argument_error_naming_its_type(thing: object) -> None:
    with pytest.raises(ArgumentError) as error:
        BOXES.apply(make(2), thing)  # type: ignore[arg-type]
    assert not isinstance(error.value, IllegalMoveError)
    assert str(error.value).startswith("not a Boxes move: ")
    assert not BOXES.is_legal(make(2), thing)  # type: ignore[arg-type]


def test_BX25_is_legal_of_what_is_no_state_is_an_argument_error_naming_it() -> None:
    with pytest.raises(ArgumentError) as error:
        BOXES.is_legal("a state", BOXES.parse_move("0:stop"))  # type: ignore[arg-type]
    assert "is_legal needs a BoxesState, not str" == str(error.value)
