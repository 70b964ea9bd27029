"""Cubirds as a kernel game: the ``Game`` protocol over Cubirds' functions.

``CUBIRDS`` is the instance the registry knows as ``"cubirds"``. Cubirds is the
first game with chance during play (``Chance.PLAY``): when a card is needed and
the deck is empty, the state awaits a reshuffle (``awaits_chance``), which whoever
runs the game draws with ``chance_move`` and applies like any move; the log
records it as ``*:reshuffle ...``. Simulations stop at a move cap
(``max_moves``, CB17's 3,000 by convention): the rules themselves have none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aves_core.games.cubirds import rules
from aves_core.games.cubirds.cards import counts_of, text_of
from aves_core.games.cubirds.events import (
    Event,
    Laid,
    LayUndone,
    NoDrawUndone,
    events_for,
)
from aves_core.games.cubirds.moves import Lay, Move, NoDraw, Reshuffle, parse_move
from aves_core.games.cubirds.phases import PHASES, Phase
from aves_core.games.cubirds.serialize import MOVE_TAGS, structure_options
from aves_core.games.cubirds.setup import ReshufflePlan, SetupPlan
from aves_core.games.cubirds.state import (
    REASONS,
    CubirdsOptions,
    CubirdsSetup,
    CubirdsState,
)
from aves_core.games.cubirds.views import CubirdsView, update_view, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

if TYPE_CHECKING:
    from aves_core.kernel.bots import Bot
    from aves_core.kernel.search import SearchHooks
    from aves_core.kernel.terminal import Screen

__all__ = ["CUBIRDS", "CubirdsGame"]

_UNDOABLE_AFTER = (Phase.DRAW_OPTION, Phase.FLOCK)


class CubirdsGame(Game[CubirdsState, Move, CubirdsView, Event, CubirdsOptions,
                       CubirdsSetup]):
    """Cubirds for the kernel (its one instance is ``CUBIRDS``)."""

    facts = GameFacts(
        id="cubirds",
        name="Cubirds",
        version=1,
        min_players=2,
        max_players=5,
        hidden_information=True,
        chance=Chance.PLAY,
        reasons=REASONS,
        reason_words={"seven_species": "collected seven species",
                      "two_triples": "collected two species of three birds or more",
                      "deck_exhausted": "the deck ran out: the biggest collection wins"},
        summary="lay birds in rows to take the cards they enclose; fly flocks home to "
                "collect seven species or two triples",
        setup_codes=("bad_options", "bad_dealer", "bad_deal"),
    )
    phases = PHASES
    move_type = Move
    move_tags = MOVE_TAGS
    event_type = Event
    options_type = CubirdsOptions
    setup_type = CubirdsSetup
    state_type = CubirdsState
    view_type = CubirdsView
    undo_rule = ("only a seat's own lay that drew no card, or its nodraw, can be taken back, "
                 "while its turn goes on")
    _hooks: SearchHooks[Any, Any, Any] | None = None

    # --- setup ---------------------------------------------------------------

    def default_options(self) -> CubirdsOptions:
        """Rows of 3 cards (the published game)."""
        return CubirdsOptions()

    def new_setup(self, num_players: int, options: CubirdsOptions, seed: int | None, *,
                  first_player: int | None = None) -> CubirdsSetup:
        """``rules.new_setup``: the deal drawn from ``seed`` in CB4's order."""
        return rules.new_setup(num_players, options, seed, first_player=first_player)

    def start(self, num_players: int, setup: CubirdsSetup) -> CubirdsState:
        """``rules.start``: the recorded deal, checked (CB5) and dealt."""
        return rules.start(num_players, setup)

    def options_of(self, setup: CubirdsSetup) -> CubirdsOptions:
        """The options that give this setup."""
        return CubirdsOptions(setup.row_cards)

    # --- play ------------------------------------------------------------------

    def legal_moves(self, state: CubirdsState) -> tuple[Move, ...]:
        """``rules.legal_moves``."""
        return rules.legal_moves(state)

    def apply(self, state: CubirdsState, move: Move) -> CubirdsState:
        """``rules.apply_move``."""
        return rules.apply_move(state, move)

    def step(self, state: CubirdsState, move: Move) -> CubirdsState:
        """``rules.step``."""
        return rules.step(state, move)

    def apply_with_events(self, state: CubirdsState, move: Move
                          ) -> tuple[CubirdsState, tuple[Event, ...]]:
        """``rules.apply_move_with_events``."""
        return rules.apply_move_with_events(state, move)

    def is_legal(self, state: CubirdsState, move: Move) -> bool:
        """``rules.is_legal``."""
        return rules.is_legal(state, move)

    def result(self, state: CubirdsState) -> Result | None:
        """``state.result`` (its ranks: ``state.ranks``)."""
        return state.result

    def to_move(self, state: CubirdsState) -> tuple[int, ...]:
        """The seat to move; nobody once the game is over or while it awaits a
        reshuffle."""
        if state.active is None or state.phase is Phase.RESHUFFLE:
            return ()
        return (state.active,)

    def phase_name(self, state: CubirdsState) -> str:
        """``lay``, ``drawOption``, ``flock``, ``reshuffle`` or ``gameEnd``."""
        return state.phase.value

    def mover(self, move: Move) -> int | None:
        """The seat that makes ``move``; None for a reshuffle."""
        return None if type(move) is Reshuffle else move.player  # type: ignore[union-attr]

    # --- chance during play --------------------------------------------------------

    def awaits_chance(self, state: CubirdsState) -> bool:
        """True in phase ``reshuffle``: the deck is empty and a card is needed."""
        return state.phase is Phase.RESHUFFLE

    def chance_move(self, state: CubirdsState, rng: random.Random) -> Reshuffle:
        """``rules.chance_move``: the discard pile shuffled with ``rng``."""
        return rules.chance_move(state, rng)

    def chance_generator(self, num_players: int, options: CubirdsOptions, seed: int | None
                         ) -> random.Random:
        """``random.Random(seed)`` past the setup's three draws (``rules.chance_generator``)."""
        return rules.chance_generator(num_players, options, seed)

    def chance_plan(self, state: CubirdsState) -> ReshufflePlan:
        """The reshuffle card by card (``setup.ReshufflePlan``)."""
        return rules.chance_plan(state)

    def setup_plan(self, num_players: int, options: CubirdsOptions) -> SetupPlan:
        """The setup card by card, then the dealer (``setup.SetupPlan``)."""
        return rules.setup_plan(num_players, options)

    # --- what a seat may know ---------------------------------------------------

    def view(self, state: CubirdsState, seat: int | None) -> CubirdsView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """``events_for``: drawn and dealt cards are their owner's alone."""
        return events_for(events, seat)

    def update_view(self, view: CubirdsView, events: Iterable[Event]) -> CubirdsView:
        """``update_view``."""
        return update_view(view, events)

    def web_folder(self) -> Path:
        """``games/cubirds/web``: the rows, the hands by species, the collections and the
        prompts of each step in the browser."""
        return Path(__file__).resolve().parent / "web"

    def indistinguishable(self, state: CubirdsState, seat: int | None, rng: random.Random
                          ) -> CubirdsState:
        """``state`` with what ``seat`` cannot see redrawn: the other seats' hands (every
        hand, for a spectator) and the deck pooled, shuffled and dealt back in the same
        sizes."""
        if type(state) is not CubirdsState:
            raise ArgumentError(f"indistinguishable needs a CubirdsState, not "
                                f"{type(state).__name__}")
        hidden = [owner for owner in range(state.num_players) if owner != seat]
        pool = list(state.deck) + [card for owner in hidden
                                   for card in text_of(state.hands[owner])]
        rng.shuffle(pool)
        hands = list(state.hands)
        position = 0
        for owner in hidden:
            size = sum(hands[owner])
            hands[owner] = counts_of(pool[position:position + size])
            position += size
        return CubirdsState(state.rows, "".join(pool[position:]), state.discard, tuple(hands),
                            state.collections, state.dealer, state.phase, state.active,
                            state.pending, state.result)

    # --- learning agents ------------------------------------------------------------

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of
        ``aves_core.games.cubirds.encoding``."""
        from aves_core.games.cubirds.encoding import CubirdsEncoding

        self.check_players(num_players)
        return CubirdsEncoding(num_players)

    # --- undo -------------------------------------------------------------------

    def undo(self, before: CubirdsState, move: Move, events: Sequence[Event],
             after: CubirdsState, seat: int) -> tuple[Event, ...] | None:
        """Board Game Arena's policy, never past revealed information: a seat may take
        back its own ``lay`` that drew no card (no refill: a lay that took cards and
        left two species is fine, the taken cards were public) or its ``nodraw``,
        while its turn goes on (phase drawOption or flock). Never a draw, a flock or
        no flock (they end the turn), a refill, a reshuffle, or a move that ended the
        game."""
        kind = type(move)
        if (kind is not Lay and kind is not NoDraw) or move.player != seat:  # type: ignore[union-attr]
            return None
        if (after.result is not None or after.active != seat
                or after.phase not in _UNDOABLE_AFTER or after.deck != before.deck):
            return None
        if isinstance(move, NoDraw):
            return (NoDrawUndone(seat),)
        assert isinstance(move, Lay)
        _after, happened = rules.apply_move_with_events(before, move)
        laid = next(event for event in happened if isinstance(event, Laid))
        return (LayUndone(seat, laid.species, laid.count, laid.row, laid.side, laid.taken),)

    # --- text and JSON ----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``0:lay P 2 left``, ``0:draw``, ``0:nodraw``, ``0:fly M``, ``0:nofly``,
        ``*:reshuffle WRMP...``."""
        return parse_move(text)

    def options_from_json(self, data: Any) -> CubirdsOptions:
        """Options from JSON (``row_cards`` 3 or 4: ``bad_options`` otherwise)."""
        return structure_options(data)

    def state_report(self, state: CubirdsState) -> dict[str, Any]:
        """Rows, hands, collections (letters, canonical order), deck (top first),
        discard pile, dealer, pending reshuffle, ranks and collection sizes."""
        ranks = state.ranks
        return {
            "rows": list(state.rows),
            "hands": [text_of(hand) for hand in state.hands],
            "collections": [text_of(collection) for collection in state.collections],
            "collection_sizes": list(state.collection_sizes),
            "deck": state.deck,
            "discard": text_of(state.discard),
            "dealer": state.dealer,
            "pending": None if state.pending is None else state.pending.kind,
            "ranks": None if ranks is None else list(ranks),
        }

    def describe_result(self, result: Result) -> str:
        """``seven species``, ``two species of three cards`` or ``no more cards``."""
        return {"seven_species": "seven species in a collection",
                "two_triples": "three cards of two species in a collection",
                "deck_exhausted": "no more cards; the largest collection"}.get(
                    result.reason, result.reason.replace("_", " "))

    def state_text(self, state: CubirdsState) -> str:
        """The rows, the deck and discard pile, every hand and collection, who moves."""
        return str(state)

    # --- players ------------------------------------------------------------------------

    def bot_factories(self) -> Mapping[str, Callable[[str], Bot]]:
        """``random``, ``greedy`` and ``search`` (IS-MCTS: ``search:N``, ``search:40ms``),
        from ``aves_core.games.cubirds.bots``."""
        from aves_core.games.cubirds.bots import bot_factories

        return bot_factories(self)

    def search_hooks(self) -> SearchHooks[Any, Any, Any]:
        """The unseen cards dealt at random, GreedyBot's scores at the root, quick
        playouts, reshuffles drawn as they come (``bots.search_hooks``)."""
        if self._hooks is None:
            from aves_core.games.cubirds.bots import search_hooks

            self._hooks = search_hooks()
        return self._hooks

    def screen(self) -> Screen[Any, Any, Any]:
        """The rows, hands and collections in a terminal, for ``aves play --game
        cubirds``."""
        from aves_core.games.cubirds.terminal import CubirdsScreen

        return CubirdsScreen()


CUBIRDS = CubirdsGame()
"""The game of Cubirds."""
