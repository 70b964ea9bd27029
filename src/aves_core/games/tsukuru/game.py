"""Tsukuru 10 Ten as a kernel game: the ``Game`` protocol over Tsukuru's functions.

``TSUKURU`` is the instance. Like Cubirds it has chance during play
(``Chance.PLAY``): between rounds the state awaits the next deal (``awaits_chance``),
which whoever runs the game draws with ``chance_move`` and applies like any move; the
log records it as ``*:deal ...``. Simulations stop at a move cap (TK18's 3,000 moves):
dry rounds may repeat, so the rules themselves have none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aves_core.games.tsukuru import rules, setup
from aves_core.games.tsukuru.events import Event, events_for
from aves_core.games.tsukuru.moves import Deal, Move, parse_move
from aves_core.games.tsukuru.phases import PHASES, Phase
from aves_core.games.tsukuru.serialize import MOVE_TAGS
from aves_core.games.tsukuru.state import (
    REASONS,
    TsukuruOptions,
    TsukuruSetup,
    TsukuruState,
)
from aves_core.games.tsukuru.tiles import counts_of, tiles_of
from aves_core.games.tsukuru.views import TsukuruView, update_view, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

if TYPE_CHECKING:
    from aves_core.kernel.bots import Bot
    from aves_core.kernel.search import SearchHooks
    from aves_core.kernel.terminal import Screen

__all__ = ["TSUKURU", "TsukuruGame"]

_DEAL = Phase.DEAL  # read on every move: Phase.DEAL goes through the enum's __getattr__


class TsukuruGame(Game[TsukuruState, Move, TsukuruView, Event, TsukuruOptions,
                       TsukuruSetup]):
    """Tsukuru 10 Ten for the kernel (its one instance is ``TSUKURU``)."""

    facts = GameFacts(
        id="tsukuru",
        name="Tsukuru 10 Ten",
        version=1,
        min_players=2,
        max_players=4,
        hidden_information=True,
        chance=Chance.PLAY,
        reasons=REASONS,
        reason_words={"target": "reached the target score",
                      "rounds": "every seat dealt twice: the most points win"},
        summary="draw and discard tiles to make a hand whose sets and tiles total "
                "exactly 10",
        setup_codes=("bad_options", "bad_dealer", "bad_deal"),
    )
    phases = PHASES
    move_type = Move
    move_tags = MOVE_TAGS
    event_type = Event
    options_type = TsukuruOptions
    setup_type = TsukuruSetup
    state_type = TsukuruState
    view_type = TsukuruView
    undo_rule = "nothing can be taken back: every move shows or takes a tile"
    _hooks: SearchHooks[Any, Any, Any] | None = None

    # --- setup ---------------------------------------------------------------

    def default_options(self) -> TsukuruOptions:
        """Basic scoring, to a target of 4 points."""
        return TsukuruOptions()

    def new_setup(self, num_players: int, options: TsukuruOptions, seed: int | None, *,
                  first_player: int | None = None) -> TsukuruSetup:
        """``setup.new_setup``: round 1's deal and the dealer, from ``seed`` (TK4)."""
        return setup.new_setup(num_players, options, seed, first_player=first_player)

    def start(self, num_players: int, setup_: TsukuruSetup) -> TsukuruState:
        """``setup.start``: the recorded setup, checked, and round 1 dealt."""
        return setup.start(num_players, setup_)

    def options_of(self, setup_: TsukuruSetup) -> TsukuruOptions:
        """The options that give this setup."""
        return TsukuruOptions(setup_.scoring, setup_.end)

    # --- play ------------------------------------------------------------------

    def legal_moves(self, state: TsukuruState) -> tuple[Move, ...]:
        """``rules.legal_moves``."""
        return rules.legal_moves(state)

    def apply(self, state: TsukuruState, move: Move) -> TsukuruState:
        """``rules.apply_move``."""
        return rules.apply_move(state, move)

    def step(self, state: TsukuruState, move: Move) -> TsukuruState:
        """``rules.step``."""
        return rules.step(state, move)

    def apply_with_events(self, state: TsukuruState, move: Move
                          ) -> tuple[TsukuruState, tuple[Event, ...]]:
        """``rules.apply_move_with_events``."""
        return rules.apply_move_with_events(state, move)

    def is_legal(self, state: TsukuruState, move: Move) -> bool:
        """``rules.is_legal``."""
        return rules.is_legal(state, move)

    def result(self, state: TsukuruState) -> Result | None:
        """``state.result`` (its ranks: ``state.ranks``)."""
        return state.result

    def to_move(self, state: TsukuruState) -> tuple[int, ...]:
        """The seat to move; nobody while a deal is awaited or once the game is over."""
        return () if state.active is None else (state.active,)

    def phase_name(self, state: TsukuruState) -> str:
        """``turn``, ``drawn``, ``discard``, ``deal`` or ``gameEnd``."""
        return state.phase.value

    def mover(self, move: Move) -> int | None:
        """The seat that makes ``move``; None for a deal."""
        return None if type(move) is Deal else move.player  # type: ignore[union-attr]

    # --- chance during play --------------------------------------------------------

    def awaits_chance(self, state: TsukuruState) -> bool:
        """True in phase ``deal``: a round ended and the next awaits its tiles."""
        return state.phase is _DEAL

    def chance_move(self, state: TsukuruState, rng: random.Random) -> Deal:
        """``rules.chance_move``: the 61 tiles shuffled with ``rng``."""
        return rules.chance_move(state, rng)

    def chance_generator(self, num_players: int, options: TsukuruOptions, seed: int | None
                         ) -> random.Random:
        """``random.Random(seed)`` past the setup's two draws."""
        return setup.chance_generator(num_players, options, seed)

    # --- what a seat may know ---------------------------------------------------

    def view(self, state: TsukuruState, seat: int | None) -> TsukuruView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """``events_for``: a drawn tile and dealt tiles are their owner's alone."""
        return events_for(events, seat)

    def update_view(self, view: TsukuruView, events: Iterable[Event]) -> TsukuruView:
        """``update_view``."""
        return update_view(view, events)

    def web_folder(self) -> Path:
        """``games/tsukuru/web``: every seat's sets and discards, the seat's tiles and its
        moves, each finish with its score, in the browser."""
        return Path(__file__).resolve().parent / "web"

    def indistinguishable(self, state: TsukuruState, seat: int | None, rng: random.Random
                          ) -> TsukuruState:
        """``state`` with what ``seat`` cannot see redrawn: the other seats' concealed
        tiles (every seat's, for a spectator) and the deck pooled, shuffled and dealt
        back in the same sizes. The last finisher's tiles stay: they were shown."""
        if type(state) is not TsukuruState:
            raise ArgumentError(f"indistinguishable needs a TsukuruState, not "
                                f"{type(state).__name__}")
        # Between a finish and the next deal the finisher's tiles lie open (TK19).
        shown = state.shown.seat if state.ended == "finish" and state.shown else None
        hidden = [owner for owner in range(state.num_players) if owner not in (seat, shown)]
        pool = list(state.deck) + [tile for owner in hidden
                                   for tile in tiles_of(state.concealed[owner])]
        rng.shuffle(pool)
        concealed = list(state.concealed)
        position = 0
        for owner in hidden:
            size = sum(concealed[owner])
            concealed[owner] = counts_of(pool[position:position + size])
            position += size
        return TsukuruState(state.options, tuple(pool[position:]), tuple(concealed),
                            state.open_sets, state.discards, state.dealer, state.round,
                            state.turns, state.scores, state.phase, state.active,
                            state.drawn if state.active == seat else None, state.shown,
                            state.ended, state.result)

    # --- learning agents ------------------------------------------------------------

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of
        ``aves_core.games.tsukuru.encoding``."""
        from aves_core.games.tsukuru.encoding import TsukuruEncoding

        self.check_players(num_players)
        return TsukuruEncoding(num_players)

    # --- undo -------------------------------------------------------------------

    def undo(self, before: TsukuruState, move: Move, events: Sequence[Event],
             after: TsukuruState, seat: int) -> tuple[Event, ...] | None:
        """Never: a draw reveals a tile to its seat, a discard or a get shows one to all,
        and a finish ends the round."""
        return None

    # --- text and JSON ----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``0:draw``, ``0:discard B7``, ``0:get 2 B4B5``, ``0:finish R1R2R3 B4B5B6``,
        ``0:finishfrom 3 ...``, ``*:deal ...``."""
        return parse_move(text)

    def state_report(self, state: TsukuruState) -> dict[str, Any]:
        """Round, dealer, scores, ranks, every seat's concealed tiles, open sets and
        discards, the deck (top first) and the last finish."""
        shown = state.shown
        return {
            "round": state.round,
            "dealer": state.dealer,
            "scores": list(state.scores),
            "ranks": None if state.ranks is None else list(state.ranks),
            "concealed": [list(tiles_of(tiles)) for tiles in state.concealed],
            "open_sets": [[str(shape) for shape in sets] for sets in state.open_sets],
            "discards": [list(pile) for pile in state.discards],
            "deck": list(state.deck),
            "last_finish": None if shown is None else {
                "seat": shown.seat, "round": shown.round,
                "arrangement": list(shown.arrangement.tokens()),
                "points": shown.score.points, "parts": [list(part)
                                                        for part in shown.score.parts]},
        }

    # --- players ------------------------------------------------------------------------

    def bot_factories(self) -> Mapping[str, Callable[[str], Bot]]:
        """``random``, ``greedy`` and ``search`` (IS-MCTS: ``search:N``, ``search:40ms``),
        from ``aves_core.games.tsukuru.bots``."""
        from aves_core.games.tsukuru.bots import bot_factories

        return bot_factories(self)

    def search_hooks(self) -> SearchHooks[Any, Any, Any]:
        """The unseen tiles dealt at random, GreedyBot's scores at the root, quick
        playouts, deals drawn as they come (``bots.search_hooks``)."""
        if self._hooks is None:
            from aves_core.games.tsukuru.bots import search_hooks

            self._hooks = search_hooks()
        return self._hooks

    def screen(self) -> Screen[Any, Any, Any]:
        """Every seat's sets and discards, the player's tiles and its finishes with their
        scores in a terminal, for ``aves play --game tsukuru``."""
        from aves_core.games.tsukuru.terminal import TsukuruScreen

        return TsukuruScreen()

    def describe_result(self, result: Result) -> str:
        """``the target score`` or ``every seat dealt twice``."""
        return {"target": "the target score",
                "rounds": "every seat dealt twice; the most points"}.get(
                    result.reason, result.reason.replace("_", " "))


TSUKURU = TsukuruGame()
"""The game of Tsukuru 10 Ten."""
