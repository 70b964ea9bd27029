"""AVES as a kernel game: the ``Game`` protocol over AVES's own functions.

``AVES`` is the instance the registry knows as ``"aves"``. Every method hands
straight to the functions of the AVES modules (``apply_move``,
``legal_moves``, ``view_for``, ...), which stay the fast path and the public
API; this class only gives the kernel's layers one door to all of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aves_core.games.aves import fastreplay
from aves_core.games.aves.cards import canonical
from aves_core.games.aves.events import (
    CardDrawn,
    CardPlaced,
    CardsTaken,
    CircleRefilled,
    Event,
    TradeUndone,
    apply_move_with_events,
    events_for,
)
from aves_core.games.aves.log import GameLog
from aves_core.games.aves.moves import Move, Trade, parse_move
from aves_core.games.aves.phases import PHASES, Phase
from aves_core.games.aves.rules import (
    apply_move,
    is_legal,
    legal_moves,
    new_game,
    random_setup,
    unchecked_step,
)
from aves_core.games.aves.serialize import (
    FieldError,
    event_from_json,
    event_to_json,
    structure,
    structure_move,
    unstructure_move,
)
from aves_core.games.aves.state import REASONS, AvesSetup, GameState, Variant
from aves_core.games.aves.views import PlayerView, update_view, view_for, view_to_json
from aves_core.kernel.errors import ArgumentError, IllegalMoveError
from aves_core.kernel.game import Chance, Game, GameFacts, Result, ViewStatus

if TYPE_CHECKING:
    from aves_core.kernel.bots import Bot
    from aves_core.kernel.chance import ChancePlan
    from aves_core.kernel.search import SearchHooks
    from aves_core.kernel.terminal import Screen

__all__ = ["AVES", "AvesGame"]


class AvesGame(Game[GameState, Move, PlayerView, Event, Variant, AvesSetup]):
    """AVES for the kernel (its one instance is ``AVES``)."""

    facts = GameFacts(
        id="aves",
        name="AVES",
        version=1,
        min_players=2,
        max_players=6,
        hidden_information=True,
        chance=Chance.SETUP,
        reasons=REASONS,
        reason_words={"seven_colors": "collected all seven colours",
                      "deck_empty": "the deck ran out: the best hand wins"},
        summary="trade fruit cards into a circle to collect seven colours of feathers",
        setup_codes=("bad_deal", "bad_first_player"),
    )
    phases = PHASES
    move_type = Move
    event_type = Event
    options_type = Variant
    setup_type = AvesSetup
    state_type = GameState
    view_type = PlayerView
    _hooks: SearchHooks[Any, Any, Any] | None = None

    # --- setup --------------------------------------------------------------

    def default_options(self) -> Variant:
        """No variant: neither Greedy Crow nor Showdown."""
        return Variant()

    def new_setup(self, num_players: int, options: Variant, seed: int | None, *,
                  first_player: int | None = None) -> AvesSetup:
        """The shuffled deal and first player ``new_game`` uses for ``seed`` (the first
        player given, if it is)."""
        deal, drawn = random_setup(num_players, options, seed)
        setup = AvesSetup(options, deal, drawn if first_player is None else first_player)
        self.start(num_players, setup)  # a bad first player is a SetupError now
        return setup

    def start(self, num_players: int, setup: AvesSetup) -> GameState:
        """The dealt game (``SetupError`` for a deal or first player that is no game)."""
        if not isinstance(setup, AvesSetup):
            raise ArgumentError(f"an AVES setup is an AvesSetup, not {type(setup).__name__}")
        return new_game(num_players, setup.variant, deal=setup.deal,
                        first_player=setup.first_player)

    def options_of(self, setup: AvesSetup) -> Variant:
        """The setup's variant."""
        return setup.variant

    # --- play ---------------------------------------------------------------

    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """``aves_core.legal_moves``."""
        return legal_moves(state)

    def apply(self, state: GameState, move: Move) -> GameState:
        """``aves_core.apply_move``."""
        return apply_move(state, move)

    def step(self, state: GameState, move: Move) -> GameState:
        """``apply_move`` without its checks."""
        return unchecked_step(state, move)

    def apply_with_events(self, state: GameState, move: Move
                          ) -> tuple[GameState, tuple[Event, ...]]:
        """``apply_move_with_events``."""
        return apply_move_with_events(state, move)

    def apply_all(self, state: GameState, moves: Iterable[Move]
                  ) -> tuple[GameState, int, IllegalMoveError | None]:
        """Replay's fast path (``fastreplay.apply_all``)."""
        if type(state) is not GameState:
            raise ArgumentError(f"apply_all needs a GameState, not {type(state).__name__}")
        return fastreplay.apply_all(state, moves)

    def replay_all(self, num_players: int, setup: AvesSetup, moves: Iterable[Move]
                   ) -> tuple[GameState, int, IllegalMoveError | None]:
        """``new_game`` and ``apply_all`` fused (``fastreplay.replay_all``)."""
        if not isinstance(setup, AvesSetup):
            raise ArgumentError(f"an AVES setup is an AvesSetup, not {type(setup).__name__}")
        return fastreplay.replay_all(num_players, setup, moves)

    def is_legal(self, state: GameState, move: Move) -> bool:
        """``aves_core.is_legal``, which builds no list of moves."""
        return is_legal(state, move)

    def result(self, state: GameState) -> Result | None:
        """``state.result``."""
        return state.result

    def to_move(self, state: GameState) -> tuple[int, ...]:
        """The active seat, or nobody once the game is over."""
        return () if state.active_player is None else (state.active_player,)

    def phase_name(self, state: GameState) -> str:
        """The phase's name in the log format (``playerTurn``, ...)."""
        return state.phase.value

    # --- what a seat may know -----------------------------------------------

    def view(self, state: GameState, seat: int | None) -> PlayerView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """``events_for``: a drawn card is the drawer's alone, but under Showdown."""
        return events_for(events, seat)

    def update_view(self, view: PlayerView, events: Iterable[Event]) -> PlayerView:
        """``update_view``."""
        return update_view(view, events)

    def view_status(self, view: PlayerView) -> ViewStatus:
        """The view's phase, its active player (nobody once over) and its result."""
        active = view.active_player
        return ViewStatus(view.phase.value, () if active is None else (active,), view.result)

    def web_folder(self) -> Path:
        """``games/aves/web``: the circle, the hands and the ranking in the browser."""
        return Path(__file__).resolve().parent / "web"

    def indistinguishable(self, state: GameState, seat: int | None, rng: random.Random
                          ) -> GameState:
        """``state`` with the cards ``seat`` cannot see (the other hands, but under
        Showdown, and the deck) shuffled among their places, sizes kept."""
        hidden_hands = [owner for owner in range(state.num_players)
                        if owner != seat and not state.variant.showdown]
        pool = [card for owner in hidden_hands for card in state.hands[owner]]
        pool += state.deck
        rng.shuffle(pool)
        hands = list(state.hands)
        start = 0
        for owner in hidden_hands:
            size = len(hands[owner])
            hands[owner] = canonical(pool[start:start + size])
            start += size
        return GameState(state.variant, state.phase, state.active_player, tuple(hands),
                         state.circle, tuple(pool[start:]), state.result)

    # --- undo ---------------------------------------------------------------

    undo_rule = ("only a match of the turn in progress that revealed no hidden card can be "
                 "taken back")

    def undo(self, before: GameState, move: Move, events: Sequence[Event], after: GameState,
             seat: int) -> tuple[Event, ...] | None:
        """Board Game Arena's policy: only a match of the turn still in progress (a
        return is due) that revealed no hidden card (no draw, no refill)."""
        if (after.phase is not Phase.FORCED_RETURN or after.active_player != seat
                or move.player != seat or not isinstance(move, Trade)
                or any(isinstance(event, CardDrawn | CircleRefilled) for event in events)):
            return None
        placed = next(event for event in events if isinstance(event, CardPlaced))
        taken = next(event for event in events if isinstance(event, CardsTaken))
        return (TradeUndone(seat, placed.card, placed.gap, taken.cards),)

    # --- text and JSON --------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``parse_move``: ``0:trade R3@2``, ``0:return G1@0``, ``1:pass``."""
        return parse_move(text)

    def move_to_json(self, move: Move) -> dict[str, Any]:
        """``{"type": "trade", "player": 0, "card": "R3", "gap": 2}``."""
        return unstructure_move(move)

    def move_from_json(self, data: Any) -> Move:
        """A move object, shared moves first (replay spends its parsing here)."""
        return structure_move(data)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """An event as its JSON object, ``"type"`` first."""
        return event_to_json(event)

    def event_from_json(self, data: Any) -> Event:
        """An event from its JSON object."""
        return event_from_json(data)

    def view_to_json(self, view: PlayerView) -> dict[str, Any]:
        """``view_to_json``."""
        return view_to_json(view)

    def setup_from_json(self, data: Any) -> AvesSetup:
        """The ``setup`` object of an ``aves-core-log`` header."""
        if type(data) is not dict:
            raise FieldError("the setup must be an object")
        try:
            return structure(data, AvesSetup)
        except FieldError as error:
            if error.path.startswith("deal") and error.code != "schema":
                raise FieldError(error.message, path=error.path, code="bad_deal") from None
            raise

    def replay_report(self, state: GameState, moves: int) -> dict[str, Any]:
        """The report of ``LOG_FORMAT.md``: phase, seat, result, hands, circle, deck."""
        result = state.result
        return {
            "valid": True,
            "moves": moves,
            "phase": state.phase.value,
            "active_player": state.active_player,
            "winners": None if result is None else list(result.winners),
            "reason": None if result is None else result.reason,
            "hands": [[str(card) for card in canonical(hand)] for hand in state.hands],
            "circle": [str(card) for card in state.circle],
            "deck": [str(card) for card in state.deck],
        }

    def describe_result(self, result: Result) -> str:
        """``collected all seven colours`` or ``the deck ran out; best hand``."""
        if result.reason == "seven_colors":
            return "collected all seven colours"
        return "the deck ran out; best hand"

    def make_log(self, players: tuple[str, ...], setup: AvesSetup, seed: int | None,
                 moves: tuple[Move, ...] = (), result: Result | None = None) -> GameLog:
        """A ``GameLog``."""
        return GameLog(players=players, variant=setup.variant, deal=setup.deal,
                       first_player=setup.first_player, seed=seed, moves=moves, result=result)

    def state_text(self, state: GameState) -> str:
        """The circle, the deck's size and every hand, on one line."""
        hands = "  ".join(f"{seat}:[{' '.join(map(str, hand))}]"
                          for seat, hand in enumerate(state.hands))
        return (f"circle ({' '.join(map(str, state.circle))})  deck {len(state.deck)}  "
                f"{hands}")

    # --- bots, search, the terminal ---------------------------------------------

    def bot_factories(self) -> Mapping[str, Callable[[str], Bot]]:
        """``random``, ``greedy`` and ``search`` (``search:800``, ``search:40ms``)."""
        from aves_core.games.aves.bots.greedy import GreedyBot
        from aves_core.kernel.bots import standard_bots

        return standard_bots(self, greedy=GreedyBot)

    def setup_plan(self, num_players: int, options: Variant) -> ChancePlan[AvesSetup]:
        """The deal card by card, then the first player (``aves_core.games.aves.plan``)."""
        from aves_core.games.aves.plan import AvesSetupPlan

        self.check_players(num_players)
        return AvesSetupPlan(num_players, options)

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of ``aves_core.games.aves.encoding``."""
        from aves_core.games.aves.encoding import AvesEncoding

        self.check_players(num_players)
        return AvesEncoding(num_players)

    def search_hooks(self) -> SearchHooks[Any, Any, Any]:
        """Determinization from what the seat knows, GreedyBot's ordering and the
        fast playout policy."""
        if self._hooks is None:
            from aves_core.games.aves.bots.search import AvesSearchHooks

            self._hooks = AvesSearchHooks()
        return self._hooks

    def screen(self) -> Screen[Any, Any, Any]:
        """The terminal table of ``aves play``."""
        from aves_core.games.aves.terminal import AvesScreen

        return AvesScreen()


AVES = AvesGame()
"""The game of AVES."""
