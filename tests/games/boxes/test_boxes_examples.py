"""Boxes: the worked examples E1-E4 of RULES-boxes.md with its numbers, and a named test
for every decision (D1-D13)."""

# ruff: noqa: N802

from __future__ import annotations

import random

import attrs
import pytest
from boxes_helpers import (
    all_stop,
    at_container,
    code_of,
    make,
    notations,
    piles_of,
    play,
    play_with_events,
    with_notes,
)

from aves_core import SetupError
from aves_core.games.boxes.cards import START_NOTES, collections_of, money_of, wealth_of
from aves_core.games.boxes.events import AuctionWon, Revealed
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.phases import Phase
from aves_core.games.boxes.rules import finish, payments
from aves_core.games.boxes.state import Sale

FULL = START_NOTES
E4_CARDS = ("R50", "R150", "R250", "B50", "B100", "B200", "B250", "B250", "Y200", "N500",
            "N10", "N10", "N10", "N0", "N0")
E4_NOTES = (2, 1, 0, 1)  # 500 500 200 50


# --- the worked examples ------------------------------------------------------------------


def test_E1_examining() -> None:
    state = play(make(3), "0:auction sealed")
    left = []
    for slot in ("c2", "o1", "c4", "o3"):
        state = play(state, f"0:examine {slot}")
        left.append(state.actions)
    assert [5, 4, 2, 1] == left
    state = play(state, "0:examine o6")  # 0 left: seat 0's turn ends
    assert (1, 7) == (state.examiner, state.actions)
    state = play(state, "1:examine c1", "1:examine c2", "1:examine c3")
    assert (1, 1) == (state.examiner, state.actions)
    assert "too_few_actions" == code_of(state, "1:examine c4")  # costs 2
    assert "already_examined" == code_of(state, "1:examine c1")
    state = play(state, "1:stop")
    assert 2 == state.examiner  # then seat 2
    sealed = all_stop(state)
    assert (Phase.SEALED_BID, None, 0, (None,) * 3, ()) == (
        sealed.phase, sealed.examiner, sealed.actions, sealed.commits, sealed.order)
    for seat in (0, 1, 2, None):
        looks = [look for look in BOXES.view(state, seat).looks if look.seat == 0]
        assert ["c2", "o1", "c4", "o3", "o6"] == [look.slot for look in looks]
        cards = [look.card for look in looks]
        if seat == 0:
            assert [state.card(1, slot) for slot in ("c2", "o1", "c4", "o3", "o6")] == cards
        else:
            assert [None] * 5 == cards


def test_E2_a_sealed_tie() -> None:
    start = all_stop(play(make(3), "0:auction sealed"))
    state, events = play_with_events(start, "0:seal 500 100", "1:seal 200 200 200",
                                     "2:seal 500")
    assert Revealed(((500, 100), (200, 200, 200), (500,)), (0, 1)) in events
    assert (FULL,) * 3 == state.notes  # all notes go back
    assert (Phase.OPEN_AUCTION, (0, 1), 600, 0, 1) == (
        state.phase, state.bidders, state.standing, state.holder, state.turn)
    state = play(state, "1:bid 650", "0:bid 700", "1:pass")
    assert (Phase.PAYMENT, 0, 700) == (state.phase, state.winner, state.price)
    assert len(payments(FULL, 700)) > 1  # several payments are valid
    state = play(state, "0:pay 500 200")
    assert (3, 3, 4, 4) == state.notes[0]
    assert 2700 == money_of(state.notes[0])
    assert (Sale(1, 0, 700, (500, 200)), 1) == (state.sales[0], state.auctioneer)
    # Had seat 1 passed at once, seat 0 would have won at 600.
    _at_once, events = play_with_events(start, "0:seal 500 100", "1:seal 200 200 200",
                                       "2:seal 500", "1:pass")
    assert AuctionWon(0, 600) in events


def test_E3_no_change() -> None:
    state = at_container(make(3, first=0), 5)
    assert 1 == state.auctioneer
    state = with_notes(state, FULL, FULL, (1, 2, 0, 0))  # seat 2: 500 200 200
    state = all_stop(play(state, "1:auction open"))
    state = play(state, "1:bid 100", "2:bid 150")
    assert "bad_bid" == code_of(state, "0:bid 120")  # not a multiple of 50
    assert "bad_bid" == code_of(state, "0:bid 3450")  # above its total notes
    state = play(state, "0:pass", "1:pass")
    assert (Phase.PAYMENT, 2, 150) == (state.phase, state.winner, state.price)
    assert {"2:pay 500", "2:pay 200"} == set(notations(state))  # not {200, 200}
    assert "bad_payment" == code_of(state, "2:pay 200 200")
    state = play(state, "2:pay 200")  # 50 is lost
    assert (1, 1, 0, 0) == state.notes[2]
    assert 700 == money_of(state.notes[2])


def test_E4_collections() -> None:
    cards = E4_CARDS[:-1]  # N0 x2 as the example writes: 14 cards
    assert 1250 == money_of(E4_NOTES)
    assert 2030 == sum(int(card[1:]) for card in cards)
    assert (1, 1) == (collections_of(cards[:3], 3), collections_of(cards[3:8], 3))
    assert 3780 == wealth_of(E4_NOTES, cards, 3) == wealth_of(E4_NOTES, cards, 4)
    assert 3530 == wealth_of(E4_NOTES, cards, 2)
    greens = ("G50", "G100", "G150", "G200", "G250", "G250")
    assert (2, 2, 1) == tuple(collections_of(greens, n) for n in (3, 4, 2))
    assert 950 == wealth_of((0, 0, 0, 0), ("R100", "R150", "R200", "R250"), 2)
    # Two seats ending on 3,780 each, above all others, both win: seats 0 and 1 each won
    # two containers holding the example's cards (and N0s to fill them).
    mine = list(cards) + ["N0"] * 6
    open_pile, closed_pile = piles_of({1: mine[:10], 2: mine[10:], 3: mine[:10],
                                       4: mine[10:]})
    state = attrs.evolve(
        make(4), open_pile=open_pile, closed_pile=closed_pile,
        notes=(E4_NOTES, E4_NOTES, FULL, FULL),
        sales=tuple(Sale(k, (0, 0, 1, 1, 2, 3)[k - 1], 0, ()) for k in range(1, 7)))
    ended = finish(state)
    assert ended.wealth is not None
    assert (3780, 3780) == ended.wealth[:2]
    assert ended.result is not None
    assert (0, 1) == ended.result.winners


# --- the decisions --------------------------------------------------------------------------


def test_D1_two_to_four_players_with_collections_for_2_and_for_3_4() -> None:
    assert (2, 4) == (BOXES.facts.min_players, BOXES.facts.max_players)
    with pytest.raises(SetupError):
        BOXES.start(5, BOXES.new_setup(4, BOXES.default_options(), 1))
    trio = ("Y250", "Y50", "Y100")
    assert (0, 1, 1) == tuple(collections_of(trio, n) for n in (2, 3, 4))


def test_D2_sixteen_notes_of_each_value_four_per_seat_at_four_players() -> None:
    state = make(4)
    assert [16, 16, 16, 16] == [sum(notes[i] for notes in state.notes) for i in range(4)]
    assert 64 == sum(map(sum, state.notes))


def test_D3_the_first_auctioneer_is_drawn_last_so_the_piles_do_not_depend_on_it() -> None:
    drawn = BOXES.new_setup(3, BOXES.default_options(), 42)
    given = BOXES.new_setup(3, BOXES.default_options(), 42, first_player=2)
    assert (drawn.open_pile, drawn.closed_pile) == (given.open_pile, given.closed_pile)
    assert 2 == given.first
    rng = random.Random(42)
    rng.shuffle(list(range(36)))
    rng.shuffle(list(range(24)))
    assert rng.randrange(3) == drawn.first


def test_D4_the_kind_of_auction_is_chosen_before_anyone_examines() -> None:
    state = make(3)
    assert "wrong_phase" == code_of(state, "0:examine c1")
    assert Phase.EXAMINE == play(state, "0:auction open").phase


def test_D5_examining_is_sequential_no_second_look_and_stopping_early() -> None:
    state = play(make(3), "0:auction open")
    assert (0,) == BOXES.to_move(state)
    assert "not_your_turn" == code_of(state, "1:examine c1")
    state = play(state, "0:examine o1")
    assert "already_examined" == code_of(state, "0:examine o1")
    state = play(state, "0:stop", "1:stop")  # before its first look, too
    assert (2, 7) == (state.examiner, state.actions)
    assert code_of(state, "2:examine o1") is None  # another seat may look at it


def test_D6_banknotes_are_public_in_every_view() -> None:
    state = play(all_stop(play(make(3), "0:auction open")), "0:bid 300", "1:pass", "2:pass")
    state = play(state, "0:pay 200 100")
    for seat in (0, 1, 2, None):
        view = BOXES.view(state, seat)
        assert ((4, 3, 3, 4), FULL, FULL) == view.notes
        assert (3100, 3400, 3400) == view.money


def test_D7_bids_are_multiples_of_50_and_0_lets_a_penniless_seat_bid() -> None:
    state = with_notes(make(2), (0, 0, 0, 0), FULL)
    state = all_stop(play(state, "0:auction open"))
    assert ["0:bid 0"] == notations(state)
    state = play(state, "0:bid 0")
    assert "bad_bid" == code_of(state, "1:bid 60")
    state = play(state, "1:pass")
    assert (2, Sale(1, 0, 0, ())) == (state.container, state.sales[0])  # always sold


def test_D8_no_change_the_excess_is_lost_and_no_unneeded_note() -> None:
    state = with_notes(make(2), (1, 0, 0, 1), FULL)  # 500 and 50
    state = play(all_stop(play(state, "0:auction open")), "0:bid 100", "1:pass")
    # One way to pay 100 (500: the 50 is short, 500 50 holds a 50 not needed): automatic,
    # and 400 is lost.
    assert (Sale(1, 0, 100, (500,)), (0, 0, 0, 1)) == (state.sales[0], state.notes[0])
    assert {(100,), (50, 50)} == set(payments((0, 0, 1, 2), 100))


def test_D9_a_sealed_bid_is_its_notes_and_the_winner_pays_exactly_them() -> None:
    state = all_stop(play(make(2), "0:auction sealed"))
    state = play(state, "0:seal 200 100 50", "1:seal 200")
    assert Sale(1, 0, 350, (200, 100, 50)) == state.sales[0]
    assert (4, 3, 3, 3) == state.notes[0]


def test_D10_the_tie_is_held_by_the_first_tied_seat_from_the_auctioneer() -> None:
    state = all_stop(play(make(4, first=2), "2:auction sealed"))
    state = play(state, "0:seal 100", "1:seal 100", "2:seal 50", "3:seal none")
    assert ((0, 1), 0, 1, 100) == (state.bidders, state.holder, state.turn, state.standing)
    state, events = play_with_events(state, "1:pass")
    assert AuctionWon(0, 100) in events  # a winner is guaranteed


def test_D11_collections_are_disjoint_and_each_needs_its_own_250() -> None:
    assert 1 == collections_of(("B250", "B50", "B100", "B150", "B200", "B10"), 3)
    assert 2 == collections_of(("B250", "B250", "B50", "B100", "B150", "B200"), 3)
    assert 2 == collections_of(("B250", "B250", "B50", "B100", "B150", "B200", "B100"), 3)
    assert 1 == collections_of(("B250", "B250", "B50", "B100", "B150", "B200"), 2)


def test_D12_equal_wealth_shares_the_win() -> None:
    ended = finish(make(4))  # nobody won anything: all hold 3,400
    assert ended.result is not None
    assert (0, 1, 2, 3) == ended.result.winners


def test_D13_won_cards_stay_behind_the_screen_until_the_end() -> None:
    state = all_stop(play(make(2), "0:auction open"))
    state = play(state, "0:bid 0", "1:pass")
    assert 1 == len(BOXES.view(state, 0).my_containers)
    assert () == BOXES.view(state, 1).my_containers == BOXES.view(state, None).my_containers
    assert "Y250" not in repr(BOXES.view(state, 1))
