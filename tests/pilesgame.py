"""Piles, a toy game declared the new way, to test the declared door and the kit.

Two or three players share three piles of stones and a purse of chips each. On
their turn a player takes 1 or more stones from one pile (``0:take 2 3``: three
stones from pile 2), then pays for them: one chip per stone, or passes the payment
if they cannot (``0:pay 3``, ``0:nopay``); the next seat then takes. When the piles
are empty, the most stones win. Its door lists every code a move can break, in this
order: ``bad_notation``, ``game_over``, ``not_your_turn``, ``wrong_phase``,
``no_such_pile``, ``too_many``, ``short``, ``can_pay``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from typing import TypeAlias

import attrs

from aves_core.author import (
    BAD_NOTATION,
    GAME_OVER,
    NOT_YOUR_TURN,
    WRONG_PHASE,
    Chance,
    Game,
    GameFacts,
    Nat,
    PhaseMachine,
    Result,
    move,
    refuse,
)

__all__ = ["PILES", "Nopay", "Pay", "Piles", "State", "Take"]


class Phase(enum.Enum):
    """Taking stones, then paying for them."""

    TAKE = "take"
    PAY = "pay"
    GAME_END = "gameEnd"


class Trigger(enum.Enum):
    """What moves a game from phase to phase."""

    TAKEN = "taken"
    PAID = "paid"
    EMPTY = "empty"


PHASES = PhaseMachine("Piles", Phase, Trigger, (
    (Trigger.TAKEN, Phase.TAKE, Phase.PAY),
    (Trigger.PAID, Phase.PAY, Phase.TAKE),
    (Trigger.EMPTY, Phase.PAY, Phase.GAME_END),
), initial=Phase.TAKE, final=(Phase.GAME_END,),
    actions={Phase.TAKE: ("take",), Phase.PAY: ("pay", "nopay")})


@move("{player}:take {pile} {count}", count=Nat("COUNT"), words="take {count} from pile {pile}")
class Take:
    """``player`` takes ``count`` stones from ``pile``."""

    player: int
    pile: int
    count: int


@move("{player}:pay {chips}")
class Pay:
    """``player`` pays ``chips`` for the stones just taken."""

    player: int
    chips: int


@move("{player}:nopay")
class Nopay:
    """``player`` cannot pay and pays nothing."""

    player: int


Move: TypeAlias = Take | Pay | Nopay


@attrs.frozen
class Took:
    """``seat`` took ``count`` from ``pile``."""

    seat: int
    pile: int
    count: int


@attrs.frozen
class Paid:
    """``seat`` paid ``chips``."""

    seat: int
    chips: int


Event: TypeAlias = Took | Paid


@attrs.frozen
class Options:
    """No options."""


@attrs.frozen
class Setup:
    """The piles' sizes and the first player."""

    piles: tuple[int, ...]
    first: int


@attrs.frozen
class State:
    """The piles, each seat's stones and chips, whose turn, what was just taken."""

    piles: tuple[int, ...]
    stones: tuple[int, ...]
    chips: tuple[int, ...]
    phase: Phase
    active: int | None
    owed: int = 0
    result: Result | None = None


@attrs.frozen
class View:
    """Everything is public."""

    seat: int | None
    state: State
    legal_moves: tuple[Move, ...]

    @property
    def phase(self) -> Phase:
        """The state's phase."""
        return self.state.phase

    @property
    def active(self) -> int | None:
        """The seat to move."""
        return self.state.active

    @property
    def result(self) -> Result | None:
        """How the game ended."""
        return self.state.result


def no_such_pile(state: State, move: Take) -> str | None:
    """The pile must exist."""
    return None if move.pile < len(state.piles) else f"there is no pile {move.pile}"


def too_many(state: State, move: Take) -> str | None:
    """At least one stone, at most the pile (the pile exists: no_such_pile is earlier)."""
    size = state.piles[move.pile]
    return None if 1 <= move.count <= size else f"pile {move.pile} holds {size} stones"


class Piles(Game[State, Move, View, Event, Options, Setup]):
    """The toy game (``PILES``)."""

    facts = GameFacts(id="toy-piles", name="Piles", version=1, min_players=2, max_players=3,
                      hidden_information=False, chance=Chance.SETUP, reasons=("most_stones",))
    phases = PHASES
    refusals = (
        BAD_NOTATION, GAME_OVER, NOT_YOUR_TURN, WRONG_PHASE,
        refuse("no_such_pile", no_such_pile, Take),
        refuse("too_many", too_many, Take),
        refuse("short", "short", Pay),
        refuse("can_pay", "can_pay", Nopay),
    )

    def default_options(self) -> Options:
        """None."""
        return Options()

    def new_setup(self, num_players: int, options: Options, seed: int | None, *,
                  first_player: int | None = None) -> Setup:
        """Three piles of 1 to 4 stones and a first player, from ``seed``."""
        self.check_players(num_players)
        rng = random.Random(seed)
        piles = tuple(rng.randint(1, 4) for _ in range(3))
        first = rng.randrange(num_players)
        return Setup(piles, first if first_player is None else first_player)

    def start(self, num_players: int, setup: Setup) -> State:
        """Empty hands, three chips each."""
        return State(setup.piles, (0,) * num_players, (3,) * num_players, Phase.TAKE,
                     setup.first)

    def options_of(self, setup: Setup) -> Options:
        """None."""
        return Options()

    def short(self, state: State, move: Pay) -> str | None:
        """A payment is the stones owed, out of the seat's chips (a method: by name)."""
        if move.chips != state.owed:
            return f"{state.owed} chips are owed, not {move.chips}"
        held = state.chips[move.player]
        return None if held >= move.chips else f"seat {move.player} holds {held} chips"

    def can_pay(self, state: State, move: Nopay) -> str | None:
        """No payment only when the seat cannot pay."""
        held = state.chips[move.player]
        return None if held < state.owed else f"seat {move.player} can pay {state.owed}"

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every take, or the one payment there is."""
        player = state.active
        if player is None:
            return ()
        if state.phase is Phase.PAY:
            return ((Pay(player, state.owed),) if state.chips[player] >= state.owed
                    else (Nopay(player),))
        return tuple(Take(player, pile, count) for pile, size in enumerate(state.piles)
                     for count in range(1, size + 1))

    def transition(self, state: State, move: Move, events: list[Event] | None) -> State:
        """Take stones, or pay for them and pass the turn (or end the game)."""
        player = move.player
        if isinstance(move, Take):
            piles = list(state.piles)
            piles[move.pile] -= move.count
            stones = list(state.stones)
            stones[player] += move.count
            if events is not None:
                events.append(Took(player, move.pile, move.count))
            return attrs.evolve(state, piles=tuple(piles), stones=tuple(stones),
                                phase=Phase.PAY, owed=move.count)
        chips = list(state.chips)
        if isinstance(move, Pay):
            chips[player] -= move.chips
            if events is not None:
                events.append(Paid(player, move.chips))
        if any(state.piles):
            return attrs.evolve(state, chips=tuple(chips), phase=Phase.TAKE,
                                active=(player + 1) % len(chips), owed=0)
        best = max(state.stones)
        winners = tuple(seat for seat, count in enumerate(state.stones) if count == best)
        return attrs.evolve(state, chips=tuple(chips), phase=Phase.GAME_END, active=None,
                            owed=0, result=Result(winners, "most_stones"))

    def view(self, state: State, seat: int | None) -> View:
        """The whole state, and the seat's moves."""
        return View(seat, state, self.legal_moves(state) if seat == state.active else ())

    def invariants(self, state: State) -> Iterable[str]:
        """No purse below zero."""
        return [f"seat {seat} holds {chips} chips" for seat, chips in enumerate(state.chips)
                if chips < 0]


PILES = Piles()
"""The toy game."""
