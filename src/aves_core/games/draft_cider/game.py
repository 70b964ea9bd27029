"""Draft Cider as a kernel game (``DRAFT_CIDER``): its setup, which holds all its chance
(DC5: the shuffle, then the first picker when none is given), the rules' door and
transition, views, undo and its parts; the deck below the pool is all that is hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from aves_core.games.draft_cider import rules
from aves_core.games.draft_cider.cards import DECK, LOT_INDEX, LOTS, is_card
from aves_core.games.draft_cider.events import Event, PickUndone
from aves_core.games.draft_cider.lots import empty_orchard, refusal
from aves_core.games.draft_cider.moves import Move, Pick
from aves_core.games.draft_cider.phases import PHASES, Phase
from aves_core.games.draft_cider.state import (
    DraftCiderOptions,
    DraftCiderSetup,
    DraftCiderState,
    cards_per_round,
)
from aves_core.games.draft_cider.views import DraftCiderView, view_for
from aves_core.kernel.convert import FieldError, converter
from aves_core.kernel.errors import ArgumentError, SetupError, require_int
from aves_core.kernel.game import Chance, Game, GameFacts, Result

__all__ = ["DRAFT_CIDER", "DraftCiderGame", "check_deck"]


def check_deck(deck: object, path: str = "deck") -> tuple[str, ...]:
    """``deck`` if it is the 75 cards, each once, in some order (``bad_deck``)."""
    if type(deck) is not tuple or len(deck) != len(DECK):
        raise SetupError(f"a deck is the {len(DECK)} cards", code="bad_deck", path=path)
    for card in deck:
        if not is_card(card):
            raise SetupError(f"a deck holds cards such as Y34, not {card!r:.10}",
                             code="bad_deck", path=path)
    if len(set(deck)) != len(DECK):
        raise SetupError("a deck holds each of the 75 cards once", code="bad_deck", path=path)
    return deck


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
        reasons=("most_points",),
        reason_words={"most_points": "the most points"},
        summary="draft apple cards from a shared pool and plant each in one of the "
                "eight lots of your orchard, each with its own rule and score",
        setup_codes=("bad_options", "bad_first", "bad_deck"),
    )
    phases = PHASES
    refusals = rules.REFUSALS
    parts: Mapping[str, str] = {
        "screen": ".terminal:DraftCiderScreen", "encoding": ".encoding:DraftCiderEncoding",
        "bots": ".bots:bot_factories", "search": ".bots:search_hooks"}
    undo_rule = ("a seat may take back its last pick until the next seat picks, unless "
                 "it emptied the pool (the next pool was laid out) or ended the game")

    # --- setup ---------------------------------------------------------------

    def new_setup(self, num_players: int, options: DraftCiderOptions, seed: int | None, *,
                  first_player: int | None = None) -> DraftCiderSetup:
        """The shuffled deck and the first picker, drawn in DC5's order; a given
        ``first_player`` is not drawn [D16], so the deck is the same either way."""
        self.check_players(num_players)
        if not isinstance(options, DraftCiderOptions):
            raise ArgumentError(f"options must be DraftCiderOptions, not "
                                f"{type(options).__name__}")
        if seed is not None:
            require_int(seed, "seed")
        rng = random.Random(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        first = rng.randrange(num_players) if first_player is None else first_player
        setup = DraftCiderSetup(options.bad_points, tuple(deck), first)
        self.start(num_players, setup)  # a bad first player is a SetupError now
        return setup

    def start(self, num_players: int, setup: DraftCiderSetup) -> DraftCiderState:
        """Round 1 laid out (DC6): the pool is ``deck[0:kN]`` and ``first`` picks. A setup
        that is none is a ``SetupError``, checked in this order: ``bad_players``,
        ``bad_options``, ``bad_first``, ``bad_deck``."""
        self.check_players(num_players)
        if not isinstance(setup, DraftCiderSetup):
            raise ArgumentError(f"a Draft Cider setup is a DraftCiderSetup, not "
                                f"{type(setup).__name__}")
        options = DraftCiderOptions(setup.bad_points)  # bad_options
        first = setup.first
        if type(first) is not int or not 0 <= first < num_players:
            raise SetupError(f"the first picker is a seat 0 to {num_players - 1}, not "
                             f"{first!r:.20}", code="bad_first", path="first")
        deck = check_deck(setup.deck)
        return DraftCiderState(options, deck, first, 1,
                               deck[:cards_per_round(num_players) * num_players],
                               (empty_orchard(),) * num_players, Phase.PICK, first)

    def options_of(self, setup: DraftCiderSetup) -> DraftCiderOptions:
        """The options that give this setup."""
        return DraftCiderOptions(setup.bad_points)

    def options_from_json(self, data: Any) -> DraftCiderOptions:
        """Options from JSON: a ``bad_points`` other than -1, 0 and 1 is ``bad_options``
        at its path, a string too (DC19; the strict converter would call a string a
        ``schema`` error)."""
        if type(data) is dict and "bad_points" in data:
            try:
                DraftCiderOptions(data["bad_points"])
            except SetupError as error:
                raise FieldError(error.message, path=error.path or "", code=error.code
                                 ) from None
        return super().options_from_json(data)

    # --- play ------------------------------------------------------------------

    # The rules' functions themselves, not methods calling them: a playout calls them on
    # every move.
    legal_moves = staticmethod(rules.legal_moves)
    transition = staticmethod(rules.transition)
    view = staticmethod(view_for)

    def is_legal(self, state: DraftCiderState, move: Move) -> bool:
        """The door's answer (``refusals``). A pick of the seat to pick, of a pool card
        into a lot, passes every check but the lot's own, so the lot alone judges it:
        the common case, kept as fast as a playout needs."""
        if (type(move) is Pick and type(state) is DraftCiderState
                and move.player == state.active and move.card in state.pool
                and move.lot in LOT_INDEX):
            return refusal(state.orchards[move.player], move.lot, move.card) is None
        return super().is_legal(state, move)

    def all_moves(self, num_players: int, seat: int) -> tuple[Move, ...]:
        """Every pick ``seat`` could make, each card in canonical order into each lot in
        DC3's order: action ``8*c + l`` of the encoding."""
        return tuple(pick for card in DECK for pick in rules.picks_of(seat)[card])

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
        return attrs.evolve(state, deck=seen + tuple(undealt))

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

    # --- text, reports, players ----------------------------------------------------------

    def view_to_json(self, view: DraftCiderView) -> dict[str, Any]:
        """The kernel's JSON of a view, with each legal move's ``lot_after`` and
        ``score_after`` after ``legal_moves``, as the fields they were: the view works
        them out when they are read, so the converter does not see them."""
        data: dict[str, Any] = converter.unstructure(view)
        data["lot_after"] = list(view.lot_after)
        data["score_after"] = list(view.score_after)
        data.update(self.view_fields(view))
        return data

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

    def describe_result(self, result: Result) -> str:
        """``the most points``."""
        return "the most points" if result.reason == "most_points" else result.reason


DRAFT_CIDER = DraftCiderGame()
"""The game of Draft Cider."""
