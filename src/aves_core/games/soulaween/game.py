"""Soulaween as a kernel game: its setup (drawn by ``plan.draw_setup``; nothing is drawn
after it, so replay draws nothing), the door and transition of ``rules``, views, undo
and its parts. ``SOULAWEEN`` is the instance the registry knows as ``"soulaween"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.soulaween import rules
from aves_core.games.soulaween.board import CELL_INDEX, FACES
from aves_core.games.soulaween.events import Event, MoveUndone
from aves_core.games.soulaween.moves import MOVES, Move, Put
from aves_core.games.soulaween.phases import PHASES, Phase
from aves_core.games.soulaween.plan import SoulaweenSetupPlan, draw_setup
from aves_core.games.soulaween.state import (
    CHARACTERS,
    HEI_BAI,
    REASONS,
    STANCES,
    SoulaweenOptions,
    SoulaweenSetup,
    SoulaweenState,
)
from aves_core.games.soulaween.views import SoulaweenView, view_for
from aves_core.kernel.convert import FieldError, describe, json_object, structure
from aves_core.kernel.errors import ArgumentError, SetupError, require_int
from aves_core.kernel.game import Chance, Game, GameFacts, Result, ViewStatus

__all__ = ["SOULAWEEN", "SoulaweenGame", "check_pairs"]


class SoulaweenGame(Game[SoulaweenState, Move, SoulaweenView, Event, SoulaweenOptions,
                         SoulaweenSetup]):
    """Soulaween for the kernel (its one instance is ``SOULAWEEN``)."""

    facts = GameFacts(
        id="soulaween", name="Soulaween", version=1, min_players=2, max_players=2,
        hidden_information=False, chance=Chance.SETUP, zero_sum=True, reasons=REASONS,
        reason_words={"three_tokens": "took three tokens",
                      "one_of_each_kind": "Little Death: one token of each kind"},
        summary="put and flip soul pieces on a 4x4 mat; reap chains to win three tokens",
        setup_codes=("bad_first_player", "bad_setup"))
    phases = PHASES
    refusals = rules.REFUSALS
    undo_rule = ("only a seat's own move of the turn still in progress (its put, or its "
                 "reap, while it still has to reap or rotate) can be taken back")
    parts: Mapping[str, str] = {
        "screen": ".terminal:SoulaweenScreen", "encoding": ".encoding:SoulaweenEncoding",
        "greedy": ".bots:GreedyBot", "search": ".bots:search_hooks"}

    # --- setup ---------------------------------------------------------------

    def new_setup(self, num_players: int, options: SoulaweenOptions, seed: int | None, *,
                  first_player: int | None = None) -> SoulaweenSetup:
        """The setup drawn from ``random.Random(seed)`` (``plan.draw_setup``)."""
        self.check_players(num_players)
        if not isinstance(options, SoulaweenOptions):
            raise ArgumentError(f"options must be SoulaweenOptions, not {type(options).__name__}")
        if seed is not None:
            require_int(seed, "seed")
        rng = random.Random(seed)
        setup = draw_setup(options, lambda _what, choices, _seat: rng.choice(choices))
        if first_player is not None:
            setup = attrs.evolve(setup, first_player=first_player)
        self.start(num_players, setup)
        return setup

    def start(self, num_players: int, setup: SoulaweenSetup) -> SoulaweenState:
        """The empty mat, the first player to put a piece (``SetupError`` for a setup
        that is no game)."""
        self.check_players(num_players)
        if not isinstance(setup, SoulaweenSetup):
            raise ArgumentError(f"a Soulaween setup is a SoulaweenSetup, not "
                                f"{type(setup).__name__}")
        first = setup.first_player
        if type(first) is not int or first not in (0, 1):
            raise SetupError(f"first_player is seat 0 or 1, not {first!r}",
                             code="bad_first_player", path="first_player")
        characters, stances = setup.characters, setup.stances
        if type(characters) is not tuple or len(characters) != 2:
            raise SetupError("characters are two, one a seat", code="bad_setup",
                             path="characters")
        for seat, item in enumerate(characters):
            if item is not None and item not in CHARACTERS:
                raise SetupError(f"{item!r:.40} is not a character: {', '.join(CHARACTERS)} "
                                 "or null", code="bad_setup", path=f"characters[{seat}]")
        if (characters[0] is None) != (characters[1] is None):  # [decision]
            raise SetupError("characters are two (standard mode) or none (simple mode), "
                             "not one", code="bad_setup", path="characters")
        if type(stances) is not tuple or len(stances) != 2:
            raise SetupError("stances are two, one a seat", code="bad_setup", path="stances")
        for seat in (0, 1):
            hei_bai = characters[seat] == HEI_BAI
            if not (stances[seat] in STANCES if hei_bai else stances[seat] is None):
                wanted = "hei or bai (Hei & Bai)" if hei_bai else "null (not Hei & Bai)"
                raise SetupError(f"seat {seat}'s stance is {wanted}, not "
                                 f"{stances[seat]!r:.20}", code="bad_setup", path="stances")
        return SoulaweenState(0, 0, ((), ()), characters, stances, (None, None),
                              Phase.PLAYER_TURN, first)

    def options_of(self, setup: SoulaweenSetup) -> SoulaweenOptions:
        """The options that give this setup."""
        if setup.characters == (None, None):
            return SoulaweenOptions()
        return SoulaweenOptions("standard", setup.characters, setup.stances)

    def setup_from_json(self, data: Any) -> SoulaweenSetup:
        """The ``setup`` of a log's header, checked for shape (``start`` judges its values)."""
        check_pairs(json_object(data, "the setup"), {"characters": None, "stances": None})
        return structure(data, SoulaweenSetup)

    def options_from_json(self, data: Any) -> SoulaweenOptions:
        """Options from JSON; a value the options refuse is a FieldError naming it."""
        check_pairs(json_object(data, "the options"), {"characters": CHARACTERS,
                                                       "stances": STANCES})
        return structure(data, SoulaweenOptions)

    def setup_plan(self, num_players: int, options: SoulaweenOptions) -> SoulaweenSetupPlan:
        """The draws of ``new_setup`` as chance nodes (``plan.SoulaweenSetupPlan``)."""
        self.check_players(num_players)
        return SoulaweenSetupPlan(options)

    # --- play ------------------------------------------------------------------

    # The rules' functions themselves, not methods calling them: a playout calls them on
    # every move.
    legal_moves = staticmethod(rules.legal_moves)
    transition = staticmethod(rules.transition)
    view = staticmethod(view_for)

    def all_moves(self, num_players: int, seat: int) -> tuple[Move, ...]:
        """Every move of ``seat`` (``moves.MOVES``): the encoding's action indices."""
        return MOVES[seat]

    def is_legal(self, state: SoulaweenState, move: Move) -> bool:
        """The door's answer, as fast as a playout needs: a put in its turn is judged by its
        cell alone, a reap or a rotation by the few legal moves."""
        if type(state) is SoulaweenState:
            if state.phase is not Phase.PLAYER_TURN:
                return move in rules.legal_moves(state)
            if (type(move) is Put and move.player == state.active and move.cell in CELL_INDEX
                    and move.face in FACES):
                return bool(state.empty >> CELL_INDEX[move.cell] & 1)
        return super().is_legal(state, move)

    def view_status(self, view: SoulaweenView) -> ViewStatus:
        """The phase, the seat to move and the result of the state the view holds."""
        return ViewStatus(self.phase_name(view.state), self.to_move(view.state), view.state.result)

    def undo(self, before: SoulaweenState, move: Move, events: Sequence[Event],
             after: SoulaweenState, seat: int) -> tuple[Event, ...] | None:
        """A seat may take back its own move while its turn goes on (a reap or a
        rotation still due); nothing is hidden, so nothing forbids more."""
        if (move.player != seat or after.active != seat or after.result is not None
                or after.phase not in (Phase.CHOOSE_REAP, Phase.CHOOSE_ROTATION)):
            return None
        return (MoveUndone(seat, before),)

    # --- reports ---------------------------------------------------------------------------

    def state_report(self, state: SoulaweenState) -> dict[str, Any]:
        """The mat (rows 4 to 1), tokens, characters, stances and restrictions."""
        return {"mat": list(state.mat), "tokens": [list(tokens) for tokens in state.tokens],
                "characters": list(state.characters), "stances": list(state.stances),
                "restrictions": list(state.restrictions)}

    def describe_result(self, result: Result) -> str:
        """``three tokens`` or ``one token of each kind``."""
        return "one token of each kind" if result.reason == "one_of_each_kind" \
            else "three tokens"


def check_pairs(data: dict[str, Any], pairs: Mapping[str, tuple[str, ...] | None]) -> None:
    """Each key of ``pairs`` given in ``data`` is a list of two values, one a seat, each a
    string (one of its choices, when given) or null, or a ``FieldError`` names the first
    that is not (the converter would read a string of two letters as two values)."""
    for key, choices in pairs.items():
        value = data.get(key)
        # A tuple is what the converter unstructures to; JSON gives a list.
        if value is not None and type(value) not in (list, tuple):
            raise FieldError(f"expected a list of two values, one a seat, got "
                             f"{describe(value)}", path=key)
        if value is not None and len(value) != 2:
            raise FieldError(f"expected two values, one a seat, got {len(value)}", path=key)
        for seat, item in enumerate(value or ()):
            if item is not None and type(item) is not str:
                raise FieldError(f"expected a string or null, got {describe(item)}",
                                 path=f"{key}[{seat}]")
            if item is not None and choices is not None and item not in choices:
                names = ", ".join(repr(choice) for choice in choices)
                raise FieldError(f"expected one of {names} or null, got {describe(item)}",
                                 path=f"{key}[{seat}]")


SOULAWEEN = SoulaweenGame()
"""The game of Soulaween."""
