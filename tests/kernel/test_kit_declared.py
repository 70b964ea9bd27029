"""The conformance kit checks what a game declares: its phase machine, its notation
(one text per move), its door's codes, its invariants, and it reaches the rare
states uniform random play misses. Each test shows a careless game failing it."""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs
import pytest
from pilesgame import PILES, Piles, State

from aves_core.author import (
    Chance,
    Game,
    GameFacts,
    IllegalMoveError,
    Nat,
    PhaseMachine,
    Result,
    move,
    register_game,
)
from aves_core.testing import ConformanceError, check_game


def _variant(name: str, **body: Any) -> Any:
    game = type(name, (Piles,), {"facts": attrs.evolve(PILES.facts, id=f"toy-{name.lower()}"),
                                 **body})()
    return register_game(game)


def test_a_step_the_phase_machine_does_not_declare_fails_the_kit() -> None:
    machine = PILES.phases
    phase, trigger = machine.phases, machine.triggers
    missing = PhaseMachine("Piles", phase, trigger, (
        (trigger("taken"), phase("take"), phase("pay")),
        (trigger("empty"), phase("pay"), phase("gameEnd")),
    ), initial=phase("take"), final=(phase("gameEnd"),), actions=machine.actions)
    with pytest.raises(ConformanceError, match=r"phase machine: \d:pay \d: the step went from "
                                               "phase 'pay' to 'take', which the phase "
                                               "machine does not declare"):
        check_game(_variant("Undeclared", phases=missing), games=4)


def test_a_legal_move_its_phase_does_not_accept_fails_the_kit() -> None:
    machine = PILES.phases
    phase = machine.phases
    narrow = PhaseMachine("Piles", phase, machine.triggers, machine.transitions,
                          initial=phase("take"), final=(phase("gameEnd"),),
                          actions={phase("take"): ("take",), phase("pay"): ("nopay",)})
    with pytest.raises(ConformanceError, match="phase machine: a legal pay move in phase "
                                               "'pay', which declares it accepts nopay"):
        check_game(_variant("Narrow", phases=narrow), games=4)


def test_a_reader_of_sloppy_text_fails_one_text_per_move() -> None:
    def parse_move(self: Any, text: str) -> Any:
        return PILES.parse_move(" ".join(text.split()).replace(" : ", ":"))

    with pytest.raises(ConformanceError, match=r"one text per move: ' \d:take \d \d' reads "
                                               r"as '\d:take \d \d'"):
        check_game(_variant("Sloppy", parse_move=parse_move), games=2)


def test_a_refusal_with_an_undeclared_code_fails_the_kit() -> None:
    def apply(self: Any, state: State, move: Any) -> State:
        if not self.is_legal(state, move):
            raise IllegalMoveError(f"{move}: no", code="oops", move=move)
        after: State = self.transition(state, move, None)
        return after

    with pytest.raises(ConformanceError, match=r"the door: .* was refused with 'oops', "
                                               "which the game's refusals do not declare"):
        check_game(_variant("Oops", apply=apply), games=2)


def test_a_refusal_that_does_not_start_with_the_moves_text_fails_the_kit() -> None:
    def apply(self: Any, state: State, move: Any) -> State:
        if not self.is_legal(state, move):
            error = self.door.refused(state, move)
            raise IllegalMoveError(f"no: {error}", code=error.code, move=move)
        after: State = self.transition(state, move, None)
        return after

    with pytest.raises(ConformanceError, match="does not start with its text"):
        check_game(_variant("Mumbles", apply=apply), games=2)


# --- Bank: a rule uniform random play never tests --------------------------------------


class Phase(enum.Enum):
    """One phase."""

    TURN = "turn"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    """One trigger."""

    NEXT = "next"
    END = "end"


@move("{player}:spend")
class Spend:
    """Spend a chip (the rule forgotten: only with a chip left)."""

    player: int


@move("{player}:count {n}", n=Nat("N"))
class Count:
    """Count aloud: costs nothing."""

    player: int
    n: int


@attrs.frozen
class BankState:
    """Chips, moves played, whose turn."""

    chips: tuple[int, int]
    played: int
    active: int | None
    result: Result | None = None

    @property
    def phase(self) -> Phase:
        """Playing or over."""
        return Phase.TURN if self.result is None else Phase.GAME_END


@attrs.frozen
class BankView:
    """Everything."""

    seat: int | None
    state: BankState
    legal_moves: tuple[Spend | Count, ...]
    phase: Phase
    active: int | None
    result: Result | None


BankMove: TypeAlias = Spend | Count


class Bank(Game[BankState, BankMove, BankView, Any, None, None]):
    """Forty moves; whoever spends the most wins; forgets that spending needs a chip."""

    facts = GameFacts(id="toy-bank", name="Bank", version=1, min_players=2, max_players=2,
                      hidden_information=False, chance=Chance.NONE, reasons=("spent",))
    phases = PhaseMachine("Bank", Phase, Trigger, (
        (Trigger.NEXT, Phase.TURN, Phase.TURN), (Trigger.END, Phase.TURN, Phase.GAME_END)),
        initial=Phase.TURN, final=(Phase.GAME_END,), actions={Phase.TURN: ("spend", "count")})
    options_type = type(None)
    setup_type = type(None)

    def default_options(self) -> None:
        """None."""

    def new_setup(self, num_players: int, options: None, seed: int | None, *,
                  first_player: int | None = None) -> None:
        """Nothing to draw."""

    def start(self, num_players: int, setup: None) -> BankState:
        """Three chips each."""
        return BankState((3, 3), 0, 0)

    def options_of(self, setup: None) -> None:
        """None."""

    def legal_moves(self, state: BankState) -> tuple[BankMove, ...]:
        """Spend (always: the bug), or count 0 to 29."""
        player = state.active
        if player is None:
            return ()
        return (Spend(player), *(Count(player, n) for n in range(30)))

    def transition(self, state: BankState, move: BankMove, events: list[Any] | None
                   ) -> BankState:
        """Spend or count; forty moves end the game."""
        chips = list(state.chips)
        if isinstance(move, Spend):
            chips[move.player] -= 1
        played = state.played + 1
        if played < 40:
            return BankState((chips[0], chips[1]), played, 1 - move.player)
        best = min(chips)
        return BankState((chips[0], chips[1]), played, None,
                         Result(tuple(seat for seat in (0, 1) if chips[seat] == best), "spent"))

    def view(self, state: BankState, seat: int | None) -> BankView:
        """All of it."""
        return BankView(seat, state, self.legal_moves(state) if seat == state.active else (),
                        state.phase, state.active, state.result)

    def invariants(self, state: BankState) -> Iterable[str]:
        """No purse below zero."""
        return [f"seat {seat} holds {chips} chips" for seat, chips in enumerate(state.chips)
                if chips < 0]

    def setup_to_json(self, setup: None) -> dict[str, Any]:
        """Nothing."""
        return {}

    def setup_from_json(self, data: Any) -> None:
        """Nothing."""

    def options_to_json(self, options: None) -> dict[str, Any]:
        """Nothing."""
        return {}

    def options_from_json(self, data: Any) -> None:
        """Nothing."""


BANK = register_game(Bank())


def test_uniform_random_play_misses_the_forgotten_rule() -> None:
    report = check_game(BANK, games=12, policies=("uniform",))
    assert 12 == report.games


def test_the_kits_policies_reach_the_state_that_breaks_it() -> None:
    with pytest.raises(ConformanceError, match=r"invariants: seat [01] holds -1 chips .*"
                                               r"(kinds|stubborn) moves"):
        check_game(BANK, games=12)


def test_an_unknown_policy_is_an_argument_error() -> None:
    from aves_core.author import ArgumentError

    with pytest.raises(ArgumentError, match="no move policy 'greedy': choose from uniform, "
                                            "kinds, stubborn, long"):
        check_game(BANK, policies=("greedy",))


def test_the_policies_choose_legal_moves() -> None:
    from aves_core.testing.policies import POLICIES, policy

    state = BANK.start(2, None)
    legal = BANK.legal_moves(state)
    rng = random.Random(3)
    for name in POLICIES:
        choose = policy(name)
        assert all(choose(BANK, state, legal, rng) in legal for _ in range(20))
