"""Cubirds as a kernel game: its facts, its door, its chance, views and players.

``CUBIRDS`` is the instance the registry knows as ``"cubirds"``; the kernel derives
the rest from ``moves``, ``events`` and ``rules``. Its chance during play, the
reshuffles, is docs/cubirds.md's "Chance during play".
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.cubirds import rules, setup
from aves_core.games.cubirds.cards import counts_of, text_of
from aves_core.games.cubirds.events import (
    CardsDealt,
    CardsDrawn,
    Event,
    Laid,
    LayUndone,
    NoDrawUndone,
)
from aves_core.games.cubirds.moves import Lay, Move, NoDraw
from aves_core.games.cubirds.phases import PHASES, Phase
from aves_core.games.cubirds.state import REASONS, CubirdsOptions, CubirdsSetup, CubirdsState
from aves_core.games.cubirds.views import CubirdsView, view_for
from aves_core.kernel.errors import ArgumentError
from aves_core.kernel.game import Chance, Game, GameFacts, Result

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
        # CB18: a hand is its owner's alone, and the deck order nobody's, for good.
        public_log=False,
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
    refusals = rules.REFUSALS
    parts: Mapping[str, str] = {
        "screen": ".terminal:CubirdsScreen", "encoding": ".encoding:CubirdsEncoding",
        "bots": ".bots:bot_factories", "search": ".bots:search_hooks"}
    undo_rule = ("only a seat's own lay that drew no card, or its nodraw, can be taken back, "
                 "while its turn goes on")

    # The rules' functions are the game's: plain functions, one call each on the hot path.
    new_setup = staticmethod(setup.new_setup)
    start = staticmethod(setup.start)
    legal_moves = staticmethod(rules.legal_moves)
    is_legal = staticmethod(rules.is_legal)
    transition = staticmethod(rules.transition)
    chance_move = staticmethod(rules.chance_move)
    chance_generator = staticmethod(setup.chance_generator)
    setup_plan = staticmethod(setup.setup_plan)
    chance_plan = staticmethod(setup.chance_plan)
    view = staticmethod(view_for)
    all_moves = staticmethod(rules.all_moves)

    def options_of(self, setup: CubirdsSetup) -> CubirdsOptions:
        """The options that give this setup."""
        return CubirdsOptions(setup.row_cards)

    def encoding(self, num_players: int) -> Any:
        """The ``"encoding"`` part, ``encoding.CubirdsEncoding``, for ``num_players``."""
        return super().encoding(num_players)

    def awaits_chance(self, state: CubirdsState) -> bool:
        """True in phase ``reshuffle``: the deck is empty and a card is needed."""
        return state.phase is Phase.RESHUFFLE

    # --- what a seat may know ---------------------------------------------------

    def events_for(self, events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
        """The cards drawn or dealt to another seat are hidden (``cards`` None);
        everything else is public (CB18)."""
        return tuple(attrs.evolve(event, cards=None)
                     if isinstance(event, CardsDrawn | CardsDealt) and event.seat != seat
                     else event
                     for event in events)

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
        return attrs.evolve(state, deck="".join(pool[position:]), hands=tuple(hands))

    def invariants(self, state: CubirdsState) -> Iterable[str]:
        """Every card in one zone (CB3); no row empty while the game goes on."""
        if state.card_count() != 110:
            yield f"the zones hold {state.card_count()} cards, not 110"
        if state.result is None and not all(state.rows):
            yield "a row is empty"

    def undo(self, before: CubirdsState, move: Move, events: Sequence[Event],
             after: CubirdsState, seat: int) -> tuple[Event, ...] | None:
        """``undo_rule``, never past revealed information (docs/cubirds.md): a lay that
        took cards is fine, they were public; one that refilled drew from the deck."""
        if not isinstance(move, Lay | NoDraw) or move.player != seat:
            return None
        if (after.result is not None or after.active != seat
                or after.phase not in _UNDOABLE_AFTER or after.deck != before.deck):
            return None
        if isinstance(move, NoDraw):
            return (NoDrawUndone(seat),)
        laid = next(event for event in events if isinstance(event, Laid))
        return (LayUndone(seat, laid.species, laid.count, laid.row, laid.side, laid.taken),)

    # --- reports, learning agents and players ---------------------------------------

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


CUBIRDS = CubirdsGame()
"""The game of Cubirds."""
