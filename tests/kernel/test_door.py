"""The declared door (aves_core.kernel.door): refusal order is data, proven once here.

Every game lists its refusals in its rules' order; the kernel runs them and refuses
a move with the first code it breaks, judged over the whole move. The toy game Piles
(tests/pilesgame.py) lists eight codes: bad_notation, game_over, not_your_turn,
wrong_phase, no_such_pile, too_many, short, can_pay.
"""

from __future__ import annotations

import enum
import itertools
from typing import Any

import attrs
import pytest
from pilesgame import PILES, Nopay, Pay, Piles, State, Take

from aves_core import get_game
from aves_core.kernel.convert import FieldError
from aves_core.kernel.door import (
    GAME_OVER,
    NOT_YOUR_TURN,
    STANDARD,
    WRONG_PHASE,
    refuse,
)
from aves_core.kernel.errors import ArgumentError, AvesError, IllegalMoveError
from aves_core.kernel.game import Result
from aves_core.kernel.registry import all_games
from aves_core.kernel.table import Table
from aves_core.testing import check_game


def _state(**changes: Any) -> State:
    """Seat 0 to take; piles 2, 0, 3; three chips each."""
    base = PILES.start(2, PILES.new_setup(2, PILES.default_options(), 1, first_player=0))
    return attrs.evolve(base, piles=(2, 0, 3), **changes)


def _code(state: State, move: Any, game: Piles = PILES) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(state, move)
    assert game.is_legal(state, move) is False
    refusal = game.refusal(state, move)
    assert refusal is not None
    assert caught.value.code == refusal.code
    return caught.value.code


def test_the_first_listed_code_the_move_breaks_wins() -> None:
    state = _state()
    # seat 1 out of turn, taking too many: not_your_turn is listed first
    assert "not_your_turn" == _code(state, Take(1, 0, 9))
    # the same move in a door that lists too_many first
    reordered = type("Reordered", (Piles,), {
        "facts": attrs.evolve(PILES.facts, id="toy-piles-reordered"),
        "refusals": (PILES.refusals[0], PILES.refusals[5], *PILES.refusals[1:5],
                     *PILES.refusals[6:])})()
    assert "too_many" == _code(state, Take(1, 0, 9), reordered)
    assert "bad_notation" == _code(state, Take(1, -1, 9))  # listed first of all
    assert "game_over" == _code(_state(result=Result((0,), "most_stones"), active=None),
                                Take(1, 7, 0))


def test_a_check_runs_only_once_every_earlier_check_has_passed() -> None:
    # too_many reads state.piles[move.pile]: pile 7 would be an IndexError, but
    # no_such_pile is listed before it and refuses the move first
    assert "no_such_pile" == _code(_state(), Take(0, 7, 1))
    assert "too_many" == _code(_state(), Take(0, 1, 1))  # pile 1 is empty
    assert "too_many" == _code(_state(), Take(0, 0, 0))


def test_a_refusal_judges_the_move_classes_it_names_only() -> None:
    paying = _state(phase=PILES.phases.initial.__class__("pay"), owed=2)
    assert "short" == _code(paying, Pay(0, 1))
    assert "can_pay" == _code(paying, Nopay(0))
    assert "short" == _code(attrs.evolve(paying, chips=(1, 3)), Pay(0, 2))
    assert PILES.is_legal(attrs.evolve(paying, chips=(1, 3)), Nopay(0))
    checks = [code for code, _check in PILES.door.checks(Nopay)]
    assert ["bad_notation", "game_over", "not_your_turn", "wrong_phase", "can_pay"] == checks


def test_a_refusal_starts_with_the_moves_text_and_names_the_phase() -> None:
    state = _state()
    with pytest.raises(IllegalMoveError) as caught:
        PILES.apply(state, Take(0, 2, 4))
    assert "0:take 2 4: pile 2 holds 3 stones" == str(caught.value)
    assert Take(0, 2, 4) == caught.value.move
    assert isinstance(caught.value.phase, enum.Enum)
    assert "take" == caught.value.phase.value


@pytest.mark.parametrize(("state", "move", "message"), [
    (_state(), Take(1, 0, 1), "1:take 0 1: it is seat 0's turn, not seat 1's"),
    (_state(active=None), Take(1, 0, 1), "1:take 0 1: it is nobody's turn, not seat 1's"),
    (_state(result=Result((1,), "most_stones")), Take(0, 0, 1), "0:take 0 1: the game is over"),
    (_state(), Pay(0, 1), "0:pay 1: pay is a move of pay, not of take"),
    (_state(), Take(0, 0, -2), "0:take 0 -2: its count -2 is no COUNT"),
])
def test_the_standard_checks_say_why(state: State, move: Any, message: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        PILES.apply(state, move)
    assert message == str(caught.value)


def test_several_seats_to_move_are_named() -> None:
    @attrs.frozen
    class Both:
        to_move: tuple[int, ...]

    judge = NOT_YOUR_TURN.check.judge  # type: ignore[union-attr]
    assert "seat 2 may not move now (seats 0, 1 may)" == judge(PILES, Both((0, 1)), Take(2, 0, 1))
    assert judge(PILES, Both((0, 1)), Take(1, 0, 1)) is None


def test_legal_moves_pass_the_door_and_apply_steps_them() -> None:
    state = _state()
    for move in PILES.legal_moves(state):
        assert PILES.refusal(state, move) is None
        after, events = PILES.apply_with_events(state, move)
        assert after == PILES.apply(state, move) == PILES.step(state, move)
        assert after.phase.value == "pay"
        assert len(events) == 1


def test_values_that_are_no_moves_or_no_states_are_argument_errors() -> None:
    state = _state()
    assert PILES.is_legal(state, ("not", "a", "move")) is False  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="not a Piles move: tuple"):
        PILES.apply(state, ("not", "a", "move"))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="is_legal needs a State, not NoneType"):
        PILES.apply(None, Take(0, 0, 1))  # type: ignore[arg-type]


def test_a_game_that_lists_no_refusals_gets_the_standard_door() -> None:
    plain = type("Plain", (Piles,), {"facts": attrs.evolve(PILES.facts, id="toy-piles-plain"),
                                     "refusals": ()})()
    assert STANDARD == plain.door.refusals
    assert "illegal_move" == _code(_state(), Take(0, 2, 4), plain)
    assert "wrong_phase" == _code(_state(), Pay(0, 1), plain)


def test_a_phase_machine_naming_no_moves_tag_is_a_declaration_error() -> None:
    from aves_core.kernel.phases import PhaseMachine

    bad = PhaseMachine("Bad", PILES.phases.phases, PILES.phases.triggers,
                       PILES.phases.transitions, initial=PILES.phases.initial,
                       final=PILES.phases.final, actions={PILES.phases.initial: ("taek",)})
    game = type("Typo", (Piles,), {"facts": attrs.evolve(PILES.facts, id="toy-piles-typo"),
                                   "phases": bad})()
    with pytest.raises(ArgumentError, match="the phase machine's actions name 'taek', which "
                                            "is no move's tag"):
        _ = game.door


def test_a_fast_is_legal_that_disagrees_with_the_door_is_a_bug_said_plainly() -> None:
    class Wrong(Piles):
        facts = attrs.evolve(PILES.facts, id="toy-piles-wrong")

        def is_legal(self, state: State, move: Any) -> bool:
            return False

    with pytest.raises(AssertionError, match="is_legal refuses 0:take 0 1, but no refusal"):
        Wrong().apply(_state(), Take(0, 0, 1))


def test_refusals_build_from_names_functions_and_classes() -> None:
    refusal = refuse("short", "short", Pay)
    assert ("short", "short", (Pay,)) == (refusal.code, refusal.check, refusal.moves)
    assert (GAME_OVER.code, WRONG_PHASE.code) == ("game_over", "wrong_phase")


def test_piles_passes_the_kit() -> None:
    from aves_core.kernel.registry import register_game

    register_game(PILES)
    report = check_game(PILES, games=8)
    assert {"take", "pay", "nopay"} <= report.kinds
    assert {"take", "pay", "gameEnd"} == report.phases


ODD_TEXTS = ["\ud800", "a\x00b", "\x1b[31m", "\u2028"]
"""Texts a client may send in a move's field that a message must not hold as they are:
a lone surrogate (no UTF-8 encodes it), a NUL, a terminal escape, a line separator."""


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_every_refusal_of_a_move_with_an_odd_text_is_printable(game_id: str) -> None:
    """Issue 26: the door echoed a move's text unquoted (a lone surrogate made the host's
    answer fail to encode: a 500). Every text field of every kind of move legal at the
    start, holding each odd text, for every seat: each refusal is printable text."""
    game = get_game(game_id)
    players = [f"p{seat}" for seat in range(min(3, game.facts.max_players))]
    state = Table(game, players, seed=1).state
    kinds = {game.move_to_json(move)["type"]: game.move_to_json(move)
             for move in game.legal_moves(state)}
    fields = [(data, key) for data in kinds.values() for key, value in data.items()
              if key != "type" and isinstance(value, str | list)]
    for (data, key), odd, seat in itertools.product(fields, ODD_TEXTS, range(len(players))):
        sent = {**data, "player": seat, key: odd if isinstance(data[key], str) else [odd]}
        try:
            refusal = game.refusal(state, game.move_from_json(sent))
            assert refusal is not None  # no move holding an odd text is legal
            message = refusal.message
        except (AvesError, FieldError) as error:
            message = str(error)
        assert message.isprintable(), message
        message.encode("utf-8")
