"""Soulaween as a kernel game: the ``Game`` protocol over Soulaween's functions.

``SOULAWEEN`` is the instance the registry knows as ``"soulaween"``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aves_core.games.soulaween import rules
from aves_core.games.soulaween.events import Event, MoveUndone
from aves_core.games.soulaween.moves import Move, parse_move
from aves_core.games.soulaween.phases import PHASES, Phase
from aves_core.games.soulaween.serialize import check_pairs, structure_move
from aves_core.games.soulaween.state import (
    CHARACTERS,
    REASONS,
    STANCES,
    SoulaweenOptions,
    SoulaweenSetup,
    SoulaweenState,
)
from aves_core.games.soulaween.views import SoulaweenView, events_for, update_view, view_for
from aves_core.kernel.convert import FieldError, structure
from aves_core.kernel.game import Chance, Game, GameFacts, Result, ViewStatus

if TYPE_CHECKING:
    from aves_core.kernel.bots import Bot
    from aves_core.kernel.chance import ChancePlan
    from aves_core.kernel.search import SearchHooks
    from aves_core.kernel.terminal import Screen

__all__ = ["SOULAWEEN", "SoulaweenGame"]


class SoulaweenGame(Game[SoulaweenState, Move, SoulaweenView, Event, SoulaweenOptions,
                         SoulaweenSetup]):
    """Soulaween for the kernel (its one instance is ``SOULAWEEN``)."""

    facts = GameFacts(
        id="soulaween",
        name="Soulaween",
        version=1,
        min_players=2,
        max_players=2,
        hidden_information=False,
        chance=Chance.SETUP,
        reasons=REASONS,
        reason_words={"three_tokens": "took three tokens",
                      "one_of_each_kind": "Little Death: one token of each kind"},
        summary="put and flip soul pieces on a 4x4 mat; reap chains to win three tokens",
        setup_codes=("bad_first_player", "bad_setup"),
        zero_sum=True,
    )
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = SoulaweenOptions
    setup_type = SoulaweenSetup
    state_type = SoulaweenState
    view_type = SoulaweenView
    undo_rule = ("only a seat's own move of the turn still in progress (its put, or its "
                 "reap, while it still has to reap or rotate) can be taken back")
    _hooks: SearchHooks[Any, Any, Any] | None = None

    # --- setup ---------------------------------------------------------------

    def default_options(self) -> SoulaweenOptions:
        """Simple mode: no characters."""
        return SoulaweenOptions()

    def new_setup(self, num_players: int, options: SoulaweenOptions, seed: int | None, *,
                  first_player: int | None = None) -> SoulaweenSetup:
        """``rules.new_setup``: the first player, characters and stances from ``seed``."""
        return rules.new_setup(num_players, options, seed, first_player=first_player)

    def start(self, num_players: int, setup: SoulaweenSetup) -> SoulaweenState:
        """``rules.start``: the empty mat."""
        return rules.start(num_players, setup)

    def options_of(self, setup: SoulaweenSetup) -> SoulaweenOptions:
        """The options that give this setup."""
        if setup.characters == (None, None):
            return SoulaweenOptions()
        return SoulaweenOptions("standard", setup.characters, setup.stances)

    # --- play ------------------------------------------------------------------

    def legal_moves(self, state: SoulaweenState) -> tuple[Move, ...]:
        """``rules.legal_moves``."""
        return rules.legal_moves(state)

    def apply(self, state: SoulaweenState, move: Move) -> SoulaweenState:
        """``rules.apply_move``."""
        return rules.apply_move(state, move)

    def step(self, state: SoulaweenState, move: Move) -> SoulaweenState:
        """``rules.step``."""
        return rules.step(state, move)

    def apply_with_events(self, state: SoulaweenState, move: Move
                          ) -> tuple[SoulaweenState, tuple[Event, ...]]:
        """``rules.apply_move_with_events``."""
        return rules.apply_move_with_events(state, move)

    def is_legal(self, state: SoulaweenState, move: Move) -> bool:
        """``rules.is_legal``."""
        return rules.is_legal(state, move)

    def result(self, state: SoulaweenState) -> Result | None:
        """``state.result``."""
        return state.result

    def to_move(self, state: SoulaweenState) -> tuple[int, ...]:
        """The seat to move, or nobody once the game is over."""
        return () if state.active is None else (state.active,)

    def phase_name(self, state: SoulaweenState) -> str:
        """``playerTurn``, ``chooseReap``, ``chooseRotation`` or ``gameEnd``."""
        return state.phase.value

    # --- what a seat may know (everything) -----------------------------------------

    def view(self, state: SoulaweenState, seat: int | None) -> SoulaweenView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """Every event, unchanged: nothing is hidden."""
        return events_for(events, seat)

    def update_view(self, view: SoulaweenView, events: Iterable[Event]) -> SoulaweenView:
        """``update_view``."""
        return update_view(view, events)

    def view_status(self, view: SoulaweenView) -> ViewStatus:
        """The phase, the seat to move and the result of the state the view holds."""
        state = view.state
        return ViewStatus(state.phase.value, () if state.active is None else (state.active,),
                          state.result)

    def web_folder(self) -> Path:
        """``games/soulaween/web``: the mat, the seats and the tokens in the browser."""
        return Path(__file__).resolve().parent / "web"

    # --- undo -------------------------------------------------------------------

    def undo(self, before: SoulaweenState, move: Move, events: Sequence[Event],
             after: SoulaweenState, seat: int) -> tuple[Event, ...] | None:
        """A seat may take back its own move while its turn goes on (a reap or a
        rotation still due); nothing is hidden, so nothing forbids more."""
        if (move.player != seat or after.active != seat or after.result is not None
                or after.phase not in (Phase.CHOOSE_REAP, Phase.CHOOSE_ROTATION)):
            return None
        return (MoveUndone(seat, before),)

    # --- text and JSON ----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``0:put b3 white``, ``1:reap a1-d4``, ``0:rotate``, ``0:keep``."""
        return parse_move(text)

    def move_from_json(self, data: Any) -> Move:
        """A move object (``unknown_cell`` for a cell that is no cell)."""
        return structure_move(data)

    def setup_from_json(self, data: Any) -> SoulaweenSetup:
        """The ``setup`` object of a log's header."""
        if type(data) is not dict:
            raise FieldError("the setup must be an object")
        # The values are the rules' to judge (start: bad_setup); the shape is checked here.
        check_pairs(data, {"characters": None, "stances": None})
        return structure(data, SoulaweenSetup)

    def options_from_json(self, data: Any) -> SoulaweenOptions:
        """Options from JSON; a value the options refuse is a FieldError naming it."""
        if type(data) is not dict:
            raise FieldError("the options must be an object")
        check_pairs(data, {"characters": CHARACTERS, "stances": STANCES})
        return structure(data, SoulaweenOptions)

    def state_report(self, state: SoulaweenState) -> dict[str, Any]:
        """The mat (rows 4 to 1), tokens, characters, stances and restrictions."""
        return {
            "mat": list(state.mat),
            "tokens": [list(tokens) for tokens in state.tokens],
            "characters": list(state.characters),
            "stances": list(state.stances),
            "restrictions": list(state.restrictions),
        }

    def describe_result(self, result: Result) -> str:
        """``three tokens`` or ``one token of each kind``."""
        return "one token of each kind" if result.reason == "one_of_each_kind" \
            else "three tokens"

    def state_text(self, state: SoulaweenState) -> str:
        """The mat, the seats and whose move it is."""
        return str(state)

    def indistinguishable(self, state: SoulaweenState, seat: int | None,
                          rng: random.Random) -> SoulaweenState:
        """Nothing is hidden: the state itself."""
        return state

    # --- bots, search, the terminal -----------------------------------------------------

    def bot_factories(self) -> Mapping[str, Callable[[str], Bot]]:
        """``random``, ``greedy`` and ``search`` (plain MCTS: nothing is hidden)."""
        from aves_core.games.soulaween.bots import GreedyBot
        from aves_core.kernel.bots import standard_bots

        return standard_bots(self, greedy=GreedyBot)

    def setup_plan(self, num_players: int, options: SoulaweenOptions
                   ) -> ChancePlan[SoulaweenSetup]:
        """The first player, then the characters and stances not given
        (``aves_core.games.soulaween.plan``)."""
        from aves_core.games.soulaween.plan import SoulaweenSetupPlan

        self.check_players(num_players)
        return SoulaweenSetupPlan(self, num_players, options)

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of ``aves_core.games.soulaween.encoding``."""
        from aves_core.games.soulaween.encoding import SoulaweenEncoding

        self.check_players(num_players)
        return SoulaweenEncoding()

    def search_hooks(self) -> SearchHooks[Any, Any, Any]:
        """The true state, the greedy scores at the root, a quick playout policy."""
        if self._hooks is None:
            from aves_core.games.soulaween.bots import search_hooks

            self._hooks = search_hooks()
        return self._hooks

    def screen(self) -> Screen[Any, Any, Any]:
        """The mat in a terminal, for ``aves play --game soulaween``."""
        from aves_core.games.soulaween.terminal import SoulaweenScreen

        return SoulaweenScreen()


SOULAWEEN = SoulaweenGame()
"""The game of Soulaween."""
