"""Draft Cider as a kernel game: the ``Game`` protocol over Draft Cider's functions.

``DRAFT_CIDER`` is the instance. Its chance is all at setup (the deck's order and the
first picker, recorded in the log); everything on the table is public, so the only
hidden thing is the deck below the pool, which ``indistinguishable`` redraws.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aves_core.games.draft_cider import rules, setup
from aves_core.games.draft_cider.cards import LOT_INDEX, LOTS
from aves_core.games.draft_cider.events import Event, PickUndone, events_for
from aves_core.games.draft_cider.moves import Move, Pick, parse_move
from aves_core.games.draft_cider.phases import PHASES
from aves_core.games.draft_cider.serialize import MOVE_TAGS
from aves_core.games.draft_cider.state import (
    REASONS,
    DraftCiderOptions,
    DraftCiderSetup,
    DraftCiderState,
)
from aves_core.games.draft_cider.views import DraftCiderView, update_view, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

if TYPE_CHECKING:
    from aves_core.kernel.terminal import Screen

__all__ = ["DRAFT_CIDER", "DraftCiderGame"]


class DraftCiderGame(Game[DraftCiderState, Move, DraftCiderView, Event, DraftCiderOptions,
                          DraftCiderSetup]):
    """Draft Cider for the kernel (its one instance is ``DRAFT_CIDER``)."""

    facts = GameFacts(
        id="draft-cider",
        name="Draft Cider",
        version=1,
        min_players=2,
        max_players=6,
        hidden_information=True,  # the deck below the pool (DC20)
        chance=Chance.SETUP,
        reasons=REASONS,
        reason_words={"most_points": "the most points"},
        summary="draft apple cards from a shared pool and plant each in one of the "
                "eight lots of your orchard, each with its own rule and score",
        setup_codes=("bad_options", "bad_first", "bad_deck"),
    )
    phases = PHASES
    move_type = Pick
    move_tags = MOVE_TAGS
    event_type = Event
    options_type = DraftCiderOptions
    setup_type = DraftCiderSetup
    state_type = DraftCiderState
    view_type = DraftCiderView
    undo_rule = ("a seat may take back its last pick until the next seat picks, unless "
                 "it emptied the pool (the next pool was laid out) or ended the game")

    # --- setup ---------------------------------------------------------------

    def default_options(self) -> DraftCiderOptions:
        """``bad_points`` -1."""
        return DraftCiderOptions()

    def new_setup(self, num_players: int, options: DraftCiderOptions, seed: int | None, *,
                  first_player: int | None = None) -> DraftCiderSetup:
        """``setup.new_setup``: the shuffled deck and the first picker (DC5)."""
        return setup.new_setup(num_players, options, seed, first_player=first_player)

    def start(self, num_players: int, setup_: DraftCiderSetup) -> DraftCiderState:
        """``setup.start``: the recorded setup, checked, and round 1 laid out."""
        return setup.start(num_players, setup_)

    def options_of(self, setup_: DraftCiderSetup) -> DraftCiderOptions:
        """The options that give this setup."""
        return DraftCiderOptions(setup_.bad_points)

    # --- play ------------------------------------------------------------------

    def legal_moves(self, state: DraftCiderState) -> tuple[Move, ...]:
        """``rules.legal_moves``."""
        return rules.legal_moves(state)

    def apply(self, state: DraftCiderState, move: Move) -> DraftCiderState:
        """``rules.apply_move``."""
        return rules.apply_move(state, move)

    def step(self, state: DraftCiderState, move: Move) -> DraftCiderState:
        """``rules.step``."""
        return rules.step(state, move)

    def apply_with_events(self, state: DraftCiderState, move: Move
                          ) -> tuple[DraftCiderState, tuple[Event, ...]]:
        """``rules.apply_move_with_events``."""
        return rules.apply_move_with_events(state, move)

    def is_legal(self, state: DraftCiderState, move: Move) -> bool:
        """``rules.is_legal``."""
        return rules.is_legal(state, move)

    def result(self, state: DraftCiderState) -> Result | None:
        """``state.result``."""
        return state.result

    def to_move(self, state: DraftCiderState) -> tuple[int, ...]:
        """The seat to pick; nobody once the game is over."""
        return () if state.active is None else (state.active,)

    def phase_name(self, state: DraftCiderState) -> str:
        """``pick`` or ``gameEnd``."""
        return state.phase.value

    def mover(self, move: Move) -> int | None:
        """The seat that picks."""
        return move.player

    # --- what a seat may know ---------------------------------------------------

    def view(self, state: DraftCiderState, seat: int | None) -> DraftCiderView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """``events_for``: every event is public."""
        return events_for(events, seat)

    def update_view(self, view: DraftCiderView, events: Iterable[Event]) -> DraftCiderView:
        """``update_view``."""
        return update_view(view, events)

    def indistinguishable(self, state: DraftCiderState, seat: int | None,
                          rng: random.Random) -> DraftCiderState:
        """``state`` with the deck below the pool shuffled: the later pools and the
        unused cards, hidden from every seat (DC20)."""
        if type(state) is not DraftCiderState:
            raise ArgumentError(f"indistinguishable needs a DraftCiderState, not "
                                f"{type(state).__name__}")
        undealt = list(state.undealt)
        rng.shuffle(undealt)
        seen = state.deck[:len(state.deck) - len(undealt)]
        return DraftCiderState(state.options, seen + tuple(undealt), state.first,
                               state.round, state.pool, state.orchards, state.phase,
                               state.active, state.result)

    # --- undo -------------------------------------------------------------------

    def undo(self, before: DraftCiderState, move: Move, events: Sequence[Event],
             after: DraftCiderState, seat: int) -> tuple[Event, ...] | None:
        """A seat's last pick, while the next seat has not picked, unless it emptied the
        pool (the next pool was laid out: revealed cards are never taken back) or ended
        the game. The card goes back to its place in the pool."""
        if type(move) is not Pick or move.player != seat:
            return None
        if after.result is not None or after.round != before.round:
            return None
        return (PickUndone(seat, move.card, move.lot, before.pool.index(move.card)),)

    # --- text and JSON ----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``1:pick Y34 feather``."""
        return parse_move(text)

    def state_report(self, state: DraftCiderState) -> dict[str, Any]:
        """Round, pool, scores, each seat's lots with their cards and scores, and the
        deck below the pool."""
        return {
            "round": state.round,
            "pool": list(state.pool),
            "scores": list(state.scores),
            "orchards": [{lot: list(orchard[LOT_INDEX[lot]]) for lot in LOTS}
                         for orchard in state.orchards],
            "lot_scores": [dict(zip(LOTS, state.lot_scores(seat), strict=True))
                           for seat in range(state.num_players)],
            "undealt": list(state.undealt),
        }

    def web_folder(self) -> Path | None:
        """``games/draft_cider/web`` once the game's drawing is there, else None (the
        client's fallback)."""
        folder = Path(__file__).resolve().parent / "web"
        return folder if (folder / "index.js").is_file() else None

    def screen(self) -> Screen[Any, Any, Any]:
        """Every orchard, the pool and the player's choices with what each scores in a
        terminal, for ``aves play --game draft-cider``."""
        from aves_core.games.draft_cider.terminal import DraftCiderScreen

        return DraftCiderScreen()

    # --- players ------------------------------------------------------------------------

    _hooks: Any = None

    def bot_factories(self) -> Any:
        """``random``, ``greedy`` and ``search`` (IS-MCTS: ``search:N``, ``search:40ms``),
        from ``aves_core.games.draft_cider.bots``."""
        from aves_core.games.draft_cider.bots import bot_factories

        return bot_factories(self)

    def search_hooks(self) -> Any:
        """The deck below the pool redrawn, GreedyBot's scores at the root, quick
        playouts to the end (``bots.search_hooks``)."""
        if self._hooks is None:
            from aves_core.games.draft_cider.bots import search_hooks

            self._hooks = search_hooks()
        return self._hooks

    # --- learning agents ------------------------------------------------------------

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of
        ``aves_core.games.draft_cider.encoding``."""
        from aves_core.games.draft_cider.encoding import DraftCiderEncoding

        self.check_players(num_players)
        return DraftCiderEncoding(num_players)

    def describe_result(self, result: Result) -> str:
        """``the most points``."""
        return "the most points" if result.reason == "most_points" else result.reason


DRAFT_CIDER = DraftCiderGame()
"""The game of Draft Cider."""
