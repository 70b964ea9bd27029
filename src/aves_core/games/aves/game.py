"""AVES as a kernel game: the ``Game`` declared over AVES's own modules.

``AVES`` is the instance the registry knows as ``"aves"``. The moves, the door
(``rules.REFUSALS``), the transition and the phases are declared; the rest is handed
to AVES's functions (``legal_moves``, ``is_legal``, ``view_for``, ...), which stay
its public API and its fast paths (replay, views and events as JSON).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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
    events_for,
)
from aves_core.games.aves.log import GameLog
from aves_core.games.aves.moves import Move, Trade, parse_move, shared_move
from aves_core.games.aves.phases import PHASES, Phase
from aves_core.games.aves.rules import (
    REFUSALS,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
    random_setup,
    transition,
)
from aves_core.games.aves.state import REASONS, AvesSetup, GameState, Variant
from aves_core.games.aves.views import PlayerView, update_view, view_for, view_to_json
from aves_core.kernel.convert import FieldError, describe, structure
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

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
    refusals = REFUSALS
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

    # --- AVES's public functions: the rules, its door fused, and the fast paths ---------

    legal_moves = staticmethod(legal_moves)
    is_legal = staticmethod(is_legal)  # the door's REFUSALS fused: no list of moves built
    step = staticmethod(transition)  # the transition without events: searches' step
    transition = staticmethod(transition)
    apply = staticmethod(apply_move)
    apply_all = staticmethod(fastreplay.apply_all)
    replay_all = staticmethod(fastreplay.replay_all)
    view = staticmethod(view_for)
    events_for = staticmethod(events_for)
    update_view = staticmethod(update_view)
    parse_move = staticmethod(parse_move)
    view_to_json = staticmethod(view_to_json)

    def web_folder(self) -> Path:
        """``games/aves/web``: the circle, the hands and the ranking in the browser."""
        return Path(__file__).resolve().parent / "web"

    def indistinguishable(self, state: GameState, seat: int | None, rng: random.Random
                          ) -> GameState:
        """``state`` with the cards ``seat`` cannot see (the other hands, but under
        Showdown, and the deck) shuffled among their places, sizes kept. Drawn from the
        state itself, not from the seat's view: a view that showed too much would give
        the same state back, and the kit would see nothing wrong."""
        hidden = [owner for owner in range(state.num_players)
                  if owner != seat and not state.variant.showdown]
        pool = [card for owner in hidden for card in state.hands[owner]] + list(state.deck)
        rng.shuffle(pool)
        hands = list(state.hands)
        start = 0
        for owner in hidden:
            hands[owner] = canonical(pool[start:start + len(hands[owner])])
            start += len(hands[owner])
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

    def move_from_json(self, data: Any) -> Move:
        """A move object: a shared move when it is well formed (replay spends its parsing
        here), else the declared reader, which says what is wrong."""
        move = shared_move(data)
        if move is not None:
            return move
        if type(data) is dict and data.get("type", "pass") not in self.move_tags:
            raise FieldError(f"unknown move type {describe(data['type'])} (trade, return or "
                             "pass)", path="type")
        declared: Move = self.notation.from_json(data)
        return declared

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
