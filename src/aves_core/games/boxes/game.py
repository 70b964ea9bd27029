"""Boxes as a kernel game: the ``Game`` protocol over Boxes' functions.

``BOXES`` is the instance the registry knows as ``"boxes"``. Boxes is the first game
with simultaneous moves (``GameFacts.simultaneous_moves``): in phase ``sealedBid``
every seat that has not committed is in ``to_move``, ``legal_moves`` holds all
their commits seat by seat, ``mover`` says whose a move is, and each commit is
applied as it arrives; the last one reveals them all. All chance is in the setup.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from aves_core.games.boxes import rules, setup
from aves_core.games.boxes.cards import money_of
from aves_core.games.boxes.events import Event, Undone, events_for
from aves_core.games.boxes.moves import Auction, Bid, Move, Pass, Stop, parse_move
from aves_core.games.boxes.phases import PHASES, Phase
from aves_core.games.boxes.serialize import MOVE_TAGS
from aves_core.games.boxes.state import REASONS, BoxesOptions, BoxesSetup, BoxesState
from aves_core.games.boxes.views import BoxesView, indistinguishable, update_view, view_for
from aves_core.kernel.game import Chance, Game, GameFacts, Result
from aves_core.kernel.terminal import Screen

__all__ = ["BOXES", "BoxesGame"]


class BoxesGame(Game[BoxesState, Move, BoxesView, Event, BoxesOptions, BoxesSetup]):
    """Boxes for the kernel (its one instance is ``BOXES``)."""

    facts = GameFacts(
        id="boxes",
        name="Boxes",
        version=1,
        min_players=2,
        max_players=4,
        hidden_information=True,
        chance=Chance.SETUP,
        reasons=REASONS,
        simultaneous_moves=True,
        reason_words={"most_wealth": "the most wealth: banknotes, cards and collections"},
        summary="examine containers of face-down boxes, win them at open or sealed "
                "auctions, end with the most wealth",
        setup_codes=setup.SETUP_CODES,
    )
    phases = PHASES
    move_type = Move
    move_tags = MOVE_TAGS
    event_type = Event
    options_type = BoxesOptions
    setup_type = BoxesSetup
    state_type = BoxesState
    view_type = BoxesView
    undo_rule = ("only the auctioneer's choice of auction, a stop that leaves the examining "
                 "to the next seat, or a bid or pass that leaves the auction going: never a "
                 "look, a commit, a reveal or a sale")

    # --- setup ---------------------------------------------------------------

    def default_options(self) -> BoxesOptions:
        """Boxes has no options."""
        return BoxesOptions()

    def new_setup(self, num_players: int, options: BoxesOptions, seed: int | None, *,
                  first_player: int | None = None) -> BoxesSetup:
        """``setup.new_setup``: both piles and the first auctioneer, in BX5's order."""
        return setup.new_setup(num_players, options, seed, first_player=first_player)

    def start(self, num_players: int, setup_: BoxesSetup) -> BoxesState:
        """``setup.start``: the recorded deal, checked."""
        return setup.start(num_players, setup_)

    def options_of(self, setup_: BoxesSetup) -> BoxesOptions:
        """The options (none)."""
        return BoxesOptions()

    # --- play ------------------------------------------------------------------

    def legal_moves(self, state: BoxesState) -> tuple[Move, ...]:
        """``rules.legal_moves``."""
        return rules.legal_moves(state)

    def apply(self, state: BoxesState, move: Move) -> BoxesState:
        """``rules.apply_move``."""
        return rules.apply_move(state, move)

    def step(self, state: BoxesState, move: Move) -> BoxesState:
        """``rules.step``."""
        return rules.step(state, move)

    def apply_with_events(self, state: BoxesState, move: Move
                          ) -> tuple[BoxesState, tuple[Event, ...]]:
        """``rules.apply_move_with_events``."""
        return rules.apply_move_with_events(state, move)

    def is_legal(self, state: BoxesState, move: Move) -> bool:
        """``rules.is_legal``."""
        return rules.is_legal(state, move)

    def result(self, state: BoxesState) -> Result | None:
        """``state.result``."""
        return state.result

    def to_move(self, state: BoxesState) -> tuple[int, ...]:
        """``rules.to_move``: in ``sealedBid`` every seat yet to commit."""
        return rules.to_move(state)

    def phase_name(self, state: BoxesState) -> str:
        """``chooseAuction``, ``examine``, ``openAuction``, ``sealedBid``, ``payment`` or
        ``gameEnd``."""
        return state.phase.value

    def mover(self, move: Move) -> int | None:
        """The seat that makes ``move``."""
        return move.player

    # --- what a seat may know ---------------------------------------------------

    def view(self, state: BoxesState, seat: int | None) -> BoxesView:
        """``view_for``."""
        return view_for(state, seat)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """``events_for``: examined cards, sealed commits and won cards are their seat's
        alone."""
        return events_for(events, seat)

    def update_view(self, view: BoxesView, events: Iterable[Event]) -> BoxesView:
        """``update_view``."""
        return update_view(view, events)

    def indistinguishable(self, state: BoxesState, seat: int | None, rng: random.Random
                          ) -> BoxesState:
        """``views.indistinguishable``: unseen cards and others' pending commits redrawn."""
        return indistinguishable(state, seat, rng)

    # --- undo -------------------------------------------------------------------

    def undo(self, before: BoxesState, move: Move, events: Sequence[Event],
             after: BoxesState, seat: int) -> tuple[Event, ...] | None:
        """A seat may take back its own ``auction`` choice (nobody has examined yet), a
        ``stop`` that passed the examining to the next seat, or a ``bid`` or ``pass``
        after which the same auction goes on. Never a look (``examine``), a commit
        (``seal``), a reveal, a payment or a sale: they show what cannot be unseen."""
        kind = type(move)
        if move.player != seat or after.result is not None:
            return None
        if kind is Auction and after.phase is Phase.EXAMINE:
            return (Undone(seat, Phase.CHOOSE_AUCTION.value, None, None, 0, (), None, None,
                           None),)
        if kind is Stop and after.phase is Phase.EXAMINE:
            return (Undone(seat, Phase.EXAMINE.value, before.auction, before.examiner,
                           before.actions, (), None, None, None),)
        if (kind is Bid or kind is Pass) and after.phase is Phase.OPEN_AUCTION:
            return (Undone(seat, Phase.OPEN_AUCTION.value, before.auction, None, 0,
                           before.bidders, before.standing, before.holder, before.turn),)
        return None

    # --- text and JSON ----------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """``0:auction open``, ``1:examine c3``, ``1:stop``, ``2:seal 500 100``,
        ``0:bid 350``, ``3:pass``, ``0:pay 500 200``."""
        return parse_move(text)

    def state_report(self, state: BoxesState) -> dict[str, Any]:
        """Container, auctioneer, every seat's notes and money, the sales, and at the end
        each seat's cards and wealth."""
        return {
            "container": state.container,
            "auctioneer": state.auctioneer,
            "notes": [list(notes) for notes in state.notes],
            "money": [money_of(notes) for notes in state.notes],
            "sales": [{"container": sale.container, "seat": sale.seat, "price": sale.price,
                       "notes": list(sale.notes)} for sale in state.sales],
            "cards": None if state.final_cards is None else [list(cards) for cards
                                                             in state.final_cards],
            "wealth": None if state.wealth is None else list(state.wealth),
        }

    def describe_result(self, result: Result) -> str:
        """``the most wealth``."""
        return "the most wealth"

    def state_text(self, state: BoxesState) -> str:
        """The container, every seat's notes and containers, this container's looks, and
        who moves."""
        return str(state)

    # --- bots and learning agents ----------------------------------------------------------

    _hooks: Any = None

    def bot_factories(self) -> Any:
        """``random``, ``greedy`` and ``search`` (IS-MCTS: ``search:N``, ``search:40ms``),
        from ``aves_core.games.boxes.bots``."""
        from aves_core.games.boxes.bots import bot_factories

        return bot_factories(self)

    def search_hooks(self) -> Any:
        """The unseen cards redrawn by pile and the others' pending commits drawn by the
        playout policy, GreedyBot's scores at the root (``bots.search_hooks``)."""
        if self._hooks is None:
            from aves_core.games.boxes.bots import search_hooks

            self._hooks = search_hooks()
        return self._hooks

    def encoding(self, num_players: int) -> Any:
        """The action indices and observation layout of
        ``aves_core.games.boxes.encoding``."""
        from aves_core.games.boxes.encoding import BoxesEncoding

        self.check_players(num_players)
        return BoxesEncoding(num_players)

    # --- the ways people play -------------------------------------------------------------

    def screen(self) -> Screen[Any, Any, Any]:
        """The container's slots, every seat's notes, the auction and the moves in a
        terminal, for ``aves play --game boxes``."""
        from aves_core.games.boxes.terminal import BoxesScreen

        return BoxesScreen()

    def web_folder(self) -> Path:
        """``games/boxes/web``: the container's slots, the seats' notes, the sealed bid
        built note by note, the open auction and the payment, in the browser."""
        return Path(__file__).resolve().parent / "web"


BOXES = BoxesGame()
"""The game of Boxes."""
