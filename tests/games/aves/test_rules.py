"""One named test per rule and per [decision] of RULES.md, on hand-made deals.

Every test controls the exact cards: a deal or a state is written as card codes
(hands, circle, deck), and the helpers below check that it holds exactly the
game's cards, so card conservation is true in everything built here. ``...`` in
one place of a spec stands for "every card of the game not named elsewhere", in
canonical order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

from aves_core import (
    CROW,
    ArgumentError,
    AvesError,
    Card,
    Color,
    GameState,
    IllegalMoveError,
    Move,
    NotationError,
    Pass,
    Phase,
    Result,
    Return,
    SetupError,
    Trade,
    Variant,
    apply_move,
    game_cards,
    legal_moves,
    new_game,
    random_setup,
)
from aves_core.games.aves.cards import canonical

FILL = "..."
PLAYER_TURN = Phase.PLAYER_TURN
FORCED_RETURN = Phase.FORCED_RETURN
GAME_END = Phase.GAME_END


# --- helpers ---------------------------------------------------------------


def c(code: str) -> Card:
    """One card from its code."""
    return Card.parse(code)


def show(cards: Sequence[Card]) -> str:
    """Cards as space-separated codes, in the order given."""
    return " ".join(map(str, cards))


def _expand(num_players: int, crows: bool, specs: Sequence[str]) -> list[list[Card]]:
    """The card lists the specs name, the one ``...`` replaced by the unnamed cards.

    Fails unless the specs hold exactly the game's cards (each once, crows four
    times with the variant), so what a test builds conserves the cards.
    """
    wanted = Counter(game_cards(num_players, crows))
    words = [spec.split() for spec in specs]
    named = Counter(c(code) for row in words for code in row if code != FILL)
    foreign = named - wanted
    assert not foreign, f"not of this game or repeated: {show(canonical(foreign.elements()))}"
    rest = list(canonical((wanted - named).elements()))
    fills = sum(row.count(FILL) for row in words)
    assert fills <= 1, "at most one '...' per spec"
    assert fills == 1 or not rest, f"cards missing from the spec: {show(rest)}"
    out: list[list[Card]] = []
    for row in words:
        cards: list[Card] = []
        for code in row:
            cards += rest if code == FILL else [c(code)]
        out.append(cards)
    return out


def deal_of(
    num_players: int,
    hands: Sequence[str],
    circle: str,
    deck: str = FILL,
    *,
    crows: bool = False,
) -> list[Card]:
    """A deal from the starting hands (3 cards each), the circle (7) and the deck (top first)."""
    assert num_players == len(hands)
    parts = _expand(num_players, crows, [*hands, circle, deck])
    assert all(len(hand) == 3 for hand in parts[:num_players]), "a starting hand is 3 cards"
    assert len(parts[num_players]) == 7, "the starting circle is 7 cards"
    return [card for part in parts for card in part]


def start(
    num_players: int,
    hands: Sequence[str],
    circle: str,
    deck: str = FILL,
    *,
    crows: bool = False,
    showdown: bool = False,
    first: int = 0,
) -> GameState:
    """new_game from a hand-made deal."""
    deal = deal_of(num_players, hands, circle, deck, crows=crows)
    return new_game(num_players, Variant(crows=crows, showdown=showdown), deal=deal,
                    first_player=first)


def state_of(
    hands: Sequence[str],
    circle: str,
    deck: str = FILL,
    *,
    active: int = 0,
    phase: Phase = PLAYER_TURN,
    crows: bool = False,
    showdown: bool = False,
) -> GameState:
    """A GameState built directly (any hand and circle sizes), cards conserved."""
    parts = _expand(len(hands), crows, [*hands, circle, deck])
    return GameState(
        Variant(crows=crows, showdown=showdown),
        phase,
        active,
        tuple(canonical(hand) for hand in parts[: len(hands)]),
        tuple(parts[len(hands)]),
        tuple(parts[len(hands) + 1]),
        None,
    )


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of a state, wherever it is."""
    return Counter([*(card for hand in state.hands for card in hand), *state.circle, *state.deck])


def error_code(state: GameState, move: Move) -> str:
    """The code apply_move raises for ``move`` (fails if the move is accepted)."""
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(state, move)
    return caught.value.code


def trade(player: int, code: str, gap: int) -> Trade:
    return Trade(player, c(code), gap)


def ret(player: int, code: str, gap: int) -> Return:
    return Return(player, c(code), gap)


# --- layouts used by several tests -------------------------------------------


def layout_a(showdown: bool = False) -> GameState:
    """2 players, a fresh deal. Circle gaps: 0 R1|O3=2, 1 O3|Y1=2, 2 Y1|G1=0, 3 G1|B1=0,
    4 B1|I2=1, 5 I2|V3=1, 6 V3|R1=2. Deck top R3, bottom V1."""
    return start(2, ["R2 O1 Y3", "G2 B2 V2"], "R1 O3 Y1 G1 B1 I2 V3",
                 "R3 O2 Y2 G3 B3 I1 I3 V1", showdown=showdown)


def layout_crow() -> GameState:
    """2 players with crows. Circle gaps: 0 C0|R3=3, 1 R3|Y2=1, 2 Y2|G2=0 (the only equal
    gap), 3 G2|B1=1, 4 B1|I3=2, 5 I3|V1=2, 6 V1|C0=1."""
    return start(2, ["R1 O3 C0", "G3 B2 C0"], "C0 R3 Y2 G2 B1 I3 V1",
                 "C0 R2 O1 O2 Y1 Y3 G1 B3 I1 I2 V2 V3", crows=True)


def layout_seven_after_return() -> GameState:
    """Seat 0 holds 7 cards in five colours; B2 at gap 0 (I1|V3) brings I and V."""
    return state_of(["R1 R2 O1 Y1 G1 B1 B2", "G2 G3 B3"], "I1 V3 R3 O2 O3 Y2 Y3",
                    "I2 I3 V1 V2")


def finished_game() -> GameState:
    """A game that has just ended: seat 0 drew the last card and holds seven colours."""
    state = state_of(["R1 R2 O1 Y1 G1 B1 I1", "O2 Y2 G2 B2 I2 V2"], "R3 O3 Y3 G3 B3 I3 V3",
                     "V1")
    return apply_move(state, trade(0, "R2", 0))


def forced_return_seed_example() -> GameState:
    """Seat 0 must return a card from R R O G G B I V (the rulebook's example)."""
    return state_of(["R1 R2 O1 G1 G2 B1 I1 V1", "R3 O2 O3"], "Y1 Y3 Y2 G3 B2",
                    "B3 I2 I3 V2 V3", phase=FORCED_RETURN)


# --- cards and setup -----------------------------------------------------------


@pytest.mark.parametrize(("num_players", "top"), [(2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_setup_card_set_is_numbers_1_to_n_plus_1_of_each_colour(
    num_players: int, top: int
) -> None:
    expected = [f"{color}{number}" for color in "ROYGBIV" for number in range(1, top + 1)]
    assert expected == [str(card) for card in game_cards(num_players, False)]


def test_setup_two_player_card_set_spelled_out() -> None:
    assert ("R1 R2 R3 O1 O2 O3 Y1 Y2 Y3 G1 G2 G3 B1 B2 B3 I1 I2 I3 V1 V2 V3"
            == show(game_cards(2, False)))


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_setup_greedy_crow_adds_four_crows(num_players: int) -> None:
    assert [*game_cards(num_players, False), CROW, CROW, CROW, CROW] == list(
        game_cards(num_players, True)
    )
    assert "C0" == str(CROW)
    assert (None, 0) == (CROW.color, CROW.number)


def test_setup_six_players_use_numbers_1_to_6_only_decision() -> None:
    assert 42 == len(game_cards(6, False))
    assert game_cards(5, False) == game_cards(6, False)
    assert 6 == max(card.number for card in game_cards(6, False))
    with pytest.raises(NotationError):
        Card.parse("R7")  # there is no 7 in the box
    state = new_game(6, seed=3)
    assert Counter(game_cards(6, False)) == all_cards(state)
    assert 17 == len(state.deck)


@pytest.mark.parametrize(
    ("num_players", "deck_size"), [(2, 8), (3, 12), (4, 16), (5, 20), (6, 17)]
)
@pytest.mark.parametrize("crows", [False, True])
def test_setup_deck_size_per_player_count(num_players: int, deck_size: int, crows: bool) -> None:
    state = new_game(num_players, Variant(crows=crows), seed=num_players)
    assert deck_size + (4 if crows else 0) == len(state.deck)
    assert [3] * num_players == [len(hand) for hand in state.hands]
    assert 7 == len(state.circle)
    assert Counter(game_cards(num_players, crows)) == all_cards(state)


def test_setup_deal_order_seats_then_circle_then_deck() -> None:
    deal = deal_of(2, ["R1 O1 Y1", "G1 B1 I1"], "V1 R2 O2 Y2 G2 B2 I2",
                   "V2 R3 O3 Y3 G3 B3 I3 V3")
    state = new_game(2, deal=deal, first_player=0)
    assert ["R1 O1 Y1", "G1 B1 I1"] == [show(hand) for hand in state.hands]
    assert "V1 R2 O2 Y2 G2 B2 I2" == show(state.circle)
    assert "V2 R3 O3 Y3 G3 B3 I3 V3" == show(state.deck)
    assert c("V2") == state.deck[0]  # the top
    assert c("V3") == state.deck[-1]  # the bottom


def test_setup_deal_order_with_a_shuffled_deal() -> None:
    variant = Variant(crows=True)
    deal = list(game_cards(4, True))
    random.Random(5).shuffle(deal)
    state = new_game(4, variant, deal=deal, first_player=3)
    assert [canonical(deal[3 * i : 3 * i + 3]) for i in range(4)] == list(state.hands)
    assert tuple(deal[12:19]) == state.circle
    assert tuple(deal[19:]) == state.deck


def test_setup_hands_are_sorted_canonically_circle_keeps_deal_order() -> None:
    state = start(2, ["V1 C0 R3", "G2 O3 G1"], "Y3 R1 C0 O2 R2 O1 Y1", crows=True)
    assert ["R3 V1 C0", "O3 G1 G2"] == [show(hand) for hand in state.hands]
    assert "Y3 R1 C0 O2 R2 O1 Y1" == show(state.circle)


def test_setup_canonical_order_is_colour_then_number_crows_last() -> None:
    cards = [c(code) for code in ["C0", "V1", "R3", "I2", "R1", "G3", "O3", "Y1", "B2"]]
    assert "R1 R3 O3 Y1 G3 B2 I2 V1 C0" == show(canonical(cards))
    assert "ROYGBIV" == "".join(color.value for color in Color)


@pytest.mark.parametrize("first", [0, 1, 2])
def test_setup_first_player_given(first: int) -> None:
    assert first == new_game(3, seed=11, first_player=first).active_player
    deal = list(game_cards(3, False))
    assert first == new_game(3, deal=deal, first_player=first).active_player


def test_setup_first_player_drawn_when_not_given() -> None:
    assert {0, 1, 2} == {new_game(3, seed=seed).active_player for seed in range(60)}
    deal = list(game_cards(3, False))
    drawn = [new_game(3, deal=deal, seed=seed).active_player for seed in range(60)]
    assert {0, 1, 2} == set(drawn)
    assert drawn == [new_game(3, deal=deal, seed=seed).active_player for seed in range(60)]
    assert new_game(3, deal=deal).active_player in {0, 1, 2}


def test_setup_seeded_new_game_is_deterministic() -> None:
    variant = Variant(crows=True)
    state = new_game(5, variant, seed=2024)
    again = new_game(5, variant, seed=2024)
    assert state == again
    assert hash(state) == hash(again)
    deal, first = random_setup(5, variant, seed=2024)
    assert state == new_game(5, variant, deal=deal, first_player=first)
    assert state.circle != new_game(5, variant, seed=2025).circle


def test_setup_deal_is_the_whole_truth_decision() -> None:
    # Given a deal and a first player, the seed plays no part: nothing is reshuffled.
    deal = list(reversed(game_cards(3, True)))
    variant = Variant(crows=True)
    state = new_game(3, variant, deal=deal, first_player=1, seed=1)
    assert state == new_game(3, variant, deal=deal, first_player=1, seed=99)
    assert state == new_game(3, variant, deal=deal, first_player=1)
    assert ["C0 C0 C0", "V3 V4 C0", "I4 V1 V2"] == [show(hand) for hand in state.hands]
    assert "I3 I2 I1 B4 B3 B2 B1" == show(state.circle)
    assert (c("G4"), c("R1")) == (state.deck[0], state.deck[-1])


def test_setup_fresh_game_is_a_player_turn_with_no_result() -> None:
    state = layout_a()
    assert (PLAYER_TURN, 0, None) == (state.phase, state.active_player, state.result)
    assert Variant(crows=False, showdown=False) == Variant()


# --- turn order ----------------------------------------------------------------


def test_play_goes_clockwise_and_wraps_around() -> None:
    state = new_game(3, seed=8, first_player=1)
    seats = [state.active_player]
    for _ in range(4):
        state = apply_move(state, legal_moves(state)[0])
        assert (PLAYER_TURN, None) == (state.phase, state.result)
        seats.append(state.active_player)
    assert [1, 2, 0, 1, 2] == seats


def test_result_is_none_and_active_player_set_while_the_game_goes_on() -> None:
    state = apply_move(layout_a(), trade(0, "Y3", 2))  # a miss
    assert (1, None, False) == (state.active_player, state.result, state.is_over)


# --- the circle and its gaps ------------------------------------------------------


def test_gap_k_minus_1_joins_the_last_card_to_the_first() -> None:
    state = apply_move(layout_a(), trade(0, "R2", 6))  # V3 | R1: 3 - 1 = 2
    assert "R1 O1 Y3 V3" == show(state.hands[0])


def test_gap_g_lies_between_c_g_and_c_g_plus_1() -> None:
    state = apply_move(layout_a(), trade(0, "O1", 4))  # B1 | I2: 2 - 1 = 1
    assert "R2 Y3 B1 I2" == show(state.hands[0])


# --- the fruit trade: match ------------------------------------------------------------


def test_match_takes_both_neighbours_seed_example() -> None:
    # The rulebook's picture: a 3 placed between yellow 6 and violet 3 takes both.
    state = start(5, ["R3 O1 G5", "R1 R2 R4", "R5 R6 O2", "O3 O4 O5", "O6 Y1 Y2"],
                  "B1 Y6 V3 B2 I4 I5 G1")
    deck = state.deck
    after = apply_move(state, trade(0, "R3", 1))
    assert "O1 Y6 G5 V3" == show(after.hands[0])
    assert "B1 R3 B2 I4 I5 G1" == show(after.circle)
    assert deck == after.deck


def test_match_circle_order_for_an_inner_gap() -> None:
    # g < k-1: c[0..g-1], x, c[g+2..k-1]
    state = apply_move(layout_a(), trade(0, "O1", 4))
    assert "R1 O3 Y1 G1 O1 V3" == show(state.circle)
    state = apply_move(layout_a(), trade(0, "R2", 0))  # R1 | O3: 2
    assert "R2 Y1 G1 B1 I2 V3" == show(state.circle)


def test_match_circle_order_for_the_last_gap() -> None:
    # g = k-1: c[1..k-2], x
    state = apply_move(layout_a(), trade(0, "R2", 6))
    assert "O3 Y1 G1 B1 I2 R2" == show(state.circle)


def test_match_does_not_draw_from_the_deck() -> None:
    state = apply_move(layout_a(), trade(0, "R2", 6))
    assert "R3 O2 Y2 G3 B3 I1 I3 V1" == show(state.deck)


def test_taking_is_not_optional_decision() -> None:
    state = layout_a()
    # One move per card and gap: no way to place a matching card and decline the take.
    assert 3 * 7 == len(legal_moves(state))
    assert [trade(0, "R2", 6)] == [
        move for move in legal_moves(state)
        if isinstance(move, Trade) and move.card == c("R2") and move.gap == 6
    ]
    after = apply_move(state, trade(0, "R2", 6))
    assert {c("V3"), c("R1")} <= set(after.hands[0])
    assert state.deck == after.deck


# --- the fruit trade: miss --------------------------------------------------------------


def test_miss_draws_the_bottom_card_of_the_deck() -> None:
    state = apply_move(layout_a(), trade(0, "Y3", 2))  # Y1 | G1: 0, not 3
    assert "R2 O1 V1" == show(state.hands[0])
    assert "R3 O2 Y2 G3 B3 I1 I3" == show(state.deck)


def test_miss_leaves_the_card_in_the_gap() -> None:
    state = apply_move(layout_a(), trade(0, "Y3", 2))
    assert "R1 O3 Y1 Y3 G1 B1 I2 V3" == show(state.circle)


def test_miss_in_the_last_gap_puts_the_card_at_the_end() -> None:
    state = apply_move(layout_a(), trade(0, "Y3", 6))  # V3 | R1: 2, not 3
    assert "R1 O3 Y1 G1 B1 I2 V3 Y3" == show(state.circle)
    assert "R2 O1 V1" == show(state.hands[0])


# --- the fruit trade: crows --------------------------------------------------------------


def test_crow_needs_match_on_an_unequal_gap() -> None:
    state = layout_crow()
    for gap in (0, 1, 3, 4, 5, 6):
        assert "crow_needs_match" == error_code(state, Trade(0, CROW, gap))


def test_crow_on_an_equal_gap_takes_both() -> None:
    state = apply_move(layout_crow(), Trade(0, CROW, 2))  # Y2 | G2
    assert "R1 O3 Y2 G2" == show(state.hands[0])
    assert "C0 R3 C0 B1 I3 V1" == show(state.circle)


def test_crow_legal_only_on_equal_gaps() -> None:
    crow_moves = [
        move for move in legal_moves(layout_crow()) if isinstance(move, Trade) and move.card.is_crow
    ]
    assert [Trade(0, CROW, 2)] == crow_moves


def test_crow_in_the_circle_counts_as_zero() -> None:
    # A 3 between a crow and a 3 is a match: |0 - 3| = 3.
    state = apply_move(layout_crow(), trade(0, "O3", 0))
    assert "R1 R3 C0 C0" == show(state.hands[0])
    assert "O3 Y2 G2 B1 I3 V1" == show(state.circle)
    # and a 1 between V1 and the crow (the last gap) matches too: |1 - 0| = 1.
    state = apply_move(layout_crow(), trade(0, "R1", 6))
    assert "O3 V1 C0 C0" == show(state.hands[0])
    assert "R3 Y2 G2 B1 I3 R1" == show(state.circle)


def test_crow_next_to_a_crow_is_an_equal_gap() -> None:
    state = start(2, ["C0 R1 O2", "R2 R3 O1"], "C0 C0 Y1 G2 B3 I1 V2", crows=True)
    assert [Trade(0, CROW, 0)] == [
        move for move in legal_moves(state) if isinstance(move, Trade) and move.card.is_crow
    ]
    after = apply_move(state, Trade(0, CROW, 0))
    assert "R1 O2 C0 C0" == show(after.hands[0])
    assert "C0 Y1 G2 B3 I1 V2" == show(after.circle)
    # a fruit card there is a miss: |0 - 0| = 0 is no fruit number
    missed = apply_move(state, trade(0, "R1", 0))
    assert "C0 R1 C0 Y1 G2 B3 I1 V2" == show(missed.circle)


def test_crow_on_the_last_gap_when_last_and_first_are_equal() -> None:
    # Only gap 6 (G2 | Y2, which joins the last card to the first) is equal.
    state = start(2, ["C0 R1 O1", "R2 R3 C0"], "Y2 G1 B3 I1 V2 O3 G2", crows=True)
    assert [Trade(0, CROW, 6)] == [
        move for move in legal_moves(state) if isinstance(move, Trade) and move.card.is_crow
    ]
    after = apply_move(state, Trade(0, CROW, 6))
    assert "R1 O1 Y2 G2" == show(after.hands[0])
    assert "G1 B3 I1 V2 O3 C0" == show(after.circle)


def test_crow_never_traded_with_the_deck() -> None:
    state = layout_crow()
    after = apply_move(state, Trade(0, CROW, 2))
    assert state.deck == after.deck
    # with no equal gap there is no crow move at all
    no_equal = state_of(["C0 R3 O1", "C0 C0 R2"], "R1 O2 Y3 G1 B2 I3 V2", crows=True)
    assert {c("R3"), c("O1")} == {
        move.card for move in legal_moves(no_equal) if isinstance(move, Trade)
    }
    for gap in range(7):
        assert "crow_needs_match" == error_code(no_equal, Trade(0, CROW, gap))


# --- pass -------------------------------------------------------------------------------


def test_pass_when_hand_is_all_crows_and_no_equal_gap_decision() -> None:
    state = state_of(["C0 C0 C0", "C0 R2 R3"], "R1 O2 Y3 G1 B2 I3 V2", crows=True)
    assert (Pass(0),) == legal_moves(state)
    after = apply_move(state, Pass(0))
    assert attrs.evolve(state, active_player=1) == after


def test_pass_not_allowed_with_a_fruit_in_hand() -> None:
    state = state_of(["C0 C0 R3", "C0 C0 R2"], "R1 O2 Y3 G1 B2 I3 V2", crows=True)
    assert Pass(0) not in legal_moves(state)
    assert "pass_not_allowed" == error_code(state, Pass(0))


def test_pass_not_allowed_with_only_crows_and_an_equal_gap() -> None:
    state = state_of(["C0 C0 C0", "C0 R2 R3"], "R1 O1 Y3 G1 B2 I3 V2", crows=True)
    assert (Trade(0, CROW, 0),) == legal_moves(state)
    assert "pass_not_allowed" == error_code(state, Pass(0))


# --- circle refill -----------------------------------------------------------------------


def refill_layout() -> GameState:
    return state_of(["R1 O1 Y1", "V1 V2 V3"], "G1 G2", "R2 R3 O2 O3 Y2 Y3 G3 B1 B2 B3 I1 I2 I3")


@pytest.mark.parametrize("gap", [0, 1])
def test_refill_when_the_circle_reaches_one_card(gap: int) -> None:
    state = apply_move(refill_layout(), trade(0, "R1", gap))
    assert "R1 R2 R3 O2 O3 Y2 Y3" == show(state.circle)  # [x, deck[0..5]]
    assert "G3 B1 B2 B3 I1 I2 I3" == show(state.deck)
    assert "O1 Y1 G1 G2" == show(state.hands[0])
    assert (PLAYER_TURN, 1) == (state.phase, state.active_player)


def test_no_refill_while_the_circle_keeps_two_cards() -> None:
    state = state_of(["R1 O1 Y1", "V1 V2 V3"], "G1 G2 G3", "R2 R3 O2 O3 Y2 Y3 B1 B2 B3 I1 I2 I3")
    after = apply_move(state, trade(0, "R1", 0))
    assert "R1 G3" == show(after.circle)
    assert state.deck == after.deck


def test_refill_before_forced_return_decision() -> None:
    state = state_of(["R1 R2 O1 Y1 G1 B1 I1", "V1 V2 V3"], "O2 Y3",
                     "R3 O3 Y2 G2 G3 B2 B3 I2 I3")
    after = apply_move(state, trade(0, "R1", 0))  # O2 | Y3: 1
    assert (FORCED_RETURN, 0) == (after.phase, after.active_player)
    assert "R1 R3 O3 Y2 G2 G3 B2" == show(after.circle)  # refilled already
    assert "B3 I2 I3" == show(after.deck)
    # so the return may go into any of the refilled circle's 7 gaps
    assert set(range(7)) == {move.gap for move in legal_moves(after) if isinstance(move, Return)}
    returned = apply_move(after, ret(0, "O2", 6))
    assert "R1 R3 O3 Y2 G2 G3 B2 O2" == show(returned.circle)
    assert (PLAYER_TURN, 1) == (returned.phase, returned.active_player)


def test_refill_takes_fewer_cards_when_the_deck_has_fewer() -> None:
    # Seat 0 matches with 7 cards and 5 left in the deck: the refill takes all 5,
    # the forced return still comes, and only then the game ends (deck empty).
    state = state_of(["R1 R2 O1 O2 Y1 Y2 G1", "R3 O3 Y3 G2 G3 I1 I2"], "B1 B2",
                     "B3 I3 V1 V2 V3")
    after = apply_move(state, trade(0, "R1", 0))
    assert "R1 B3 I3 V1 V2 V3" == show(after.circle)
    assert () == after.deck
    assert (FORCED_RETURN, 0, None) == (after.phase, after.active_player, after.result)


# --- hand limit and forced return -----------------------------------------------------------


def test_hand_limit_eight_cards_means_forced_return() -> None:
    state = apply_move(layout_seven_after_return(), trade(0, "B2", 0))
    assert "R1 R2 O1 Y1 G1 B1 I1 V3" == show(state.hands[0])
    assert (FORCED_RETURN, 0, None) == (state.phase, state.active_player, state.result)
    assert all(isinstance(move, Return) for move in legal_moves(state))


def test_hand_limit_seven_cards_after_a_miss_is_no_return() -> None:
    state = apply_move(layout_seven_after_return(), trade(0, "R2", 1))  # V3 | R3: 0
    assert "R1 O1 Y1 G1 B1 B2 V2" == show(state.hands[0])
    assert (PLAYER_TURN, 1) == (state.phase, state.active_player)


def test_return_must_be_a_duplicated_colour_seed_example() -> None:
    # R R O G G B I V: the return must be a red or a green.
    state = forced_return_seed_example()
    returnable = {move.card for move in legal_moves(state) if isinstance(move, Return)}
    assert {c("R1"), c("R2"), c("G1"), c("G2")} == returnable
    for code in ("O1", "B1", "I1", "V1"):
        assert "must_return_duplicate" == error_code(state, ret(0, code, 0))
    after = apply_move(state, ret(0, "G1", 2))
    assert "R1 R2 O1 G2 B1 I1 V1" == show(after.hands[0])


def test_return_any_fruit_when_no_colour_is_duplicated() -> None:
    state = state_of(["R1 O1 Y1 G1 B1 I1 V1 C0", "R2 C0 C0"], "R3 O2 O3 Y2 Y3",
                     phase=FORCED_RETURN, crows=True)
    returnable = {move.card for move in legal_moves(state) if isinstance(move, Return)}
    assert {c(code) for code in ["R1", "O1", "Y1", "G1", "B1", "I1", "V1"]} == returnable
    after = apply_move(state, ret(0, "O1", 0))
    assert "R1 Y1 G1 B1 I1 V1 C0" == show(after.hands[0])


def test_crow_cannot_return() -> None:
    state = state_of(["R1 O1 Y1 G1 B1 I1 V1 C0", "R2 C0 C0"], "R3 O2 O3 Y2 Y3",
                     phase=FORCED_RETURN, crows=True)
    assert "crow_cannot_return" == error_code(state, Return(0, CROW, 0))


def test_return_goes_into_the_gap_without_taking_anything() -> None:
    state = forced_return_seed_example()
    # Y1 | Y3 differ by 2: a trade of R2 there would match, a return takes nothing.
    after = apply_move(state, ret(0, "R2", 0))
    assert "Y1 R2 Y3 Y2 G3 B2" == show(after.circle)
    assert "R1 O1 G1 G2 B1 I1 V1" == show(after.hands[0])
    assert state.deck == after.deck
    assert (PLAYER_TURN, 1) == (after.phase, after.active_player)


def test_return_into_the_last_gap_goes_at_the_end() -> None:
    after = apply_move(forced_return_seed_example(), ret(0, "G1", 4))
    assert "Y1 Y3 Y2 G3 B2 G1" == show(after.circle)


# --- end of the game -----------------------------------------------------------------------


def test_seven_colours_wins_at_once() -> None:
    state = state_of(["R1 R2 O1 Y1 G1 B1", "I2 I3 V1"], "I1 V3 R3 O3 Y3 G3 B3",
                     "O2 Y2 G2 B2 V2")
    after = apply_move(state, trade(0, "R2", 0))  # I1 | V3: 2
    assert "R1 O1 Y1 G1 B1 I1 V3" == show(after.hands[0])
    assert Result((0,), "seven_colors") == after.result
    assert (GAME_END, None, True) == (after.phase, after.active_player, after.is_over)
    assert 5 == len(after.deck)


def test_seven_colours_checked_after_the_forced_return() -> None:
    state = apply_move(layout_seven_after_return(), trade(0, "B2", 0))
    assert None is state.result  # seven colours in 8 cards: the return comes first
    assert "must_return_duplicate" == error_code(state, ret(0, "O1", 0))
    after = apply_move(state, ret(0, "R2", 0))
    assert "R1 O1 Y1 G1 B1 I1 V3" == show(after.hands[0])
    assert Result((0,), "seven_colors") == after.result
    assert (GAME_END, None) == (after.phase, after.active_player)


def test_seven_colours_with_a_crow_is_no_win() -> None:
    state = state_of(["R1 O1 Y1 G1 B1 C0 C0", "C0 C0 R3"], "I2 V2 R2 O2 Y2 G2 B2",
                     "O3 Y3 G3 B3 I1 I3 V1 V3", crows=True)
    after = apply_move(state, Trade(0, CROW, 0))  # I2 | V2: equal
    assert "R1 O1 Y1 G1 B1 I2 V2 C0" == show(after.hands[0])
    assert (FORCED_RETURN, None) == (after.phase, after.result)
    done = apply_move(after, ret(0, "R1", 0))
    assert (PLAYER_TURN, 1, None) == (done.phase, done.active_player, done.result)


def test_seven_colours_beats_deck_empty() -> None:
    state = finished_game()
    assert "R1 O1 Y1 G1 B1 I1 V1" == show(state.hands[0])
    assert () == state.deck
    assert Result((0,), "seven_colors") == state.result


def test_deck_empty_ranks_by_distinct_colours_first() -> None:
    # seat 0: 4 colours in 4 cards; seat 1: 3 colours in 6 cards.
    state = state_of(["R1 O1 Y1 G1", "R2 R3 O2 O3 Y2 Y3"], "G2 B2 G3 B1 B3 I1 I2 I3 V2 V3",
                     "V1")
    after = apply_move(state, trade(0, "R1", 0))  # G2 | B2: 0, a miss draws V1
    assert "O1 Y1 G1 V1" == show(after.hands[0])
    assert Result((0,), "deck_empty") == after.result
    assert (GAME_END, None) == (after.phase, after.active_player)


def test_deck_empty_ties_broken_by_fruit_count() -> None:
    # both 4 colours; seat 1 holds 6 fruit cards to seat 0's 4.
    state = state_of(["R1 O1 Y1 G1", "R2 R3 O2 O3 Y2 B1"], "G2 B2 G3 Y3 B3 I1 I2 I3 V2 V3",
                     "V1")
    after = apply_move(state, trade(0, "R1", 0))
    assert Result((1,), "deck_empty") == after.result


def test_deck_empty_shared_win() -> None:
    state = state_of(["R1 O1 Y1 G1", "R2 O2 Y2 B1"],
                     "G2 B2 R3 O3 Y3 G3 B3 I1 I2 I3 V2 V3", "V1")
    after = apply_move(state, trade(0, "R1", 0))
    assert Result((0, 1), "deck_empty") == after.result


def test_deck_empty_shared_win_lists_winners_in_seat_order() -> None:
    # three players; seats 0 and 2 share the best key, seat 1 is behind.
    state = state_of(["R1 R2 O1", "R3 R4 O2", "G1 B1 I1"], "O3 O4 ...", "Y3")
    after = apply_move(state, trade(0, "R2", 0))  # O3 | O4: 1, a miss draws Y3
    assert "R1 O1 Y3" == show(after.hands[0])
    assert Result((0, 2), "deck_empty") == after.result


def test_deck_empty_no_crow_ranks_first_decision() -> None:
    # seat 1 has five colours and a crow; seat 0 two colours and no crow: seat 0 wins.
    state = state_of(["R1 R2 O1", "Y1 G1 B1 I1 V1 C0"],
                     "C0 C0 R3 O3 Y2 Y3 G2 G3 B2 B3 I2 I3 V2 V3 C0", "O2", crows=True)
    after = apply_move(state, trade(0, "R2", 0))  # C0 | C0: 0, a miss draws O2
    assert "R1 O1 O2" == show(after.hands[0])
    assert Result((0,), "deck_empty") == after.result


def test_deck_empty_crows_everywhere_then_colours_decide() -> None:
    state = state_of(["R1 R2 C0", "Y1 G1 B1 C0"],
                     "C0 C0 R3 O1 O3 Y2 Y3 G2 G3 B2 B3 I1 I2 I3 V1 V2 V3", "O2", crows=True)
    after = apply_move(state, trade(0, "R2", 0))
    assert "R1 O2 C0" == show(after.hands[0])
    assert Result((1,), "deck_empty") == after.result


def test_deck_empty_game_ends_only_after_the_forced_return() -> None:
    # Ranked before the return, seat 0 (5 colours, 8 fruit) would win alone;
    # after it both seats hold 5 colours in 7 fruit cards: a shared win.
    state = state_of(["R1 R2 O1 O2 Y1 Y2 G1", "R3 O3 Y3 G2 G3 I1 I2"], "B1 B2",
                     "B3 I3 V1 V2 V3")
    pending = apply_move(state, trade(0, "R1", 0))
    assert (FORCED_RETURN, None, ()) == (pending.phase, pending.result, pending.deck)
    after = apply_move(pending, ret(0, "O1", 0))
    assert Result((0, 1), "deck_empty") == after.result
    assert (GAME_END, None) == (after.phase, after.active_player)


def test_no_move_after_the_game_ends() -> None:
    state = finished_game()
    assert () == legal_moves(state)
    assert "game_over" == error_code(state, trade(1, "O2", 0))


def test_deck_never_empty_at_the_start_of_a_turn() -> None:
    for seed in range(25):
        state = new_game(2 + seed % 5, Variant(crows=seed % 2 == 0), seed=seed)
        for step in range(400):
            if state.is_over:
                assert state.result is not None
                assert None is state.active_player
                break
            assert state.result is None
            if state.phase is PLAYER_TURN:
                assert len(state.deck) >= 1
            moves = legal_moves(state)
            state = apply_move(state, moves[(step * 7 + seed) % len(moves)])


def test_match_and_return_leaves_the_deck_untouched_termination() -> None:
    # A player at 7 cards who matches and returns draws nothing: the rules set no
    # move limit, a simulation needs its own cap.
    state = state_of(["R1 R2 O1 O2 Y1 Y2 G1", "I1 I2 I3"], "B1 B2 R3 O3 Y3 G2 G3",
                     "B3 V1 V2 V3")
    after = apply_move(apply_move(state, trade(0, "R1", 0)), ret(0, "O1", 0))
    assert state.deck == after.deck
    assert 7 == len(after.hands[0])
    assert (PLAYER_TURN, 1, None) == (after.phase, after.active_player, after.result)


# --- variants -------------------------------------------------------------------------------


def test_showdown_changes_no_moves() -> None:
    hidden, shown = layout_a(), layout_a(showdown=True)
    assert legal_moves(hidden) == legal_moves(shown)
    for move in legal_moves(hidden):
        assert attrs.evolve(apply_move(hidden, move), variant=shown.variant) == apply_move(
            shown, move
        )


# --- every error code of apply_move ------------------------------------------------------------


def test_error_game_over() -> None:
    state = finished_game()
    assert "game_over" == error_code(state, trade(0, "R1", 0))
    assert "game_over" == error_code(state, Pass(0))
    assert "game_over" == error_code(state, ret(0, "R1", 0))


def test_error_not_your_turn() -> None:
    state = layout_a()
    assert "not_your_turn" == error_code(state, trade(1, "G2", 0))
    assert "not_your_turn" == error_code(state, Pass(1))


def test_error_not_your_turn_for_a_seat_that_does_not_exist() -> None:
    state = layout_a()
    assert "not_your_turn" == error_code(state, trade(2, "R2", 0))
    assert "not_your_turn" == error_code(state, trade(-1, "R2", 0))
    assert "not_your_turn" == error_code(state, Pass(6))


def test_error_wrong_phase_trade_or_pass_while_a_return_is_due() -> None:
    state = forced_return_seed_example()
    assert "wrong_phase" == error_code(state, trade(0, "R1", 0))
    assert "wrong_phase" == error_code(state, Pass(0))


def test_error_wrong_phase_return_when_none_is_due() -> None:
    assert "wrong_phase" == error_code(layout_a(), ret(0, "R2", 0))


def test_error_unknown_card() -> None:
    state = layout_a()  # 2 players: numbers 1 to 3, no crows
    assert "unknown_card" == error_code(state, trade(0, "R6", 0))
    assert "unknown_card" == error_code(state, trade(0, "R4", 0))
    assert "unknown_card" == error_code(state, Trade(0, CROW, 0))
    assert "unknown_card" == error_code(forced_return_seed_example(), ret(0, "V5", 0))


def test_error_card_not_in_hand() -> None:
    state = layout_a()
    assert "card_not_in_hand" == error_code(state, trade(0, "G2", 0))  # seat 1's
    assert "card_not_in_hand" == error_code(state, trade(0, "R1", 0))  # in the circle
    assert "card_not_in_hand" == error_code(state, trade(0, "V1", 0))  # in the deck
    assert "card_not_in_hand" == error_code(forced_return_seed_example(), ret(0, "R3", 0))


def test_error_gap_out_of_range() -> None:
    state = layout_a()
    assert "gap_out_of_range" == error_code(state, trade(0, "R2", 7))
    assert "gap_out_of_range" == error_code(state, trade(0, "R2", -1))
    assert "gap_out_of_range" == error_code(state, trade(0, "R2", 100))
    returning = forced_return_seed_example()  # circle of 5
    assert "gap_out_of_range" == error_code(returning, ret(0, "R1", 5))


def test_error_crow_needs_match() -> None:
    assert "crow_needs_match" == error_code(layout_crow(), Trade(0, CROW, 0))


def test_error_crow_cannot_return() -> None:
    state = state_of(["R1 R2 O1 Y1 G1 B1 I1 C0", "V1 C0 C0"], "R3 O2 O3 Y2 Y3",
                     phase=FORCED_RETURN, crows=True)
    assert "crow_cannot_return" == error_code(state, Return(0, CROW, 0))


def test_error_must_return_duplicate() -> None:
    assert "must_return_duplicate" == error_code(forced_return_seed_example(), ret(0, "V1", 0))


def test_error_pass_not_allowed() -> None:
    assert "pass_not_allowed" == error_code(layout_a(), Pass(0))


def _returning_with_crow() -> GameState:
    return state_of(["R1 R2 O1 Y1 G1 B1 I1 C0", "V1 C0 C0"], "R3 O2 O3 Y2 Y3",
                    phase=FORCED_RETURN, crows=True)


PRIORITY_CASES: list[tuple[str, Callable[[], GameState], Move, str]] = [
    ("game_over_before_not_your_turn", finished_game, trade(1, "R6", 99), "game_over"),
    ("game_over_before_wrong_phase", finished_game, ret(0, "R1", 0), "game_over"),
    ("not_your_turn_before_wrong_phase", forced_return_seed_example, trade(1, "R3", 0),
     "not_your_turn"),
    ("not_your_turn_before_unknown_card", layout_a, trade(1, "R6", 0), "not_your_turn"),
    ("not_your_turn_before_pass_not_allowed", layout_a, Pass(1), "not_your_turn"),
    ("wrong_phase_before_unknown_card", forced_return_seed_example, trade(0, "R6", 0),
     "wrong_phase"),
    ("wrong_phase_before_pass_not_allowed", forced_return_seed_example, Pass(0), "wrong_phase"),
    ("unknown_card_before_card_not_in_hand_and_gap", layout_a, trade(0, "R6", 99),
     "unknown_card"),
    ("unknown_crow_before_gap", layout_a, Trade(0, CROW, 99), "unknown_card"),
    ("card_not_in_hand_before_gap_out_of_range", layout_a, trade(0, "G2", 99),
     "card_not_in_hand"),
    ("gap_out_of_range_before_crow_needs_match", layout_crow, Trade(0, CROW, 7),
     "gap_out_of_range"),
    ("gap_out_of_range_before_crow_cannot_return", _returning_with_crow, Return(0, CROW, 5),
     "gap_out_of_range"),
    ("gap_out_of_range_before_must_return_duplicate", forced_return_seed_example,
     ret(0, "O1", -1), "gap_out_of_range"),
    ("crow_cannot_return_before_must_return_duplicate", _returning_with_crow,
     Return(0, CROW, 0), "crow_cannot_return"),
]


@pytest.mark.parametrize(
    ("build", "move", "code"),
    [case[1:] for case in PRIORITY_CASES],
    ids=[case[0] for case in PRIORITY_CASES],
)
def test_error_priority_when_a_move_breaks_several_rules(
    build: Callable[[], GameState], move: Move, code: str
) -> None:
    assert code == error_code(build(), move)


def test_illegal_move_error_is_a_value_error_with_code_move_and_phase() -> None:
    state = forced_return_seed_example()
    move = ret(0, "V1", 0)
    with pytest.raises(ValueError, match=r"0:return V1@0") as caught:
        apply_move(state, move)
    error = caught.value
    assert isinstance(error, IllegalMoveError)
    assert isinstance(error, AvesError)
    assert ("must_return_duplicate", move, FORCED_RETURN) == (error.code, error.move, error.phase)


def test_apply_move_never_mutates_its_input() -> None:
    cases: list[tuple[Callable[[], GameState], Move]] = [
        (layout_a, trade(0, "R2", 6)),  # match
        (layout_a, trade(0, "Y3", 2)),  # miss
        (refill_layout, trade(0, "R1", 0)),  # refill
        (forced_return_seed_example, ret(0, "R1", 0)),  # return
        (layout_a, trade(0, "R6", 0)),  # illegal
    ]
    for build, move in cases:
        state = build()
        before = hash(state)
        try:
            after = apply_move(state, move)
        except IllegalMoveError:
            after = state
        assert build() == state
        assert before == hash(state)
        assert after is state or after != state
    state = layout_a()
    assert [tuple, tuple, tuple, tuple] == [
        type(state.hands), type(state.hands[0]), type(state.circle), type(state.deck)
    ]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.active_player = 1  # type: ignore[misc]


# --- setting up: errors ------------------------------------------------------------------------


@pytest.mark.parametrize("num_players", [0, 1, 7, -2])
def test_setup_error_bad_players(num_players: int) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(num_players, seed=1)
    assert "bad_players" == caught.value.code
    assert isinstance(caught.value, ValueError)


def _deal_error(num_players: int, deal: list[Card], variant: Variant = Variant()) -> str:
    with pytest.raises(SetupError) as caught:
        new_game(num_players, variant, deal=deal, first_player=0)
    return caught.value.code


def test_setup_error_bad_deal_missing_card() -> None:
    assert "bad_deal" == _deal_error(2, list(game_cards(2, False))[:-1])
    assert "bad_deal" == _deal_error(2, list(game_cards(2, False)), Variant(crows=True))


def test_setup_error_bad_deal_duplicated_card() -> None:
    deal = list(game_cards(2, False))
    assert "bad_deal" == _deal_error(2, [*deal[:-1], deal[0]])
    assert "bad_deal" == _deal_error(2, [*deal, deal[0]])
    assert "bad_deal" == _deal_error(2, [*game_cards(2, True), CROW], Variant(crows=True))


def test_setup_error_bad_deal_foreign_card() -> None:
    deal = list(game_cards(2, False))
    assert "bad_deal" == _deal_error(2, [*deal[:-1], c("R4")])  # no 4 with 2 players
    assert "bad_deal" == _deal_error(2, [*deal[:-1], CROW])  # no crow without the variant


@pytest.mark.parametrize("first", [-1, 3, 10])
def test_setup_error_bad_first_player(first: int) -> None:
    with pytest.raises(SetupError) as caught:
        new_game(3, seed=1, first_player=first)
    assert "bad_first_player" == caught.value.code


def test_setup_error_bool_first_player_is_no_seat() -> None:
    with pytest.raises(AvesError):
        new_game(3, seed=1, first_player=True)


# --- wrong-typed arguments -----------------------------------------------------------------------


def _argument_error(call: Callable[[], object]) -> ArgumentError:
    with pytest.raises(ArgumentError) as caught:
        call()
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, AvesError)
    return caught.value


def test_argument_error_str_instead_of_card() -> None:
    error = _argument_error(lambda: Trade(0, "R3", 0))  # type: ignore[arg-type]
    assert "bad_argument" == error.code
    _argument_error(lambda: Return(0, "R3", 0))  # type: ignore[arg-type]
    _argument_error(lambda: new_game(2, deal=[str(card) for card in game_cards(2, False)]))  # type: ignore[misc]


def test_argument_error_float_or_bool_gap() -> None:
    _argument_error(lambda: Trade(0, c("R2"), 1.0))  # type: ignore[arg-type]
    _argument_error(lambda: Trade(0, c("R2"), True))
    _argument_error(lambda: Return(0, c("R2"), 2.0))  # type: ignore[arg-type]


def test_argument_error_bool_player() -> None:
    _argument_error(lambda: Trade(True, c("R2"), 0))
    _argument_error(lambda: Pass(False))
    _argument_error(lambda: new_game(True))


def test_argument_error_not_a_game_state_or_not_a_move() -> None:
    state = layout_a()
    _argument_error(lambda: apply_move("state", Pass(0)))  # type: ignore[arg-type]
    _argument_error(lambda: apply_move(state, "0:pass"))  # type: ignore[arg-type]
    _argument_error(lambda: legal_moves(None))  # type: ignore[arg-type]
    _argument_error(lambda: new_game(2, "crows", seed=1))  # type: ignore[arg-type]
    _argument_error(lambda: Variant(crows=1))  # type: ignore[arg-type]
