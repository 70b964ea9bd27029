"""Edges of RULES.md that test_rules.py leaves unproved, found by mutation testing.

``tools/mutation.py aves`` runs mutmut on ``games/aves/rules.py`` with the tests of
this folder; each test here kills mutants that survived them (GAME-DONE.md, "Proof"):
``is_legal`` for another seat's move, a gap equal to the circle's size, a trade during
a forced return, the deck-empty ranking when every hand holds a crow, and the seat
named in errors. The states come from test_rules.py's helpers, which conserve cards.
"""

from __future__ import annotations

import attrs
import pytest
from test_rules import (
    FORCED_RETURN,
    c,
    forced_return_seed_example,
    layout_a,
    layout_crow,
    ret,
    start,
    state_of,
    trade,
)

from aves_core import (
    CROW,
    ArgumentError,
    Card,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    Result,
    SetupError,
    Trade,
    Variant,
    apply_move,
    game_cards,
    legal_moves,
    new_game,
)
from aves_core.games.aves.rules import is_legal, random_setup, ranking


def error_of(state: GameState, move: Move) -> IllegalMoveError:
    """The error apply_move raises for ``move`` (fails if the move is accepted)."""
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(state, move)
    return caught.value


def hands(*specs: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(c(code) for code in spec.split()) for spec in specs)


# --- is_legal agrees with legal_moves on the moves it must refuse ------------------


def test_is_legal_refuses_another_seats_move() -> None:
    # Seat 0 is to play: seat 1 may not play the same cards, or pass in its place.
    state = layout_a()
    for move in legal_moves(state):
        assert is_legal(state, move)
        # A declared move is a frozen attrs class at run time (mypy sees a dataclass).
        assert not is_legal(state, attrs.evolve(move, player=1))  # type: ignore[misc]
    passing = state_of(["C0 C0 C0", "C0 R2 R3"], "R1 O2 Y3 G1 B2 I3 V2", crows=True)
    assert is_legal(passing, Pass(0))
    assert not is_legal(passing, Pass(1))
    assert not is_legal(state, Pass(0))  # a trade is possible: no pass, for any seat
    returning = forced_return_seed_example()
    assert is_legal(returning, ret(0, "R1", 0))
    assert not is_legal(returning, ret(1, "R1", 0))


def test_is_legal_refuses_a_gap_equal_to_the_circles_size() -> None:
    # Gaps run from 0 to k-1: gap k is out of the circle, for a trade and for a return.
    state = layout_a()
    assert 7 == len(state.circle)
    assert is_legal(state, trade(0, "R2", 6))
    assert not is_legal(state, trade(0, "R2", 7))
    returning = forced_return_seed_example()
    assert 5 == len(returning.circle)
    assert is_legal(returning, ret(0, "R1", 4))
    assert not is_legal(returning, ret(0, "R1", 5))


def test_is_legal_refuses_a_trade_during_a_forced_return() -> None:
    state = forced_return_seed_example()
    assert FORCED_RETURN is state.phase
    for card in state.hands[0]:
        for gap in range(len(state.circle)):
            assert not is_legal(state, Trade(0, card, gap))
    assert not is_legal(state, Pass(0))


def test_is_legal_refuses_a_return_when_none_is_due() -> None:
    state = layout_a()
    assert not is_legal(state, ret(0, "R2", 0))


def test_is_legal_refuses_what_is_no_move_and_needs_a_state() -> None:
    @attrs.frozen
    class Resign:
        player: int

    assert not is_legal(layout_a(), Resign(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="is_legal needs a GameState, not str"):
        is_legal("state", Pass(0))  # type: ignore[arg-type]


def test_is_legal_crow_only_on_an_equal_gap() -> None:
    state = layout_crow()  # gap 2 (Y2 | G2) is the only equal one
    assert [2] == [gap for gap in range(7) if is_legal(state, Trade(0, CROW, gap))]


# --- the deck-empty ranking when every hand holds a crow ----------------------------


def test_deck_empty_every_hand_with_a_crow_ranks_by_colours_then_fruit_cards() -> None:
    # No seat is crow-free: distinct colours decide, then fruit cards; crows count for
    # neither, however many a hand holds.
    assert Result((0,), "deck_empty") == ranking(hands("R1 R2 O1 C0", "Y1 G1 C0 C0 C0"))
    assert Result((0,), "deck_empty") == ranking(hands("R1 R2 O1 C0 C0 C0", "Y1 G1 C0"))
    assert Result((1,), "deck_empty") == ranking(hands("R1 C0 C0 C0", "Y1 G1 C0"))
    assert Result((0, 1), "deck_empty") == ranking(hands("R1 O1 C0 C0", "Y1 G1 C0"))


# --- errors name the seat, the card and the type given -------------------------------


def test_setup_error_bad_deal_names_the_missing_and_the_foreign_cards() -> None:
    deal = list(game_cards(2, False))
    with pytest.raises(SetupError, match=r"21 cards exactly once: missing R1 R2; "
                       r"not of this game or repeated: R3 R4$"):
        new_game(2, deal=[*deal[2:], c("R3"), c("R4")], first_player=0)
    crowless = [card for card in game_cards(2, True) if card != CROW] + [CROW] * 3
    with pytest.raises(SetupError, match=r"25 cards exactly once: missing C0$"):
        new_game(2, Variant(crows=True), deal=crowless, first_player=0)


def test_argument_error_a_deal_that_is_no_sequence_of_cards() -> None:
    for deal, given in ((5, "int"), ("R1 R2", "str"), (b"R1", "bytes")):
        with pytest.raises(ArgumentError, match=f"deal must be a sequence of Card, not {given}$"):
            new_game(2, deal=deal, first_player=0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"deal must hold Card values .*, not str 'R1'$"):
        new_game(2, deal=["R1"], first_player=0)  # type: ignore[list-item]


def test_argument_error_names_the_function_and_the_type_given() -> None:
    with pytest.raises(ArgumentError, match=r"legal_moves needs a GameState, not list$"):
        legal_moves([])  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"apply_move needs a GameState, not str$"):
        apply_move("state", Pass(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"a move must be a Trade, Return or Pass, not str$"):
        apply_move(layout_a(), "0:pass")  # type: ignore[arg-type]


def test_argument_error_random_setup_names_a_seed_that_is_no_int() -> None:
    with pytest.raises(ArgumentError, match=r"seed must be an int, not float 1\.5$"):
        random_setup(2, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"seed must be an int, not str 'x'$"):
        random_setup(2, seed="x")  # type: ignore[arg-type]


def test_error_game_over_names_every_winner() -> None:
    state = state_of(["R1 O1 Y1 G1", "R2 O2 Y2 B1"], "G2 B2 R3 O3 Y3 G3 B3 I1 I2 I3 V2 V3", "V1")
    over = apply_move(state, trade(0, "R1", 0))
    assert Result((0, 1), "deck_empty") == over.result
    error = error_of(over, trade(1, "R2", 0))
    assert "game_over" == error.code
    assert str(error).endswith("the game is over (deck_empty, won by seat 0, 1)")


def test_error_crow_needs_match_names_the_equal_gaps() -> None:
    state = start(2, ["C0 R1 O1", "R2 R3 C0"], "Y2 G2 B3 I3 V2 O2 G1", crows=True)
    error = error_of(state, Trade(0, CROW, 1))
    assert "crow_needs_match" == error.code
    assert str(error).endswith("(such gaps: 0, 2, 4)")
    assert str(error_of(layout_crow(), Trade(0, CROW, 0))).endswith("(such gaps: 2)")


def test_argument_error_new_game_names_the_argument_of_the_wrong_type() -> None:
    with pytest.raises(ArgumentError, match=r"seed must be an int, not float 2\.0$"):
        new_game(2, seed=2.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"variant must be a Variant, not str$"):
        new_game(2, "crows", seed=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"first_player must be an int, not float 1\.0$"):
        new_game(2, seed=1, first_player=1.0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"num_players must be an int, not str '2'$"):
        new_game("2", seed=1)  # type: ignore[arg-type]
