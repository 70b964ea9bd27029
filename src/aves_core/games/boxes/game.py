"""Boxes as a kernel game (``BOXES``, the registry's ``"boxes"``): its facts, its setup,
its door and rules, what a seat sees, its undo. All chance is in the setup, drawn in
BX5's order and recorded, so ``start`` and replay draw nothing; docs/boxes.md
("Simultaneous moves") tells how the sealed commits come in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.boxes import rules, views
from aves_core.games.boxes.cards import CLOSED_CANONICAL, OPEN_CANONICAL, START_NOTES, money_of
from aves_core.games.boxes.events import Committed, Event, Examined, Sold, Undone
from aves_core.games.boxes.moves import Auction, Bid, Move, Pass, Stop
from aves_core.games.boxes.phases import PHASES, Phase
from aves_core.games.boxes.state import BoxesOptions, BoxesSetup, BoxesState
from aves_core.games.boxes.views import BoxesView
from aves_core.kernel.convert import converter
from aves_core.kernel.errors import ArgumentError, SetupError, require_int
from aves_core.kernel.game import Chance, Game, GameFacts, Result

__all__ = ["BOXES", "BoxesGame"]


_SECRETS: dict[type, dict[str, Any]] = {
    Examined: {"card": None}, Committed: {"notes": None}, Sold: {"cards": None}}
"""Each event's field that only its ``seat`` sees (BX22), hidden from the others."""


_UNDOABLE = {Auction: Phase.EXAMINE, Stop: Phase.EXAMINE, Bid: Phase.OPEN_AUCTION,
             Pass: Phase.OPEN_AUCTION}
"""The moves a seat may take back, each when it leaves the game in this phase."""


def _pile(pile: tuple[str, ...], canonical: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``pile`` if it holds exactly the cards of ``canonical`` (``bad_pile`` otherwise)."""
    if type(pile) is not tuple:
        raise SetupError(f"{name} must be a list of card codes", code="bad_pile", path=name)
    known = set(canonical)
    for index, card in enumerate(pile):
        if card not in known:
            raise SetupError(f"{card!r:.20} is not a card of the {name} "
                             f"({', '.join(sorted(known))})", code="bad_pile",
                             path=f"{name}[{index}]")
    have, want = Counter(pile), Counter(canonical)
    if have != want:
        wrong = sorted(card for card in known if have[card] != want[card])[0]
        raise SetupError(f"the {name} must hold {len(canonical)} cards exactly: "
                         f"{have[wrong]} of {wrong}, not {want[wrong]}", code="bad_pile",
                         path=name)
    return pile


class BoxesGame(Game[BoxesState, Move, BoxesView, Event, BoxesOptions, BoxesSetup]):
    """Boxes for the kernel (its one instance is ``BOXES``)."""

    facts = GameFacts(
        id="boxes", name="Boxes", version=1, min_players=2, max_players=4,
        # BX22/BX23: private looks stay private, the piles' order hidden, for good.
        public_log=False,
        hidden_information=True, chance=Chance.SETUP, simultaneous_moves=True,
        reasons=("most_wealth",),
        reason_words={"most_wealth": "the most wealth: banknotes, cards and collections"},
        summary="examine containers of face-down boxes, win them at open or sealed "
                "auctions, end with the most wealth",
        setup_codes=("bad_pile", "bad_first"))
    phases = PHASES
    refusals = rules.REFUSALS
    parts: Mapping[str, str] = {
        "screen": ".terminal:BoxesScreen", "encoding": ".encoding:BoxesEncoding",
        "bots": ".bots:bot_factories", "search": ".search:search_hooks"}
    undo_rule = ("only the auctioneer's choice of auction, a stop that leaves the examining "
                 "to the next seat, or a bid or pass that leaves the auction going: never a "
                 "look, a commit, a reveal or a sale")

    # --- setup ---------------------------------------------------------------

    def new_setup(self, num_players: int, options: BoxesOptions, seed: int | None, *,
                  first_player: int | None = None) -> BoxesSetup:
        """Both piles and the first auctioneer, drawn in BX5's order (``seed`` None: the
        system's randomness); ``first_player``, when given, draws nothing [D3]."""
        self.check_players(num_players)
        if not isinstance(options, BoxesOptions):
            raise ArgumentError(f"options must be BoxesOptions, not {type(options).__name__}")
        if seed is not None:
            require_int(seed, "seed")
        if first_player is not None:
            require_int(first_player, "first_player")
        rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        open_pile, closed_pile = list(OPEN_CANONICAL), list(CLOSED_CANONICAL)
        rng.shuffle(open_pile)
        rng.shuffle(closed_pile)
        first = rng.randrange(num_players) if first_player is None else first_player
        setup = BoxesSetup(tuple(open_pile), tuple(closed_pile), first)
        self.start(num_players, setup)  # a first player that is no seat is a SetupError now
        return setup

    def start(self, num_players: int, setup: BoxesSetup) -> BoxesState:
        """Container 1 laid out, the first auctioneer to choose. A setup that is no deal is
        a ``SetupError`` naming the bad field: ``bad_pile`` (``open_pile``,
        ``closed_pile``), ``bad_first`` (``first``)."""
        self.check_players(num_players)
        if not isinstance(setup, BoxesSetup):
            raise ArgumentError(f"a Boxes setup is a BoxesSetup, not {type(setup).__name__}")
        open_pile = _pile(setup.open_pile, OPEN_CANONICAL, "open_pile")
        closed_pile = _pile(setup.closed_pile, CLOSED_CANONICAL, "closed_pile")
        first = setup.first
        if type(first) is not int or not 0 <= first < num_players:
            raise SetupError(f"the first auctioneer is a seat 0 to {num_players - 1}, not "
                             f"{first!r:.20}", code="bad_first", path="first")
        return BoxesState(open_pile, closed_pile, first, (START_NOTES,) * num_players)

    # --- play ------------------------------------------------------------------

    legal_moves = staticmethod(rules.legal_moves)
    all_moves = staticmethod(rules.all_moves)
    transition = staticmethod(rules.step)

    # --- what a seat may know ---------------------------------------------------

    view = staticmethod(views.view_for)

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """The events as ``seat`` may see them: the others' secret fields (``_SECRETS``) hidden."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
            raise ArgumentError(f"seat must be a seat 0 to 3 or None (a spectator), not "
                                f"{seat!r}")
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):
            raise ArgumentError(f"events_for needs an iterable of events, not "
                                f"{type(events).__name__}")
        return tuple(attrs.evolve(event, **_SECRETS[type(event)])
                     if isinstance(event, Examined | Committed | Sold) and event.seat != seat
                     else event for event in events)

    indistinguishable = staticmethod(views.indistinguishable)

    # --- undo -------------------------------------------------------------------

    def undo(self, before: BoxesState, move: Move, events: Sequence[Event],
             after: BoxesState, seat: int) -> tuple[Event, ...] | None:
        """``Undone`` with ``before``'s public fields when ``seat`` may take back its
        ``move`` (``undo_rule``, ``_UNDOABLE``), else None."""
        if move.player != seat or after.result is not None:
            return None
        if _UNDOABLE.get(type(move)) is after.phase:
            return (Undone(seat, before.phase.value, before.auction, before.examiner,
                           before.actions, before.bidders, before.standing, before.holder,
                           before.turn),)
        return None

    # --- reports ----------------------------------------------------------------------

    def state_report(self, state: BoxesState) -> dict[str, Any]:
        """Container, auctioneer, every seat's notes and money, the sales, and at the end
        each seat's cards and wealth."""
        return {
            "container": state.container,
            "auctioneer": state.auctioneer,
            "notes": converter.unstructure(state.notes),
            "money": [money_of(notes) for notes in state.notes],
            "sales": converter.unstructure(state.sales),
            "cards": converter.unstructure(state.final_cards),
            "wealth": converter.unstructure(state.wealth),
        }

    def describe_result(self, result: Result) -> str:
        """``the most wealth``."""
        return "the most wealth"


BOXES = BoxesGame()
"""The game of Boxes."""
