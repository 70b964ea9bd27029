"""Edges of RULES-soulaween.md that test_soulaween_rules.py leaves unproved, found by
mutation testing.

``tools/mutation.py soulaween`` runs mutmut on ``games/soulaween/rules.py`` with the
tests of this folder; each test here kills mutants that survived them (GAME-DONE.md,
"Proof"): ``start()``'s checks of a setup's shape, ``new_setup(seed=None)``, a
restricted Anubis reaping a white pattern, and the seat named in events and errors.
"""

from __future__ import annotations

import pytest
from test_soulaween_rules import ANUBIS, code_of, mat, put

from aves_core import IllegalMoveError, SetupError
from aves_core.games.soulaween.events import (
    Kept,
    PiecePut,
    PiecesReaped,
    ReapDue,
    Rotated,
    RotationDue,
    TurnStarted,
)
from aves_core.games.soulaween.game import SOULAWEEN
from aves_core.games.soulaween.moves import Keep, Rotate
from aves_core.games.soulaween.phases import Phase
from aves_core.games.soulaween.rules import legal_moves, reapable
from aves_core.games.soulaween.state import SoulaweenOptions, SoulaweenSetup
from aves_core.kernel.errors import ArgumentError


def setup_error(setup: SoulaweenSetup) -> SetupError:
    with pytest.raises(SetupError) as error:
        SOULAWEEN.start(2, setup)
    return error.value


def error_of(state: object, text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as error:
        SOULAWEEN.apply(state, SOULAWEEN.parse_move(text))  # type: ignore[arg-type]
    return error.value


# --- setting up -----------------------------------------------------------------------


def test_a_setup_without_a_seed_is_drawn_from_the_systems_randomness() -> None:
    for options in (SoulaweenOptions(), SoulaweenOptions("standard")):
        setup = SOULAWEEN.new_setup(2, options, None)
        assert setup.first_player in (0, 1)
        assert SOULAWEEN.start(2, setup).active == setup.first_player
    with pytest.raises(ArgumentError, match=r"seed must be an int, not str 'x'$"):
        SOULAWEEN.new_setup(2, SoulaweenOptions(), "x")  # type: ignore[arg-type]


def test_the_first_player_is_seat_0_or_1() -> None:
    for first in (True, 2, -1, "0"):
        error = setup_error(SoulaweenSetup(first))  # type: ignore[arg-type]
        assert ("bad_first_player", "first_player") == (error.code, error.path)
        assert str(error).startswith(f"first_player is seat 0 or 1, not {first!r}")
    assert 1 == SOULAWEEN.start(2, SoulaweenSetup(1)).active


def test_a_setup_has_two_characters_and_two_stances() -> None:
    for characters in (["anubis", "anubis"], ("anubis",), ("anubis", "anubis", None), None):
        error = setup_error(SoulaweenSetup(0, characters, (None, None)))  # type: ignore[arg-type]
        assert ("bad_setup", "characters", "characters are two, one a seat") == (
            error.code, error.path, str(error))
    for stances in ([None, None], (None,), (None, None, None), None):
        error = setup_error(SoulaweenSetup(0, (None, None), stances))  # type: ignore[arg-type]
        assert ("bad_setup", "stances", "stances are two, one a seat") == (
            error.code, error.path, str(error))
    one = setup_error(SoulaweenSetup(0, ("anubis", None), (None, None)))
    assert "characters are two (standard mode) or none (simple mode), not one" == str(one)
    with pytest.raises(ArgumentError, match=r"SoulaweenSetup, not int$"):
        SOULAWEEN.start(2, 0)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"^Soulaween is for 2 players, not 3$") as players:
        SOULAWEEN.start(3, SoulaweenSetup(0))
    assert "bad_players" == players.value.code
    with pytest.raises(ArgumentError, match=r"^the number of players must be an int, not '2'$"):
        SOULAWEEN.start("2", SoulaweenSetup(0))  # type: ignore[arg-type]


def test_only_hei_and_bai_seats_stand_as_hei_or_bai() -> None:
    both = ("hei_bai", "hei_bai")
    assert ("hei", "bai") == SOULAWEEN.start(2, SoulaweenSetup(0, both, ("hei", "bai"))).stances
    cases = [
        (SoulaweenSetup(0, both, (None, "bai")), "seat 0's stance is hei or bai (Hei & Bai), "
                                                 "not None"),
        (SoulaweenSetup(0, both, ("hei", "up")), "seat 1's stance is hei or bai (Hei & Bai), "
                                                 "not 'up'"),
        (SoulaweenSetup(0, ("anubis", "hei_bai"), ("hei", "bai")),
         "seat 0's stance is null (not Hei & Bai), not 'hei'"),
        (SoulaweenSetup(0, ("hei_bai", "anubis"), ("hei", "bai")),
         "seat 1's stance is null (not Hei & Bai), not 'bai'"),
    ]
    for setup, message in cases:
        error = setup_error(setup)
        assert ("bad_setup", "stances", message) == (error.code, error.path, str(error))


def test_a_stance_given_to_a_seat_without_hei_and_bai_is_refused() -> None:
    options = SoulaweenOptions("standard", ("anubis", "hei_bai"), ("hei", None))
    with pytest.raises(SetupError, match="seat 0 has no stance") as error:
        SOULAWEEN.new_setup(2, options, 1)
    assert ("bad_setup", "stances") == (error.value.code, error.value.path)


# --- Anubis ---------------------------------------------------------------------------


def test_an_anubis_restricted_to_white_reaps_a_white_chain_and_not_a_black_one() -> None:
    # Seat 0 holds the opponent's white Anubis restriction: a white row is its to reap
    # (and lifts the restriction), a black row forces nothing.
    restricted = {"characters": ANUBIS, "tokens": ((), ("anubis_white",)),
                  "restrictions": ("white", None)}
    white = put(mat(".... WWB. .... ....", **restricted), "0:put d3 white")  # type: ignore[arg-type]
    assert (("anubis_white",), ("white", None)) == (white.tokens[0], white.restrictions[::-1])
    assert 0 == white.black | white.white
    black = put(mat(".... BBW. .... ....", **restricted), "0:put d3 black")  # type: ignore[arg-type]
    assert ((), "BBBB") == (black.tokens[0], black.mat[1])
    assert ("white", None) == black.restrictions
    assert () == reapable(black, 0)


# --- the seat named in events and errors ----------------------------------------------


def test_the_events_name_the_seat_that_moved() -> None:
    state = mat(".... BBW. .... ....", active=1)
    after, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("1:put d3 black"))
    assert (PiecePut(1, "d3", "black"), TurnStarted(0)) == (events[0], events[-1])
    assert PiecesReaped(1, ("a3", "b3", "c3", "d3"), "black", "vulture") in events
    assert (("vulture",), 0) == (after.tokens[1], after.active)
    cross = mat(".B.. .W.. W.WB .W..", active=1)
    due, events = SOULAWEEN.apply_with_events(cross, SOULAWEEN.parse_move("1:put b2 black"))
    assert (ReapDue(1), Phase.CHOOSE_REAP, 1) == (events[-1], due.phase, due.active)


def test_hei_and_bai_events_name_the_seat_and_its_stance() -> None:
    state = mat(".... .... .... ....", active=1, characters=("hei_bai", "hei_bai"),
                stances=("hei", "bai"))
    turning, events = SOULAWEEN.apply_with_events(state, SOULAWEEN.parse_move("1:put a1 black"))
    assert RotationDue(1) == events[-1]
    rotated, events = SOULAWEEN.apply_with_events(turning, Rotate(1))
    assert ((Rotated(1, "hei"), TurnStarted(0)), ("hei", "hei")) == (events, rotated.stances)
    kept, events = SOULAWEEN.apply_with_events(turning, Keep(1))
    assert ((Kept(1), TurnStarted(0)), ("hei", "bai")) == (events, kept.stances)
    first = mat(".... .... .... ....", characters=("hei_bai", "hei_bai"), stances=("bai", "bai"))
    turning = SOULAWEEN.apply(first, SOULAWEEN.parse_move("0:put a1 black"))
    turned = SOULAWEEN.apply(turning, Rotate(0))
    assert ("hei", "bai") == turned.stances


def test_the_errors_name_the_seats() -> None:
    state = mat(".... .... .... ....", active=1)
    assert str(error_of(state, "0:put a1 black")).endswith("it is seat 1's move, not seat 0's")
    assert str(error_of(state, "1:keep")).endswith(
        "seat 1 must put a piece now (phase playerTurn)")
    due = put(mat(".B.. .W.. W.WB .W..", active=1), "1:put b2 black")
    assert str(error_of(due, "1:reap a3-d3")).endswith(
        "a3-b3-c3-d3 is not reapable now; seat 1 may reap a2-d2, b1-b4")
    assert "not_reapable" == code_of(due, "1:reap a1-a2-a3-b1")


def test_an_illegal_move_error_carries_the_move_and_the_phase() -> None:
    due = put(mat(".B.. .W.. W.WB .W..", active=1), "1:put b2 black")
    move = SOULAWEEN.parse_move("1:put a1 white")
    with pytest.raises(IllegalMoveError) as error:
        SOULAWEEN.apply(due, move)
    assert ("wrong_phase", move, Phase.CHOOSE_REAP) == (
        error.value.code, error.value.move, error.value.phase)
    assert str(error.value).endswith("seat 1 must choose a pattern to reap now (phase chooseReap)")


def test_the_argument_errors_name_the_type_given() -> None:
    with pytest.raises(ArgumentError, match=r"options must be SoulaweenOptions, not str$"):
        SOULAWEEN.new_setup(2, "simple", 1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"legal_moves needs a SoulaweenState, not int$"):
        legal_moves(0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"is_legal needs a SoulaweenState, not int$"):
        SOULAWEEN.apply(0, Keep(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^not a Soulaween move: str$"):
        SOULAWEEN.apply(mat(".... .... .... ...."), "0:keep")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"^characters are for standard mode: set mode to "
                       r"standard$"):
        SOULAWEEN.new_setup(2, SoulaweenOptions("simple", ("anubis", None)), 4)


def test_step_is_apply_move_without_its_checks() -> None:
    # Every kind of move, in each phase: a put with a forced reap, a reap chosen, a
    # rotation and a keep; step gives the state apply_move gives.
    cross = mat(".B.. .W.. W.WB .W..", characters=("hei_bai", None), stances=("hei", None))
    states = [mat(".... BBW. .... ...."), cross, put(cross, "0:put b2 black"),
              put(put(cross, "0:put b2 black"), "0:reap a2-d2")]
    assert [Phase.PLAYER_TURN, Phase.PLAYER_TURN, Phase.CHOOSE_REAP,
            Phase.CHOOSE_ROTATION] == [state.phase for state in states]
    for state in states:
        for move in legal_moves(state):
            assert SOULAWEEN.apply(state, move) == SOULAWEEN.step(state, move)
