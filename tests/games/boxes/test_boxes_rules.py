"""Boxes: one named test for every rule of RULES-boxes.md (BX1-BX25), on games set up
by hand (``boxes_helpers.make``: the piles in canonical order).

The decisions (D1-D13) and worked examples (E1-E4) are in test_boxes_examples.py;
setup and notation in test_boxes_setup.py; views, events, undo and what each seat
may know in test_boxes_views.py.
"""

# The tests are named after the rules they prove (test_BX9_...), in capitals as the
# rules file writes them.
# ruff: noqa: N802

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from boxes_helpers import (
    all_stop,
    at_container,
    code_of,
    make,
    notations,
    play,
    play_with_events,
    random_game,
    with_notes,
)

from aves_core import SetupError
from aves_core.games.boxes.cards import (
    CLOSED_CANONICAL,
    OPEN_CANONICAL,
    START_NOTES,
    card_value,
    collections_of,
    money_of,
    wealth_of,
)
from aves_core.games.boxes.events import AuctionWon, Paid, Revealed, Sold
from aves_core.games.boxes.game import BOXES
from aves_core.games.boxes.moves import Bid, Examine, Move, Seal
from aves_core.games.boxes.phases import PHASES, Phase
from aves_core.games.boxes.rules import finish, legal_moves, payments
from aves_core.games.boxes.state import BoxesState, Sale

FULL = START_NOTES


def sealed(num_players: int = 3, first: int = 0) -> BoxesState:
    """Container 1 at its sealed auction (every seat stopped at once)."""
    return all_stop(play(make(num_players, first), f"{first}:auction sealed"))


def open_(num_players: int = 3, first: int = 0) -> BoxesState:
    """Container 1 at its open auction, the auctioneer to open."""
    return all_stop(play(make(num_players, first), f"{first}:auction open"))


def test_BX1_two_to_four_players_in_seats_clockwise() -> None:
    for count in (1, 5):
        with pytest.raises(SetupError) as error:
            BOXES.new_setup(count, BOXES.default_options(), 1)
        assert "bad_players" == error.value.code
    for count in (2, 3, 4):
        state = make(count, first=count - 1)
        assert count == state.num_players
        # Clockwise: after the last seat comes seat 0.
        state = play(state, f"{count - 1}:auction open", f"{count - 1}:stop")
        assert 0 == state.examiner


def test_BX2_sixty_cards_thirty_six_open_twenty_four_closed_worth_5200() -> None:
    assert (36, 24) == (len(OPEN_CANONICAL), len(CLOSED_CANONICAL))
    cards = Counter(OPEN_CANONICAL + CLOSED_CANONICAL)
    assert (20, 14, 2) == (cards["N10"], cards["N0"], cards["N500"])
    for colour in "YBRG":
        assert [1, 1, 1, 1, 2] == [cards[f"{colour}{v}"] for v in (50, 100, 150, 200, 250)]
    assert 5200 == sum(card_value(card) for card in cards.elements())
    assert 200 == sum(card_value(card) for card in OPEN_CANONICAL if card == "N10")
    assert 1000 == sum(card_value(card) for card in CLOSED_CANONICAL if card == "N500")


def test_BX3_each_seat_starts_with_four_of_each_note_and_paid_notes_leave() -> None:
    state = make(2)
    assert ((4, 4, 4, 4), (4, 4, 4, 4)) == state.notes
    assert 3400 == money_of(START_NOTES)
    state = play(all_stop(play(state, "0:auction sealed")), "0:seal 500 50", "1:seal 200")
    # Seat 0 paid 550 to the bank: nobody gains it, there is no change.
    assert ((3, 4, 4, 3), (4, 4, 4, 4)) == state.notes
    assert 3400 * 2 - 550 == sum(money_of(notes) for notes in state.notes)


def test_BX4_one_auctioneer_and_each_seat_behind_its_own_screen() -> None:
    state = sealed(3)
    state = play(state, "1:seal 500")
    views = [BOXES.view(state, seat) for seat in range(3)]
    assert {0} == {view.auctioneer for view in views}
    assert [None, (500,), None] == [view.my_commit for view in views]


def test_BX4a_notes_of_one_value_are_identical_so_moves_are_multisets() -> None:
    assert Seal(0, (100, 500, 100)) == Seal(0, (500, 100, 100)) == BOXES.parse_move(
        "0:seal 500 100 100")
    state = sealed(2)
    seals = [move for move in legal_moves(state) if move.player == 0]
    assert 5 ** 4 == len(seals) == len(set(seals))  # 0-4 notes of each of 4 values
    assert 2 * 5 ** 4 == len(legal_moves(state))  # both seats' commits
    state = with_notes(state, (1, 2, 0, 0), FULL)
    assert {"0:seal none", "0:seal 200", "0:seal 200 200", "0:seal 500", "0:seal 500 200",
            "0:seal 500 200 200"} == {text for text in notations(state)
                                      if text.startswith("0:")}


def test_BX5_the_draws_are_open_pile_closed_pile_then_first() -> None:
    import random

    for seed in (0, 7, 12345):
        rng = random.Random(seed)
        open_pile, closed_pile = list(OPEN_CANONICAL), list(CLOSED_CANONICAL)
        rng.shuffle(open_pile)
        rng.shuffle(closed_pile)
        first = rng.randrange(3)
        setup = BOXES.new_setup(3, BOXES.default_options(), seed)
        assert (tuple(open_pile), tuple(closed_pile), first) == (
            setup.open_pile, setup.closed_pile, setup.first)
        # Replay draws nothing: the setup alone gives the game.
        assert BOXES.start(3, setup) == BOXES.start(3, setup)


def test_BX6_container_k_is_four_closed_and_six_open_cards() -> None:
    state = BOXES.start(4, BOXES.new_setup(4, BOXES.default_options(), 3))
    every: list[str] = []
    for k in range(1, 7):
        cards = state.container_cards(k)
        assert cards == state.closed_pile[4 * k - 4:4 * k] + state.open_pile[6 * k - 6:6 * k]
        assert state.card(k, "c1") == cards[0]
        assert state.card(k, "o6") == cards[9]
        every += cards
    assert Counter(OPEN_CANONICAL + CLOSED_CANONICAL) == Counter(every)


def test_BX7_the_auctioneer_of_container_k_is_first_plus_k_minus_one() -> None:
    for count in (2, 3, 4):
        for first in range(count):
            states = random_game(count, 100 + first)
            setup_first = states[0].first
            for state in states:
                if state.result is None:
                    assert (setup_first + state.container - 1) % count == state.auctioneer
            assert [(setup_first + k - 1) % count for k in range(1, 7)] == [
                next(s.auctioneer for s in states if s.container == k) for k in range(1, 7)]


def test_BX8_the_auctioneer_chooses_open_or_sealed() -> None:
    state = make(3, first=1)
    assert (Phase.CHOOSE_AUCTION, (1,)) == (state.phase, BOXES.to_move(state))
    assert ["1:auction open", "1:auction sealed"] == notations(state)
    assert "not_your_turn" == code_of(state, "0:auction open")
    assert "sealed" == play(state, "1:auction sealed").auction


def test_BX9_examining_costs_actions_once_per_slot_and_ends_by_itself() -> None:
    state = play(make(3), "0:auction open")
    assert (Phase.EXAMINE, 0, 7) == (state.phase, state.examiner, state.actions)
    assert "1:stop" not in notations(state)
    assert "0:stop" in notations(state)
    state = play(state, "0:examine c1")
    assert 5 == state.actions  # closed: 2
    assert "0:examine c2" in notations(state)
    state = play(state, "0:examine o1")
    assert 4 == state.actions  # open: 1
    assert "already_examined" == code_of(state, "0:examine c1")
    state = play(state, "0:examine c2", "0:examine c3")
    assert 0 == state.actions or state.examiner != 0
    # 0 actions left: the turn ended by itself and seat 1 has 7 fresh ones.
    assert (1, 7) == (state.examiner, state.actions)
    state = play(state, "1:examine o1", "1:examine o2", "1:examine o3", "1:examine o4",
                 "1:examine o5", "1:examine o6")
    # 1 action left, only closed slots unexamined: the turn ends by itself too.
    assert (2, 7) == (state.examiner, state.actions)
    state = play(state, "2:examine o1", "2:examine o2", "2:examine c1", "2:examine c2")
    # 1 action left and open slots to afford: the turn goes on, without closed slots.
    assert (2, 1) == (state.examiner, state.actions)
    assert 0 == sum(1 for text in notations(state) if "examine c" in text)
    assert "too_few_actions" == code_of(state, "2:examine c4")
    state = play(state, "2:stop")
    assert (Phase.OPEN_AUCTION, None, 0, None, None) == (
        state.phase, state.examiner, state.actions, state.standing, state.holder)
    # Each container, fresh actions; the unused ones are lost.
    state = play(state, "0:bid 0", "1:pass", "2:pass")
    state = play(state, "1:auction sealed")
    assert (1, 7) == (state.examiner, state.actions)
    assert "1:examine c1" in notations(state)  # a new container: every slot again


def test_BX10_the_winner_takes_the_ten_cards_and_the_token_passes() -> None:
    state, events = play_with_events(open_(3), "0:bid 0", "1:pass", "2:pass")
    assert [Sale(1, 0, 0, ())] == list(state.sales)
    assert Sold(1, 0, make().container_cards(1)) in events
    assert (2, 1, Phase.CHOOSE_AUCTION) == (state.container, state.auctioneer, state.phase)
    last = at_container(make(3), 6)
    last = play(all_stop(play(last, "2:auction open")), "2:bid 0", "0:pass", "1:pass")
    assert (Phase.GAME_END, 6) == (last.phase, len(last.sales))
    assert last.result is not None


def test_BX11_bids_are_multiples_of_50_up_to_the_bidders_money() -> None:
    state = open_(3)
    # The opener must bid, 0 allowed; it may not pass.
    assert "0:bid 0" in notations(state)
    assert "0:pass" not in notations(state)
    assert "wrong_phase" == code_of(state, "0:pass")
    assert "bad_bid" == code_of(state, "0:bid 120")
    assert "bad_bid" == code_of(state, "0:bid 3450")
    # A negative bid has no text (BX25's bad_notation): a log may still carry one.
    assert "bad_notation" == BOXES.refusal(state, Bid(0, -50)).code  # type: ignore[union-attr]
    assert code_of(state, "0:bid 3400") is None
    assert 69 == len(notations(state))  # 0, 50, ..., 3400
    state = play(state, "0:bid 0")
    assert (0, 0, 1) == (state.standing, state.holder, state.turn)


def test_BX12_raise_or_pass_out_for_good_and_the_holder_wins() -> None:
    state = play(open_(4), "0:bid 100")
    assert "not_a_raise" == code_of(state, "1:bid 100")
    assert "not_a_raise" == code_of(state, "1:bid 50")
    state = play(state, "1:pass", "2:bid 150", "3:pass")
    assert (0, (0, 2)) == (state.turn, state.bidders)  # seat 1 and 3 are out for good
    state = play(state, "0:bid 200")
    assert 2 == state.turn  # seat 1 and 3 skipped
    state, events = play_with_events(state, "2:pass")
    # The turn would reach seat 0, the holder: it wins at 200.
    assert AuctionWon(0, 200) in events
    # A seat that cannot raise must pass.
    poor = play(with_notes(open_(3), FULL, (0, 0, 0, 1), FULL), "0:bid 50")
    assert ["1:pass"] == notations(poor)


def test_BX13_in_an_open_auction_every_seat_takes_part_and_the_auctioneer_opens() -> None:
    state = open_(4, first=2)
    assert ((2, 3, 0, 1), 2, None) == (state.bidders, state.turn, state.standing)


def test_BX14_sealed_commits_in_any_order_final_and_no_money_moves() -> None:
    state = sealed(3)
    assert (0, 1, 2) == BOXES.to_move(state)
    state = play(state, "2:seal 500 500", "0:seal none")
    assert ((1,), (2, 0)) == (BOXES.to_move(state), state.order)
    assert "already_committed" == code_of(state, "2:seal 50")
    assert state.notes == (FULL,) * 3  # a commit moves no money
    state, events = play_with_events(state, "1:seal 200 200 200 200 100")
    assert Revealed(((), (200, 200, 200, 200, 100), (500, 500)), (2,)) in events
    # A bid is the sum of its notes: seat 2's 1,000 beats seat 1's 900.
    assert Sale(1, 2, 1000, (500, 500)) == state.sales[0]


def test_BX15_one_highest_bid_pays_exactly_its_notes_the_others_take_theirs_back() -> None:
    state, events = play_with_events(sealed(3), "0:seal 500 100", "1:seal 200 200 200 50",
                                     "2:seal 100")
    assert Paid(1, (200, 200, 200, 50)) in events
    assert AuctionWon(1, 650) in events
    assert ((), (), ((500, 100), (200, 200, 200, 50), (100,))) == (
        state.commits, state.order, state.revealed)
    assert (FULL, (4, 1, 4, 3), FULL) == state.notes


def test_BX16_a_tie_goes_to_an_open_auction_among_the_tied_seats() -> None:
    state = sealed(4, first=1)
    state = play(state, "0:seal 500", "1:seal 200", "2:seal 200 100", "3:seal 500")
    # 0 and 3 tie at 500; clockwise from the auctioneer (1): 3 first, so 3 holds it.
    assert (Phase.OPEN_AUCTION, (3, 0), 500, 3, 0) == (
        state.phase, state.bidders, state.standing, state.holder, state.turn)
    assert (FULL,) * 4 == state.notes  # every seat took its notes back
    assert "not_your_turn" == code_of(state, "1:bid 600")
    state, events = play_with_events(state, "0:pass")
    # The holder wins at the tied amount and pays under BX17 (500, or 200 200 100, ...).
    assert [AuctionWon(3, 500)] == [
        event for event in events if isinstance(event, AuctionWon | Paid)]
    assert (Phase.PAYMENT, 3, 500) == (state.phase, state.winner, state.price)
    assert "bad_payment" == code_of(state, "3:pay 500 50")
    state = play(state, "3:pay 200 200 200")  # 600: no 200 can go, so it is valid
    assert (4, 1, 4, 4) == state.notes[3]
    # The auctioneer holds the tie when it is tied.
    tied = play(sealed(3), "0:seal 100", "1:seal 50", "2:seal 50 50")
    assert (0, 2) == (tied.holder, tied.turn)


def test_BX17_a_payment_holds_no_note_that_is_not_needed() -> None:
    assert {(500,), (200, 200), (200, 100), (200, 50), (100, 100, 50)} <= set(
        payments((1, 2, 2, 2), 250))
    assert (200, 200, 50) not in payments((1, 2, 2, 2), 250)  # the 50 is not needed
    assert ((),) == payments(FULL, 0)  # at 0: the empty set, automatically
    state = play(open_(2), "0:bid 250", "1:pass")
    assert (Phase.PAYMENT, 0, 250) == (state.phase, state.winner, state.price)
    assert "bad_payment" == code_of(state, "0:pay 200")  # short of the price
    assert "bad_payment" == code_of(state, "0:pay 200 100 50")  # the 50 is not needed
    assert "notes_not_held" == code_of(state, "0:pay 500 500 500 500 500")
    state = play(state, "0:pay 200 100")
    assert ((4, 3, 3, 4), 2) == (state.notes[0], state.container)
    # One way to pay: automatic.
    one = play(with_notes(open_(2), (0, 0, 1, 0), FULL), "0:bid 50", "1:pass")
    assert ((0, 0, 0, 0), 2) == (one.notes[0], one.container)


def test_BX18_wealth_is_notes_plus_cards_plus_250_a_collection() -> None:
    assert 100 + 250 + 200 + 150 + 250 == wealth_of((0, 0, 1, 0), ("R250", "R200", "R150"), 3)
    assert 100 + 250 + 200 + 150 == wealth_of((0, 0, 1, 0), ("R250", "R200", "R150"), 2)


def test_BX19_a_collection_is_3_or_4_cards_of_a_colour_with_its_own_250() -> None:
    assert 0 == collections_of(("Y50", "Y100", "Y150", "Y200"), 3)  # no 250
    assert 1 == collections_of(("Y250", "Y100", "Y150"), 4)
    assert 0 == collections_of(("Y250", "Y100", "Y150"), 2)
    assert 1 == collections_of(("Y250", "Y100", "Y150", "Y50"), 2)
    assert 0 == collections_of(("Y250", "B100", "R150"), 3)  # one colour
    assert 0 == collections_of(("N500", "N10", "N0"), 3)  # N never counts


def test_BX20_the_highest_wealth_wins_and_equal_highest_share() -> None:
    state = attrs.evolve(make(3), notes=((1, 0, 0, 0), (1, 0, 0, 0), (0, 1, 0, 0)))
    ended = finish(state)
    assert ((0, 1), "most_wealth", (500, 500, 200)) == (
        ended.result.winners if ended.result else None, "most_wealth", ended.wealth)
    alone = finish(attrs.evolve(state, notes=((1, 0, 0, 0), (0, 0, 0, 1), (0, 1, 0, 0))))
    assert alone.result is not None
    assert (0,) == alone.result.winners


def test_BX21_what_every_seat_sees() -> None:
    state = play(make(3), "0:auction sealed", "0:examine c2", "0:stop", "1:examine o3",
                 "1:stop", "2:stop", "1:seal 100")
    for seat in (0, 1, 2, None):
        view = BOXES.view(state, seat)
        assert (0, "sealed") == (view.auctioneer, view.auction)
        assert [(0, "c2"), (1, "o3")] == [(look.seat, look.slot) for look in view.looks]
        assert (1,) == view.committed
        assert (3400, 3400, 3400) == view.money
        assert (FULL,) * 3 == view.notes
        assert (30, 20) == (view.open_left, view.closed_left)
    state = play(state, "0:seal 200", "2:seal none")
    for seat in (0, 1, 2, None):
        view = BOXES.view(state, seat)
        assert ((200,), (100,), ()) == view.revealed
        assert (Sale(1, 0, 200, (200,)),) == view.sales


def test_BX22_a_seat_sees_its_looks_its_containers_and_its_commit() -> None:
    state = play(make(2), "0:auction sealed", "0:examine c2", "0:stop", "1:examine o1",
                 "1:stop", "1:seal 50")
    mine = BOXES.view(state, 0)
    assert ["Y250", None] == [look.card for look in mine.looks]
    assert (50,) == BOXES.view(state, 1).my_commit
    state = play(state, "0:seal none")  # seat 1 wins container 1
    # Seat 0 still sees c2 of the container seat 1 won; seat 1 sees every card of it.
    assert "Y250" == BOXES.view(state, 0).looks[0].card
    assert () == BOXES.view(state, 0).my_containers
    assert make().container_cards(1) == BOXES.view(state, 1).my_containers[0].cards


def test_BX23_unseen_cards_and_pile_orders_are_hidden_until_the_end() -> None:
    state = play(make(2), "0:auction open", "0:examine c1", "0:stop", "1:stop")
    assert [None] == [look.card for look in BOXES.view(state, None).looks]
    text = repr(BOXES.view(state, 1)) + repr(BOXES.view(state, None))
    assert "Y250" not in text
    assert "Y50" not in text
    view = BOXES.view(state, 0)
    assert (30, 20) == (view.open_left, view.closed_left)
    for each in random_game(4, 9):
        if each.result is None:
            seen = BOXES.view(each, 2)
            k = each.container
            assert (36 - 6 * k, 24 - 4 * k) == (seen.open_left, seen.closed_left)
    end = random_game(3, 5)[-1]
    last = BOXES.view(end, None)
    assert last.final_cards is not None
    assert [tuple(sorted(end.cards_of(seat))) for seat in range(3)] == list(last.final_cards)
    assert (0, 0) == (last.open_left, last.closed_left)


def test_BX24_the_phases_and_the_automatic_steps() -> None:
    assert ["chooseAuction", "examine", "openAuction", "sealedBid", "payment", "gameEnd"] == [
        phase.value for phase in PHASES.phases]
    assert "most_wealth" == BOXES.facts.reasons[0]
    # An automatic payment and sale: from openAuction straight to the next chooseAuction.
    state = play(open_(2), "0:bid 0", "1:pass")
    assert Phase.CHOOSE_AUCTION == state.phase
    # The reveal comes with the last commit.
    state = play(sealed(2), "1:seal 50", "0:seal 100")
    assert (Phase.CHOOSE_AUCTION, 2) == (state.phase, state.container)


@pytest.mark.parametrize(("setup", "text", "code"), [
    ("end", "0:auction open", "game_over"),
    ("choose", "1:auction open", "not_your_turn"),
    ("choose", "7:auction open", "not_your_turn"),
    ("choose", "0:examine c1", "wrong_phase"),
    ("examine", "0:bid 50", "wrong_phase"),
    ("examine", "0:examine c5", "unknown_slot"),
    ("examine", "0:examine o7", "unknown_slot"),
    ("examine", "0:examine x1", "unknown_slot"),
    ("examined", "0:examine c1", "already_examined"),
    ("examined", "0:examine c2", "too_few_actions"),
    ("open", "0:bid 75", "bad_bid"),
    ("raised", "1:bid 100", "not_a_raise"),
    ("sealed", "0:seal 500 500 500 500 500", "notes_not_held"),
    ("sealed", "0:seal 300", "notes_not_held"),
    ("committed", "0:seal 50", "already_committed"),
    ("payment", "0:pay 200", "bad_payment"),
    ("payment", "0:pay 50 50 50 50 50", "notes_not_held"),
])
def test_BX25_every_refusal_code(setup: str, text: str, code: str) -> None:
    states = {
        "end": lambda: random_game(2, 1)[-1],
        "choose": lambda: make(2),
        "examine": lambda: play(make(2), "0:auction open"),
        "examined": lambda: play(make(2), "0:auction open", "0:examine c1", "0:examine c3",
                                 "0:examine o1", "0:examine o2"),
        "open": lambda: open_(2),
        "raised": lambda: play(open_(2), "0:bid 100"),
        "sealed": lambda: sealed(2),
        "committed": lambda: play(sealed(2), "0:seal none"),
        "payment": lambda: play(open_(2), "0:bid 250", "1:pass"),
    }
    state = states[setup]()
    before = state
    assert code == code_of(state, text)
    assert before == state  # a refused move changes nothing


def test_BX25_the_first_code_in_the_rules_order_wins_over_the_whole_move() -> None:
    # BX25's order: game_over, not_your_turn, wrong_phase, bad_notation, ...,
    # already_committed, notes_not_held, bad_payment. Before the declared door,
    # already_committed came before the turn, and a negative bid, a negative note or a
    # slot of no slot's shape earned the move's own code.
    committed = play(sealed(2), "0:seal 50")
    examine = play(make(2), "0:auction open")
    cases: list[tuple[BoxesState, Move, str]] = [
        (committed, Seal(0, (-50,)), "bad_notation"),  # was already_committed
        (sealed(2), Seal(0, (500, -50)), "bad_notation"),  # was notes_not_held
        (open_(2), Bid(0, -50), "bad_notation"),  # was bad_bid
        (examine, Examine(0, "C3"), "bad_notation"),  # was unknown_slot
        (examine, Bid(0, -50), "wrong_phase"),
        (open_(2), Bid(1, -50), "not_your_turn"),
        (committed, Seal(0, (500,) * 5), "already_committed"),  # before notes_not_held
        (committed, Seal(2, (50,)), "not_your_turn"),  # no seat of this game
        (committed, Bid(0, 50), "not_your_turn"),  # only a seal is every seat's
        (random_game(2, 1)[-1], Seal(0, (-50,)), "game_over"),
    ]
    for state, move, code in cases:
        refused = BOXES.refusal(state, move)
        assert refused is not None
        assert code == refused.code, move
        assert str(refused).startswith(str(move))
